import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePremium, calculateRatedBasic } from '../premium/engine';
import type { RatingConfiguration } from '../premium/types';
import {
  aviationClass,
  type ClassDefinition,
  fireDomesticClass,
  motorCommercialClass,
  pilotExperienceBand,
  theftClass,
} from './definitions';
import {
  AIRCRAFT_TYPES,
  AIRCRAFT_USES,
  COMMERCIAL_USES,
  COMMERCIAL_VEHICLE_TYPES,
  CONSTRUCTION_TYPES,
  OCCUPANCY_TYPES,
  PREMISES_TYPES,
} from './risks';

const KES = (shillings: number) => shillings * 100;
const percent = (value: number) => Math.round(value * 10_000);
const times = (value: number) => Math.round(value * 1_000_000);

const levies: RatingConfiguration['charges'] = [
  { name: 'Training Levy', type: 'Percentage', value: percent(0.2) },
  { name: 'PHCF Levy', type: 'Percentage', value: percent(0.25) },
  { name: 'Stamp Duty', type: 'Fixed', value: KES(40) },
];

const rated = (
  coverType: RatingConfiguration['coverType'],
  basic: Omit<Extract<RatingConfiguration['basic'], { kind: 'rated' }>, 'kind'>,
): RatingConfiguration => ({
  coverType,
  basic: { kind: 'rated', ...basic },
  shortPeriodScale: [],
  supportedPeriods: [365],
  benefits: [
    {
      benefitSystemRef: 'pvt',
      name: 'Political Violence and Terrorism',
      description: '',
      type: 'optional',
      limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
      pricing: { kind: 'percentageOfValue', ratePpm: percent(0.25), minimum: KES(2_500) },
    },
  ],
  excesses: [],
  charges: levies,
});

const commercial = rated('comprehensive-commercial', {
  groups: [
    {
      group: 'vehicle',
      bands: [
        { fromValue: 0, ratePpm: percent(4.5) },
        { fromValue: KES(5_000_000), ratePpm: percent(4) },
      ],
    },
  ],
  minimumPremium: KES(20_000),
  loadings: [
    { factor: 'primaryUse', option: 'general-cartage', multiplierPpm: times(1.4) },
    { factor: 'primaryUse', option: 'psv', multiplierPpm: times(1.6) },
  ],
  minimums: [
    { quantity: 'tonnageKg', fromQuantity: 0, amount: KES(20_000) },
    { quantity: 'tonnageKg', fromQuantity: 3_000, amount: KES(35_000) },
    { quantity: 'tonnageKg', fromQuantity: 8_000, amount: KES(50_000) },
    { quantity: 'tonnageKg', fromQuantity: 15_000, amount: KES(75_000) },
  ],
  perUnit: [],
});
const thirdPartyCommercial: RatingConfiguration = {
  ...rated('third-party-commercial', { ...commercial.basic, groups: [] } as never),
  basic: {
    ...(commercial.basic as Extract<RatingConfiguration['basic'], { kind: 'rated' }>),
    groups: [],
    minimumPremium: KES(7_500),
  },
};
const fire = rated('fire-domestic', {
  groups: [
    {
      group: 'building',
      bands: [
        { fromValue: 0, ratePpm: percent(0.12) },
        { fromValue: KES(20_000_000), ratePpm: percent(0.102) },
      ],
    },
    { group: 'contents', bands: [{ fromValue: 0, ratePpm: percent(0.45) }] },
  ],
  minimumPremium: KES(3_000),
  loadings: [
    { factor: 'construction', option: 'timber', multiplierPpm: times(1.6) },
    { factor: 'occupancy', option: 'holiday-home', multiplierPpm: times(1.3) },
  ],
  minimums: [],
  perUnit: [],
});
const theft = rated('burglary', {
  groups: [
    { group: 'contents', bands: [{ fromValue: 0, ratePpm: percent(1) }] },
    { group: 'highValue', bands: [{ fromValue: 0, ratePpm: percent(3) }] },
  ],
  minimumPremium: KES(3_500),
  loadings: [
    { factor: 'premisesType', option: 'shop', multiplierPpm: times(1.35) },
    { factor: 'alarm', option: 'yes', multiplierPpm: times(0.9) },
    { factor: 'burglarBars', option: 'yes', multiplierPpm: times(0.95) },
  ],
  minimums: [],
  perUnit: [],
});
const aviation = rated('aviation-hull-liability', {
  groups: [
    {
      group: 'hull',
      bands: [
        { fromValue: 0, ratePpm: percent(3) },
        { fromValue: KES(100_000_000), ratePpm: percent(2.4) },
      ],
    },
  ],
  minimumPremium: KES(250_000),
  loadings: [
    { factor: 'aircraftType', option: 'helicopter', multiplierPpm: times(1.4) },
    { factor: 'use', option: 'training', multiplierPpm: times(1.5) },
    { factor: 'pilotExperience', option: 'under-250', multiplierPpm: times(1.5) },
  ],
  minimums: [],
  perUnit: [{ quantity: 'seats', amount: KES(20_000) }],
});

/** Prices a class risk (as the client enters it) on a configuration, as the API does. */
function price<Risk>(
  definition: ClassDefinition<Risk>,
  rating: RatingConfiguration,
  entered: unknown,
  pvt = false,
) {
  const risk = definition.riskSchema!.parse(entered);
  const facts = definition.ratingRisk(risk);
  const sumInsured = Object.values(facts.values).reduce((sum, value) => sum + value, 0);
  const result = calculatePremium({
    rating,
    vehicleValue: sumInsured,
    risk: facts,
    periodDays: 365,
    selectedBenefits: pvt ? [{ benefitSystemRef: 'pvt' }] : [],
    excesses: [],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

const lorry = (value: number, tonnageCapacity: number, primaryUse: (typeof COMMERCIAL_USES)[number]) => ({
  coverType: 'comprehensive-commercial',
  vehicleValue: value,
  vehicleType: 'lorry',
  tonnageCapacity,
  usageDetails: { primaryUse, goodsCarried: 'Cement', routes: 'Nairobi to Nakuru' },
});

describe('rating of the classes besides motor private', () => {
  it('prices a 10 t general-cartage lorry at the banded rate, loaded for its use', () => {
    expect(
      price(motorCommercialClass, commercial, lorry(4_000_000, 10, 'general-cartage')).basicPremium,
    ).toBe(KES(252_000));
    expect(price(motorCommercialClass, commercial, lorry(4_000_000, 10, 'own-goods')).basicPremium).toBe(
      KES(180_000),
    );
    // A cheap 10 t lorry pays the 8–15 t band's minimum, loaded for general cartage.
    const cheap = price(motorCommercialClass, commercial, lorry(400_000, 10, 'general-cartage'));
    expect(cheap.basicPremium).toBe(KES(70_000));
    expect(cheap.basicDetail?.minimumApplied).toBe(KES(70_000));
  });

  it('prices third-party commercial cover by tonnage band and use alone', () => {
    const risk = { ...lorry(0, 10, 'psv'), coverType: 'third-party-commercial' };
    expect(price(motorCommercialClass, thirdPartyCommercial, risk).basicPremium).toBe(KES(80_000));
    expect(
      price(motorCommercialClass, thirdPartyCommercial, { ...risk, tonnageCapacity: 1 }).basicPremium,
    ).toBe(KES(32_000));
  });

  it('prices a home on building and contents, a burglary with discounts, an aircraft per seat', () => {
    const home = {
      buildingValue: 5_000_000,
      contentsValue: 1_000_000,
      location: { county: 'Kiambu', town: 'Ruiru' },
      construction: 'timber',
      occupancy: 'owner-occupied',
    };
    expect(price(fireDomesticClass, fire, home).basicPremium).toBe(KES(16_800));
    const contents = {
      premisesType: 'shop',
      contentsValue: 800_000,
      highValueItems: [{ description: 'Till', value: 100_000 }],
      security: { alarm: true, burglarBars: true },
    };
    // (8,000 + 3,000) × 1.35 × 0.9 × 0.95 = 12,696.75 → 12,697 (rounded once per loading, half up).
    expect(price(theftClass, theft, contents).basicPremium).toBe(KES(12_697));
    const helicopter = {
      aircraftType: 'helicopter',
      registration: '5Y-HEL',
      hullValue: 50_000_000,
      seats: 5,
      use: 'training',
      pilotHours: 100,
    };
    // 1,500,000 × 1.4 × 1.5 × 1.5 + 5 × 20,000.
    expect(price(aviationClass, aviation, helicopter).basicPremium).toBe(KES(4_725_000 + 100_000));
    expect(pilotExperienceBand(249)).toBe('under-250');
    expect(pilotExperienceBand(3_000)).toBe('3000-plus');
  });

  it('calculateRatedBasic never goes below the product minimum, even with every discount', () => {
    const { premium } = calculateRatedBasic(
      theft.basic as Extract<RatingConfiguration['basic'], { kind: 'rated' }>,
      { values: { contents: KES(1_000) }, options: { alarm: 'yes', burglarBars: 'yes' }, quantities: {} },
    );
    expect(premium).toBe(KES(3_500));
  });
});

describe('properties of each class rating (as motor: sum of lines, minimums, monotone in sums insured)', () => {
  const amount = fc.integer({ min: 1, max: 200_000_000 });
  const commercialRisk = fc.record({
    value: fc.integer({ min: 1, max: 60_000_000 }),
    tonnes: fc.integer({ min: 1, max: 120 }).map((half) => half / 2),
    use: fc.constantFrom(...COMMERCIAL_USES),
    vehicleType: fc.constantFrom(...COMMERCIAL_VEHICLE_TYPES),
  });
  const fireRisk = fc.record({
    buildingValue: amount,
    contentsValue: fc.integer({ min: 0, max: 50_000_000 }),
    location: fc.constant({ county: 'Nairobi', town: 'Karen' }),
    construction: fc.constantFrom(...CONSTRUCTION_TYPES),
    occupancy: fc.constantFrom(...OCCUPANCY_TYPES),
  });
  const theftRisk = fc.record({
    premisesType: fc.constantFrom(...PREMISES_TYPES),
    contentsValue: fc.integer({ min: 1, max: 20_000_000 }),
    highValueItems: fc.array(
      fc.record({ description: fc.constant('Camera'), value: fc.integer({ min: 1, max: 2_000_000 }) }),
      {
        maxLength: 10,
      },
    ),
    security: fc.record({
      alarm: fc.boolean(),
      guard: fc.boolean(),
      burglarBars: fc.boolean(),
      electricFence: fc.boolean(),
    }),
  });
  const aviationRisk = fc.record({
    aircraftType: fc.constantFrom(...AIRCRAFT_TYPES),
    registration: fc.constant('5Y-ABC'),
    hullValue: fc.integer({ min: 1, max: 500_000_000 }),
    seats: fc.integer({ min: 1, max: 50 }),
    use: fc.constantFrom(...AIRCRAFT_USES),
    pilotHours: fc.integer({ min: 0, max: 40_000 }),
  });
  const cases = [
    {
      name: 'motor commercial',
      definition: motorCommercialClass,
      rating: commercial,
      risks: commercialRisk.map((r) => lorry(r.value, r.tonnes, r.use)),
      grow: (risk: ReturnType<typeof lorry>, extra: number) => ({
        ...risk,
        vehicleValue: risk.vehicleValue + extra,
      }),
    },
    {
      name: 'fire domestic',
      definition: fireDomesticClass,
      rating: fire,
      risks: fireRisk,
      grow: (risk: { contentsValue: number }, extra: number) => ({
        ...risk,
        contentsValue: risk.contentsValue + extra,
      }),
    },
    {
      name: 'theft',
      definition: theftClass,
      rating: theft,
      risks: theftRisk,
      grow: (risk: { highValueItems: unknown[] }, extra: number) =>
        risk.highValueItems.length < 10
          ? { ...risk, highValueItems: [...risk.highValueItems, { description: 'Ring', value: extra }] }
          : risk,
    },
    {
      name: 'aviation',
      definition: aviationClass,
      rating: aviation,
      risks: aviationRisk,
      grow: (risk: { hullValue: number }, extra: number) => ({ ...risk, hullValue: risk.hullValue + extra }),
    },
  ] as const;

  for (const testCase of cases) {
    const definition = testCase.definition as ClassDefinition<unknown>;
    it(`${testCase.name}: the total is the sum of its lines in whole shillings, never below the minimum premium`, () => {
      fc.assert(
        fc.property(testCase.risks as fc.Arbitrary<unknown>, fc.boolean(), (risk, pvt) => {
          const quote = price(definition, testCase.rating, risk, pvt);
          const lines = quote.basicPremium + quote.benefits.reduce((sum, line) => sum + line.premium, 0);
          expect(quote.subtotal).toBe(lines);
          expect(quote.total).toBe(
            quote.subtotal + quote.charges.reduce((sum, line) => sum + line.amount, 0),
          );
          expect(quote.total % 100).toBe(0);
          const basic = testCase.rating.basic as Extract<RatingConfiguration['basic'], { kind: 'rated' }>;
          expect(quote.basicPremium).toBeGreaterThanOrEqual(basic.minimumPremium);
        }),
        { numRuns: 150 },
      );
    });

    it(`${testCase.name}: its risks produce only the groups, options and quantities its definition names`, () => {
      fc.assert(
        fc.property(testCase.risks as fc.Arbitrary<unknown>, (entered) => {
          const facts = definition.ratingRisk(definition.riskSchema!.parse(entered));
          const { groups, options, quantities } = definition.rating;
          for (const group of Object.keys(facts.values)) expect(groups).toContain(group);
          for (const [factor, option] of Object.entries(facts.options))
            expect(options[factor]).toContain(option);
          for (const quantity of Object.keys(facts.quantities)) expect(quantities).toContain(quantity);
        }),
        { numRuns: 100 },
      );
    });

    it(`${testCase.name}: more sum insured never lowers the premium`, () => {
      fc.assert(
        fc.property(
          testCase.risks as fc.Arbitrary<never>,
          fc.integer({ min: 1, max: 5_000_000 }),
          (risk, extra) => {
            const before = price(definition, testCase.rating, risk).total;
            const after = price(
              definition,
              testCase.rating,
              (testCase.grow as (r: never, e: number) => unknown)(risk, extra),
            ).total;
            expect(after).toBeGreaterThanOrEqual(before);
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('motor commercial: more tonnage never lowers the premium, and the loaded tonnage minimum holds', () => {
    fc.assert(
      fc.property(commercialRisk, fc.integer({ min: 1, max: 40 }), (risk, more) => {
        const light = price(motorCommercialClass, commercial, lorry(risk.value, risk.tonnes, risk.use));
        const heavy = price(
          motorCommercialClass,
          commercial,
          lorry(risk.value, Math.min(60, risk.tonnes + more / 2), risk.use),
        );
        expect(heavy.total).toBeGreaterThanOrEqual(light.total);
        const loading = { 'own-goods': 1, 'general-cartage': 1.4, psv: 1.6 }[risk.use];
        const band =
          risk.tonnes >= 15 ? 75_000 : risk.tonnes >= 8 ? 50_000 : risk.tonnes >= 3 ? 35_000 : 20_000;
        expect(light.basicPremium).toBeGreaterThanOrEqual(KES(Math.round(band * loading)));
      }),
      { numRuns: 200 },
    );
  });

  it('aviation: every extra seat adds its amount', () => {
    fc.assert(
      fc.property(
        aviationRisk.filter((risk) => risk.seats < 50),
        (risk) => {
          const base = price(aviationClass, aviation, risk).basicPremium;
          const more = price(aviationClass, aviation, { ...risk, seats: risk.seats + 1 }).basicPremium;
          expect(more - base).toBe(KES(20_000));
        },
      ),
      { numRuns: 100 },
    );
  });
});
