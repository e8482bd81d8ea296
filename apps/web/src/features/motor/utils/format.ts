import { formatKes } from '@bima/domain/money';
import type { BenefitLimitConfig, MotorProduct } from '../../../lib/motor-types';
import { t } from '../i18n';

/** A fraction as a percentage: value × 100 with a percent sign, without float noise (0.035 → '3.5%'). */
export function formatPercent(fraction: number): string {
  const percent = Math.round(fraction * 100 * 10_000) / 10_000;
  return `${percent}%`;
}

/** The product's rate (spec-1 §9): a percentage of value, the fixed premium (cents) in KES, or each group's percentage. */
export function formatRate(rate: MotorProduct['basePremiumRate']): string {
  if (rate.rateType === 'rated') return rate.groups.map((group) => formatPercent(group.rate)).join(' / ');
  return rate.rateType === 'percentage' ? formatPercent(rate.value) : formatKes(rate.value);
}

/**
 * How a benefit's limit (cents) reads (spec-1 §9): the default limit if above 0; else 'min - max' if either
 * bound is above 0; else 'Adjustable'.
 */
export function formatBenefitLimit(limit: BenefitLimitConfig): string {
  if (limit.defaultLimit > 0) return formatKes(limit.defaultLimit);
  if (limit.minimum > 0 || limit.maximum > 0) {
    return `${formatKes(limit.minimum)} - ${formatKes(limit.maximum)}`;
  }
  return t('motor.details.adjustable');
}

/** Whether a benefit has a limit of its own (an embedded one like own damage runs to the vehicle's value). */
export function hasOwnLimit(limit: BenefitLimitConfig): boolean {
  return limit.defaultLimit > 0 || limit.minimum > 0 || limit.maximum > 0;
}
