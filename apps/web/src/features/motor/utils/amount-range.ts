import { shillingsToCents } from '@bima/domain/money';
import { parseAmount } from '@bima/domain/numbers';

/** The answer to an amount typed into the limit or excess modal: its cents when it is good. */
export type RangeCheck = { ok: true; value: number } | { ok: false; reason: 'required' | 'whole' | 'range' };

/**
 * Checks an amount typed in whole shillings into the limit or excess modal against its bounds (cents,
 * as the product gives them); a good one is answered in cents. Out-of-range amounts are refused with
 * a reason, never clamped.
 */
export function checkAmountInRange(raw: string, minimum: number, maximum: number): RangeCheck {
  // The portal's one reading of an amount: "100,000", "100 000", "KES 100,000" and "100000" alike.
  const read = parseAmount(raw);
  if (!read.ok) return { ok: false, reason: read.problem === 'empty' ? 'required' : 'whole' };
  const cents = shillingsToCents(read.value);
  if (cents < minimum || cents > maximum) return { ok: false, reason: 'range' };
  return { ok: true, value: cents };
}
