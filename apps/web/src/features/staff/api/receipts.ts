import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callStaffAction, type Page, STAFF_PAGE_SIZE } from './call';

/** Money M-Pesa took that no invoice needed, for staff to refund (whole shillings). */
export interface StaffReceipt {
  receiptSystemRef: string;
  amount: number;
  mpesaReceiptNumber: string | null;
  reason: string;
  status: 'OPEN' | 'REFUNDED' | 'APPLIED';
  createdAt: string;
  resolvedAt: string | null;
  invoiceSystemRef: string | null;
  clientEmail: string;
  phone: string | null;
}

export const receiptsQueryOptions = (query: { page: number; status?: StaffReceipt['status'] }) =>
  queryOptions({
    queryKey: ['staff', 'receipts', query],
    queryFn: ({ signal }) =>
      callStaffAction<Page<StaffReceipt>>(
        {
          service: 'payments',
          resource: 'unallocatedReceipt',
          action: 'listUnallocatedReceipts',
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
