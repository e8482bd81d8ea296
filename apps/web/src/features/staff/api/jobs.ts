import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

export interface JobQueueDepth {
  name: string;
  queued: number;
  active: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  error: string | null;
  createdAt: string;
  failedAt: string | null;
}

export const jobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'jobs', page],
    queryFn: ({ signal }) =>
      callStaffAction<Page<FailedJob> & { queues: JobQueueDepth[] }>(
        { service: 'admin', resource: 'jobs', action: 'listJobs', data: { page, pageSize: STAFF_PAGE_SIZE } },
        signal,
      ),
    placeholderData: keepPreviousData,
    // Queues move on their own: kept fresh while the page is open.
    refetchInterval: 15_000,
  });

export const retryJob = (id: string) =>
  callStaffAction<{ id: string; status: 'retry' }>({
    service: 'admin',
    resource: 'jobs',
    action: 'retryJob',
    data: { id },
  });
