import {
  adminListIntermediariesSchema,
  createIntermediarySchema,
  intermediaryIdSchema,
  listIntermediariesSchema,
  suspendIntermediarySchema,
} from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import {
  approveIntermediary,
  createIntermediary,
  getActiveIntermediary,
  listActiveIntermediaries,
  listIntermediariesForAdmin,
  suspendIntermediary,
} from './service';

/** The intermediary directory for clients, and the firms' administration for admins. */
export const intermediaryActions = [
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'listIntermediaries',
    auth: 'public',
    description:
      'ACTIVE intermediaries by name, optionally searched (name, e-mail or phone digits); the whole list, or one page when page or pageSize is given.',
    input: listIntermediariesSchema,
    handler: ({ db, input }) => listActiveIntermediaries(db, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'getIntermediary',
    auth: 'public',
    description: 'One ACTIVE intermediary with its details; 404 for any other.',
    input: intermediaryIdSchema,
    handler: ({ db, input }) => getActiveIntermediary(db, input.id),
  }),
  defineAction({
    service: 'admin',
    resource: 'intermediary',
    action: 'listIntermediaries',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Every intermediary whatever its status, with how many users it has; by search, status and category.',
    input: adminListIntermediariesSchema,
    handler: ({ db, input }) => listIntermediariesForAdmin(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'intermediary',
    action: 'createIntermediary',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Registers a firm as PENDING (listed to clients once approved); 409 when the e-mail is taken.',
    input: createIntermediarySchema,
    handler: ({ db, principal, input }) => createIntermediary(db, principal!, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'intermediary',
    action: 'approveIntermediary',
    auth: 'staff',
    roles: ['admin'],
    description: 'PENDING or SUSPENDED → ACTIVE; 409 when already ACTIVE, 404 when unknown.',
    input: intermediaryIdSchema,
    handler: ({ db, principal, input }) => approveIntermediary(db, principal!, input.id),
  }),
  defineAction({
    service: 'admin',
    resource: 'intermediary',
    action: 'suspendIntermediary',
    auth: 'staff',
    roles: ['admin'],
    description: `ACTIVE → SUSPENDED with a reason. The firm leaves the directory, its users are signed out and cannot sign in, its open requests read SUSPENDED; 409 unless ACTIVE.`,
    input: suspendIntermediarySchema,
    handler: ({ db, services, principal, input }) =>
      suspendIntermediary({ db, services }, principal!, input.id, input.reason),
  }),
];
