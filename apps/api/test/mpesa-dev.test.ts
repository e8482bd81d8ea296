import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { call, loginUser, registerUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { giveKyc, nextVehicleIdentity } from './purchase-helpers';

describe('/dev/mpesa: the simulated phone', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // The simulated customer waits a minute, so only a person on the page answers.
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', MPESA_SIMULATOR_DELAY_MS: '60000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  const startPayment = async () => {
    const headers = { accesstoken: (await loginUser(ctx, await registerUser(ctx))).accessToken };
    await giveKyc(ctx, headers);
    // A car of its own each time: DMVIC refuses a second cover for one car over the same days.
    const { registrationNumber, chassisNumber } = nextVehicleIdentity();
    const quotation = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      {
        risks: [{ riskType: 'ASSET', value: null, riskRef: registrationNumber, details: {} }],
        productSystemRef: 'JUB-MP-TPO',
        coverPeriod: 365,
        coverDetails: { startDate: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10) },
        vehicleDetails: {
          make: 'Toyota',
          model: 'Probox',
          registrationNumber,
          chassisNumber,
        },
      },
      headers,
    );
    const { systemQuotationRef } = quotation.json().result.data;
    const invoice = (
      await call(ctx, 'underwriting', 'quotation', 'completeQuotation', { systemQuotationRef }, headers)
    ).json().result.data;
    const started = await call(
      ctx,
      'underwriting',
      'accounting',
      'invoicePaymentRequest',
      {
        invoiceSystemRef: invoice.invoiceSystemRef,
        invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: '254722000111' } },
      },
      headers,
    );
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentSystemRef, started.json().result.data.paymentRef));
    return row!;
  };

  const settled = async (paymentSystemRef: string) => {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const [row] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.paymentSystemRef, paymentSystemRef));
      if (row?.status !== 'pending') return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  };

  it('lists a waiting prompt, and accepting it pays', async () => {
    const payment = await startPayment();
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mpesa' });
    expect(page.body).toContain('Pay KES 7,574');
    expect(page.body).toContain(`/dev/mpesa/${encodeURIComponent(payment.checkoutRequestId!)}/accept`);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/dev/mpesa/${encodeURIComponent(payment.checkoutRequestId!)}/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(accept.statusCode).toBe(303);
    expect((await settled(payment.paymentSystemRef))?.status).toBe('success');
  });

  it('the page arrives whole when compressed (over 1 KB)', async () => {
    await startPayment();
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/dev/mpesa',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString('utf8');
    expect(html.length).toBeGreaterThan(1024);
    expect(html).toContain('<h1>M-Pesa simulator</h1>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('cancelling a prompt fails the payment as cancelled by the customer', async () => {
    const payment = await startPayment();
    await ctx.app.inject({
      method: 'POST',
      url: `/dev/mpesa/${encodeURIComponent(payment.checkoutRequestId!)}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await settled(payment.paymentSystemRef)).toMatchObject({ status: 'failed', resultCode: '1032' });
  });
});
