/** How far ahead a cover may start: a quote for a date further off would be priced on stale rates. */
export const COVER_START_MAX_DAYS_AHEAD = 90;

export const COVER_DATE_MESSAGES = {
  startDateRequired: 'Start date is required.',
  notADate: 'Enter a real date.',
  startDatePast: 'Start date cannot be before today.',
  startDateTooFar: `Start date can be at most ${COVER_START_MAX_DAYS_AHEAD} days from today.`,
} as const;

/** A real calendar date written YYYY-MM-DD: 2027-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `days` days after a YYYY-MM-DD date. */
export function addCalendarDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD `months` calendar months after `start`, on the same day or the month's last day. */
export function addMonths(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Checks a cover's start date against today (both YYYY-MM-DD in Kenya time): required, a real date,
 * not before today and at most COVER_START_MAX_DAYS_AHEAD days ahead. Returns the message, or null.
 */
export function checkCoverStartDate(options: { startDate: string; today: string }): string | null {
  const { startDate, today } = options;
  if (startDate.trim() === '') return COVER_DATE_MESSAGES.startDateRequired;
  if (!isCalendarDate(startDate)) return COVER_DATE_MESSAGES.notADate;
  // ISO dates compare correctly as text.
  if (startDate < today) return COVER_DATE_MESSAGES.startDatePast;
  if (startDate > addCalendarDays(today, COVER_START_MAX_DAYS_AHEAD))
    return COVER_DATE_MESSAGES.startDateTooFar;
  return null;
}
