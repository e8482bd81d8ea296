import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyDrafts } from '../src/db/schema';
import { buildListeningTestApp, type TestContext } from './helpers';
import { invoiceFor, kenyaToday, MPESA_TEST_ENV, newSignedInClient, payForPolicy } from './purchase-helpers';
import { type Headers, SAMPLE, send, signInAs } from './staff-helpers';

const journey = {
  v: 1,
  step: 'quotation',
  cls: '07',
  cover: 'comprehensive',
  value: 1_500_000,
  product: 'APA-MP-PLUS',
  period: 365,
  start: '2026-12-01',
  benefits: [{ ref: 'APA-MP-PLUS-PVT' }],
};

const lorry = {
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
  buildingValue: 5_000_000,
  contentsValue: 1_000_000,
  location: { county: 'Nairobi', town: 'Kileleshwa' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};
const homeJourney = { v: 1, step: 'benefits', risk: home, product: 'CIC-FD-DOM' };
const shopJourney = {
  v: 1,
  step: 'quotes',
  risk: {
    premisesType: 'shop',
    contentsValue: 500_000,
    highValueItems: [],
    security: { alarm: true, guard: false, burglarBars: false, electricFence: false },
  },
};
const kyc = {
  fullName: 'Wanjiru Kamau',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.co.ke',
  address: 'Plot 12, Mombasa Road, Nairobi',
};

describe('journey drafts: a signed-in client’s quote kept on the server (issue 14)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildListeningTestApp(MPESA_TEST_ENV);
  }, 120_000);
  afterAll(() => ctx.app.close());

  const act = (action: string, data: unknown, headers: Headers = {}) =>
    send(ctx, `client/journeyDraft/${action}`, data, headers);
  const save = (headers: Headers, state: unknown = journey) =>
    act('saveDraft', { productLine: 'motor-private', state }, headers);
  const read = async (headers: Headers) => {
    const answer = await act('getDraft', { productLine: 'motor-private' }, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.draft;
  };

  it('saves, replaces with the latest and reads back the owner’s draft', async () => {
    const { headers } = await newSignedInClient(ctx);
    expect(await read(headers)).toBeNull();
    expect((await save(headers)).status).toBe(200);
    expect((await read(headers)).state).toEqual(journey);
    const later = { ...journey, step: 'benefits', value: 2_000_000 };
    expect((await save(headers, later)).status).toBe(200);
    const draft = await read(headers);
    expect(draft.state).toEqual(later);
    expect(draft.productLine).toBe('motor-private');
    expect(Date.parse(draft.updatedAt)).not.toBeNaN();
  });

  it('is the owner’s only: another client never sees or removes it; anonymous and staff are refused', async () => {
    const owner = await newSignedInClient(ctx);
    const other = await newSignedInClient(ctx);
    await save(owner.headers);
    expect(await read(other.headers)).toBeNull();
    const removed = await act('deleteDraft', { productLine: 'motor-private' }, other.headers);
    expect(removed.body.result.data.deleted).toBe(false);
    expect((await read(owner.headers)).state).toEqual(journey);

    // The gateway answers 403 to a call without a session (spec-1 §7: the client signs out on it).
    expect((await act('getDraft', { productLine: 'motor-private' })).status).toBe(403);
    expect((await save({})).status).toBe(403);
    const staff = await signInAs(ctx, SAMPLE.admin);
    expect((await act('getDraft', { productLine: 'motor-private' }, staff.headers)).status).toBe(403);
  });

  it.each([
    ['an unknown product line', { productLine: 'boats', state: journey }],
    ['no state', { productLine: 'motor-private' }],
    ['a state of another shape', { productLine: 'motor-private', state: { hello: 'world' } }],
    ['a value below the minimum', { productLine: 'motor-private', state: { ...journey, value: 10 } }],
    ['a fractional amount', { productLine: 'motor-private', state: { ...journey, value: 1_500_000.5 } }],
    ['an unknown cover type', { productLine: 'motor-private', state: { ...journey, cover: 'boat' } }],
    ['a field it does not know', { productLine: 'motor-private', state: { ...journey, premium: 1 } }],
  ])('refuses %s with 400 and a message', async (_name, data) => {
    const { headers } = await newSignedInClient(ctx);
    const answer = await act('saveDraft', data, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.err_msg).toBeTruthy();
    expect(await read(headers)).toBeNull();
  });

  it('refuses a state larger than 8 KB', async () => {
    const { headers } = await newSignedInClient(ctx);
    const huge = { ...journey, compare: Array.from({ length: 10 }, (_, i) => `${i}${'x'.repeat(95)}`) };
    const benefits = Array.from({ length: 50 }, (_, i) => ({ ref: `${i}${'y'.repeat(95)}`, limit: 1 }));
    const limits = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`${i}${'z'.repeat(95)}`, 1]));
    const answer = await save(headers, { ...huge, benefits, limits });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('The saved journey is too large.');
  });

  it('reads a stored state the schema no longer accepts as none, and removes it', async () => {
    const { headers, userId } = await newSignedInClient(ctx);
    await ctx.database.db
      .insert(journeyDrafts)
      .values({ userId, productLine: 'motor-private', state: { v: 0, anything: true } });
    expect(await read(headers)).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(journeyDrafts)
      .where(and(eq(journeyDrafts.userId, userId), eq(journeyDrafts.productLine, 'motor-private')));
    expect(rows).toHaveLength(0);
  });

  it('is cleared when the client’s motor private policy is issued', async () => {
    const { headers } = await newSignedInClient(ctx);
    await save(headers);
    const invoice = await invoiceFor(ctx, headers);
    await payForPolicy(ctx, headers, invoice.invoiceSystemRef);
    expect(await read(headers)).toBeNull();
  }, 30_000);

  describe('the other product lines: a union on the line, each state checked by its own schema', () => {
    const readLine = async (headers: Headers, productLine: string) => {
      const answer = await act('getDraft', { productLine }, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result.data.draft;
    };

    it('keeps one draft per line, side by side, each read back as saved', async () => {
      const { headers } = await newSignedInClient(ctx);
      for (const [productLine, state] of [
        ['motor-private', journey],
        ['motor-commercial', lorry],
        ['fire-domestic', homeJourney],
        ['theft', shopJourney],
      ] as const) {
        const saved = await act('saveDraft', { productLine, state }, headers);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      expect((await readLine(headers, 'motor-commercial')).state).toEqual(lorry);
      expect((await readLine(headers, 'fire-domestic')).state).toEqual(homeJourney);
      expect((await readLine(headers, 'theft')).state).toEqual(shopJourney);
      expect((await readLine(headers, 'motor-private')).state).toEqual(journey);
      expect(await readLine(headers, 'aviation')).toBeNull();
      const removed = await act('deleteDraft', { productLine: 'theft' }, headers);
      expect(removed.body.result.data.deleted).toBe(true);
      expect(await readLine(headers, 'theft')).toBeNull();
      expect((await readLine(headers, 'fire-domestic')).state).toEqual(homeJourney);
    });

    it.each([
      ['a motor private journey as motor commercial', 'motor-commercial', journey],
      ['a commercial journey as motor private', 'motor-private', lorry],
      ['a fire risk as theft', 'theft', homeJourney],
      ['a theft risk as aviation', 'aviation', shopJourney],
      [
        'a commercial journey without a value',
        'motor-commercial',
        { ...lorry, valuation: { ...lorry.valuation, vehicleValue: 0 } },
      ],
      [
        'a fire risk with nothing insured',
        'fire-domestic',
        { ...homeJourney, risk: { ...home, buildingValue: 0, contentsValue: 0 } },
      ],
      [
        'a class journey past the quotes (the client’s details)',
        'fire-domestic',
        { ...homeJourney, step: 'details' },
      ],
    ])('refuses %s with 400 and a clear message', async (_name, productLine, state) => {
      const { headers } = await newSignedInClient(ctx);
      const answer = await act('saveDraft', { productLine, state }, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('The saved journey is not valid.');
      expect(await readLine(headers, productLine)).toBeNull();
    });

    it('never shows another client’s draft of a line, nor lets them remove it', async () => {
      const owner = await newSignedInClient(ctx);
      const other = await newSignedInClient(ctx);
      await act('saveDraft', { productLine: 'motor-commercial', state: lorry }, owner.headers);
      expect(await readLine(other.headers, 'motor-commercial')).toBeNull();
      const removed = await act('deleteDraft', { productLine: 'motor-commercial' }, other.headers);
      expect(removed.body.result.data.deleted).toBe(false);
      expect((await readLine(owner.headers, 'motor-commercial')).state).toEqual(lorry);
    });

    it('reads a stored state of another line as none', async () => {
      const { headers, userId } = await newSignedInClient(ctx);
      await ctx.database.db
        .insert(journeyDrafts)
        .values({ userId, productLine: 'theft', state: homeJourney });
      expect(await readLine(headers, 'theft')).toBeNull();
    });

    it('clears the fire domestic draft, and only it, when a fire domestic policy is issued', async () => {
      const { headers } = await newSignedInClient(ctx);
      await act('saveDraft', { productLine: 'fire-domestic', state: homeJourney }, headers);
      await act('saveDraft', { productLine: 'motor-commercial', state: lorry }, headers);
      const created = await send(
        ctx,
        'client/quotation/createQuotation',
        {
          risks: [{ riskType: 'ASSET', value: null, riskRef: 'Kileleshwa, Nairobi', details: home }],
          productSystemRef: 'CIC-FD-DOM',
          clientDetails: { kyc },
          coverPeriod: 365,
          coverDetails: { startDate: kenyaToday() },
        },
        headers,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const { systemQuotationRef } = created.body.result.data;
      const completed = await send(
        ctx,
        'underwriting/quotation/completeQuotation',
        { systemQuotationRef },
        headers,
      );
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      await payForPolicy(ctx, headers, completed.body.result.data.invoiceSystemRef);
      expect(await readLine(headers, 'fire-domestic')).toBeNull();
      expect((await readLine(headers, 'motor-commercial')).state).toEqual(lorry);
    }, 30_000);
  });
});
