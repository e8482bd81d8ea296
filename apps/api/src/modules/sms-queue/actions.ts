import { listSmsQueueSchema, retrySmsSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { listSmsQueue, retrySms } from './service';

export const smsQueueActions = [
  defineAction({
    service: 'admin',
    resource: 'smsQueue',
    action: 'listSmsQueue',
    auth: 'staff',
    roles: ['admin'],
    rateLimit: 'read',
    description:
      'The text messages, newest first: failing (refused, or not delivered twice), pending, sent or all, with how many are failing.',
    input: listSmsQueueSchema,
    handler: ({ db, input }) => listSmsQueue(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'smsQueue',
    action: 'retrySms',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Sends a waiting or failed text message now, answering it after the attempt; a sent one is 409 (audited).',
    input: retrySmsSchema,
    handler: ({ db, services, principal, input }) => retrySms(db, services, principal!, input.id),
  }),
];
