import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConfigurationPrices, sampleVehicleValues } from './configuration-check';
import { calculatePremium } from './engine';
import type { RatingConfiguration } from './types';

const KES = (shillings: number) => shillings * 100;

const comprehensive: RatingConfiguration = {
  coverType: 'comprehensive',
  basic: {
    kind: 'percentage',
    minimumPremium: KES(15_000),
    bands: [
      { fromValue: 0, ratePpm: 60_000 },
      { fromValue: KES(1_000_000), ratePpm: 50_000 },
    ],
  },
  shortPeriodScale: [{ maxDays: 30, sharePpm: 200_000 }],
  supportedPeriods: [30, 365],
  benefits: [
    {
      benefitSystemRef: 'WINDSCREEN',
      name: 'Windscreen',
      description: '',
      type: 'inbuilt',
      limit: { minimum: KES(30_000), maximum: KES(100_000), defaultLimit: KES(30_000), isAdjustable: true },
      pricing: { kind: 'rateOnExtraLimit', ratePpm: 100_000, inbuiltLimit: KES(30_000) },
    },
    {
      benefitSystemRef: 'PVT',
      name: 'PVT',
      description: '',
      type: 'optional',
      limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
      pricing: { kind: 'percentageOfValue', ratePpm: 2_500, minimum: KES(2_500) },
    },
  ],
  excesses: [
    {
      id: 'collision',
      name: 'Collision',
      type: 'per claim',
      description: '',
      minAmount: KES(10_000),
      maxAmount: KES(100_000),
      defaultAmount: KES(25_000),
    },
  ],
  charges: [{ name: 'Stamp Duty', type: 'Fixed', value: KES(40) }],
};
const range: { minimumValue: number; maximumValue: number | null } = {
  minimumValue: KES(300_000),
  maximumValue: KES(20_000_000),
};

describe('checkConfigurationPrices', () => {
  it('samples the minimum, middle and maximum value, or no value for third-party cover', () => {
    expect(sampleVehicleValues(range, 'comprehensive')).toEqual([
      KES(300_000),
      KES(10_150_000),
      KES(20_000_000),
    ]);
    expect(sampleVehicleValues({ minimumValue: 0, maximumValue: null }, 'third-party')).toEqual([0]);
  });

  it('accepts a configuration the engine prices', () => {
    expect(checkConfigurationPrices({ rating: comprehensive, ...range })).toEqual([]);
  });

  it.each<[string, Partial<RatingConfiguration>, Partial<typeof range>, string]>([
    ['a comprehensive product accepting KES 0', {}, { minimumValue: 0 }, 'minimumValue'],
    ['a comprehensive product without a maximum value', {}, { maximumValue: null }, 'maximumValue'],
    [
      'rates and minimum premium of nothing',
      { basic: { kind: 'percentage', minimumPremium: 0, bands: [{ fromValue: 0, ratePpm: 0 }] } },
      {},
      'bands',
    ],
    ['a fixed premium of nothing', { basic: { kind: 'fixed', premium: 0 } }, {}, 'fixedPremium'],
    [
      'a short period costing nothing',
      { shortPeriodScale: [{ maxDays: 30, sharePpm: 0 }] },
      {},
      'shortPeriodScale',
    ],
    [
      'an adjustable limit whose default lies outside it',
      {
        benefits: [
          {
            ...comprehensive.benefits[0]!,
            limit: {
              minimum: KES(30_000),
              maximum: KES(10_000),
              defaultLimit: KES(30_000),
              isAdjustable: true,
            },
          },
        ],
      },
      {},
      'benefits.0.limit',
    ],
    [
      'a default excess above its maximum',
      { excesses: [{ ...comprehensive.excesses[0]!, defaultAmount: KES(200_000) }] },
      {},
      'excesses.0.defaultAmount',
    ],
  ])('refuses %s on %s', (_label, rating, values, field) => {
    const errors = checkConfigurationPrices({ rating: { ...comprehensive, ...rating }, ...range, ...values });
    expect(errors.map((error) => error.field)).toContain(field);
  });

  it('passes only configurations that price every accepted value for every period (property)', () => {
    const rating = fc.record({
      rates: fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 5 }),
      minimumPremium: fc.integer({ min: 0, max: 50_000 }).map(KES),
      share: fc.integer({ min: 0, max: 1_000_000 }),
      minimumValue: fc.integer({ min: 0, max: 2_000_000 }).map(KES),
      spread: fc.integer({ min: 0, max: 50_000_000 }).map(KES),
      probe: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(rating, ({ rates, minimumPremium, share, minimumValue, spread, probe }) => {
        const maximumValue = minimumValue + spread;
        const configuration: RatingConfiguration = {
          ...comprehensive,
          basic: {
            kind: 'percentage',
            minimumPremium,
            bands: rates.map((ratePpm, index) => ({ fromValue: KES(index * 1_000_000), ratePpm })),
          },
          shortPeriodScale: [{ maxDays: 30, sharePpm: share }],
        };
        const errors = checkConfigurationPrices({ rating: configuration, minimumValue, maximumValue });
        if (errors.length > 0) return;
        const value = minimumValue + Math.round((spread * probe) / 100) * 100;
        for (const periodDays of configuration.supportedPeriods) {
          const result = calculatePremium({
            rating: configuration,
            vehicleValue: value,
            periodDays,
            selectedBenefits: [{ benefitSystemRef: 'PVT' }],
            excesses: [],
          });
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.quote.total).toBeGreaterThan(0);
        }
      }),
    );
  });
});
