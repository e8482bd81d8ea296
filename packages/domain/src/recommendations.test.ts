import { describe, expect, it } from 'vitest';
import {
  commissionAmount,
  RECOMMENDATION_MESSAGES as M,
  rejectRecommendationSchema,
} from './recommendations';

describe('commissionAmount', () => {
  it.each([
    [7_875_000, 1000, 787_500],
    [7_875_000, 999, 786_713], // 786,712.5 → half up
    [1, 5000, 1], // 0.5 cent → 1
    [1, 4999, 0],
    [12_345, 0, 0],
  ])('%i cents at %i bps is %i cents', (premium, rate, amount) => {
    expect(commissionAmount(premium, rate)).toBe(amount);
  });
});

describe('rejectRecommendationSchema', () => {
  it('asks for a reason of 10 to 500 characters', () => {
    const messageOf = (reason: unknown) =>
      rejectRecommendationSchema.safeParse({ id: 1, decision: 'REJECT', reason }).error?.issues[0]?.message;
    expect(messageOf(undefined)).toBe(M.reasonRequired);
    expect(messageOf('short')).toBe(M.reasonTooShort);
    expect(messageOf('x'.repeat(501))).toBe(M.reasonTooLong);
    expect(messageOf('  A reason long enough.  ')).toBeUndefined();
  });
});
