import type { ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';
import { listInvoicePage } from '../../../lib/invoices';
import { asPage } from '../../../lib/pages';
import { listQuotationPage } from '../../../lib/quotations';

/** One of the client's policies as `listPolicies` answers it (amounts in cents). */
export type ClientPolicy = Exclude<
  ActionOutput<'client/policy/listPolicies'>,
  readonly unknown[]
>['items'][number];

/** One policy in full as `getPolicy` answers it: its renewal and its documents' links (10 minutes). */
export type ClientPolicyWithDocuments = ActionOutput<'client/policy/getPolicy'>;

/** Where a policy stands for renewal (issue 14), as `getPolicy` answers it. */
export type PolicyRenewal = ClientPolicyWithDocuments['renewal'];

// Document links last 10 minutes: fresh ones on opening, and again well before they expire.
const LINK_REFRESH_MS = 5 * 60_000;

/** How many records a page of the portal's lists shows. */
export const PORTAL_PAGE_SIZE = 10;

/** `client / policy / listPolicies`, one page (pages count from 1). */
export const policiesQueryOptions = (page: number, pageSize = PORTAL_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['client', 'policies', 'page', page, pageSize],
    queryFn: async ({ signal }) =>
      asPage(
        await callAction(
          'client/policy/listPolicies',
          { page, pageSize },
          { secure: true, silent: true, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const policyByIdQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['client', 'policy', 'id', id],
    queryFn: async ({ signal }) =>
      callAction('client/policy/getPolicy', { id }, { secure: true, silent: true, signal }),
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
  options: { pageSize?: number; status?: 'UNPAID' | 'PAID' } = {},
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

/** Money M-Pesa took that no invoice was waiting for, credited to the client (amounts in cents). */
export type ReceiptsPage = ActionOutput<'client/wallet/listUnallocatedReceipts'>;
export type UnallocatedReceipt = ReceiptsPage['items'][number];

export const RECEIPTS_PAGE_SIZE = 5;

/** `client / wallet / listUnallocatedReceipts`, one page (pages count from 1). */
export const unallocatedReceiptsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['client', 'unallocatedReceipts', page],
    queryFn: async ({ signal }) =>
      callAction(
        'client/wallet/listUnallocatedReceipts',
        { page, pageSize: RECEIPTS_PAGE_SIZE },
        { secure: true, silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    // A secondary panel: one more try, then its own error with Try again.
    retry: 1,
  });
