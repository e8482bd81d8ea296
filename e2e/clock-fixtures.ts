import { type APIRequestContext, expect } from '@playwright/test';

/*
 * The e2e server's business clock (POST|GET /dev/clock, development only): journeys that need a month
 * to pass move it, and reset it in `finally` (`resetClock`).
 */

/** Today by the server's business clock (yyyy-mm-dd, Kenya). */
export const serverToday = async (request: APIRequestContext) =>
  ((await (await request.get('/dev/clock')).json()) as { today: string }).today;

/** Whole days from one yyyy-mm-dd date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The yyyy-mm-dd date `days` after `iso`. */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Moves the business clock on by whole days; the server runs its loan and monthly jobs at once. */
export async function advanceClock(request: APIRequestContext, days: number) {
  const response = await request.post('/dev/clock', { data: { days } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { today: string };
}

/** Back to the system's time. */
export const resetClock = (request: APIRequestContext) =>
  request.post('/dev/clock', { data: { reset: true } });
