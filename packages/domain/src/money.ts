/** Money is held as integer cents everywhere; these helpers are the only conversions. */
export type Cents = number;

/** Whole shillings to cents. */
export function shillingsToCents(shillings: number): Cents {
  if (!Number.isSafeInteger(shillings)) throw new RangeError('shillings must be a whole number');
  return shillings * 100;
}

/** Cents to whole shillings, rounding half up (M-Pesa takes whole shillings only). */
export function centsToWholeShillings(cents: Cents): number {
  assertCents(cents);
  return Math.floor((cents + 50) / 100);
}

export function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents)) throw new RangeError('money must be integer cents');
}

/** Thousands separated by commas: 1234567 → '1,234,567' (spec-1 §9 number format). */
export function formatNumber(value: number): string {
  const negative = value < 0;
  const [whole = '0', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** 'KES 1,234.50' from cents; whole amounts print without decimals. */
export function formatKes(cents: Cents): string {
  assertCents(cents);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  const text =
    rest === 0 ? formatNumber(whole) : `${formatNumber(whole)}.${rest.toString().padStart(2, '0')}`;
  return `${negative ? '-' : ''}KES ${text}`;
}
