import { describe, expect, it } from 'vitest';
import { workAgeOf } from './staff-work';

const now = new Date('2026-11-28T12:00:00.000Z');
const ago = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);

describe('how long work has waited', () => {
  it.each([
    ['just now', ago(0), 'under7Days'],
    ['a millisecond short of 7 days', ago(7, -1), 'under7Days'],
    ['exactly 7 days', ago(7), 'from7To30Days'],
    ['exactly 30 days', ago(30), 'from7To30Days'],
    ['a millisecond over 30 days', ago(30, 1), 'over30Days'],
    ['a year', ago(365), 'over30Days'],
  ] as const)('%s is %s', (_, since, bucket) => {
    expect(workAgeOf({ since, now })).toBe(bucket);
  });
});
