import { callGateway, unwrapData } from '../../../lib/api-client';
import type { MotorProduct } from '../types';

/**
 * `underwriting / product / productWithBenefitsAndUnderwriterDetails`: the full product (result.data[0]).
 * Silent: each caller decides what a failure shows (spec-1 §8).
 */
export async function getProductDetails(productSystemRef: string): Promise<MotorProduct> {
  const reply = await callGateway<MotorProduct[]>(
    {
      service: 'underwriting',
      resource: 'product',
      action: 'productWithBenefitsAndUnderwriterDetails',
      data: { productSystemRef },
    },
    { silent: true },
  );
  const [product] = unwrapData(reply);
  if (!product) throw new Error('product not found');
  return product;
}
