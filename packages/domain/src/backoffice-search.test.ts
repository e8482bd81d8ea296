import { describe, expect, it } from 'vitest';
import {
  normaliseSearch,
  policyStatusOn,
  resolveReceiptSchema,
  searchPoliciesSchema,
} from './backoffice-search';

describe('normaliseSearch', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['KDA 123B', null],
    ['POL-1234', null],
  ])('%s → phone %s', (query, phone) => {
    expect(normaliseSearch(query).phone).toBe(phone);
  });

  it('writes a plate without spaces in capitals', () => {
    expect(normaliseSearch(' kda 123b ').plate).toBe('KDA123B');
  });
});

describe('back office search and receipt schemas', () => {
  it('asks for something to search for', () => {
    const parsed = searchPoliciesSchema.safeParse({ query: ' a ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^Enter a policy number/);
  });

  it('needs a resolution and a note of 5 to 500 characters', () => {
    const missing = resolveReceiptSchema.safeParse({ receiptSystemRef: 'UR-1', note: 'ok' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose whether the money was refunded or applied.',
      'The note must be at least 5 characters.',
    ]);
    expect(
      resolveReceiptSchema.safeParse({
        receiptSystemRef: 'UR-1',
        resolution: 'REFUNDED',
        note: 'M-Pesa B2C QX1',
      }).success,
    ).toBe(true);
  });
});

describe('policyStatusOn', () => {
  const policy = { startDate: '2026-03-01', endDate: '2027-02-28', cancelledOn: null };
  it.each([
    ['the day before its start: not yet in force', policy, '2026-02-28', 'NOT_YET_IN_FORCE'],
    ['its first day: active', policy, '2026-03-01', 'ACTIVE'],
    ['its last day: active', policy, '2027-02-28', 'ACTIVE'],
    ['the day after its end: expired', policy, '2027-03-01', 'EXPIRED'],
    [
      'from its cancellation day: cancelled',
      { ...policy, cancelledOn: '2026-06-10' },
      '2026-06-10',
      'CANCELLED',
    ],
    [
      'the day before its cancellation: active',
      { ...policy, cancelledOn: '2026-06-10' },
      '2026-06-09',
      'ACTIVE',
    ],
    [
      'cancelled and past its end: cancelled',
      { ...policy, cancelledOn: '2026-06-10' },
      '2027-05-01',
      'CANCELLED',
    ],
  ] as const)('%s', (_label, period, today, status) => {
    expect(policyStatusOn(period, today)).toBe(status);
  });
});
