import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlappingBand, percentToPpm, ppmToPercent, publishPricingTableSchema } from './loan-pricing';

describe('pricing rates in %', () => {
  it('reads a percentage without floating point and writes it back', () => {
    expect(percentToPpm('1.25')).toBe(12_500);
    expect(percentToPpm('0.0001')).toBe(1);
    expect(percentToPpm('12')).toBe(120_000);
    expect(ppmToPercent(12_500)).toBe('1.25');
    expect(ppmToPercent(120_000)).toBe('12');
    expect(ppmToPercent(11_667)).toBe('1.1667');
  });

  it('round-trips every rate of up to four decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (ppm) => percentToPpm(ppmToPercent(ppm)) === ppm),
    );
  });
});

describe('overlappingBand', () => {
  it('finds the first band whose amounts meet an earlier band of the same term', () => {
    expect(
      overlappingBand([
        { minPrincipal: 0, maxPrincipal: 99, months: 6 },
        { minPrincipal: 100, maxPrincipal: null, months: 6 },
        { minPrincipal: 0, maxPrincipal: null, months: 4 },
      ]),
    ).toBeNull();
    expect(
      overlappingBand([
        { minPrincipal: 0, maxPrincipal: 100, months: 6 },
        { minPrincipal: 100, maxPrincipal: null, months: 6 },
      ]),
    ).toBe(1);
    expect(
      overlappingBand([
        { minPrincipal: 500, maxPrincipal: null, months: 6 },
        { minPrincipal: 0, maxPrincipal: 10, months: 6 },
        { minPrincipal: 0, maxPrincipal: 1_000, months: 6 },
      ]),
    ).toBe(2);
  });
});

describe('publishPricingTableSchema', () => {
  const table = { product: 'ipf', name: 'Mavuno 2027', effectiveFrom: '2027-01-01' };
  it('takes a band with one price and a term of the product', () => {
    expect(
      publishPricingTableSchema.safeParse({
        ...table,
        bands: [{ minPrincipal: 25_000, months: 4, facilityFee: 900 }],
      }).success,
    ).toBe(true);
    expect(
      publishPricingTableSchema.safeParse({
        ...table,
        product: 'school_fees',
        bands: [{ minPrincipal: 5_000, months: 3, monthlyRatePercent: '1.25' }],
      }).success,
    ).toBe(true);
  });

  it('names the field of each band that breaks a rule', () => {
    const result = publishPricingTableSchema.safeParse({
      ...table,
      bands: [
        { minPrincipal: 25_000, months: 2, facilityFee: 900 },
        { minPrincipal: 25_000, months: 4 },
        { minPrincipal: 25_000, months: 5, monthlyRatePercent: '1.23456' },
        { minPrincipal: 25_000, months: 6, monthlyRatePercent: '25' },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'bands.0.months',
        'bands.1.facilityFee',
        'bands.2.monthlyRatePercent',
        'bands.3.monthlyRatePercent',
      ]),
    );
    expect(publishPricingTableSchema.safeParse({ ...table, bands: [] }).success).toBe(false);
  });
});
