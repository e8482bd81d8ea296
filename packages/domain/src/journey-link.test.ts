import { describe, expect, it } from 'vitest';
import {
  type CommercialQuoteLink,
  classQuoteLinkSchemas,
  commercialQuoteLinkSchema,
  journeyLineOfClass,
  type MotorQuoteLink,
  motorPrefillPath,
  readMotorPrefill,
  saveJourneyDraftSchema,
} from './journey-link';

const full: MotorQuoteLink = {
  v: 1,
  step: 'quotation',
  cls: '07',
  cover: 'comprehensive',
  value: 1_500_000,
  product: 'PRD-JUB-001',
  period: 365,
  start: '2026-12-01',
  benefits: [{ ref: 'BEN-PVT', limit: 50_000 }, { ref: 'BEN-EXC' }],
  limits: { 'BEN-TPPD': 3_000_000 },
  excesses: { 'EXC-1': 15_000 },
  compare: ['PRD-JUB-001', 'PRD-APA-002'],
};

describe('readMotorPrefill (the pinned /motor/basic-details?coverType=&value= contract)', () => {
  const read = (query: string) =>
    readMotorPrefill({
      get: (name) =>
        new Map(query.split('&').map((pair) => pair.split('=') as [string, string])).get(name) ?? null,
    });

  it('reads cover type, value, period in months and start date', () => {
    expect(read('coverType=comprehensive&value=1500000&period=12&start=2026-12-01')).toEqual({
      coverType: 'comprehensive',
      value: 1_500_000,
      periodDays: 365,
      start: '2026-12-01',
      problems: [],
    });
    expect(read('coverType=third-party-fire-theft&value=800000&period=6')?.periodDays).toBe(180);
  });

  it('ignores the value for third-party cover', () => {
    expect(read('coverType=third-party&value=900000')).toMatchObject({ value: null, problems: [] });
  });

  it('is no prefill without a known cover type', () => {
    expect(read('value=1500000')).toBeNull();
    expect(read('coverType=everything&value=1500000')).toBeNull();
  });

  it.each([
    ['value=abc', 'value'],
    ['value=1500000.5', 'value'],
    ['value=-5', 'value'],
    ['value=49999', 'value'],
    ['period=7', 'period'],
    ['period=twelve', 'period'],
    ['start=2027-02-30', 'start'],
    ['start=tomorrow', 'start'],
  ])('names a bad %s as a problem and drops only it', (query, problem) => {
    const prefill = read(`coverType=comprehensive&${query}`);
    expect(prefill?.coverType).toBe('comprehensive');
    expect(prefill?.problems).toEqual([problem]);
  });
});

describe('saveJourneyDraftSchema', () => {
  it('accepts a journey and refuses a wrong one, an unknown line and an oversized one', () => {
    expect(saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: full }).success).toBe(
      true,
    );
    expect(
      saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: { ...full, value: 'x' } })
        .success,
    ).toBe(false);
    expect(saveJourneyDraftSchema.safeParse({ productLine: 'boats', state: full }).success).toBe(false);
    const huge = { ...full, product: 'x'.repeat(9000) };
    const result = saveJourneyDraftSchema.safeParse({ productLine: 'motor-private', state: huge });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The saved journey is too large.');
  });
});

const lorry: CommercialQuoteLink = {
  v: 1,
  step: 'quote',
  cover: 'comprehensive-commercial',
  valuation: {
    vehicleValue: 4_000_000,
    vehicleType: 'lorry',
    tonnageCapacity: 10,
    usageDetails: {
      primaryUse: 'general-cartage',
      goodsCarried: 'Building materials',
      routes: 'Nairobi–Mombasa',
    },
  },
};
const home = {
  v: 1,
  step: 'benefits',
  risk: {
    buildingValue: 5_000_000,
    contentsValue: 1_000_000,
    location: { county: 'Nairobi', town: 'Kileleshwa' },
    construction: 'stone-tile',
    occupancy: 'owner-occupied',
  },
  product: 'CIC-FD-DOM',
  optional: ['CIC-FD-DOM-RIOT'],
} as const;
const shop = {
  v: 1,
  step: 'quotes',
  risk: {
    premisesType: 'shop',
    contentsValue: 500_000,
    highValueItems: [{ description: 'Laptop', value: 200_000 }],
    security: { alarm: true, guard: false, burglarBars: true, electricFence: false },
  },
} as const;
const cessna = {
  v: 1,
  step: 'quotes',
  risk: {
    aircraftType: 'single-piston',
    registration: '5Y-KBC',
    hullValue: 30_000_000,
    seats: 4,
    use: 'private',
    pilotHours: 1_500,
  },
} as const;

/** What a link carries goes through JSON (the address) and back unchanged. */
const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('commercialQuoteLinkSchema (motor commercial links and drafts)', () => {
  it('reads back what it wrote, at each step', () => {
    expect(commercialQuoteLinkSchema.parse(roundTrip(lorry))).toEqual(lorry);
    const chosen = { ...lorry, step: 'vehicle', product: 'APA-MC-LORRY' };
    expect(commercialQuoteLinkSchema.parse(roundTrip(chosen))).toEqual(chosen);
    const first = { v: 1, step: 'valuation', cover: 'third-party-commercial' };
    expect(commercialQuoteLinkSchema.parse(roundTrip(first))).toEqual(first);
    const thirdParty = {
      ...lorry,
      cover: 'third-party-commercial',
      valuation: { ...lorry.valuation!, vehicleValue: 0 },
    };
    expect(commercialQuoteLinkSchema.safeParse(thirdParty).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['another version', { ...lorry, v: 2 }],
    ['an unknown step', { ...lorry, step: 'payment' }],
    ['an unknown cover type', { ...lorry, cover: 'boat' }],
    [
      'comprehensive cover without a value',
      { ...lorry, valuation: { ...lorry.valuation!, vehicleValue: 0 } },
    ],
    ['a fractional value', { ...lorry, valuation: { ...lorry.valuation!, vehicleValue: 4_000_000.5 } }],
    ['a negative value', { ...lorry, valuation: { ...lorry.valuation!, vehicleValue: -1 } }],
    ['a tonnage out of range', { ...lorry, valuation: { ...lorry.valuation!, tonnageCapacity: 500 } }],
    [
      'an unknown use',
      {
        ...lorry,
        valuation: {
          ...lorry.valuation!,
          usageDetails: { ...lorry.valuation!.usageDetails, primaryUse: 'racing' },
        },
      },
    ],
    [
      'no goods carried',
      {
        ...lorry,
        valuation: {
          ...lorry.valuation!,
          usageDetails: { ...lorry.valuation!.usageDetails, goodsCarried: ' ' },
        },
      },
    ],
    ['the quotes without a valuation', { v: 1, step: 'quote', cover: 'comprehensive-commercial' }],
    ['the vehicle step without a plan', { ...lorry, step: 'vehicle' }],
    ['a premium slipped in', { ...lorry, premium: 1 }],
    ['the vehicle slipped in', { ...lorry, vehicle: { registration: 'KDA 123B' } }],
  ])('refuses %s', (_name, tampered) => {
    expect(commercialQuoteLinkSchema.safeParse(roundTrip(tampered)).success).toBe(false);
  });
});

describe('classQuoteLinkSchemas (fire domestic, theft, aviation links and drafts)', () => {
  it('reads back what it wrote for each class', () => {
    expect(classQuoteLinkSchemas['fire-domestic'].parse(roundTrip(home))).toEqual(home);
    expect(classQuoteLinkSchemas.theft.parse(roundTrip(shop))).toEqual(shop);
    expect(classQuoteLinkSchemas.aviation.parse(roundTrip(cessna))).toEqual(cessna);
    const fresh = { v: 1, step: 'risk' };
    expect(classQuoteLinkSchemas.theft.parse(fresh)).toEqual(fresh);
  });

  it("checks the risk with its own class's rules: another class's risk is refused", () => {
    expect(classQuoteLinkSchemas.theft.safeParse(roundTrip(home)).success).toBe(false);
    expect(classQuoteLinkSchemas['fire-domestic'].safeParse(roundTrip(cessna)).success).toBe(false);
    expect(classQuoteLinkSchemas.aviation.safeParse(roundTrip(shop)).success).toBe(false);
  });

  it.each<[string, unknown]>([
    ['another version', { ...home, v: 0 }],
    ['a later step (the client’s details)', { ...home, step: 'details' }],
    ['no sum insured', { ...home, risk: { ...home.risk, buildingValue: 0, contentsValue: 0 } }],
    ['an unknown construction', { ...home, risk: { ...home.risk, construction: 'glass' } }],
    ['a fractional value', { ...home, risk: { ...home.risk, buildingValue: 1.5 } }],
    ['the quotes without a risk', { v: 1, step: 'quotes' }],
    ['the benefits without a product', { ...home, product: undefined }],
    ['a benefit that is not a reference', { ...home, optional: [42] }],
    ['a premium slipped in', { ...home, premium: 10 }],
  ])('refuses %s', (_name, tampered) => {
    expect(classQuoteLinkSchemas['fire-domestic'].safeParse(roundTrip(tampered)).success).toBe(false);
  });

  it('refuses a bad registration and eleven high-value items', () => {
    expect(
      classQuoteLinkSchemas.aviation.safeParse({ ...cessna, risk: { ...cessna.risk, registration: 'KBC' } })
        .success,
    ).toBe(false);
    const items = Array.from({ length: 11 }, () => ({ description: 'TV', value: 1_000 }));
    expect(
      classQuoteLinkSchemas.theft.safeParse({ ...shop, risk: { ...shop.risk, highValueItems: items } })
        .success,
    ).toBe(false);
  });
});

describe('saveJourneyDraftSchema: a union on the product line', () => {
  it('checks each line’s state with its own schema', () => {
    const ok = (productLine: string, state: unknown) =>
      saveJourneyDraftSchema.safeParse({ productLine, state: roundTrip(state) }).success;
    expect(ok('motor-commercial', lorry)).toBe(true);
    expect(ok('fire-domestic', home)).toBe(true);
    expect(ok('theft', shop)).toBe(true);
    expect(ok('aviation', cessna)).toBe(true);
    expect(ok('motor-commercial', full)).toBe(false);
    expect(ok('motor-private', lorry)).toBe(false);
    expect(ok('theft', home)).toBe(false);
    expect(ok('aviation', shop)).toBe(false);
  });

  it('names the problem: a wrong state or an unknown line', () => {
    const wrong = saveJourneyDraftSchema.safeParse({ productLine: 'fire-domestic', state: lorry });
    expect(wrong.error?.issues[0]?.message).toBe('The saved journey is not valid.');
    const unknown = saveJourneyDraftSchema.safeParse({ productLine: 'boats', state: home });
    expect(unknown.error?.issues[0]?.message).toBe('Choose a product line.');
  });

  it('maps an issued policy’s class to the line whose draft it ends', () => {
    expect(journeyLineOfClass('07')).toBe('motor-private');
    expect(journeyLineOfClass('08')).toBe('motor-commercial');
    expect(journeyLineOfClass('03')).toBe('fire-domestic');
    expect(journeyLineOfClass('05')).toBe('theft');
    expect(journeyLineOfClass('04')).toBe('aviation');
    expect(journeyLineOfClass('MD')).toBeNull();
    expect(journeyLineOfClass('99')).toBeNull();
  });
});

describe('motorPrefillPath (the prefill address a quote link opens)', () => {
  const readBack = (path: string) => {
    const [pathname, query] = path.split('?') as [string, string];
    const params = new Map(
      query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
    );
    return { pathname, prefill: readMotorPrefill({ get: (name) => params.get(name) ?? null }) };
  };

  it('is read back by readMotorPrefill as the same cover type and value, on the wizard’s first screen', () => {
    expect(readBack(motorPrefillPath({ coverType: 'comprehensive', value: 1_500_000 }))).toEqual({
      pathname: '/motor/basic-details',
      prefill: { coverType: 'comprehensive', value: 1_500_000, periodDays: null, start: null, problems: [] },
    });
    expect(
      readBack(motorPrefillPath({ coverType: 'third-party-fire-theft', value: 800_000 })).prefill,
    ).toMatchObject({ coverType: 'third-party-fire-theft', value: 800_000, problems: [] });
  });

  it('carries no value for third-party cover (the journey ignores one)', () => {
    const path = motorPrefillPath({ coverType: 'third-party', value: 900_000 });
    expect(path).toBe('/motor/basic-details?coverType=third-party');
    expect(readBack(path).prefill).toMatchObject({ coverType: 'third-party', value: null, problems: [] });
  });
});
