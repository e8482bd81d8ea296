import type { ActionOutput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';
import type { CreateQuotationPayload } from '../utils/quotation-payload';

export type CreatedQuotation = ActionOutput<'client/quotation/createQuotation'>;

/** `client / quotation / createQuotation`: the server prices the application again. */
export async function createQuotation(payload: CreateQuotationPayload): Promise<CreatedQuotation> {
  return callAction('client/quotation/createQuotation', payload, { secure: true, silent: true });
}

/** `client / quotation / completeQuotationDetails`: the vehicle a quotation lacks (its KYC is the profile's). */
export async function completeQuotationDetails(data: {
  systemQuotationRef: string;
  vehicleDetails?: Record<string, unknown>;
}): Promise<CreatedQuotation> {
  return callAction('client/quotation/completeQuotationDetails', data, { secure: true, silent: true });
}

/** `acceptReccommendation`: accepts the recommended quotation once its details are complete; its invoice. */
export async function acceptRecommendation(
  id: number,
  systemQuotationRef: string,
): Promise<{ invoiceSystemRef: string }> {
  return callAction(
    'underwriting/quotation/acceptReccommendation',
    { id, systemQuotationRef },
    { secure: true, silent: true },
  );
}
