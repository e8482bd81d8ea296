import type { HelpRequestStatus } from '@bima/domain/intermediaries';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** A row of the intermediaries' inbox (`intermediary / request / listRequests`); value in KES. */
export interface InboxItem {
  id: number;
  requestSystemRef: string;
  status: HelpRequestStatus;
  /** The client's deadline, YYYY-MM-DD. */
  expiry: string;
  createdAt: string;
  client: { names: { firstName: string; lastName: string }; email: string };
  risk: { value: number; regNo: string };
  intermediary: { id: number; intermediaryNames: string };
}

export interface InboxPage extends Page<InboxItem> {
  /** Requests reading PENDING: new to the firm. */
  newCount: number;
}

export interface InboxRequest extends InboxItem {
  remarks: string;
  client: InboxItem['client'] & { kraPin: string };
  risk: InboxItem['risk'] & { chassisNumber: string };
  /** The firm's recommendation for this request, or null before one is sent. */
  recommendation?: FirmRecommendation | null;
  /** The client's needs assessment shared with the firm (its share id), or null. */
  sharedAssessmentId?: number | null;
  history: Array<{
    from: string | null;
    status: string;
    at: string;
    by: { names: { firstName: string; lastName: string } } | null;
  }>;
}

/** The firm's recommendation as `getRequest` shows it (premium in KES). */
export interface FirmRecommendation {
  id: number;
  systemRef: string;
  status: 'SENT' | 'ACCEPTED' | 'REJECTED';
  note: string;
  rejectionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  quotations: Array<{
    systemQuotationRef: string;
    productSystemRef: string;
    productName: string;
    underwriter: string;
    premium: number;
    period: number;
    startDate: string;
    expiresAt: string;
    accepted: boolean;
  }>;
}

export const requestsQueryOptions = (query: { page: number; status?: HelpRequestStatus }) =>
  queryOptions({
    queryKey: ['staff', 'requests', query],
    queryFn: ({ signal }) =>
      callStaffAction<InboxPage>(
        {
          service: 'intermediary',
          resource: 'request',
          action: 'listRequests',
          data: {
            page: query.page,
            pageSize: STAFF_PAGE_SIZE,
            ...(query.status ? { status: query.status } : {}),
          },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const requestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'request', id],
    queryFn: ({ signal }) =>
      callStaffAction<InboxRequest>(
        { service: 'intermediary', resource: 'request', action: 'getRequest', data: { id } },
        signal,
      ),
  });

/** PENDING → IN_REVIEW; the answer is the request in full. */
export function useStartReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callStaffAction<InboxRequest>({
        service: 'intermediary',
        resource: 'request',
        action: 'startReview',
        data: { id },
      }),
    onSuccess: (request) => {
      queryClient.setQueryData(requestQueryOptions(id).queryKey, request);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'requests'] });
    },
  });
}
