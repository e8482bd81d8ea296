import { COVER_DATE_MESSAGES } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotations } from '../src/db/schema';
import { call } from './accounts-helpers';
import { buildTestApp } from './helpers';
import {
  completeQuotation,
  createQuotation,
  kenyaToday,
  pay,
  plusDays,
  quotationPayload,
  signedIn,
  waitUntil,
} from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('cover dates: cash and carry, real dates, quotation validity', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: '100', MPESA_SIMULATOR_DELAY_MS: '40', RECONCILE_INTERVAL_MS: '200' },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  it.each([
    ['2027-02-30', COVER_DATE_MESSAGES.notADate],
    [plusDays(kenyaToday(), -1), COVER_DATE_MESSAGES.startDatePast],
    [plusDays(kenyaToday(), 91), COVER_DATE_MESSAGES.startDateTooFar],
  ])('refuses the start date %s with "%s"', async (startDate, message) => {
    const headers = await signedIn(ctx);
    const response = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      quotationPayload({ coverDetails: { startDate } }),
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'coverDetails.startDate', message });
  });

  it('takes a start date 90 days ahead', async () => {
    const headers = await signedIn(ctx);
    const startDate = plusDays(kenyaToday(), 90);
    const quotation = await createQuotation(ctx, headers, { coverDetails: { startDate } });
    expect(quotation.startDate).toBe(startDate);
  });

  it('starts the cover on the payment date when the quoted start date has passed, and the end moves with it', async () => {
    const headers = await signedIn(ctx);
    const { systemQuotationRef } = await createQuotation(ctx, headers);
    // The quotation was made three days ago for a cover starting then; it is paid only today.
    const quotedStart = plusDays(kenyaToday(), -3);
    await ctx.database.db
      .update(quotations)
      .set({
        startDate: quotedStart,
        endDate: plusDays(quotedStart, 364),
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .where(eq(quotations.systemQuotationRef, systemQuotationRef));
    const completed = await completeQuotation(ctx, headers, systemQuotationRef);
    expect(completed.statusCode).toBe(200);
    const { invoiceSystemRef } = completed.json().result.data;
    expect((await pay(ctx, headers, invoiceSystemRef, '254712345678')).statusCode).toBe(200);

    const policies = await waitUntil(
      async () =>
        (await call(ctx, 'client', 'policy', 'listPolicies', {}, headers)).json().result.data as Array<
          Record<string, unknown>
        >,
      (list) => list.length > 0,
    );
    expect(policies).toHaveLength(1);
    const policy = (await call(ctx, 'client', 'policy', 'getPolicy', { id: policies[0]!.id }, headers)).json()
      .result.data;
    expect(policy.startDate).toBe(kenyaToday());
    expect(policy.endDate).toBe(plusDays(kenyaToday(), 364));
    expect(policy.quotedStartDate).toBe(quotedStart);
  });

  it('keeps a future start date as quoted', async () => {
    const headers = await signedIn(ctx);
    const startDate = plusDays(kenyaToday(), 10);
    const { systemQuotationRef } = await createQuotation(ctx, headers, { coverDetails: { startDate } });
    const { invoiceSystemRef } = (await completeQuotation(ctx, headers, systemQuotationRef)).json().result
      .data;
    await pay(ctx, headers, invoiceSystemRef, '254712345678');
    const [policy] = await waitUntil(
      async () =>
        (await call(ctx, 'client', 'policy', 'listPolicies', {}, headers)).json().result.data as Array<
          Record<string, unknown>
        >,
      (list) => list.length > 0,
    );
    expect(policy).toMatchObject({ startDate, endDate: plusDays(startDate, 364), quotedStartDate: null });
  });

  it('expires a quotation after QUOTATION_VALID_DAYS and prices it again on request', async () => {
    const headers = await signedIn(ctx);
    const quotation = await createQuotation(ctx, headers);
    const listed = (await call(ctx, 'client', 'quotation', 'listQuotations', {}, headers)).json().result.data;
    const expiresAt = new Date(listed[0].expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(listed[0].isExpired).toBe(false);

    await ctx.database.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotations.systemQuotationRef, quotation.systemQuotationRef));
    const refused = await completeQuotation(ctx, headers, quotation.systemQuotationRef);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ err_code: 'QUOTATION_EXPIRED' });
    expect(refused.json().err_msg).toMatch(
      /^This quotation expired on \d{1,2} \w{3} \d{4}\. Get a new price to continue\.$/,
    );
    const details = await call(
      ctx,
      'underwriting',
      'quotation',
      'getQuotationDetails',
      { systemQuotationRef: quotation.systemQuotationRef },
      headers,
    );
    expect(details.json().result.data.isExpired).toBe(true);

    const requoted = await call(
      ctx,
      'client',
      'quotation',
      'requoteQuotation',
      { systemQuotationRef: quotation.systemQuotationRef },
      headers,
    );
    expect(requoted.statusCode).toBe(200);
    const fresh = requoted.json().result.data;
    expect(fresh.systemQuotationRef).not.toBe(quotation.systemQuotationRef);
    expect(fresh).toMatchObject({ isExpired: false, premium: quotation.premium, startDate: kenyaToday() });
    expect((await completeQuotation(ctx, headers, fresh.systemQuotationRef)).statusCode).toBe(200);
    const old = (
      await call(
        ctx,
        'underwriting',
        'quotation',
        'getQuotationDetails',
        { systemQuotationRef: quotation.systemQuotationRef },
        headers,
      )
    ).json().result.data;
    expect(old.status).toBe('EXPIRED');
  });

  it('does not let another client price someone else’s quotation again', async () => {
    const owner = await signedIn(ctx);
    const stranger = await signedIn(ctx);
    const quotation = await createQuotation(ctx, owner);
    const response = await call(
      ctx,
      'client',
      'quotation',
      'requoteQuotation',
      { systemQuotationRef: quotation.systemQuotationRef },
      stranger,
    );
    expect(response.statusCode).toBe(404);
  });
});
