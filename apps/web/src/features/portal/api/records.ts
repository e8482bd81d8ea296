import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListPage } from '../../../components/paged-table';
import { callGateway, unwrapData } from '../../../lib/api-client';
import { type InvoiceStatus, listInvoicePage } from '../../../lib/invoices';
import { listQuotationPage } from '../../../lib/quotations';

export interface ClientPolicy {
  id: number;
  policyNumber: string;
  certificateNumber: string;
  receiptNumber: string | null;
  status: 'ACTIVE' | 'EXPIRED' | 'CANCELLED';
  /** Premium financing: the loan and lender that paid the premium; null when the client paid. */
  financing?: { loanRef: string; lenderName: string; status: string } | null;
  /** Cancelled before its end (financed, instalments missed): from which day and why. */
  cancellation?: { cancelledOn: string; reason: string } | null;
  productName: string;
  underwriter: string;
  /** The intermediary firm whose recommendation was bought; null for direct business. */
  intermediary?: { id: number; intermediaryNames: string } | null;
  /** The insurance class ('07' motor private, '08' motor commercial, '03' fire domestic, …) and its name. */
  classCode?: string;
  className?: string;
  /** What the schedule prints about the risk of a class other than motor private: label and value. */
  riskLines?: Array<[string, string]>;
  /** The risk's total sum insured (the vehicle's value for motor), whole shillings. */
  sumInsured?: number;
  /** What is insured in one line (a plate, a home's location, an aircraft's registration). */
  riskReference?: { label: string; value: string };
  coverType: string;
  vehicleValue: number | null;
  vehicle: Record<string, unknown> | null;
  period: number;
  startDate: string;
  endDate: string;
  premium: number;
  breakdown: Record<string, unknown> | null;
  insured: {
    names?: { firstName?: string; lastName?: string };
    email?: string | null;
    kraPin?: string | null;
  };
  systemQuotationRef: string;
  paidFrom: string | null;
  paidAt: string | null;
  issuedAt: string;
}

/** Where a policy stands for renewal (issue 14), as `getPolicy` answers it. */
export interface PolicyRenewal {
  /** Motor private and not cancelled: the portal can renew it. */
  isRenewable: boolean;
  /** 'too-early' (more than 30 days before the end), 'open' (until the end), 'expired'. */
  state: 'too-early' | 'open' | 'expired';
  opensOn: string | null;
  /** The day a renewal's cover starts: the day after this policy ends. */
  startDate: string;
  renewedBy: { id: number; policyNumber: string; startDate: string } | null;
}

export interface ClientPolicyWithDocuments extends ClientPolicy {
  /** Signed download links, valid for 10 minutes. */
  documents: { schedule: string; receipt: string; certificate?: string | null };
  /** The motor certificate of insurance (classes 07 and 08); null for other classes. */
  certificate?: { certificateNumber: string; type: string } | null;
  renewal?: PolicyRenewal;
}

// Document links last 10 minutes: fresh ones on opening, and again well before they expire.
const LINK_REFRESH_MS = 5 * 60_000;

/** How many records a page of the portal's lists shows. */
export const PORTAL_PAGE_SIZE = 10;

/** `client / policy / listPolicies`, one page (pages count from 1). */
export const policiesQueryOptions = (page: number, pageSize = PORTAL_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['client', 'policies', 'page', page, pageSize],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<ListPage<ClientPolicy>>(
          { service: 'client', resource: 'policy', action: 'listPolicies', data: { page, pageSize } },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const policyByIdQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['client', 'policy', 'id', id],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<ClientPolicyWithDocuments>(
          { service: 'client', resource: 'policy', action: 'getPolicy', data: { id } },
          { secure: true, silent: true, signal },
        ),
      ),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: LINK_REFRESH_MS,
  });

/** `client / quotation / listQuotations`, one page (pages count from 1). */
export const quotationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'quotations', 'page', page],
    queryFn: ({ signal }) => listQuotationPage({ page, pageSize: PORTAL_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** `client / invoice / listInvoices`, one page (pages count from 1), optionally only UNPAID or PAID ones. */
export const invoicesQueryOptions = (
  page: number,
  options: { pageSize?: number; status?: InvoiceStatus } = {},
) =>
  queryOptions({
    queryKey: ['client', 'invoices', 'page', page, options],
    queryFn: ({ signal }) =>
      listInvoicePage(
        { page, pageSize: options.pageSize ?? PORTAL_PAGE_SIZE, status: options.status },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Money M-Pesa took that no invoice was waiting for, credited to the client (whole shillings). */
export interface UnallocatedReceipt {
  receiptSystemRef: string;
  amount: number;
  mpesaReceiptNumber: string | null;
  reason: string;
  /** OPEN until our team refunds or applies it. */
  status: 'OPEN' | 'REFUNDED' | 'APPLIED' | string;
  createdAt: string;
  invoiceSystemRef: string | null;
}

export interface ReceiptsPage {
  items: UnallocatedReceipt[];
  total: number;
  page: number;
  pageSize: number;
}

export const RECEIPTS_PAGE_SIZE = 5;

/** `client / wallet / listUnallocatedReceipts`, one page (pages count from 1). */
export const unallocatedReceiptsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'unallocatedReceipts', page],
    queryFn: async ({ signal }) =>
      unwrapData(
        await callGateway<ReceiptsPage>(
          {
            service: 'client',
            resource: 'wallet',
            action: 'listUnallocatedReceipts',
            data: { page, pageSize: RECEIPTS_PAGE_SIZE },
          },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
    // A secondary panel: one more try, then its own error with Try again.
    retry: 1,
  });
