import { describe, expect, it } from 'vitest';
import { formatKenyaShortDate } from './dates';

describe('formatKenyaShortDate', () => {
  it.each([
    ['2026-03-03T08:00:00.000Z', '3 Mar 2026'],
    // Kenya is three hours ahead: late evening UTC is already the next day.
    ['2026-12-22T22:30:00.000Z', '23 Dec 2026'],
    ['not a date', 'not a date'],
  ])('%s reads %s', (iso, text) => {
    expect(formatKenyaShortDate(iso)).toBe(text);
  });
});
