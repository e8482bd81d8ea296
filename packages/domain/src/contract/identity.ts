import { z } from 'zod';
import { decideIdentityCheckSchema, identityCheckViewSchema, startIdentityChecksSchema } from '../identity';
import { contract, timestamp } from './define';

const checksOf = z.object({ checks: z.array(identityCheckViewSchema) });

/** Verified identity (issue 30): the client's checks, staff review, and the insured's status by policy. */
export const identityContracts = {
  'client/identity/startChecks': contract(startIdentityChecksSchema, checksOf),
  'client/identity/listChecks': contract(z.object({}).passthrough(), checksOf),
  'admin/identity/listReviewChecks': contract(
    z.object({}).passthrough(),
    z.object({
      items: z.array(
        identityCheckViewSchema.extend({
          client: z.object({ names: z.string(), email: z.string() }),
          resultText: z.string().nullable(),
          createdAt: timestamp(),
        }),
      ),
    }),
  ),
  'admin/identity/decideCheck': contract(decideIdentityCheckSchema, identityCheckViewSchema),
  'backoffice/identity/insuredVerifications': contract(
    z.object({ policyNumbers: z.array(z.string().trim().min(1).max(60)).min(1).max(100) }),
    z.object({
      items: z.array(z.object({ policyNumber: z.string(), checks: z.array(identityCheckViewSchema) })),
    }),
  ),
};
