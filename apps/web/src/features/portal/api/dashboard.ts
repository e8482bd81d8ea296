import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** The dashboard's counts, the signed-in client's own records (client/dashboard/getCounts). */
export type DashboardCounts = ActionOutput<'client/dashboard/getCounts'>;

export const dashboardCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'dashboard', 'counts'],
    queryFn: ({ signal }): Promise<DashboardCounts> =>
      callAction('client/dashboard/getCounts', {}, { secure: true, silent: true, signal }),
  });
