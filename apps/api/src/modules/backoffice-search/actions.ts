import { resolveReceiptSchema, searchPoliciesSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { resolveReceipt, searchPolicies } from './service';

/** The back office's policy search and the admin's record of refunded or applied receipts. */
export const backofficeSearchActions = [
  defineAction({
    service: 'backoffice',
    resource: 'policy',
    action: 'searchPolicies',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      'Policies by policy number, vehicle registration, paying phone or M-Pesa receipt (an underwriter: its insurer’s only); each with its cover status today, Kenya time.',
    input: searchPoliciesSchema,
    handler: ({ db, principal, input, services }) =>
      searchPolicies(db, principal!, input, services.clock.today()),
  }),
  defineAction({
    service: 'payments',
    resource: 'unallocatedReceipt',
    action: 'resolveReceipt',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Admin: records that an unallocated receipt was refunded or applied, once (OPEN → REFUNDED | APPLIED; 409 otherwise), with a note kept in the audit log.',
    input: resolveReceiptSchema,
    handler: ({ db, principal, input }) => resolveReceipt(db, principal!, input),
  }),
];
