import { listMailQueueSchema, retryMailSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { listMailQueue, retryMail } from './service';

export const mailQueueActions = [
  defineAction({
    service: 'admin',
    resource: 'mailQueue',
    action: 'listMailQueue',
    auth: 'staff',
    roles: ['admin'],
    rateLimit: 'read',
    description: 'The mail queue, newest first: failing, pending, sent or all, with how many are failing.',
    input: listMailQueueSchema,
    handler: ({ db, input }) => listMailQueue(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'mailQueue',
    action: 'retryMail',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Sends a waiting or failed message now, answering it after the attempt; a sent one is 409 (audited).',
    input: retryMailSchema,
    handler: ({ db, services, principal, input }) => retryMail(db, services, principal!, input.id),
  }),
];
