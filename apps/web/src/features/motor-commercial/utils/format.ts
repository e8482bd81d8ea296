import { formatKes } from '@bima/domain/money';
import type { MotorProduct, ProductBenefit } from '../../../lib/motor-types';

/** Whole shillings as 'KES 1,234,567'. */
export function formatShillings(amount: number): string {
  return formatKes(Math.round(amount * 100));
}

/** A plan's features: its core benefits (embedded or inbuilt), not the optional extras. */
export function coreBenefitsOf(product: Pick<MotorProduct, 'productBenefits'> | undefined): ProductBenefit[] {
  return (product?.productBenefits ?? []).filter((benefit) => benefit.benefitType !== 'optional');
}
