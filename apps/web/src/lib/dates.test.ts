import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatKenyaDateTime, formatKenyaShortDate, todayIsoDate } from './dates';

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

describe('dates', () => {
  it('gives today as a local yyyy-mm-dd', () => {
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('formats an ISO date without shifting the day', () => {
    expect(formatIsoDate('2026-03-01')).toBe('1 March 2026');
    expect(formatIsoDate('not a date')).toBe('not a date');
  });
});

describe('formatKenyaDateTime', () => {
  it('shows the time in Kenya (UTC+3), past midnight there', () => {
    expect(formatKenyaDateTime('2026-03-02T22:30:00.000Z')).toBe('3 Mar 2026, 01:30');
  });
  it('leaves what is not a date as given', () => {
    expect(formatKenyaDateTime('soon')).toBe('soon');
  });
});
