import type { HelpRequestStatus } from '@bima/domain/intermediaries';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, unwrapData } from '../../../lib/api-client';

/** A recommendation a firm sent for the request (opened in the portal's review). */
export interface HelpRecommendation {
  id: number;
  systemRef: string;
  status: 'SENT' | 'ACCEPTED' | 'REJECTED';
  createdAt: string;
}

/** One of the client's help requests as `client / helpRequest / listHelpRequests` answers it. */
export interface MyHelpRequest {
  requestSystemRef: string;
  createdAt: string;
  expiry: string;
  risk: { value: number; regNo: string };
  remarks: string;
  intermediaries: Array<{
    id: number;
    intermediaryNames: string;
    status: HelpRequestStatus;
    recommendations: HelpRecommendation[];
  }>;
}

interface HelpRequestPage {
  items: MyHelpRequest[];
  total: number;
  page: number;
  pageSize: number;
}

export const HELP_REQUESTS_PAGE_SIZE = 10;

/** The client's own help requests, newest first, a page at a time. */
export const myHelpRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'help-requests', page],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<HelpRequestPage>(
          {
            service: 'client',
            resource: 'helpRequest',
            action: 'listHelpRequests',
            data: { page, pageSize: HELP_REQUESTS_PAGE_SIZE },
          },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
