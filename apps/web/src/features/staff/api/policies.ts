import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** A policy found by the back office search (premium in cents). */
export type FoundPolicy = ActionOutput<'backoffice/policy/searchPolicies'>['items'][number];

/** `backoffice / policy / searchPolicies`: by number, plate, paying phone or receipt. */
export const policySearchQueryOptions = (query: { query: string; page: number }) =>
  queryOptions({
    queryKey: ['staff', 'policies', query],
    queryFn: ({ signal }) =>
      callStaff(
        'backoffice/policy/searchPolicies',
        { query: query.query, page: query.page, pageSize: STAFF_PAGE_SIZE },
        signal,
      ),
    enabled: query.query.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
