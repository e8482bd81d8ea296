import type { CoverType } from '@bima/domain';
import { callAction } from '../../../lib/api-client';
import type { QuotedProductSummary } from '../../../lib/motor-types';

export interface RecommendationsInput {
  insuranceClass: string;
  riskValue: number;
  coverType: CoverType;
}

/**
 * `underwriting / product / fetchInsuranceClassReccomendations`: the products of the class for the chosen
 * cover type, each priced for the risk. Sends the chosen cover type rather than the old client's '', so
 * the grid lists the cover the visitor asked for. Error replies raise the gateway client's notification.
 */
export async function getRecommendations(input: RecommendationsInput): Promise<QuotedProductSummary[]> {
  // Checked by the compiler: the grid's answer has every field the motor journey reads.
  const quotes: readonly QuotedProductSummary[] = await callAction(
    'underwriting/product/fetchInsuranceClassReccomendations',
    input,
  );
  return [...quotes];
}
