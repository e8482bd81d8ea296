import { kenyaToday } from './dates';

/**
 * The time the business rules read (loan due dates, the arrears process, reminders). In production
 * it is the system's; in development and tests it can be moved forward (`/dev/clock`, or `advance`
 * in API tests) so a month of instalments can be tried in a minute. Timestamps of records stay the
 * system's own; only what the clock decides moves with it.
 */
export interface Clock {
  now(): Date;
  /** Today in Kenya (YYYY-MM-DD) by this clock. */
  today(): string;
  /** Whether the clock can be moved (never in production). */
  readonly isSettable: boolean;
  /** Moves the clock forward (or back) by `ms`; refused in production. */
  advance(ms: number): void;
  /** Back to the system's time; refused in production. */
  reset(): void;
  /** How far the clock is from the system's time, in ms. */
  offsetMs(): number;
}

export class ClockNotSettableError extends Error {
  override name = 'ClockNotSettableError';
}

export function createClock(options: { settable: boolean }): Clock {
  let offset = 0;
  const guard = () => {
    if (!options.settable) throw new ClockNotSettableError('the clock cannot be moved in production');
  };
  return {
    now: () => new Date(Date.now() + offset),
    today: () => kenyaToday(new Date(Date.now() + offset)),
    isSettable: options.settable,
    advance: (ms) => {
      guard();
      offset += ms;
    },
    reset: () => {
      guard();
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
