import { callGateway, unwrapData } from '../../../lib/api-client';
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
