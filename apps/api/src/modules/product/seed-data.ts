/**
 * The sample motor private market: five underwriters, nine products across the three cover types.
 * SAMPLE DATA for trying the portal — realistic Kenyan rates (see shared/domain/kenya-motor.md), not
 * any underwriter's actual tariff. Amounts are cents; rates are parts per million.
 */
import type {
  BenefitPricing,
  CoverType,
  ExcessDiscount,
  Loading,
  PerUnitCharge,
  QuantityMinimum,
} from '@bima/domain';

const KES = (shillings: number) => shillings * 100;
const percent = (value: number) => Math.round(value * 10_000);

export interface SeedUnderwriter {
  id: string;
  name: string;
  description: string;
}

export const UNDERWRITER_SEED: SeedUnderwriter[] = [
  {
    id: 'jubilee',
    name: 'Jubilee Insurance',
    description: 'One of East Africa’s largest insurers, in Kenya since 1937.',
  },
  { id: 'apa', name: 'APA Insurance', description: 'A leading general insurer with branches across Kenya.' },
  {
    id: 'cic',
    name: 'CIC Insurance',
    description: 'A cooperative insurer serving members and families across Kenya.',
  },
  {
    id: 'britam',
    name: 'Britam General',
    description: 'Part of a diversified financial services group in East Africa.',
  },
  {
    id: 'icea-lion',
    name: 'ICEA LION General',
    description: 'Long-standing general insurer with a wide branch network.',
  },
];

export interface SeedBenefit {
  key: string;
  name: string;
  description: string;
  type: 'embedded' | 'inbuilt' | 'optional';
  limit?: { minimum: number; maximum: number; defaultLimit: number; isAdjustable: boolean };
  pricing: BenefitPricing;
}

export interface SeedProduct {
  productSystemRef: string;
  /** The insurance class; motor private ('07') when absent. */
  classCode?: string;
  underwriterId: string;
  coverType: CoverType;
  name: string;
  description: string;
  overview: string;
  intermediary: string;
  rating:
    | { basis: 'percentage'; bands: Array<[number, number]>; minimumPremium: number }
    | { basis: 'fixed'; premium: number }
    | {
        basis: 'rated';
        /** Rate bands per group of sums insured: [fromValue, ratePpm]. */
        groups: Record<string, ReadonlyArray<readonly [number, number]>>;
        minimumPremium: number;
        loadings: Loading[];
        minimums: QuantityMinimum[];
        perUnit: PerUnitCharge[];
      };
  minimumValue: number;
  maximumValue: number | null;
  supportedPeriods: number[];
  shortPeriodScale: Array<{ maxDays: number; sharePpm: number }>;
  benefits: SeedBenefit[];
  excesses: Array<'collision' | 'theft' | 'windscreen'>;
  /** The underwriter's discounts for a higher excess, by excess (none when absent). */
  excessDiscounts?: Partial<Record<'collision' | 'theft' | 'windscreen', ExcessDiscount[]>>;
}

const fixedLimit = (limit: number) => ({ minimum: 0, maximum: 0, defaultLimit: limit, isAdjustable: false });
const adjustable = (defaultLimit: number, maximum: number, minimum = defaultLimit) => ({
  minimum,
  maximum,
  defaultLimit,
  isAdjustable: true,
});

const SHORT_PERIOD_SCALE = [
  { maxDays: 30, sharePpm: percent(20) },
  { maxDays: 90, sharePpm: percent(40) },
  { maxDays: 180, sharePpm: percent(65) },
  { maxDays: 270, sharePpm: percent(80) },
];

/** The excesses every product may carry (spec-1 §9 "Fixed excesses", per claim). */
export const EXCESS_SEED = {
  collision: {
    name: 'Collision',
    excessType: 'per claim',
    description: 'What you pay towards each own-damage claim after an accident.',
    minAmount: KES(10_000),
    maxAmount: KES(100_000),
    defaultAmount: KES(25_000),
  },
  theft: {
    name: 'Theft',
    excessType: 'per claim',
    description: 'What you pay towards a claim for theft of the vehicle or its parts.',
    minAmount: KES(15_000),
    maxAmount: KES(150_000),
    defaultAmount: KES(35_000),
  },
  windscreen: {
    name: 'Windscreen',
    excessType: 'per claim',
    description: 'What you pay towards each windscreen or window glass claim.',
    minAmount: KES(5_000),
    maxAmount: KES(25_000),
    defaultAmount: KES(10_000),
  },
} as const;

/** Statutory charges on every motor premium (Training Levy, PHCF levy, stamp duty). */
export const CHARGE_SEED = [
  { name: 'Training Levy', chargeType: 'Percentage', value: percent(0.2) },
  { name: 'PHCF Levy', chargeType: 'Percentage', value: percent(0.25) },
  { name: 'Stamp Duty', chargeType: 'Fixed', value: KES(40) },
] as const;

const thirdPartyProperty = (adjustableTo: number | null, extraRate = percent(0.05)): SeedBenefit => ({
  key: 'tpp',
  name: 'Third Party Property Damage',
  description: 'Damage you cause to other people’s vehicles and property.',
  type: 'inbuilt',
  limit: adjustableTo ? adjustable(KES(5_000_000), KES(adjustableTo)) : fixedLimit(KES(5_000_000)),
  pricing: adjustableTo
    ? { kind: 'rateOnExtraLimit', ratePpm: extraRate, inbuiltLimit: KES(5_000_000) }
    : { kind: 'included' },
});

const thirdPartyInjury: SeedBenefit = {
  key: 'tpi',
  name: 'Third Party Bodily Injury',
  description: 'Injury or death of other people caused by your vehicle, as the Traffic Act requires.',
  type: 'embedded',
  pricing: { kind: 'included' },
};

const ownDamage: SeedBenefit = {
  key: 'own-damage',
  name: 'Own Damage',
  description: 'Repairs to your vehicle after an accident, up to its insured value.',
  type: 'embedded',
  pricing: { kind: 'included' },
};

const fireAndTheft: SeedBenefit = {
  key: 'fire-theft',
  name: 'Fire and Theft',
  description: 'Loss of or damage to your vehicle by fire or theft, up to its insured value.',
  type: 'embedded',
  pricing: { kind: 'included' },
};

const passengerLiability: SeedBenefit = {
  key: 'passenger',
  name: 'Passenger Legal Liability',
  description: 'Your legal liability to passengers, per person.',
  type: 'inbuilt',
  limit: fixedLimit(KES(3_000_000)),
  pricing: { kind: 'included' },
};

const towing = (limit: number, adjustableTo?: number): SeedBenefit => ({
  key: 'towing',
  name: 'Towing and Recovery',
  description: 'Towing your vehicle to a garage after an accident.',
  type: 'inbuilt',
  limit: adjustableTo ? adjustable(KES(limit), KES(adjustableTo)) : fixedLimit(KES(limit)),
  pricing: adjustableTo
    ? { kind: 'rateOnExtraLimit', ratePpm: percent(10), inbuiltLimit: KES(limit) }
    : { kind: 'included' },
});

const medical = (limit: number): SeedBenefit => ({
  key: 'medical',
  name: 'Medical Expenses',
  description: 'Emergency medical costs for the driver and passengers after an accident.',
  type: 'inbuilt',
  limit: fixedLimit(KES(limit)),
  pricing: { kind: 'included' },
});

const windscreen = (limit: number, adjustableTo: number, rate = 10): SeedBenefit => ({
  key: 'windscreen',
  name: 'Windscreen Cover',
  description: 'Replacing broken windscreens and windows without losing your no-claim discount.',
  type: 'inbuilt',
  limit: adjustable(KES(limit), KES(adjustableTo)),
  pricing: { kind: 'rateOnExtraLimit', ratePpm: percent(rate), inbuiltLimit: KES(limit) },
});

const entertainment = (limit: number, adjustableTo: number): SeedBenefit => ({
  key: 'entertainment',
  name: 'Entertainment Unit',
  description: 'Radio, screens and other fitted entertainment equipment.',
  type: 'inbuilt',
  limit: adjustable(KES(limit), KES(adjustableTo)),
  pricing: { kind: 'rateOnExtraLimit', ratePpm: percent(10), inbuiltLimit: KES(limit) },
});

const excessProtector = (rate: number, minimum: number): SeedBenefit => ({
  key: 'excess-protector',
  name: 'Excess Protector',
  description: 'Waives the own-damage excess on an accident claim.',
  type: 'optional',
  pricing: { kind: 'percentageOfValue', ratePpm: percent(rate), minimum: KES(minimum) },
});

const pvt = (rate: number, minimum: number): SeedBenefit => ({
  key: 'pvt',
  name: 'Political Violence and Terrorism',
  description: 'Damage from riots, strikes, political violence and terrorism.',
  type: 'optional',
  pricing: { kind: 'percentageOfValue', ratePpm: percent(rate), minimum: KES(minimum) },
});

const lossOfUse = (amount: number, days: number): SeedBenefit => ({
  key: 'loss-of-use',
  name: 'Loss of Use',
  description: `A courtesy car or travel allowance for up to ${days} days while your car is repaired.`,
  type: 'optional',
  limit: fixedLimit(KES(days * 3_000)),
  pricing: { kind: 'fixed', amount: KES(amount) },
});

const roadRescue = (amount: number): SeedBenefit => ({
  key: 'road-rescue',
  name: 'Road Rescue',
  description: '24/7 roadside assistance: breakdown, flat battery, lock-out and fuel delivery.',
  type: 'optional',
  pricing: { kind: 'fixed', amount: KES(amount) },
});

const ANNUAL_AND_SHORT = [30, 180, 365];

/**
 * Sample products whose underwriter offers paying monthly (issue 31): version 1 of their monthly
 * terms, a 10 % loading and 14 days' grace — CIC's and APA's comprehensive covers and CIC's third party.
 */
export const MONTHLY_TERMS_SEED: ReadonlyArray<{
  productSystemRef: string;
  loadingBps: number;
  graceDays: number;
}> = [
  { productSystemRef: 'CIC-MP-COMP', loadingBps: 1_000, graceDays: 14 },
  { productSystemRef: 'APA-MP-PLUS', loadingBps: 1_000, graceDays: 14 },
  { productSystemRef: 'CIC-MP-TPO', loadingBps: 1_000, graceDays: 14 },
];

export const PRODUCT_SEED: SeedProduct[] = [
  {
    productSystemRef: 'JUB-MP-ELITE',
    underwriterId: 'jubilee',
    coverType: 'comprehensive',
    name: 'Jubilee Motor Elite',
    description: 'Premium comprehensive cover with generous limits and fast claims.',
    overview:
      'Comprehensive cover for private cars worth KES 500,000 and above: own damage, fire and theft, third-party liability, windscreen and entertainment cover, towing and medical expenses.',
    intermediary: 'Direct',
    rating: {
      basis: 'percentage',
      bands: [
        [0, percent(4.5)],
        [KES(2_500_000), percent(4)],
        [KES(5_000_000), percent(3.5)],
      ],
      minimumPremium: KES(20_000),
    },
    minimumValue: KES(500_000),
    maximumValue: KES(30_000_000),
    supportedPeriods: ANNUAL_AND_SHORT,
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [
      ownDamage,
      fireAndTheft,
      thirdPartyInjury,
      thirdPartyProperty(10_000_000),
      passengerLiability,
      windscreen(50_000, 200_000),
      entertainment(50_000, 150_000),
      towing(50_000, 100_000),
      medical(100_000),
      excessProtector(0.5, 5_000),
      pvt(0.25, 2_500),
      lossOfUse(3_000, 10),
      roadRescue(4_000),
    ],
    excesses: ['collision', 'theft', 'windscreen'],
  },
  {
    productSystemRef: 'APA-MP-PLUS',
    underwriterId: 'apa',
    coverType: 'comprehensive',
    name: 'APA Motor Plus',
    description: 'Value comprehensive cover with banded rates from 6 % down to 3 %.',
    overview:
      'Comprehensive cover for private cars from KES 300,000: own damage, fire and theft, third-party liability and windscreen cover, with optional excess protector and PVT.',
    intermediary: 'PineBridge',
    rating: {
      basis: 'percentage',
      bands: [
        [0, percent(6)],
        [KES(1_000_000), percent(5)],
        [KES(1_500_000), percent(4)],
        [KES(2_500_000), percent(3.5)],
        [KES(5_000_000), percent(3)],
      ],
      minimumPremium: KES(15_000),
    },
    minimumValue: KES(300_000),
    maximumValue: KES(20_000_000),
    supportedPeriods: ANNUAL_AND_SHORT,
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [
      ownDamage,
      fireAndTheft,
      thirdPartyInjury,
      thirdPartyProperty(10_000_000),
      windscreen(30_000, 100_000),
      entertainment(30_000, 100_000),
      towing(30_000),
      medical(50_000),
      excessProtector(0.25, 2_500),
      pvt(0.25, 2_500),
      lossOfUse(2_000, 10),
    ],
    excesses: ['collision', 'theft', 'windscreen'],
  },
  {
    productSystemRef: 'CIC-MP-COMP',
    underwriterId: 'cic',
    coverType: 'comprehensive',
    name: 'CIC Motor Comprehensive',
    description: 'Comprehensive cover with a simple rate and a family-friendly medical limit.',
    overview:
      'Comprehensive cover for private cars from KES 400,000 with own damage, fire and theft, third-party liability, windscreen and medical expenses.',
    intermediary: 'Direct',
    rating: {
      basis: 'percentage',
      bands: [
        [0, percent(5)],
        [KES(1_500_000), percent(4)],
        [KES(3_000_000), percent(3.25)],
      ],
      minimumPremium: KES(25_000),
    },
    minimumValue: KES(400_000),
    maximumValue: KES(15_000_000),
    supportedPeriods: [30, 180, 365],
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [
      ownDamage,
      fireAndTheft,
      thirdPartyInjury,
      thirdPartyProperty(null),
      windscreen(50_000, 150_000, 8),
      towing(50_000),
      medical(100_000),
      excessProtector(0.3, 3_000),
      pvt(0.3, 3_000),
      roadRescue(3_500),
    ],
    excesses: ['collision', 'theft', 'windscreen'],
    // A voluntary higher collision excess: 5 % off the basic premium from KES 50,000, 10 % from
    // KES 100,000.
    excessDiscounts: {
      collision: [
        { fromAmount: KES(50_000), discountPpm: percent(5) },
        { fromAmount: KES(100_000), discountPpm: percent(10) },
      ],
    },
  },
  {
    productSystemRef: 'BRT-MP-COMP',
    underwriterId: 'britam',
    coverType: 'comprehensive',
    name: 'Britam Motor Private',
    description: 'Comprehensive cover that also accepts lower-value and older cars.',
    overview:
      'Comprehensive cover for private cars from KES 250,000, with own damage, fire and theft, third-party liability, towing and windscreen cover.',
    intermediary: 'PineBridge',
    rating: {
      basis: 'percentage',
      bands: [
        [0, percent(7.5)],
        [KES(1_000_000), percent(6)],
        [KES(2_000_000), percent(4.5)],
        [KES(4_000_000), percent(3.5)],
      ],
      minimumPremium: KES(30_000),
    },
    minimumValue: KES(250_000),
    maximumValue: KES(10_000_000),
    supportedPeriods: [30, 180, 365],
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [
      ownDamage,
      fireAndTheft,
      thirdPartyInjury,
      thirdPartyProperty(10_000_000, percent(0.04)),
      windscreen(40_000, 120_000),
      towing(40_000, 80_000),
      medical(50_000),
      excessProtector(0.35, 3_500),
      pvt(0.25, 2_500),
      lossOfUse(3_000, 10),
      roadRescue(4_000),
    ],
    excesses: ['collision', 'theft', 'windscreen'],
  },
  {
    productSystemRef: 'APA-MP-TPFT',
    underwriterId: 'apa',
    coverType: 'third-party-fire-theft',
    name: 'APA Third Party, Fire and Theft',
    description: 'Third-party liability plus cover if your car is stolen or burnt.',
    overview: 'Third-party liability with fire and theft of your own car, for cars from KES 200,000.',
    intermediary: 'PineBridge',
    rating: { basis: 'percentage', bands: [[0, percent(2.5)]], minimumPremium: KES(10_000) },
    minimumValue: KES(200_000),
    maximumValue: KES(10_000_000),
    supportedPeriods: ANNUAL_AND_SHORT,
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [fireAndTheft, thirdPartyInjury, thirdPartyProperty(10_000_000), pvt(0.25, 2_500)],
    excesses: ['theft'],
  },
  {
    productSystemRef: 'BRT-MP-TPFT',
    underwriterId: 'britam',
    coverType: 'third-party-fire-theft',
    name: 'Britam Third Party, Fire and Theft',
    description: 'Affordable fire and theft protection with third-party liability.',
    overview: 'Third-party liability with fire and theft of your own car, for cars from KES 150,000.',
    intermediary: 'Direct',
    rating: { basis: 'percentage', bands: [[0, percent(3)]], minimumPremium: KES(12_000) },
    minimumValue: KES(150_000),
    maximumValue: KES(8_000_000),
    supportedPeriods: [30, 180, 365],
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [fireAndTheft, thirdPartyInjury, thirdPartyProperty(null), roadRescue(4_000)],
    excesses: ['theft'],
  },
  {
    productSystemRef: 'JUB-MP-TPO',
    underwriterId: 'jubilee',
    coverType: 'third-party',
    name: 'Jubilee Third Party Only',
    description: 'The cover the law requires, at a fixed yearly price.',
    overview: 'Third-party bodily injury and property damage liability, as required by the Traffic Act.',
    intermediary: 'Direct',
    rating: { basis: 'fixed', premium: KES(7_500) },
    minimumValue: 0,
    maximumValue: null,
    supportedPeriods: [30, 365],
    shortPeriodScale: [{ maxDays: 30, sharePpm: percent(25) }],
    benefits: [thirdPartyInjury, thirdPartyProperty(null), passengerLiability],
    excesses: [],
  },
  {
    productSystemRef: 'CIC-MP-TPO',
    underwriterId: 'cic',
    coverType: 'third-party',
    name: 'CIC Third Party Only',
    description: 'Basic legal cover at the market’s lowest fixed rate.',
    overview: 'Third-party bodily injury and property damage liability.',
    intermediary: 'Direct',
    rating: { basis: 'fixed', premium: KES(5_000) },
    minimumValue: 0,
    maximumValue: null,
    supportedPeriods: [365],
    shortPeriodScale: [],
    benefits: [thirdPartyInjury, thirdPartyProperty(null)],
    excesses: [],
  },
  {
    productSystemRef: 'ICEA-MP-TPO',
    underwriterId: 'icea-lion',
    coverType: 'third-party',
    name: 'ICEA LION Third Party Only',
    description: 'Third-party cover with higher property limits available.',
    overview: 'Third-party liability with the option of raising the property damage limit to KES 10,000,000.',
    intermediary: 'PineBridge',
    rating: { basis: 'fixed', premium: KES(6_000) },
    minimumValue: 0,
    maximumValue: null,
    supportedPeriods: [30, 180, 365],
    shortPeriodScale: SHORT_PERIOD_SCALE,
    benefits: [thirdPartyInjury, thirdPartyProperty(10_000_000, percent(0.03)), roadRescue(3_500)],
    excesses: [],
  },
];
