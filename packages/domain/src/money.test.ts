import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToWholeShillings, formatKes, formatNumber, shillingsToCents } from './money';

describe('money', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 1],
    [149, 1],
    [150, 2],
    [2_000_000, 20_000],
    [2_000_050, 20_001],
  ])('%i cents pay as %i whole shillings (half rounds up)', (cents, shillings) => {
    expect(centsToWholeShillings(cents)).toBe(shillings);
  });

  it('refuses money that is not integer cents', () => {
    expect(() => centsToWholeShillings(10.5)).toThrow(RangeError);
    expect(() => shillingsToCents(1.25)).toThrow(RangeError);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [50000, '50,000'],
    [1234567, '1,234,567'],
    [-2500, '-2,500'],
  ])('formats %i as %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it.each([
    [2_000_000, 'KES 20,000'],
    [123_456, 'KES 1,234.56'],
    [5, 'KES 0.05'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatKes(cents)).toBe(text);
  });

  it('round-trips whole shillings through cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (shillings) => {
        expect(centsToWholeShillings(shillingsToCents(shillings))).toBe(shillings);
      }),
    );
  });

  it('never moves an amount by more than half a shilling (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        expect(Math.abs(centsToWholeShillings(cents) * 100 - cents)).toBeLessThanOrEqual(50);
      }),
    );
  });
});
