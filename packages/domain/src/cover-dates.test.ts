import { describe, expect, it } from 'vitest';
import { COVER_DATE_MESSAGES, checkCoverStartDate, isCalendarDate } from './cover-dates';

describe('isCalendarDate', () => {
  it.each([
    ['2027-02-28', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-02-30', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-1-01', false],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isCalendarDate(value)).toBe(expected));
});

describe('checkCoverStartDate (today 2026-11-23)', () => {
  const today = '2026-11-23';
  it.each([
    ['', COVER_DATE_MESSAGES.startDateRequired],
    ['2027-02-30', COVER_DATE_MESSAGES.notADate],
    ['2026-11-22', COVER_DATE_MESSAGES.startDatePast],
    ['2026-11-23', null],
    ['2027-02-21', null], // 90 days ahead
    ['2027-02-22', COVER_DATE_MESSAGES.startDateTooFar], // 91 days ahead
  ])('%s → %s', (startDate, expected) => expect(checkCoverStartDate({ startDate, today })).toBe(expected));
});
