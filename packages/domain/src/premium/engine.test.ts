import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateBandedPremium, calculatePremium, findPeriodShare } from './engine';
import { roundToShilling } from './rounding';
import type { BenefitConfig, PremiumBreakdown, PremiumInput, RatingConfiguration } from './types';

const KES = (shillings: number) => shillings * 100;

const charges: RatingConfiguration['charges'] = [
  { name: 'Training Levy', type: 'Percentage', value: 2_000 },
  { name: 'PHCF Levy', type: 'Percentage', value: 2_500 },
  { name: 'Stamp Duty', type: 'Fixed', value: KES(40) },
];

const benefits: BenefitConfig[] = [
  {
    benefitSystemRef: 'tp-property',
    name: 'Third-party property damage',
    description: '',
    type: 'inbuilt',
    limit: {
      minimum: KES(5_000_000),
      maximum: KES(10_000_000),
      defaultLimit: KES(5_000_000),
      isAdjustable: true,
    },
    pricing: { kind: 'rateOnExtraLimit', ratePpm: 1_000, inbuiltLimit: KES(5_000_000) },
  },
  {
    benefitSystemRef: 'towing',
    name: 'Towing',
    description: '',
    type: 'embedded',
    limit: { minimum: 0, maximum: 0, defaultLimit: KES(50_000), isAdjustable: false },
    pricing: { kind: 'included' },
  },
  {
    benefitSystemRef: 'excess-protector',
    name: 'Excess Protector',
    description: '',
    type: 'optional',
    limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
    pricing: { kind: 'percentageOfValue', ratePpm: 2_500, minimum: KES(2_500) },
  },
  {
    benefitSystemRef: 'pvt',
    name: 'Political Violence and Terrorism',
    description: '',
    type: 'optional',
    limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
    pricing: { kind: 'percentageOfValue', ratePpm: 2_500, minimum: KES(2_500) },
  },
  {
    benefitSystemRef: 'loss-of-use',
    name: 'Loss of Use',
    description: '',
    type: 'optional',
    limit: { minimum: KES(30_000), maximum: KES(60_000), defaultLimit: KES(30_000), isAdjustable: true },
    pricing: { kind: 'fixed', amount: KES(3_000) },
  },
  {
    benefitSystemRef: 'windscreen',
    name: 'Windscreen',
    description: '',
    type: 'optional',
    limit: { minimum: KES(30_000), maximum: KES(150_000), defaultLimit: KES(30_000), isAdjustable: true },
    pricing: { kind: 'rateOnExtraLimit', ratePpm: 100_000, inbuiltLimit: KES(30_000) },
  },
];

const comprehensive: RatingConfiguration = {
  coverType: 'comprehensive',
  basic: {
    kind: 'percentage',
    minimumPremium: KES(15_000),
    bands: [
      { fromValue: 0, ratePpm: 60_000 },
      { fromValue: KES(1_000_000), ratePpm: 50_000 },
      { fromValue: KES(1_500_000), ratePpm: 40_000 },
      { fromValue: KES(2_500_000), ratePpm: 35_000 },
      { fromValue: KES(5_000_000), ratePpm: 30_000 },
    ],
  },
  shortPeriodScale: [
    { maxDays: 30, sharePpm: 200_000 },
    { maxDays: 90, sharePpm: 400_000 },
    { maxDays: 180, sharePpm: 650_000 },
  ],
  supportedPeriods: [1, 30, 180, 360, 365],
  benefits,
  excesses: [
    {
      id: 'collision',
      name: 'collision',
      type: 'per claim',
      description: '',
      minAmount: KES(10_000),
      maxAmount: KES(100_000),
      defaultAmount: KES(25_000),
    },
  ],
  charges,
};

const thirdParty: RatingConfiguration = {
  ...comprehensive,
  coverType: 'third-party',
  basic: { kind: 'fixed', premium: KES(7_500) },
  benefits: [],
};

const quote = (overrides: Partial<PremiumInput> = {}): PremiumBreakdown => {
  const result = calculatePremium({
    rating: comprehensive,
    vehicleValue: KES(1_500_000),
    periodDays: 365,
    selectedBenefits: [],
    excesses: [],
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
};

const errorsOf = (overrides: Partial<PremiumInput>) => {
  const result = calculatePremium({
    rating: comprehensive,
    vehicleValue: KES(1_500_000),
    periodDays: 365,
    selectedBenefits: [],
    excesses: [],
    ...overrides,
  });
  return result.ok ? [] : result.errors;
};

describe('rounding rule', () => {
  it.each([
    [KES(1) * 2 - 51, 1, KES(1)], // 1.49 → 1
    [KES(1) + 50, 1, KES(2)], // 1.50 → 2
    [KES(1) + 49, 1, KES(1)],
    [0, 1, 0],
  ])('%i cents / %i rounds half up to %i', (numerator, denominator, expected) => {
    expect(roundToShilling(BigInt(numerator), BigInt(denominator))).toBe(expected);
  });
});

describe('basic premium', () => {
  it.each([
    ['minimum premium applies below KES 250,000 at 6 %', KES(200_000), KES(15_000)],
    ['6 % band just above the minimum', KES(300_000), KES(18_000)],
    ['6 % up to KES 999,999', KES(999_999), KES(60_000)],
    ['5 % from KES 1,000,000 (boundary relief keeps 60,000)', KES(1_000_000), KES(60_000)],
    ['5 % at KES 1,400,000', KES(1_400_000), KES(70_000)],
    ['4 % from KES 1,500,000 (relief keeps 75,000)', KES(1_500_000), KES(75_000)],
    ['4 % at KES 2,000,000', KES(2_000_000), KES(80_000)],
    ['3.5 % at KES 4,000,000', KES(4_000_000), KES(140_000)],
    ['3 % from KES 5,000,000 (relief keeps 175,000)', KES(5_000_000), KES(175_000)],
    ['3 % at KES 6,000,000', KES(6_000_000), KES(180_000)],
  ])('%s', (_name, value, premium) => {
    expect(quote({ vehicleValue: value }).basicPremium).toBe(premium);
  });

  it('charges the fixed premium for third-party, whatever the value', () => {
    const result = quote({ rating: thirdParty, vehicleValue: 0 });
    expect(result.basicPremium).toBe(KES(7_500));
    expect(result.total).toBe(KES(7_500) + KES(15) + KES(19) + KES(40));
  });

  it.each([
    [1, 200_000],
    [30, 200_000],
    [31, 400_000],
    [180, 650_000],
    [181, 1_000_000],
    [365, 1_000_000],
  ])('a %i-day cover pays %i ppm of the annual premium', (days, share) => {
    expect(findPeriodShare(comprehensive.shortPeriodScale, days)).toBe(share);
  });

  it('scales a 30-day comprehensive cover to 20 % of the annual premium', () => {
    expect(quote({ vehicleValue: KES(2_000_000), periodDays: 30 }).basicPremium).toBe(KES(16_000));
  });
});

describe('benefits', () => {
  it('includes core benefits at no cost at their inbuilt limits', () => {
    const result = quote();
    expect(result.benefits.map((line) => [line.benefitSystemRef, line.premium])).toEqual([
      ['tp-property', 0],
      ['towing', 0],
    ]);
  });

  it('prices an optional benefit as a percentage of value with its minimum', () => {
    expect(
      quote({ vehicleValue: KES(500_000), selectedBenefits: [{ benefitSystemRef: 'pvt' }] }).benefits[2]
        ?.premium,
    ).toBe(KES(2_500));
    expect(
      quote({ vehicleValue: KES(2_000_000), selectedBenefits: [{ benefitSystemRef: 'pvt' }] }).benefits[2]
        ?.premium,
    ).toBe(KES(5_000));
  });

  it('prices a fixed benefit at its amount and a raised limit at the rate on the extra limit', () => {
    const result = quote({
      selectedBenefits: [
        { benefitSystemRef: 'loss-of-use' },
        { benefitSystemRef: 'windscreen', limit: KES(50_000) },
        { benefitSystemRef: 'tp-property', limit: KES(7_500_000) },
      ],
    });
    const premium = (ref: string) => result.benefits.find((line) => line.benefitSystemRef === ref)?.premium;
    expect(premium('loss-of-use')).toBe(KES(3_000));
    expect(premium('windscreen')).toBe(KES(2_000));
    expect(premium('tp-property')).toBe(KES(2_500));
  });

  it('adds the statutory charges on the subtotal and stamp duty once', () => {
    const result = quote({ vehicleValue: KES(2_000_000), selectedBenefits: [{ benefitSystemRef: 'pvt' }] });
    expect(result.subtotal).toBe(KES(85_000));
    expect(result.charges.map((line) => line.amount)).toEqual([KES(170), KES(213), KES(40)]);
    expect(result.totalCharges).toBe(KES(423));
    expect(result.total).toBe(KES(85_423));
  });
});

describe('refusals, never clamps', () => {
  it.each([
    [
      'a limit above the maximum',
      [{ benefitSystemRef: 'windscreen', limit: KES(150_001) }],
      'additionalBenefits.0.limit',
    ],
    [
      'a limit below the minimum',
      [{ benefitSystemRef: 'windscreen', limit: KES(29_999) }],
      'additionalBenefits.0.limit',
    ],
    [
      'a limit on a fixed benefit',
      [{ benefitSystemRef: 'towing', limit: KES(60_000) }],
      'additionalBenefits.0.limit',
    ],
    ['an unknown benefit', [{ benefitSystemRef: 'jet-ski' }], 'additionalBenefits.0.benefitSystemRef'],
  ])('refuses %s', (_name, selectedBenefits, field) => {
    expect(errorsOf({ selectedBenefits }).map((error) => error.field)).toEqual([field]);
  });

  it('accepts limits exactly at the minimum and maximum', () => {
    expect(errorsOf({ selectedBenefits: [{ benefitSystemRef: 'windscreen', limit: KES(30_000) }] })).toEqual(
      [],
    );
    expect(errorsOf({ selectedBenefits: [{ benefitSystemRef: 'windscreen', limit: KES(150_000) }] })).toEqual(
      [],
    );
  });

  it.each([
    [KES(9_999), 1],
    [KES(10_000), 0],
    [KES(100_000), 0],
    [KES(100_001), 1],
  ])('an excess of %i cents gives %i error(s)', (amount, count) => {
    expect(errorsOf({ excesses: [{ id: 'collision', amount }] })).toHaveLength(count);
  });

  it('refuses comprehensive cover without a value, with the spec message', () => {
    expect(errorsOf({ vehicleValue: 0 })).toEqual([
      { field: 'risk.value', message: 'Vehicle value must be greater than 0 for comprehensive cover' },
    ]);
  });

  it('refuses a period the product does not offer', () => {
    expect(errorsOf({ periodDays: 90 }).map((error) => error.field)).toEqual(['coverDetails.period']);
  });
});

describe('properties', () => {
  const optionalRefs = ['excess-protector', 'pvt', 'loss-of-use', 'windscreen'];
  const value = fc.integer({ min: KES(1), max: KES(50_000_000) });
  const period = fc.constantFrom(...comprehensive.supportedPeriods);
  const selection = fc.subarray(optionalRefs).map((refs) => refs.map((ref) => ({ benefitSystemRef: ref })));

  it('the total equals the sum of its lines, is whole shillings and never negative', () => {
    fc.assert(
      fc.property(value, period, selection, (vehicleValue, periodDays, selectedBenefits) => {
        const result = quote({ vehicleValue, periodDays, selectedBenefits });
        const lines =
          result.basicPremium -
          result.excessDiscount +
          result.benefits.reduce((sum, line) => sum + line.premium, 0) +
          result.charges.reduce((sum, line) => sum + line.amount, 0);
        expect(result.total).toBe(lines);
        expect(result.total).toBe(result.subtotal + result.totalCharges);
        expect(result.total % 100).toBe(0);
        expect(result.total).toBeGreaterThan(0);
      }),
    );
  });

  it('the minimum premium holds for an annual cover', () => {
    fc.assert(
      fc.property(value, (vehicleValue) => {
        expect(quote({ vehicleValue }).basicPremium).toBeGreaterThanOrEqual(KES(15_000));
      }),
    );
  });

  it('more value never lowers a percentage-rated premium', () => {
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 0, max: KES(10_000_000) }),
        period,
        (vehicleValue, extra, periodDays) => {
          expect(quote({ vehicleValue: vehicleValue + extra, periodDays }).total).toBeGreaterThanOrEqual(
            quote({ vehicleValue, periodDays }).total,
          );
        },
      ),
    );
    const bands = comprehensive.basic.kind === 'percentage' ? comprehensive.basic.bands : [];
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: KES(1_000_000) }), (v, extra) => {
        expect(calculateBandedPremium(bands, v + extra)).toBeGreaterThanOrEqual(
          calculateBandedPremium(bands, v),
        );
      }),
    );
  });

  it('adding a priced benefit never lowers the total', () => {
    fc.assert(
      fc.property(
        value,
        period,
        selection,
        fc.constantFrom(...optionalRefs),
        (vehicleValue, periodDays, selected, extra) => {
          const without = selected.filter((benefit) => benefit.benefitSystemRef !== extra);
          const withIt = [...without, { benefitSystemRef: extra }];
          expect(quote({ vehicleValue, periodDays, selectedBenefits: withIt }).total).toBeGreaterThanOrEqual(
            quote({ vehicleValue, periodDays, selectedBenefits: without }).total,
          );
        },
      ),
    );
  });

  it('the same input gives the same output', () => {
    fc.assert(
      fc.property(value, period, selection, (vehicleValue, periodDays, selectedBenefits) => {
        expect(quote({ vehicleValue, periodDays, selectedBenefits })).toEqual(
          quote({ vehicleValue, periodDays, selectedBenefits }),
        );
      }),
    );
  });
});

describe('discounts for a higher excess (issue 26)', () => {
  // The underwriter's rows: a collision excess of KES 50,000 or more takes 5 % off the basic
  // premium, KES 100,000 takes 10 %.
  const discounted: RatingConfiguration = {
    ...comprehensive,
    excesses: comprehensive.excesses.map((excess) => ({
      ...excess,
      discounts: [
        { fromAmount: KES(50_000), discountPpm: 50_000 },
        { fromAmount: KES(100_000), discountPpm: 100_000 },
      ],
    })),
  };
  const at = (amount: number, rating = discounted, vehicleValue = KES(1_500_000)) =>
    quote({ rating, vehicleValue, excesses: [{ id: 'collision', amount }] });

  it.each([
    { name: 'the default excess, below every tier: no discount', amount: KES(25_000), discount: 0 },
    { name: 'just below KES 50,000: no discount', amount: KES(49_999), discount: 0 },
    { name: 'at KES 50,000: 5 % of the basic premium', amount: KES(50_000), discount: KES(3_750) },
    { name: 'at KES 100,000: 10 %', amount: KES(100_000), discount: KES(7_500) },
  ])('$name', ({ amount, discount }) => {
    const result = at(amount);
    // KES 1.5M: KES 75,000 basic (the 5 % band's relief).
    expect(result.basicPremium).toBe(KES(75_000));
    expect(result.excessDiscount).toBe(discount);
    expect(result.excesses).toEqual([{ id: 'collision', name: 'collision', amount, discount }]);
    expect(result.subtotal).toBe(KES(75_000) - discount);
    expect(result.total).toBe(result.subtotal + result.totalCharges);
  });

  it('rows without discounts: a higher excess changes nothing', () => {
    expect(at(KES(100_000), comprehensive).total).toBe(at(KES(25_000), comprehensive).total);
    expect(at(KES(100_000), comprehensive).excessDiscount).toBe(0);
  });

  it('discounts together never take more than the basic premium', () => {
    const generous: RatingConfiguration = {
      ...discounted,
      excesses: [
        { ...discounted.excesses[0]!, discounts: [{ fromAmount: 0, discountPpm: 700_000 }] },
        { ...discounted.excesses[0]!, id: 'theft', discounts: [{ fromAmount: 0, discountPpm: 700_000 }] },
      ],
    };
    const result = quote({ rating: generous });
    expect(result.excessDiscount).toBe(result.basicPremium);
    expect(result.excesses.map((line) => line.discount)).toEqual([KES(52_500), KES(22_500)]);
    expect(result.subtotal).toBe(0);
  });

  it('a higher excess never raises the premium, and more value never lowers it', () => {
    const amount = fc.integer({ min: KES(10_000), max: KES(100_000) });
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: KES(1), max: KES(50_000_000) }), (a, b, value) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(at(high, discounted, value).total).toBeLessThanOrEqual(at(low, discounted, value).total);
        expect(at(low, discounted, value + KES(1)).total).toBeGreaterThanOrEqual(
          at(low, discounted, value).total,
        );
      }),
    );
  });
});
