import { describe, expect, it } from 'vitest';
import {
  isWholePpm,
  PRODUCT_ADMIN_MESSAGES as M,
  type ProductConfiguration,
  productConfigurationOutputSchema,
  productConfigurationSchema,
} from './product-admin';

const valid: ProductConfiguration = {
  name: 'Motor Plus',
  description: '',
  overview: '',
  intermediary: 'Direct',
  rateBasis: 'percentage',
  fixedPremium: null,
  minimumPremium: 1_500_000,
  bands: [
    { fromValue: 0, rate: 0.06 },
    { fromValue: 100_000_000, rate: 0.05 },
  ],
  minimumValue: 30_000_000,
  maximumValue: 2_000_000_000,
  supportedPeriods: [30, 365],
  shortPeriodScale: [{ maxDays: 30, share: 0.2 }],
  benefits: [
    {
      name: 'Windscreen',
      description: '',
      benefitType: 'inbuilt',
      limit: { minimum: 3_000_000, maximum: 10_000_000, defaultLimit: 3_000_000, isAdjustable: true },
      pricing: { kind: 'rateOnExtraLimit', rate: 0.1, inbuiltLimit: 3_000_000 },
    },
  ],
  excesses: [
    {
      id: 'collision',
      name: 'Collision',
      type: 'per claim',
      description: '',
      minAmount: 1_000_000,
      maxAmount: 10_000_000,
      defaultAmount: 2_500_000,
    },
  ],
  charges: [
    { name: 'Training Levy', type: 'Percentage', value: 0.002 },
    { name: 'Stamp Duty', type: 'Fixed', value: 4_000 },
  ],
};

const issues = (configuration: unknown) => {
  const result = productConfigurationSchema.safeParse(configuration);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
};

describe('productConfigurationSchema', () => {
  it('accepts a whole configuration in cents (of whole shillings) and fractions of one', () => {
    expect(issues(valid)).toEqual([]);
  });

  it.each<[string, Partial<ProductConfiguration>, string, string]>([
    [
      'bands out of order',
      {
        bands: [
          { fromValue: 0, rate: 0.06 },
          { fromValue: 0, rate: 0.05 },
        ],
      },
      'bands.1.fromValue',
      M.bandOrder,
    ],
    [
      'a first band above the minimum value',
      { bands: [{ fromValue: 40_000_000, rate: 0.06 }] },
      'bands.0.fromValue',
      M.firstBandStart,
    ],
    ['a rate as a percentage', { bands: [{ fromValue: 0, rate: 6 }] }, 'bands.0.rate', M.rateRange],
    [
      'a fixed product without its premium',
      { rateBasis: 'fixed', bands: [], minimumPremium: 0 },
      'fixedPremium',
      M.fixedPremiumRequired,
    ],
    ['no cover period', { supportedPeriods: [] }, 'supportedPeriods', M.periodsRequired],
    [
      'an excess default above its maximum',
      { excesses: [{ ...valid.excesses[0]!, defaultAmount: 20_000_000 }] },
      'excesses.0.defaultAmount',
      M.defaultExcessOutside,
    ],
    [
      'an amount of shillings and cents (the editor takes whole shillings)',
      { minimumPremium: 1_500_050 },
      'minimumPremium',
      M.wholeShillings,
    ],
    ['an amount that is not whole cents', { minimumPremium: 15_000.5 }, 'minimumPremium', M.wholeShillings],
    ['a negative amount', { minimumValue: -100 }, 'minimumValue', M.negativeAmount],
    [
      'a fixed charge of shillings and cents',
      { charges: [{ name: 'Stamp Duty', type: 'Fixed', value: 4_050 }] },
      'charges.0.value',
      M.fixedCharge,
    ],
  ])('refuses %s', (_label, change, field, message) => {
    expect(issues({ ...valid, ...change })).toContainEqual({ field, message });
  });

  it('answers amounts as the integer cents stored, and a Fixed charge in cents, a Percentage one as a fraction', () => {
    const answered = {
      ...valid,
      minimumPremium: 1_500_050,
      charges: [
        { name: 'Training Levy', type: 'Percentage', value: 0.002 },
        { name: 'Stamp Duty', type: 'Fixed', value: 4_050 },
      ],
    };
    expect(productConfigurationOutputSchema.safeParse(answered).success).toBe(true);
    expect(
      productConfigurationOutputSchema.safeParse({
        ...valid,
        charges: [{ name: 'Stamp Duty', type: 'Fixed', value: 40.5 }],
      }).success,
    ).toBe(false);
    expect(productConfigurationOutputSchema.safeParse({ ...valid, minimumValue: 300_000.5 }).success).toBe(
      false,
    );
  });

  it('holds rates to whole parts per million (four decimals of a percent)', () => {
    expect([0.045, 0.0025, 0.123456, 1, 0].every(isWholePpm)).toBe(true);
    expect([0.0450001, 1e-7].some(isWholePpm)).toBe(false);
  });
});
