import { PRICING_MESSAGES } from '@bima/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, registerUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { giveKyc, invoiceFor } from './purchase-helpers';
import { SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;

const DAY = 86_400_000;
const plusDays = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe('a lender’s own pricing tables', () => {
  let ctx: Ctx;
  let lender: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    lender = (await signInAs(ctx, SAMPLE.lender)).headers;
  }, 120_000);
  afterAll(async () => {
    ctx.app.services.clock.reset();
    await ctx.app.close();
  });

  const publish = (data: unknown, headers = lender) =>
    send(ctx, 'lender/pricing/publishTable', data, headers);
  const fieldErrors = (body: { errors?: Array<{ field: string; message: string }> }) =>
    Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.message]));

  it('lists the sample lender’s tables with their bands, the one in force marked', async () => {
    const listed = await send(ctx, 'lender/pricing/listTables', { page: 1, pageSize: 10 }, lender);
    expect(listed.status).toBe(200);
    const ipf = listed.body.result.data.items.find(
      (table: { product: string; state: string }) => table.product === 'ipf' && table.state === 'IN_FORCE',
    );
    expect(ipf).toBeDefined();
    expect(ipf.bands.length).toBeGreaterThan(0);
    for (const band of ipf.bands) {
      expect([4, 5, 6, 7, 8, 9, 10]).toContain(band.months);
      expect((band.facilityFee === null) !== (band.monthlyRatePercent === null)).toBe(true);
    }
    expect(listed.body.result.data).toMatchObject({ page: 1, pageSize: 10 });
    // Another role cannot read them.
    const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    expect((await send(ctx, 'lender/pricing/listTables', { page: 1, pageSize: 10 }, admin)).status).toBe(403);
  });

  it('refuses a table that starts today, a term the product does not offer, overlapping bands and a band with two prices', async () => {
    const today = ctx.app.services.clock.today();
    const now = await publish({
      product: 'ipf',
      name: 'Today',
      effectiveFrom: today,
      bands: [{ minPrincipal: 25_000, months: 6, facilityFee: 1_000 }],
    });
    expect(now.status).toBe(400);
    expect(fieldErrors(now.body)).toEqual({ effectiveFrom: PRICING_MESSAGES.effectiveFromFuture });

    const bad = await publish({
      product: 'ipf',
      name: 'Bad bands',
      effectiveFrom: plusDays(today, 3),
      bands: [
        { minPrincipal: 25_000, maxPrincipal: 99_999, months: 3, facilityFee: 1_000 },
        {
          minPrincipal: 25_000,
          maxPrincipal: 20_000,
          months: 5,
          facilityFee: 1_000,
          monthlyRatePercent: '1.5',
        },
        { minPrincipal: 10_000, maxPrincipal: 30_000, months: 6, monthlyRatePercent: '1.5' },
        { minPrincipal: 30_000, months: 6, monthlyRatePercent: '1.5' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.body)).toEqual({
      'bands.0.months': PRICING_MESSAGES.monthsFor([4, 5, 6, 7, 8, 9, 10]),
      'bands.1.maxPrincipal': PRICING_MESSAGES.maxBelowMin,
      'bands.1.facilityFee': PRICING_MESSAGES.priceRequired,
      'bands.3.minPrincipal': PRICING_MESSAGES.overlap,
    });
    const school = await publish({
      product: 'school_fees',
      name: 'School, four months',
      effectiveFrom: plusDays(today, 3),
      bands: [{ minPrincipal: 5_000, months: 4, facilityFee: 500 }],
    });
    expect(fieldErrors(school.body)).toEqual({ 'bands.0.months': PRICING_MESSAGES.monthsFor([2, 3]) });
  });

  it('publishes a cheaper table for tomorrow: offers use it from that day, once per product and day', async () => {
    const today = ctx.app.services.clock.today();
    const tomorrow = plusDays(today, 1);
    const published = await publish({
      product: 'ipf',
      name: 'Mavuno IPF, flat fees',
      effectiveFrom: tomorrow,
      bands: [4, 5, 6, 7, 8, 9, 10].map((months) => ({ minPrincipal: 1, months, facilityFee: 500 })),
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.result.data).toMatchObject({
      product: 'ipf',
      state: 'SCHEDULED',
      effectiveFrom: tomorrow,
    });
    const again = await publish({
      product: 'ipf',
      name: 'Same day',
      effectiveFrom: tomorrow,
      bands: [{ minPrincipal: 1, months: 6, facilityFee: 400 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.err_code).toBe('PRICING_DATE_TAKEN');

    const email = await registerUser(ctx);
    const client = { accesstoken: (await loginUser(ctx, email)).accessToken };
    await giveKyc(ctx, client);
    const invoice = await invoiceFor(ctx, client);
    const offer = async () =>
      (await send(ctx, 'client/ipf/getOffer', { invoiceSystemRef: invoice.invoiceSystemRef }, client)).body
        .result.data;
    // Today the table in force prices it; tomorrow the new one does.
    expect((await offer()).options.every((option: { fee: number }) => option.fee === 500_00)).toBe(false);
    ctx.app.services.clock.advance(DAY);
    try {
      expect((await offer()).options.map((option: { fee: number }) => option.fee)).toEqual([
        500_00, 500_00, 500_00, 500_00, 500_00, 500_00, 500_00,
      ]);
      const listed = await send(
        ctx,
        'lender/pricing/listTables',
        { page: 1, pageSize: 10, product: 'ipf' },
        lender,
      );
      expect(listed.body.result.data.items[0]).toMatchObject({
        name: 'Mavuno IPF, flat fees',
        state: 'IN_FORCE',
      });
      expect(listed.body.result.data.items[1].state).toBe('PAST');
    } finally {
      ctx.app.services.clock.reset();
    }
  });
});
