import { decideIdentityCheckSchema, startIdentityChecksSchema } from '@bima/domain/identity';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { decideCheck, insuredVerifications, listChecks, listReviewChecks, startChecks } from './service';

/** Verified identity (issue 30): checks of the client's ID and KRA PIN, with consent; staff review. */
export const identityActions = [
  defineAction({
    service: 'client',
    resource: 'identity',
    action: 'startChecks',
    auth: 'client',
    description:
      "Checks the client's ID (IPRS) and individual KRA PIN (KRA) from their KYC details through the identity provider: consent must be true (400 otherwise, nothing is asked), dateOfBirth (YYYY-MM-DD) optional, channel kyc | profile. Answers each document's current check: verified, mismatch (fields that differ), retrying (the register did not answer: a job asks again) or staff_review. Never gates a payment.",
    input: startIdentityChecksSchema,
    handler: ({ db, services, log, principal, input, language }) =>
      startChecks({ db, services, log }, principal!, input, language),
  }),
  defineAction({
    service: 'client',
    resource: 'identity',
    action: 'listChecks',
    auth: 'client',
    rateLimit: 'read',
    description: "The signed-in client's current check of each document (ID, KRA PIN).",
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => listChecks(db, principal!.userId),
  }),
  defineAction({
    service: 'admin',
    resource: 'identity',
    action: 'listReviewChecks',
    auth: 'staff',
    roles: ['admin'],
    rateLimit: 'read',
    description:
      'Admin: identity checks awaiting staff review (the register never answered) and open mismatches, oldest first.',
    input: z.object({}).passthrough(),
    handler: ({ db }) => listReviewChecks(db),
  }),
  defineAction({
    service: 'admin',
    resource: 'identity',
    action: 'decideCheck',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Admin: approves (verified) or rejects a check in staff_review or mismatch, with a note kept in the audit log; 409 for any other state.',
    input: decideIdentityCheckSchema,
    handler: ({ db, principal, input }) => decideCheck(db, principal!, input),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'identity',
    action: 'insuredVerifications',
    auth: 'staff',
    roles: ['intermediary', 'underwriter', 'admin'],
    rateLimit: 'read',
    description:
      "The insured's identity checks beside each policy number given (an underwriter: its insurer's policies only; an intermediary: the policies its firm brought; others are left out).",
    input: z.object({ policyNumbers: z.array(z.string().trim().min(1).max(60)).min(1).max(100) }),
    handler: ({ db, principal, input }) => insuredVerifications(db, principal!, input.policyNumbers),
  }),
];
