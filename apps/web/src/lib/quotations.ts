// The client's quotations, read and paid by the purchase screens and the portal (whole shillings).
import type { ActionOutput } from '@bima/domain/contract';
import type { ListPage } from '../components/paged-table';
import { callAction } from './api-client';
import { asPage } from './pages';

/** The quotation's invoice, made once. */
export type CompletedQuotation = ActionOutput<'underwriting/quotation/completeQuotation'>;

/** `underwriting / quotation / completeQuotation`: the quotation's invoice (made once). */
export async function completeQuotation(systemQuotationRef: string): Promise<CompletedQuotation> {
  return callAction(
    'underwriting/quotation/completeQuotation',
    { systemQuotationRef },
    { secure: true, silent: true },
  );
}

/** A client's quotation as `getQuotationDetails` and `listQuotations` answer it (whole shillings). */
export type ClientQuotation = ActionOutput<'client/quotation/requoteQuotation'>;

/** `underwriting / quotation / getQuotationDetails`: a quotation with its invoice and policy. */
export async function getQuotationDetails(
  systemQuotationRef: string,
  signal?: AbortSignal,
): Promise<ClientQuotation> {
  const answer = await callAction(
    'underwriting/quotation/getQuotationDetails',
    { systemQuotationRef },
    { secure: true, silent: true, signal },
  );
  // Asked by reference, the action answers that quotation (by id it answers a recommendation).
  return answer as ClientQuotation;
}

/** `client / quotation / listQuotations`, one page of the client's quotations (newest first). */
export async function listQuotationPage(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ListPage<ClientQuotation>> {
  return asPage(
    await callAction('client/quotation/listQuotations', query, { secure: true, silent: true, signal }),
  );
}

/**
 * `client / quotation / requoteQuotation`: prices an expired quotation again with today's rates and
 * answers the new quotation (a quotation still valid is answered as it is).
 */
export async function requoteQuotation(systemQuotationRef: string): Promise<ClientQuotation> {
  return callAction(
    'client/quotation/requoteQuotation',
    { systemQuotationRef },
    { secure: true, silent: true },
  );
}
