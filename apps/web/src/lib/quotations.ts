// The client's quotations, read and paid by the purchase screens and the portal (whole shillings).
import type { ListPage } from '../components/paged-table';
import { callGateway, unwrapData } from './api-client';

export interface CompletedQuotation {
  systemQuotationRef: string;
  invoiceSystemRef: string;
  amount: number;
  status: string;
}

/** `underwriting / quotation / completeQuotation`: the quotation's invoice (made once). */
export async function completeQuotation(systemQuotationRef: string): Promise<CompletedQuotation> {
  return unwrapData(
    await callGateway<CompletedQuotation>(
      {
        service: 'underwriting',
        resource: 'quotation',
        action: 'completeQuotation',
        data: { systemQuotationRef },
      },
      { secure: true, silent: true },
    ),
  );
}

/** A client's quotation as `getQuotationDetails` and `listQuotations` answer it (whole shillings). */
export interface ClientQuotation {
  systemQuotationRef: string;
  productName: string;
  underwriter: string;
  coverType: string;
  /** What is insured in one line (a plate, a home's location, an aircraft's registration). */
  riskReference?: { label: string; value: string };
  vehicleValue: number | null;
  period: number;
  startDate: string;
  endDate: string;
  premium: number;
  status: string;
  createdAt: string;
  /** The price is offered until then (QUOTATION_VALID_DAYS after it was made). */
  expiresAt?: string;
  /** Past `expiresAt` with nothing paid towards it: it can only be priced again. */
  isExpired?: boolean;
  invoice: { invoiceSystemRef: string; status: string; amount: number } | null;
  policyNumber: string | null;
  /** The policy's id (its page in the portal), once issued. */
  policyId?: number | null;
  vehicle: Record<string, unknown> | null;
  breakdown: Record<string, unknown> | null;
  /** The insurance class ('07' motor private, '08' motor commercial, …). */
  classCode?: string;
  /**
   * What must be given before it can be paid (the vehicle and KYC its class requires): each field
   * and its message; empty when nothing is missing.
   */
  missingDetails?: Array<{ field: string; message: string }>;
  /** 'new' (the client's own) or 'recommendation' (an intermediary's: accepted on its review first). */
  purchaseType?: string;
  recommendationId?: number | null;
}

/** `underwriting / quotation / getQuotationDetails`: a quotation with its invoice and policy. */
export async function getQuotationDetails(systemQuotationRef: string, signal?: AbortSignal) {
  return unwrapData(
    await callGateway<ClientQuotation>(
      {
        service: 'underwriting',
        resource: 'quotation',
        action: 'getQuotationDetails',
        data: { systemQuotationRef },
      },
      { secure: true, silent: true, signal },
    ),
  );
}

/** `client / quotation / listQuotations`, one page of the client's quotations (newest first). */
export async function listQuotationPage(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ListPage<ClientQuotation>> {
  return unwrapData(
    await callGateway<ListPage<ClientQuotation>>(
      { service: 'client', resource: 'quotation', action: 'listQuotations', data: query },
      { secure: true, silent: true, signal },
    ),
  );
}

/**
 * `client / quotation / requoteQuotation`: prices an expired quotation again with today's rates and
 * answers the new quotation (a quotation still valid is answered as it is).
 */
export async function requoteQuotation(systemQuotationRef: string): Promise<ClientQuotation> {
  return unwrapData(
    await callGateway<ClientQuotation>(
      { service: 'client', resource: 'quotation', action: 'requoteQuotation', data: { systemQuotationRef } },
      { secure: true, silent: true },
    ),
  );
}
