import { shillingsToCents } from '@bima/domain/money';
import { callAction } from '../../../lib/api-client';
import type { MotorProduct } from '../../../lib/motor-types';

/**
 * `underwriting / product / productWithBenefitsAndUnderwriterDetails`: the full product (result.data[0]),
 * its rate taken for the vehicle's value band when one is given (whole shillings as entered, sent as
 * cents). Silent: each caller decides what a
 * failure shows (spec-1 §8).
 */
export async function getProductDetails(productSystemRef: string, riskValue?: number): Promise<MotorProduct> {
  const products: readonly MotorProduct[] = await callAction(
    'underwriting/product/productWithBenefitsAndUnderwriterDetails',
    riskValue === undefined
      ? { productSystemRef }
      : { productSystemRef, riskValue: shillingsToCents(riskValue) },
    { silent: true },
  );
  const [product] = products;
  if (!product) throw new Error('product not found');
  return product;
}
