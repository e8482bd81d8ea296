// The client's invoices, read by the payment page and the portal (amounts in cents).
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '../components/paged-table';
import { callAction } from './api-client';
import { asPage } from './pages';

export type InvoiceStatus = 'UNPAID' | 'PAID' | 'VOID';

/** An invoice as `client / invoice / getInvoice` and `listInvoices` answer it (amounts in cents). */
export type ClientInvoice = ActionOutput<'client/invoice/getInvoice'>;

/** `client / invoice / getInvoice`: one of the client's invoices. */
export async function getInvoice(invoiceSystemRef: string, signal?: AbortSignal): Promise<ClientInvoice> {
  return callAction(
    'client/invoice/getInvoice',
    { invoiceSystemRef },
    { secure: true, silent: true, signal },
  );
}

/** `client / invoice / listInvoices`, one page of the client's invoices (newest first; optionally only UNPAID or PAID ones). */
export async function listInvoicePage(
  query: { page: number; pageSize: number; status?: 'UNPAID' | 'PAID' },
  signal?: AbortSignal,
): Promise<ListPage<ClientInvoice>> {
  return asPage(
    await callAction('client/invoice/listInvoices', query, { secure: true, silent: true, signal }),
  );
}

/** One invoice, shared by the payment page and the portal (the same key). */
export const invoiceQueryOptions = (invoiceSystemRef: string) =>
  queryOptions({
    queryKey: ['client', 'invoice', invoiceSystemRef],
    queryFn: ({ signal }) => getInvoice(invoiceSystemRef, signal),
  });
