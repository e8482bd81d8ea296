import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './accounts-helpers';
import { buildTestApp } from './helpers';
import {
  completeQuotation,
  kenyaToday,
  MPESA_TEST_ENV,
  PAYS,
  pay,
  signedIn,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;

const lorry = {
  coverType: 'comprehensive-commercial',
  vehicleValue: 4_000_000,
  vehicleType: 'lorry',
  tonnageCapacity: 10,
  usageDetails: {
    primaryUse: 'general-cartage',
    goodsCarried: 'Building materials',
    routes: 'Nairobi–Mombasa',
  },
};
const home = {
  buildingValue: 5_000_000,
  contentsValue: 1_000_000,
  location: { county: 'Nairobi', town: 'Kileleshwa' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};
const shop = {
  premisesType: 'house',
  contentsValue: 500_000,
  highValueItems: [{ description: 'Laptop', value: 200_000 }],
  security: { alarm: true, guard: false, burglarBars: true, electricFence: false },
};
const cessna = {
  aircraftType: 'single-piston',
  registration: '5y-kbc',
  hullValue: 30_000_000,
  seats: 4,
  use: 'private',
  pilotHours: 1_500,
};
const kyc = {
  fullName: 'Wanjiru Kamau',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.co.ke',
  address: 'Plot 12, Mombasa Road, Nairobi',
};
const truck = {
  make: 'Isuzu',
  model: 'FVZ',
  registrationNumber: 'KCX 456T',
  chassisNumber: 'JALFVZ34SK7000123',
  engineNumber: '6HK1-123456',
  engineCapacity: 7790,
  bodyType: 'Flatbed',
  fuelType: 'Diesel',
  purpose: 'General cartage',
  modifications: 'no',
  yearOfManufacture: 2018,
};

/**
 * A basic premium in whole shillings with the levies on every non-life premium (Training Levy 0.2 %,
 * PHCF 0.25 %, each rounded half up to the shilling, stamp duty 40), as the wire answers it: in cents.
 */
const withLevies = (basic: number) =>
  (basic + Math.round(basic * 0.002) + Math.round(basic * 0.0025) + 40) * 100;

describe('insurance classes: every available product quotes and sells from its rows', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  const quotes = async (insuranceClass: string, risk: unknown, coverType = '') => {
    const response = await call(ctx, 'underwriting', 'product', 'fetchInsuranceClassReccomendations', {
      insuranceClass,
      coverType,
      risk,
    });
    return response;
  };
  const premiumOf = (list: Array<{ productSystemRef: string; premium: number }>, ref: string) =>
    list.find((product) => product.productSystemRef === ref)?.premium;

  it('prices a 10-tonne general-cartage lorry by value band, use and tonnage band', async () => {
    const response = await quotes('08', lorry);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().result.data;
    expect(list.map((product: { coverType: string }) => product.coverType)).toEqual(
      Array(list.length).fill('comprehensive-commercial'),
    );
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((product: { productName: string }) => product.productName)).toEqual(
      expect.arrayContaining(['Standard Commercial', 'Executive Commercial']),
    );
    // 4.5 % of 4,000,000 = 180,000, loaded × 1.4 for general cartage = 252,000 (above the 8–15 t minimum).
    expect(premiumOf(list, 'JUB-MC-STD')).toBe(withLevies(252_000));
    // Own goods pays the plain rate.
    const ownGoods = await quotes('08', {
      ...lorry,
      usageDetails: { ...lorry.usageDetails, primaryUse: 'own-goods' },
    });
    expect(premiumOf(ownGoods.json().result.data, 'JUB-MC-STD')).toBe(withLevies(180_000));
  });

  it('prices third-party commercial cover by tonnage band and use, without a value', async () => {
    const thirdParty = { ...lorry, coverType: 'third-party-commercial', vehicleValue: 0 };
    const list = (await quotes('08', thirdParty)).json().result.data;
    expect(list.map((product: { productName: string }) => product.productName)).toContain(
      'Third Party Commercial',
    );
    // The 8–15 t band's 18,000, loaded × 1.3 for general cartage.
    expect(premiumOf(list, 'CIC-MC-TPO')).toBe(withLevies(23_400));
    const light = (await quotes('08', { ...thirdParty, tonnageCapacity: 2 })).json().result.data;
    expect(premiumOf(light, 'CIC-MC-TPO')).toBe(withLevies(9_750));
  });

  it('prices fire domestic on building and contents, theft with security discounts, aviation per seat', async () => {
    const fire = (await quotes('03', home)).json().result.data;
    expect(fire.length).toBeGreaterThanOrEqual(3);
    // 0.12 % of 5,000,000 + 0.45 % of 1,000,000.
    expect(premiumOf(fire, 'JUB-FD-HOME')).toBe(withLevies(6_000 + 4_500));
    const timber = (await quotes('03', { ...home, construction: 'timber' })).json().result.data;
    expect(premiumOf(timber, 'JUB-FD-HOME')).toBe(withLevies(16_800));

    const theft = (await quotes('05', shop)).json().result.data;
    expect(theft.length).toBeGreaterThanOrEqual(3);
    // (1 % of 500,000 + 3 % of 200,000) × 0.9 (alarm) × 0.95 (bars).
    expect(premiumOf(theft, 'CIC-TH-THEFT')).toBe(withLevies(9_405));

    const aviation = (await quotes('04', cessna)).json().result.data;
    expect(aviation.length).toBeGreaterThanOrEqual(3);
    // 3 % of 30,000,000 + 4 seats × 20,000.
    expect(premiumOf(aviation, 'JUB-AV-HULL')).toBe(withLevies(980_000));
  });

  it("refuses a bad risk with its field's message, never a 500", async () => {
    const noValue = await quotes('08', { ...lorry, vehicleValue: 0 });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().errors).toContainEqual({
      field: 'risk.vehicleValue',
      message: 'Vehicle value must be greater than 0',
    });
    const otherCover = await quotes('08', { ...lorry, coverType: 'third-party-fire-theft' });
    expect(otherCover.json().errors).toContainEqual({
      field: 'risk.coverType',
      message: 'Invalid cover type',
    });
    const badRegistration = await quotes('04', { ...cessna, registration: 'N123AB' });
    expect(badRegistration.statusCode).toBe(400);
    expect(badRegistration.json().errors).toContainEqual({
      field: 'risk.registration',
      message: 'Enter a Kenyan aircraft registration (e.g., 5Y-ABC).',
    });
    const nothingInsured = await quotes('03', { ...home, buildingValue: 0, contentsValue: 0 });
    expect(nothingInsured.statusCode).toBe(400);
    const missing = await quotes('05', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { field: string }) => error.field)).toContain(
      'risk.premisesType',
    );
  });

  it('takes amounts and counts as people type them, and says a wrong form is not a number (issue 28)', async () => {
    const typed = await quotes('03', { ...home, buildingValue: '5,000,000', contentsValue: '1 000 000' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(premiumOf(typed.json().result.data, 'JUB-FD-HOME')).toBe(withLevies(6_000 + 4_500));
    const hours = await quotes('04', { ...cessna, hullValue: 'KES 30,000,000', pilotHours: '1,500' });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(premiumOf(hours.json().result.data, 'JUB-AV-HULL')).toBe(withLevies(980_000));
    const notANumber = await quotes('04', { ...cessna, pilotHours: 'abc' });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().errors).toEqual([
      { field: 'risk.pilotHours', message: "The pilot's flying hours must be a number, e.g. 1,500." },
    ]);
    const missing = await quotes('04', { ...cessna, pilotHours: undefined });
    expect(missing.json().errors).toEqual([
      { field: 'risk.pilotHours', message: "The pilot's flying hours are required." },
    ]);
    const otherConstruction = await quotes('03', { ...home, construction: 'brick' });
    expect(otherConstruction.json().errors).toEqual([
      {
        field: 'risk.construction',
        message: 'Choose one of: stone-tile, stone-iron, timber, semi-permanent.',
      },
    ]);
  });

  it('itemises a rated premium: each sum insured, the loadings and the levies', async () => {
    const response = await call(ctx, 'underwriting', 'product', 'productPremiumCalc', {
      productSystemRef: 'JUB-FD-HOME',
      risk: { value: 0, details: { ...home, occupancy: 'tenant-occupied' } },
      additionalBenefits: [{ benefitSystemRef: 'JUB-FD-HOME-EARTHQUAKE' }],
      coverDetails: { period: 365 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json().result.data;
    expect(quote.basicDetail.groups).toEqual([
      { group: 'building', sumInsured: 500_000_000, rate: 0.0012, premium: 600_000 },
      { group: 'contents', sumInsured: 100_000_000, rate: 0.0045, premium: 450_000 },
    ]);
    expect(quote.basicDetail.loadings).toEqual([
      { factor: 'occupancy', option: 'tenant-occupied', multiplier: 1.15 },
    ]);
    expect(quote.basicPremium).toBe(1_207_500);
    // Earthquake: 0.05 % of the 6,000,000 sum insured.
    expect(quote.benefits.find((line: { name: string }) => line.name === 'Earthquake').premium).toBe(300_000);
    expect(quote.total).toBe(withLevies(12_075 + 3_000));
  });

  it('sells a commercial lorry: the vehicle and KYC checked, priced again, paid by M-Pesa, a policy of its class', async () => {
    const headers = await signedIn(ctx);
    // Valued so that one M-Pesa prompt (at most KES 250,000) pays it.
    const risk = { ...lorry, vehicleValue: 2_500_000 };
    const payload = (overrides: Record<string, unknown> = {}) => ({
      risks: [{ riskType: 'ASSET', value: 250_000_000, riskRef: 'KCX 456T', details: risk }],
      productSystemRef: 'JUB-MC-STD',
      clientDetails: { kyc },
      coverPeriod: 365,
      coverDetails: { startDate: kenyaToday() },
      vehicleDetails: truck,
      ...overrides,
    });
    const noVehicle = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      payload({ vehicleDetails: {} }),
      headers,
    );
    expect(noVehicle.statusCode).toBe(400);
    expect(noVehicle.json().errors).toContainEqual({
      field: 'vehicleDetails.purpose',
      message: 'Purpose is required.',
    });
    const noKyc = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      payload({ clientDetails: {} }),
      headers,
    );
    expect(noKyc.statusCode).toBe(400);
    expect(noKyc.json().errors).toContainEqual({
      field: 'clientDetails.kyc.fullName',
      message: 'Full name is required.',
    });
    const wrongCover = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      payload({ productSystemRef: 'CIC-MC-TPO' }),
      headers,
    );
    expect(wrongCover.statusCode).toBe(400);

    const created = await call(ctx, 'client', 'quotation', 'createQuotation', payload(), headers);
    expect(created.statusCode, created.body).toBe(200);
    const quotation = created.json().result.data;
    expect(quotation).toMatchObject({
      classCode: '08',
      premium: withLevies(157_500),
      sumInsured: 250_000_000,
    });
    expect(quotation.vehicle.registrationNumber).toBe('KCX456T');
    expect(quotation.riskReference).toEqual({ label: 'Registration', value: 'KCX456T' });
    const policy = await buyAndIssue(headers, quotation.systemQuotationRef);
    expect(policy).toMatchObject({
      classCode: '08',
      className: 'Motor Commercial',
      coverType: 'comprehensive-commercial',
    });
    expect(policy.riskLines).toContainEqual(['Tonnage capacity', '10 tonnes']);
    expect(policy.insured.kyc.fullName).toBe('Wanjiru Kamau');
  });

  it('sells a fire domestic policy with no vehicle, its schedule printing the risk', async () => {
    const headers = await signedIn(ctx);
    const created = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      {
        risks: [{ riskType: 'ASSET', value: null, riskRef: 'Kileleshwa, Nairobi', details: home }],
        productSystemRef: 'CIC-FD-DOM',
        clientDetails: { kyc },
        coverPeriod: 365,
        coverDetails: { startDate: kenyaToday() },
      },
      headers,
    );
    expect(created.statusCode, created.body).toBe(200);
    const quotation = created.json().result.data;
    expect(quotation).toMatchObject({ classCode: '03', coverType: 'fire-domestic', sumInsured: 600_000_000 });
    const policy = await buyAndIssue(headers, quotation.systemQuotationRef);
    expect(policy.riskLines).toContainEqual(['Location', 'Kileleshwa, Nairobi County']);
    expect(policy.riskReference).toEqual({ label: 'Location', value: 'Kileleshwa, Nairobi' });
    const schedule = await ctx.app.inject({ method: 'GET', url: policy.documents.schedule });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  async function buyAndIssue(headers: Headers, systemQuotationRef: string) {
    const completed = await completeQuotation(ctx, headers, systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const started = await pay(ctx, headers, completed.json().result.data.invoiceSystemRef, PAYS);
    expect(started.statusCode, started.body).toBe(200);
    await waitSucceeded(ctx, started.json().result.data.paymentRef, 15_000);
    const listed = await waitUntil(
      async () => (await call(ctx, 'client', 'policy', 'listPolicies', {}, headers)).json().result.data,
      (list: Array<{ policyNumber: string }>) => list.length > 0,
      15_000,
    );
    const policy = await call(
      ctx,
      'client',
      'policy',
      'getPolicy',
      { policyNumber: listed[0]!.policyNumber },
      headers,
    );
    expect(policy.statusCode, policy.body).toBe(200);
    return policy.json().result.data;
  }
});
