// The client's invoices, read by the payment page and the portal (whole shillings).
import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '../components/paged-table';
import { callGateway, unwrapData } from './api-client';

export type InvoiceStatus = 'UNPAID' | 'PAID';

/** An invoice as `client / invoice / getInvoice` and `listInvoices` answer it (whole shillings). */
export interface ClientInvoice {
  invoiceSystemRef: string;
  amount: number;
  status: InvoiceStatus;
  createdAt: string;
  paidAt: string | null;
  systemQuotationRef: string;
  productName: string;
  coverType: string;
  period: number;
  startDate: string;
  breakdown: Record<string, unknown> | null;
  policyNumber: string | null;
  /** The policy's id (its page in the portal), once issued. */
  policyId?: number | null;
  /** Paid so far; an invoice above M-Pesa's per-payment limit is paid in several prompts. */
  amountPaid?: number;
  balance?: number;
  /** What the next M-Pesa prompt asks for: the balance, at most `maxPerPrompt`. */
  amountDueNow?: number;
  maxPerPrompt?: number;
  quotationExpiresAt?: string;
  /** The quotation's price is no longer offered (and nothing was paid towards it). */
  isQuotationExpired?: boolean;
}

/** `client / invoice / getInvoice`: one of the client's invoices. */
export async function getInvoice(invoiceSystemRef: string, signal?: AbortSignal): Promise<ClientInvoice> {
  return unwrapData(
    await callGateway<ClientInvoice>(
      { service: 'client', resource: 'invoice', action: 'getInvoice', data: { invoiceSystemRef } },
      { secure: true, silent: true, signal },
    ),
  );
}

/** `client / invoice / listInvoices`, one page of the client's invoices (newest first; optionally only UNPAID or PAID ones). */
export async function listInvoicePage(
  query: { page: number; pageSize: number; status?: InvoiceStatus },
  signal?: AbortSignal,
): Promise<ListPage<ClientInvoice>> {
  return unwrapData(
    await callGateway<ListPage<ClientInvoice>>(
      { service: 'client', resource: 'invoice', action: 'listInvoices', data: query },
      { secure: true, silent: true, signal },
    ),
  );
}

/** One invoice, shared by the payment page and the portal (the same key). */
export const invoiceQueryOptions = (invoiceSystemRef: string) =>
  queryOptions({
    queryKey: ['client', 'invoice', invoiceSystemRef],
    queryFn: ({ signal }) => getInvoice(invoiceSystemRef, signal),
  });
