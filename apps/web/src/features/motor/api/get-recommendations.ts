import type { CoverType } from '@bima/domain';
import { shillingsToCents } from '@bima/domain/money';
import { callAction } from '../../../lib/api-client';
import type { QuotedProductSummary } from '../../../lib/motor-types';

export interface RecommendationsInput {
  insuranceClass: string;
  /** The vehicle's value in whole shillings as entered (sent as cents). */
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
    { ...input, riskValue: shillingsToCents(input.riskValue) },
  );
  return [...quotes];
}
