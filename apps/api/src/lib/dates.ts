/** Today's date in Kenya (UTC+3) as YYYY-MM-DD. */
export function kenyaToday(now = new Date()): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The last day of a cover of `days` days starting on `start` (YYYY-MM-DD). */
export function coverEndDate(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The cover a payment buys (IRA "cash and carry"): cover never starts before the payment is
 * confirmed. A quoted start date that has passed by then becomes the payment's date in Kenya, and
 * the end date moves with it, so the client keeps the whole period paid for.
 */
export function coverDatesAtPayment(options: { quotedStartDate: string; periodDays: number; paidAt: Date }) {
  const paidDay = kenyaToday(options.paidAt);
  // biome-ignore lint/complexity/useMathMinMax: the later of two ISO date strings, not numbers
  const startDate = options.quotedStartDate < paidDay ? paidDay : options.quotedStartDate;
  return { startDate, endDate: coverEndDate(startDate, options.periodDays) };
}

/** A date as Kenyans read it, in Kenya time: "23 Dec 2026". */
export function formatKenyaDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}
