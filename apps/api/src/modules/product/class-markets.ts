/**
 * The sample markets of the classes sold besides motor private: motor commercial ('08'), fire
 * domestic ('03'), theft ('05') and aviation ('04'), each with three or more underwriters' products.
 * SAMPLE DATA for trying the portal — realistic Kenyan rates (shared/domain/kenya-motor.md for
 * commercial vehicles), not any underwriter's actual tariff. Amounts are cents; rates ppm.
 */
import type { SeedBenefit, SeedProduct } from './seed-data';

const KES = (shillings: number) => shillings * 100;
const percent = (value: number) => Math.round(value * 10_000);
/** A loading as a multiplier: 1.4 → 1,400,000 ppm. */
const times = (value: number) => Math.round(value * 1_000_000);
const ANNUAL = [365];
const tonnes = (value: number) => value * 1000;

const included = (key: string, name: string, description: string, limit?: number): SeedBenefit => ({
  key,
  name,
  description,
  type: limit === undefined ? 'embedded' : 'inbuilt',
  ...(limit === undefined
    ? {}
    : { limit: { minimum: 0, maximum: 0, defaultLimit: KES(limit), isAdjustable: false } }),
  pricing: { kind: 'included' },
});
const optionalFixed = (key: string, name: string, description: string, amount: number): SeedBenefit => ({
  key,
  name,
  description,
  type: 'optional',
  pricing: { kind: 'fixed', amount: KES(amount) },
});
const optionalRate = (
  key: string,
  name: string,
  description: string,
  rate: number,
  minimum: number,
): SeedBenefit => ({
  key,
  name,
  description,
  type: 'optional',
  pricing: { kind: 'percentageOfValue', ratePpm: percent(rate), minimum: KES(minimum) },
});

// ── Motor commercial: by value band, use and tonnage band ───────────────────────────────────────
const COMMERCIAL_USE_LOADINGS = (cartage: number, psv: number) => [
  { factor: 'primaryUse', option: 'general-cartage', multiplierPpm: times(cartage) },
  { factor: 'primaryUse', option: 'psv', multiplierPpm: times(psv) },
];
/** Minimum premiums by tonnage band (kg): under 3 t, 3–8 t, 8–15 t, 15 t and more. */
const tonnageMinimums = (under3: number, to8: number, to15: number, over15: number) => [
  { quantity: 'tonnageKg', fromQuantity: 0, amount: KES(under3) },
  { quantity: 'tonnageKg', fromQuantity: tonnes(3), amount: KES(to8) },
  { quantity: 'tonnageKg', fromQuantity: tonnes(8), amount: KES(to15) },
  { quantity: 'tonnageKg', fromQuantity: tonnes(15), amount: KES(over15) },
];
const commercialCore = [
  included('own-damage', 'Own Damage', 'Repairs to the vehicle after an accident, up to its insured value.'),
  included('fire-theft', 'Fire and Theft', 'Loss of or damage to the vehicle by fire or theft.'),
  included(
    'tpi',
    'Third Party Bodily Injury',
    'Injury or death of other people, as the Traffic Act requires.',
  ),
  included('tpp', 'Third Party Property Damage', 'Damage to other people’s property.', 5_000_000),
  included('towing', 'Towing and Recovery', 'Recovering the vehicle to a garage after an accident.', 100_000),
];
const goodsInTransit = (amount: number) =>
  optionalFixed('git', 'Goods in Transit', 'The goods carried, up to KES 1,000,000 per trip.', amount);
const commercialPvt = optionalRate(
  'pvt',
  'Political Violence and Terrorism',
  'Damage from riots, strikes, political violence and terrorism.',
  0.25,
  3_500,
);

const commercialProduct = (
  product: Omit<SeedProduct, 'supportedPeriods' | 'shortPeriodScale' | 'excesses' | 'intermediary'> &
    Partial<Pick<SeedProduct, 'excesses'>>,
): SeedProduct => ({
  intermediary: 'Direct',
  supportedPeriods: ANNUAL,
  shortPeriodScale: [],
  excesses: [],
  ...product,
});

export const CLASS_PRODUCT_SEED: SeedProduct[] = [
  commercialProduct({
    productSystemRef: 'JUB-MC-STD',
    classCode: '08',
    underwriterId: 'jubilee',
    coverType: 'comprehensive-commercial',
    name: 'Standard Commercial',
    description: 'Comprehensive cover for pick-ups, vans and lorries carrying own goods or for hire.',
    overview:
      'Own damage, fire and theft and third-party liability for commercial vehicles, priced on value, use and tonnage.',
    rating: {
      basis: 'rated',
      groups: {
        vehicle: [
          [0, percent(4.5)],
          [KES(5_000_000), percent(4)],
        ],
      },
      minimumPremium: KES(20_000),
      loadings: COMMERCIAL_USE_LOADINGS(1.4, 1.6),
      minimums: tonnageMinimums(20_000, 35_000, 50_000, 75_000),
      perUnit: [],
    },
    minimumValue: KES(300_000),
    maximumValue: KES(40_000_000),
    benefits: [...commercialCore, goodsInTransit(7_500), commercialPvt],
    excesses: ['collision', 'theft'],
  }),
  commercialProduct({
    productSystemRef: 'APA-MC-EXEC',
    classCode: '08',
    underwriterId: 'apa',
    coverType: 'comprehensive-commercial',
    name: 'Executive Commercial',
    description: 'Comprehensive commercial cover with higher limits, a courtesy vehicle and road rescue.',
    overview:
      'For fleets and owner-drivers who cannot be off the road: own damage, liability, windscreen, towing and road rescue.',
    rating: {
      basis: 'rated',
      groups: {
        vehicle: [
          [0, percent(5.3)],
          [KES(5_000_000), percent(4.8)],
        ],
      },
      minimumPremium: KES(25_000),
      loadings: COMMERCIAL_USE_LOADINGS(1.3, 1.5),
      minimums: tonnageMinimums(25_000, 40_000, 60_000, 75_000),
      perUnit: [],
    },
    minimumValue: KES(500_000),
    maximumValue: KES(60_000_000),
    benefits: [
      ...commercialCore,
      included('windscreen', 'Windscreen Cover', 'Broken windscreens and windows.', 100_000),
      included('road-rescue', 'Road Rescue', '24/7 breakdown assistance across East Africa.'),
      goodsInTransit(6_000),
      commercialPvt,
    ],
    excesses: ['collision', 'theft', 'windscreen'],
  }),
  commercialProduct({
    productSystemRef: 'BRT-MC-COMP',
    classCode: '08',
    underwriterId: 'britam',
    coverType: 'comprehensive-commercial',
    name: 'Britam Commercial Comprehensive',
    description: 'Value comprehensive cover for commercial vehicles and matatus.',
    overview: 'Own damage, fire and theft and third-party liability at a keen rate for careful operators.',
    rating: {
      basis: 'rated',
      groups: { vehicle: [[0, percent(4)]] },
      minimumPremium: KES(20_000),
      loadings: COMMERCIAL_USE_LOADINGS(1.6, 1.8),
      minimums: tonnageMinimums(20_000, 30_000, 45_000, 70_000),
      perUnit: [],
    },
    minimumValue: KES(300_000),
    maximumValue: KES(25_000_000),
    benefits: [...commercialCore, commercialPvt],
  }),
  commercialProduct({
    productSystemRef: 'CIC-MC-TPO',
    classCode: '08',
    underwriterId: 'cic',
    coverType: 'third-party-commercial',
    name: 'Third Party Commercial',
    description: 'The cover the law requires for commercial vehicles, priced by tonnage and use.',
    overview: 'Third-party bodily injury and property damage for commercial vehicles.',
    rating: {
      basis: 'rated',
      groups: {},
      minimumPremium: KES(7_500),
      loadings: COMMERCIAL_USE_LOADINGS(1.3, 2),
      minimums: tonnageMinimums(7_500, 12_000, 18_000, 25_000),
      perUnit: [],
    },
    minimumValue: 0,
    maximumValue: null,
    benefits: [commercialCore[2]!, commercialCore[3]!],
  }),
  commercialProduct({
    productSystemRef: 'ICEA-MC-TPO',
    classCode: '08',
    underwriterId: 'icea-lion',
    coverType: 'third-party-commercial',
    name: 'ICEA LION Commercial Third Party',
    description: 'Third-party only cover for commercial vehicles with passenger liability for PSVs.',
    overview: 'Third-party bodily injury, property damage and passenger legal liability.',
    rating: {
      basis: 'rated',
      groups: {},
      minimumPremium: KES(8_000),
      loadings: COMMERCIAL_USE_LOADINGS(1.25, 2.2),
      minimums: tonnageMinimums(8_000, 12_500, 19_000, 27_000),
      perUnit: [],
    },
    minimumValue: 0,
    maximumValue: null,
    benefits: [
      commercialCore[2]!,
      commercialCore[3]!,
      included(
        'passenger',
        'Passenger Legal Liability',
        'Legal liability to fare-paying passengers, per person.',
        3_000_000,
      ),
    ],
  }),

  // ── Fire domestic: building and contents sums insured, construction and occupancy ──────────────
  ...(
    [
      ['JUB-FD-HOME', 'jubilee', 'Jubilee Home Fire', 0.12, 0.45, 3_000, 1.6],
      ['CIC-FD-DOM', 'cic', 'CIC Fire Domestic', 0.1, 0.5, 2_500, 1.75],
      ['BRT-FD-PROTECT', 'britam', 'Britam Home Protect', 0.15, 0.4, 3_500, 1.5],
      ['ICEA-FD-PACK', 'icea-lion', 'ICEA LION Domestic Package', 0.11, 0.55, 3_000, 1.8],
    ] as const
  ).map(
    ([productSystemRef, underwriterId, name, buildingRate, contentsRate, minimum, timber]): SeedProduct => ({
      productSystemRef,
      classCode: '03',
      underwriterId,
      coverType: 'fire-domestic',
      name,
      description: 'Your home and household contents against fire, lightning, explosion and allied perils.',
      overview:
        'Building and contents cover for a private home, priced on the sums insured, the construction and who lives there.',
      intermediary: 'Direct',
      rating: {
        basis: 'rated',
        groups: {
          building: [
            [0, percent(buildingRate)],
            [KES(20_000_000), percent(buildingRate * 0.85)],
          ],
          contents: [[0, percent(contentsRate)]],
        },
        minimumPremium: KES(minimum),
        loadings: [
          { factor: 'construction', option: 'stone-iron', multiplierPpm: times(1.1) },
          { factor: 'construction', option: 'timber', multiplierPpm: times(timber) },
          { factor: 'construction', option: 'semi-permanent', multiplierPpm: times(2.5) },
          { factor: 'occupancy', option: 'tenant-occupied', multiplierPpm: times(1.15) },
          { factor: 'occupancy', option: 'holiday-home', multiplierPpm: times(1.3) },
        ],
        minimums: [],
        perUnit: [],
      },
      minimumValue: KES(100_000),
      maximumValue: KES(150_000_000),
      supportedPeriods: ANNUAL,
      shortPeriodScale: [],
      benefits: [
        included('fire', 'Fire and Lightning', 'Damage by fire, lightning and explosion.'),
        included('perils', 'Storm, Flood and Burst Pipes', 'Damage by storm, flood and burst water pipes.'),
        included('rent', 'Alternative Accommodation', 'Rent while your home cannot be lived in.', 300_000),
        optionalRate('earthquake', 'Earthquake', 'Damage by earthquake and volcanic eruption.', 0.05, 1_000),
        optionalRate(
          'pvt',
          'Political Violence and Terrorism',
          'Damage from riots, strikes and terrorism.',
          0.05,
          1_500,
        ),
        optionalFixed(
          'liability',
          "Owner's Liability",
          'Your liability to visitors and neighbours, up to KES 1,000,000.',
          1_500,
        ),
      ],
      excesses: [],
    }),
  ),

  // ── Theft (burglary): contents and high-value items, premises and security ──────────────────────
  ...(
    [
      ['APA-TH-BURG', 'apa', 'APA Burglary Cover', 1.2, 2.5, 4_000],
      ['CIC-TH-THEFT', 'cic', 'CIC Theft Insurance', 1.0, 3.0, 3_500],
      ['ICEA-TH-BURG', 'icea-lion', 'ICEA LION Burglary', 1.4, 2.25, 5_000],
    ] as const
  ).map(
    ([productSystemRef, underwriterId, name, contentsRate, highValueRate, minimum]): SeedProduct => ({
      productSystemRef,
      classCode: '05',
      underwriterId,
      coverType: 'burglary',
      name,
      description: 'Theft of your contents and valuables after forcible and violent entry or exit.',
      overview:
        'Contents and high-value items against burglary and theft, with discounts for the security you have.',
      intermediary: 'Direct',
      rating: {
        basis: 'rated',
        groups: {
          contents: [[0, percent(contentsRate)]],
          highValue: [[0, percent(highValueRate)]],
        },
        minimumPremium: KES(minimum),
        loadings: [
          { factor: 'premisesType', option: 'apartment', multiplierPpm: times(0.9) },
          { factor: 'premisesType', option: 'shop', multiplierPpm: times(1.35) },
          { factor: 'premisesType', option: 'office', multiplierPpm: times(1.1) },
          { factor: 'alarm', option: 'yes', multiplierPpm: times(0.9) },
          { factor: 'guard', option: 'yes', multiplierPpm: times(0.9) },
          { factor: 'burglarBars', option: 'yes', multiplierPpm: times(0.95) },
          { factor: 'electricFence', option: 'yes', multiplierPpm: times(0.95) },
        ],
        minimums: [],
        perUnit: [],
      },
      minimumValue: KES(50_000),
      maximumValue: KES(50_000_000),
      supportedPeriods: ANNUAL,
      shortPeriodScale: [],
      benefits: [
        included('burglary', 'Burglary and Theft', 'Contents stolen after forcible entry or exit.'),
        included(
          'damage',
          'Damage to the Premises',
          'Repairing doors, windows and locks broken in a burglary.',
          100_000,
        ),
        optionalFixed(
          'locks',
          'Replacement of Locks and Keys',
          'New locks when your keys are stolen.',
          1_000,
        ),
        optionalRate(
          'all-risks',
          'All Risks on Valuables',
          'Your valuables anywhere in Kenya, not only at home.',
          0.5,
          2_000,
        ),
      ],
      excesses: [],
    }),
  ),

  // ── Aviation: hull value, aircraft type, use, pilot experience and seats ────────────────────────
  ...(
    [
      ['JUB-AV-HULL', 'jubilee', 'Jubilee Aviation Hull and Liability', 3.0, 20_000, 250_000],
      ['ICEA-AV-HULL', 'icea-lion', 'ICEA LION Aviation', 2.75, 25_000, 300_000],
      ['APA-AV-HULL', 'apa', 'APA Aircraft Insurance', 3.25, 15_000, 200_000],
    ] as const
  ).map(
    ([productSystemRef, underwriterId, name, hullRate, perSeat, minimum]): SeedProduct => ({
      productSystemRef,
      classCode: '04',
      underwriterId,
      coverType: 'aviation-hull-liability',
      name,
      description:
        'Hull all risks and legal liability for light aircraft and helicopters registered in Kenya.',
      overview:
        'Loss of or damage to the aircraft in flight and on the ground, third-party and passenger liability per seat.',
      intermediary: 'Direct',
      rating: {
        basis: 'rated',
        groups: {
          hull: [
            [0, percent(hullRate)],
            [KES(100_000_000), percent(hullRate * 0.8)],
          ],
        },
        minimumPremium: KES(minimum),
        loadings: [
          { factor: 'aircraftType', option: 'twin-piston', multiplierPpm: times(0.9) },
          { factor: 'aircraftType', option: 'turboprop', multiplierPpm: times(0.8) },
          { factor: 'aircraftType', option: 'helicopter', multiplierPpm: times(1.4) },
          { factor: 'aircraftType', option: 'light-jet', multiplierPpm: times(0.6) },
          { factor: 'use', option: 'charter', multiplierPpm: times(1.3) },
          { factor: 'use', option: 'training', multiplierPpm: times(1.5) },
          { factor: 'use', option: 'agricultural', multiplierPpm: times(1.8) },
          { factor: 'pilotExperience', option: 'under-250', multiplierPpm: times(1.5) },
          { factor: 'pilotExperience', option: '250-999', multiplierPpm: times(1.2) },
          { factor: 'pilotExperience', option: '3000-plus', multiplierPpm: times(0.9) },
        ],
        minimums: [],
        perUnit: [{ quantity: 'seats', amount: KES(perSeat) }],
      },
      minimumValue: KES(2_000_000),
      maximumValue: KES(2_000_000_000),
      supportedPeriods: ANNUAL,
      shortPeriodScale: [],
      benefits: [
        included(
          'hull',
          'Hull All Risks',
          'Loss of or damage to the aircraft in flight, taxiing and on the ground.',
        ),
        included(
          'tpl',
          'Third Party Legal Liability',
          'Injury and damage to people and property on the ground.',
          100_000_000,
        ),
        included('passenger', 'Passenger Liability', 'Liability to passengers, per seat.', 10_000_000),
        optionalRate('war', 'Hull War Risks', 'Hull loss from war, hijacking and confiscation.', 0.1, 20_000),
        optionalFixed(
          'search',
          'Search and Rescue Costs',
          'Search and rescue after a forced landing, up to KES 2,000,000.',
          12_000,
        ),
      ],
      excesses: [],
    }),
  ),
];
