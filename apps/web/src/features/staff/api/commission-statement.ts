import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** One line of `intermediary / commission / getStatement` (amounts in KES). */
export interface StatementLine {
  policyNumber: string;
  client: { names: { firstName: string; lastName: string }; email: string };
  productName: string;
  classCode: string;
  className: string;
  premium: number;
  rateBps: number;
  rate: string;
  commission: number;
  date: string;
  intermediary: { id: number; intermediaryNames: string };
}

export interface Statement extends Page<StatementLine> {
  totals: { count: number; premium: number; commission: number };
}

export const statementQueryOptions = (query: { page: number; from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['staff', 'commission-statement', query],
    queryFn: ({ signal }) =>
      callStaffAction<Statement>(
        {
          service: 'intermediary',
          resource: 'commission',
          action: 'getStatement',
          data: {
            page: query.page,
            pageSize: STAFF_PAGE_SIZE,
            ...(query.from ? { from: query.from } : {}),
            ...(query.to ? { to: query.to } : {}),
          },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
