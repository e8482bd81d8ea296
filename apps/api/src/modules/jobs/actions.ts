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
      'The background jobs (pg-boss): each queue with its waiting, running and failed jobs, and a page of the failed runs, newest first.',
    input: listJobsSchema,
    handler: ({ db, services, input }) => listJobs(db, services, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'jobs',
    action: 'retryJob',
    auth: 'staff',
    roles: ['admin'],
    description: 'Runs a failed background job again; 404 when it is not failed (audited).',
    input: retryJobSchema,
    handler: ({ db, services, principal, input }) =>
      retryJob({ db, services, principal: principal! }, input.id),
  }),
];
