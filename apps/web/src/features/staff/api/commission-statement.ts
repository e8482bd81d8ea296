import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** `intermediary / commission / getStatement` (amounts in cents). */
export type Statement = ActionOutput<'intermediary/commission/getStatement'>;
export type StatementLine = Statement['items'][number];

export const statementQueryOptions = (query: { page: number; from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['staff', 'commission-statement', query],
    queryFn: ({ signal }) =>
      callStaff(
        'intermediary/commission/getStatement',
        {
          page: query.page,
          pageSize: STAFF_PAGE_SIZE,
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
