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
    description:
      'The mail queue, newest first: {page, pageSize, filter: failing|pending|sent|all} → {items:[{id, to, subject, status, attempts, isFailing, nextAttemptAt, lastError, attachments, createdAt, sentAt}], total, failing, page, pageSize}.',
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
      'Sends a waiting or failed message now: {id} → the message after the attempt; a sent one is 409 (audited).',
    input: retryMailSchema,
    handler: ({ db, services, principal, input }) => retryMail(db, services, principal!, input.id),
  }),
];
