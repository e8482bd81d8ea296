// The benefit rules and the `productPremiumCalc` payload: the motor wizard prices with it and the
// purchase sends the same benefits and excesses when it creates the quotation.
import { shillingsToCents } from '@bima/domain/money';
import type { MotorProduct, PremiumCalcRequest, ProductBenefit, SelectedBenefit } from './motor-types';

/** Core benefits come with the cover (embedded or inbuilt); optional ones are bought on top. */
export function isCoreBenefit(benefit: Pick<ProductBenefit, 'benefitType'>): boolean {
  return benefit.benefitType !== 'optional';
}

export function splitBenefits(product: Pick<MotorProduct, 'productBenefits'>) {
  return {
    core: product.productBenefits.filter(isCoreBenefit),
    optional: product.productBenefits.filter((benefit) => !isCoreBenefit(benefit)),
  };
}

/** A selected benefit for the premium request; a limit is sent only where the visitor may change it. */
export function toSelectedBenefit(benefit: ProductBenefit, limit?: number): SelectedBenefit {
  const selected: SelectedBenefit = {
    benefitSystemRef: benefit.benefitSystemRef,
    benefit_category_name: benefit.benefit_category_name,
    benefitType: benefit.benefitType,
  };
  if (benefit.benefitLimit.isAdjustable) {
    selected.params = { limit: limit ?? benefit.benefitLimit.defaultLimit };
  }
  return selected;
}

/** Core benefits whose chosen limit differs from the product's default, with that limit. */
export function getChangedCoreLimits(
  product: Pick<MotorProduct, 'productBenefits'>,
  coreBenefitLimits: Record<string, number>,
): Array<{ benefit: ProductBenefit; limit: number }> {
  return splitBenefits(product)
    .core.filter((benefit) => benefit.benefitLimit.isAdjustable)
    .flatMap((benefit) => {
      const limit = coreBenefitLimits[benefit._id];
      return limit !== undefined && limit !== benefit.benefitLimit.defaultLimit ? [{ benefit, limit }] : [];
    });
}

export interface PremiumRequestInput {
  product: MotorProduct;
  /** Whole shillings as entered (sent as cents); limits and excess amounts are cents, as the product's. */
  vehicleValue: number;
  selectedOptionalBenefits: SelectedBenefit[];
  coreBenefitLimits: Record<string, number>;
  excessAmounts: Record<string, number>;
  coverPeriod: string;
}

/**
 * The `productPremiumCalc` payload: the selected optional benefits and every core benefit whose limit
 * was changed (with params.limit), every excess of the product at its chosen or default amount, and the
 * period. Third-party cover is priced without a vehicle value.
 */
export function buildPremiumCalcRequest(input: PremiumRequestInput): PremiumCalcRequest {
  const { product } = input;
  const changedCore = getChangedCoreLimits(product, input.coreBenefitLimits).map(({ benefit, limit }) =>
    toSelectedBenefit(benefit, limit),
  );
  return {
    productSystemRef: product.productSystemRef,
    risk: { value: product.coverType === 'third-party' ? 0 : shillingsToCents(input.vehicleValue) },
    additionalBenefits: [...input.selectedOptionalBenefits, ...changedCore],
    excesses: product.excesses.map((excess) => ({
      id: excess.id,
      amount: input.excessAmounts[excess.id] ?? excess.defaultAmount,
    })),
    coverDetails: { period: Number(input.coverPeriod) },
  };
}
