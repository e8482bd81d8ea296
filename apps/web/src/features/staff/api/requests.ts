import type { ActionOutput } from '@bima/domain/contract';
import type { HelpRequestStatus } from '@bima/domain/intermediaries';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** One page of the intermediaries' inbox (`intermediary / request / listRequests`); value in cents. */
export type InboxPage = ActionOutput<'intermediary/request/listRequests'>;
export type InboxItem = InboxPage['items'][number];
/** One request in full (`intermediary / request / getRequest`). */
export type InboxRequest = ActionOutput<'intermediary/request/getRequest'>;
/** The firm's recommendation as `getRequest` shows it (premium in cents). */
export type FirmRecommendation = NonNullable<InboxRequest['recommendation']>;

export const requestsQueryOptions = (query: { page: number; status?: HelpRequestStatus }) =>
  queryOptions({
    queryKey: ['staff', 'requests', query],
    queryFn: ({ signal }) =>
      callStaff(
        'intermediary/request/listRequests',
        { page: query.page, pageSize: STAFF_PAGE_SIZE, ...(query.status ? { status: query.status } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const requestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'request', id],
    queryFn: ({ signal }) => callStaff('intermediary/request/getRequest', { id }, signal),
  });

/** PENDING → IN_REVIEW; the answer is the request in full. */
export function useStartReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callStaff('intermediary/request/startReview', { id }),
    onSuccess: (request) => {
      queryClient.setQueryData(requestQueryOptions(id).queryKey, request);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'requests'] });
    },
  });
}
