import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaff, STAFF_PAGE_SIZE } from './call';

/** Money M-Pesa took that no invoice needed, for staff to refund (whole shillings). */
type StaffReceiptsPage = ActionOutput<'payments/unallocatedReceipt/listUnallocatedReceipts'>;
export type StaffReceipt = StaffReceiptsPage['items'][number];

export const receiptsQueryOptions = (query: { page: number; status?: 'OPEN' | 'REFUNDED' | 'APPLIED' }) =>
  queryOptions({
    queryKey: ['staff', 'receipts', query],
    queryFn: ({ signal }) =>
      callStaff(
        'payments/unallocatedReceipt/listUnallocatedReceipts',
        { page: query.page, pageSize: STAFF_PAGE_SIZE, ...(query.status ? { status: query.status } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
