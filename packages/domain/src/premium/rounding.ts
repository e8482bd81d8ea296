import type { Cents } from '../money';

/** Rates are whole parts per million of the amount they apply to: 3.5 % is 35,000 ppm. */
export type Ppm = number;
export const PPM = 1_000_000;

/**
 * THE rounding rule of the premium engine: every priced line is computed exactly from integer cents
 * and rates, then rounded once, half up, to whole shillings. The total is the exact sum of the lines,
 * so it is whole shillings too and is the amount M-Pesa is asked for; nothing is rounded again.
 */
export function roundToShilling(numerator: bigint, denominator: bigint): Cents {
  const hundred = 100n;
  const scaledDenominator = denominator * hundred;
  const shillings = (numerator * 2n + scaledDenominator) / (scaledDenominator * 2n);
  return Number(shillings * hundred);
}

/** `amount × rate`, exactly, rounded by the rule above. */
export function applyRate(amount: Cents, ratePpm: Ppm): Cents {
  return roundToShilling(BigInt(amount) * BigInt(ratePpm), BigInt(PPM));
}

/** A fixed amount from configuration, rounded by the same rule (configuration may hold cents). */
export function fixedAmount(amount: Cents): Cents {
  return roundToShilling(BigInt(amount), 1n);
}
