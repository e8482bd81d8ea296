import type { PolicyCoverStatus } from '@bima/domain/backoffice-search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** A policy found by the back office search (premium in whole shillings). */
export interface FoundPolicy {
  policyNumber: string;
  client: { names: string; email: string };
  registration: string | null;
  productName: string;
  underwriter: string;
  premium: number;
  invoiceSystemRef: string;
  receiptNumber: string | null;
  startDate: string;
  endDate: string;
  /** Where its cover stands today. */
  status: PolicyCoverStatus;
  /** Paid by a premium-financing loan. */
  isFinanced: boolean;
  issuedAt: string;
}

/** `backoffice / policy / searchPolicies`: by number, plate, paying phone or receipt. */
export const policySearchQueryOptions = (query: { query: string; page: number }) =>
  queryOptions({
    queryKey: ['staff', 'policies', query],
    queryFn: ({ signal }) =>
      callStaffAction<Page<FoundPolicy>>(
        {
          service: 'backoffice',
          resource: 'policy',
          action: 'searchPolicies',
          data: { query: query.query, page: query.page, pageSize: STAFF_PAGE_SIZE },
        },
        signal,
      ),
    enabled: query.query.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
