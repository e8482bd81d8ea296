import type { MotorProduct, ProductBenefit } from '../../../lib/motor-types';

/** A plan's features: its core benefits (embedded or inbuilt), not the optional extras. */
export function coreBenefitsOf(product: Pick<MotorProduct, 'productBenefits'> | undefined): ProductBenefit[] {
  return (product?.productBenefits ?? []).filter((benefit) => benefit.benefitType !== 'optional');
}
