import { listJobsSchema, retryJobSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { listJobs, retryJob } from './service';

export const jobActions = [
  defineAction({
    service: 'admin',
    resource: 'jobs',
    action: 'listJobs',
    auth: 'staff',
    roles: ['admin'],
    rateLimit: 'read',
    description:
      'The background jobs (pg-boss): {page, pageSize} → {queues:[{name, queued, active, failed}], items:[{id, name, attempts, error, createdAt, failedAt}] (failed runs, newest first), total, page, pageSize, totalPages}.',
    input: listJobsSchema,
    handler: ({ db, services, input }) => listJobs(db, services, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'jobs',
    action: 'retryJob',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Runs a failed background job again: {id} → {id, status:"retry"}; 404 when it is not failed (audited).',
    input: retryJobSchema,
    handler: ({ db, services, principal, input }) =>
      retryJob({ db, services, principal: principal! }, input.id),
  }),
];
