import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

type Jobs = ActionOutput<'admin/jobs/listJobs'>;
export type JobQueueDepth = Jobs['queues'][number];
export type FailedJob = Jobs['items'][number];

export const jobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'jobs', page],
    queryFn: ({ signal }) => callStaff('admin/jobs/listJobs', { page, pageSize: STAFF_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    // Queues move on their own: kept fresh while the page is open.
    refetchInterval: 15_000,
  });

export const retryJob = (id: string) => callStaff('admin/jobs/retryJob', { id });
