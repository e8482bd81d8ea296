import {
  type CoverType,
  MOTOR_PRIVATE_CLASS_CODE,
  type ProductLanguage,
  type RatingRisk,
  vehicleRisk,
} from '@bima/domain';
import type { Database } from '../../db/client';
import { presentQuotedSummary } from './present';
import {
  coversRisk,
  defaultPeriod,
  type LoadedProduct,
  loadProducts,
  priceProduct,
  productInLanguage,
} from './service';

/**
 * The quote grid: every product that covers the risk, each priced for its longest period with no
 * optional benefit and its default excesses (third-party products without the vehicle's value), as
 * `fetchInsuranceClassReccomendations` answers it. `sumInsured` is the vehicle's value (motor) or the
 * risk's total sum insured, in cents.
 */
export function quoteGrid(
  products: LoadedProduct[],
  sumInsured: number,
  risk: RatingRisk,
  language: ProductLanguage,
) {
  return products
    .filter((loaded) => coversRisk(loaded.product, sumInsured))
    .map((loaded) => productInLanguage(loaded, language))
    .map((loaded) => {
      const isThirdParty = loaded.product.coverType === 'third-party';
      const value = isThirdParty ? 0 : sumInsured;
      const quote = priceProduct(loaded, {
        vehicleValue: value,
        risk: isThirdParty ? vehicleRisk(0) : risk,
        periodDays: defaultPeriod(loaded.rating),
        selectedBenefits: [],
        excesses: [],
      });
      return presentQuotedSummary(loaded, quote);
    });
}

/**
 * Motor private quotes for one cover type and a vehicle's value (cents), as the portal's quote grid
 * asks for them (`fetchInsuranceClassReccomendations`, class 07, that cover type, riskValue).
 */
export async function motorPrivateQuotes(
  db: Database,
  options: { coverType: CoverType; vehicleValue: number },
  language: ProductLanguage,
) {
  const products = await loadProducts(db, {
    classCode: MOTOR_PRIVATE_CLASS_CODE,
    coverTypes: [options.coverType],
  });
  return quoteGrid(products, options.vehicleValue, vehicleRisk(options.vehicleValue), language);
}
