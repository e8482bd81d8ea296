import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

type HelpRequestPage = ActionOutput<'client/helpRequest/listHelpRequests'>;
/** One of the client's help requests as `client / helpRequest / listHelpRequests` answers it (value in cents). */
export type MyHelpRequest = HelpRequestPage['items'][number];
/** A recommendation a firm sent for the request (opened in the portal's review). */
export type HelpRecommendation = MyHelpRequest['intermediaries'][number]['recommendations'][number];

export const HELP_REQUESTS_PAGE_SIZE = 10;

/** The client's own help requests, newest first, a page at a time. */
export const myHelpRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'help-requests', page],
    queryFn: ({ signal }) =>
      callAction(
        'client/helpRequest/listHelpRequests',
        { page, pageSize: HELP_REQUESTS_PAGE_SIZE },
        { secure: true, silent: true, signal },
      ),
    placeholderData: keepPreviousData,
  });
