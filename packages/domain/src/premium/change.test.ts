import { describe, expect, it } from 'vitest';
import { premiumChange } from './change';

describe('premiumChange: the price of a change before it is made', () => {
  it.each([
    {
      name: 'a higher limit that costs KES 5,000 more',
      before: 60_000,
      after: 65_000,
      kind: 'more',
      amount: 5_000,
    },
    {
      name: 'a higher excess with a KES 1,200 discount',
      before: 60_000,
      after: 58_800,
      kind: 'less',
      amount: 1_200,
    },
    { name: 'a higher excess without a discount', before: 60_000, after: 60_000, kind: 'same', amount: 0 },
  ] as const)('$name', ({ before, after, kind, amount }) => {
    expect(premiumChange({ before, after })).toEqual({ kind, amount });
  });
});
