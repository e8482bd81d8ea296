/** The answer to an amount typed into the limit or excess modal. */
export type RangeCheck = { ok: true; value: number } | { ok: false; reason: 'required' | 'whole' | 'range' };

/**
 * Checks an amount typed into the limit or excess modal against its bounds. Out-of-range amounts are
 * refused with a reason, never clamped.
 */
export function checkAmountInRange(raw: string, minimum: number, maximum: number): RangeCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'required' };
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return { ok: false, reason: 'whole' };
  if (value < minimum || value > maximum) return { ok: false, reason: 'range' };
  return { ok: true, value };
}
