import { callAction, callGateway, unwrapData } from '../../../lib/api-client';
import type { CreateQuotationPayload } from '../utils/quotation-payload';

export interface CreatedQuotation {
  systemQuotationRef: string;
  premium: number;
}

/** `client / quotation / createQuotation`: the server prices the application again. */
export async function createQuotation(payload: CreateQuotationPayload): Promise<CreatedQuotation> {
  return unwrapData(
    await callGateway<CreatedQuotation>(
      { service: 'client', resource: 'quotation', action: 'createQuotation', data: payload },
      { secure: true, silent: true },
    ),
  );
}

/** `client / quotation / completeQuotationDetails`: the vehicle a quotation lacks (its KYC is the profile's). */
export async function completeQuotationDetails(data: {
  systemQuotationRef: string;
  vehicleDetails?: Record<string, unknown>;
}): Promise<{ systemQuotationRef: string; missingDetails: Array<{ field: string; message: string }> }> {
  return unwrapData(
    await callGateway<{
      systemQuotationRef: string;
      missingDetails: Array<{ field: string; message: string }>;
    }>(
      { service: 'client', resource: 'quotation', action: 'completeQuotationDetails', data },
      { secure: true, silent: true },
    ),
  );
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
