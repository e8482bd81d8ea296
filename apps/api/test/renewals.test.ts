import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, payments, policies, quotations } from '../src/db/schema';
import { policyFor } from './claims-helpers';
import { buildTestApp } from './helpers';
import {
  completeQuotation,
  createQuotation,
  kenyaToday,
  MPESA_TEST_ENV,
  PAYS,
  pay,
  payForPolicy,
  plusDays,
} from './purchase-helpers';
import { type Headers, send, signedInClient } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

interface Renewal {
  quotation: {
    systemQuotationRef: string;
    productSystemRef: string;
    coverType: string;
    vehicleValue: number;
    startDate: string;
    endDate: string;
    period: number;
    premium: number;
    vehicle: { registrationNumber: string };
  };
  previous: { policyNumber: string; premium: number; endDate: string; productName: string };
  alternatives: Array<{
    productSystemRef: string;
    productName: string;
    underwriter: string;
    premium: number;
  }>;
}

describe('renewing a motor private policy (issue 14)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => ctx.app.close());

  const quoteRenewal = (headers: Headers, data: unknown) =>
    send(ctx, 'policy/renewal/quoteRenewal', data, headers);

  /** A policy bought today, then moved (the dev tool) to end `days` days from today. */
  async function policyEndingIn(headers: Headers, days: number) {
    const policyNumber = await policyFor(ctx, headers);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber, days },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return moved.json() as { id: number; policyNumber: string; startDate: string; endDate: string };
  }

  const payAndWait = (headers: Headers, invoiceSystemRef: string) =>
    payForPolicy(ctx, headers, invoiceSystemRef, PAYS);

  it('prices the same vehicle and cover again for the next period, beside last year’s premium and the alternatives; paid, the new policy starts the day after', async () => {
    const client = await signedInClient(ctx);
    const old = await policyEndingIn(client, 10);
    expect(old.endDate).toBe(plusDays(kenyaToday(), 10));

    // The reminder the dev tool ran links to the policy page, where Renew is.
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.link, `/newportal/products/${old.id}`), eq(notifications.kind, 'renewal_due')),
      );
    expect(notice?.title).toBe(`Policy ${old.policyNumber} ends in 10 days`);

    const page = await send(ctx, 'client/policy/getPolicy', { id: old.id }, client);
    expect(page.body.result.data.renewal).toMatchObject({
      isRenewable: true,
      state: 'open',
      startDate: plusDays(old.endDate, 1),
      renewedBy: null,
    });

    const first = await quoteRenewal(client, { policyNumber: old.policyNumber });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const renewal = first.body.result.data as Renewal;
    expect(renewal.quotation).toMatchObject({
      productSystemRef: 'APA-MP-PLUS',
      coverType: 'comprehensive',
      vehicleValue: 150_000_000,
      period: 365,
      startDate: plusDays(old.endDate, 1),
      endDate: plusDays(old.endDate, 365),
    });
    expect(renewal.quotation.vehicle.registrationNumber).toBe('KDA123B');
    expect(renewal.quotation.premium).toBeGreaterThan(0);
    expect(renewal.previous).toMatchObject({ policyNumber: old.policyNumber, endDate: old.endDate });
    const [oldRow] = await send(ctx, 'client/policy/listPolicies', {}, client).then((answer) => [
      answer.body.result.data.find(
        (policy: { policyNumber: string }) => policy.policyNumber === old.policyNumber,
      ),
    ]);
    expect(renewal.previous.premium).toBe(oldRow.premium);
    // The other underwriters' prices for the same value and cover, without the one quoted.
    expect(renewal.alternatives.length).toBeGreaterThan(1);
    expect(renewal.alternatives.map((alternative) => alternative.productSystemRef)).not.toContain(
      'APA-MP-PLUS',
    );
    for (const alternative of renewal.alternatives) expect(alternative.premium).toBeGreaterThan(0);

    // Asking again (a double tap) answers the same quotation.
    const again = await quoteRenewal(client, { policyNumber: old.policyNumber });
    expect(again.body.result.data.quotation.systemQuotationRef).toBe(renewal.quotation.systemQuotationRef);

    // Choosing an alternative prices that product for the same period.
    const chosen = renewal.alternatives[0]!;
    const switched = await quoteRenewal(client, {
      policyNumber: old.policyNumber,
      productSystemRef: chosen.productSystemRef,
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.result.data.quotation).toMatchObject({
      productSystemRef: chosen.productSystemRef,
      premium: chosen.premium,
      startDate: plusDays(old.endDate, 1),
    });
    const alternativeRef = switched.body.result.data.quotation.systemQuotationRef as string;
    const alternativeInvoice = await completeQuotation(ctx, client, alternativeRef);
    expect(alternativeInvoice.statusCode, alternativeInvoice.body).toBe(200);

    // Paid like any purchase: invoice, M-Pesa, policy.
    const invoiced = await completeQuotation(ctx, client, renewal.quotation.systemQuotationRef);
    expect(invoiced.statusCode, invoiced.body).toBe(200);

    // While a prompt for the other renewal waits on a phone, this one is not prompted too.
    const [otherInvoice] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, alternativeInvoice.json().result.data.invoiceSystemRef));
    const [waiting] = await ctx.database.db
      .insert(payments)
      .values({
        paymentSystemRef: `PAYTEST${Date.now()}`,
        invoiceId: otherInvoice!.id,
        userId: otherInvoice!.userId,
        phone: PAYS,
        amount: otherInvoice!.amount,
      })
      .returning();
    const blocked = await pay(ctx, client, invoiced.json().result.data.invoiceSystemRef, PAYS);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().err_code).toBe('PAYMENT_PENDING');
    await ctx.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, waiting!.id));
    const newNumber = await payAndWait(client, invoiced.json().result.data.invoiceSystemRef);
    const renewed = await send(ctx, 'client/policy/getPolicy', { policyNumber: newNumber }, client);
    expect(renewed.body.result.data).toMatchObject({
      startDate: plusDays(old.endDate, 1),
      endDate: plusDays(old.endDate, 365),
      vehicle: { registrationNumber: 'KDA123B' },
      productSystemRef: 'APA-MP-PLUS',
    });
    const [row] = await ctx.database.db.select().from(policies).where(eq(policies.policyNumber, newNumber));
    expect(row?.renewsPolicyId).toBe(old.id);
    const oldPage = await send(ctx, 'client/policy/getPolicy', { id: old.id }, client);
    expect(oldPage.body.result.data.renewal.renewedBy).toMatchObject({ policyNumber: newNumber });

    // The same period is not bought twice: renewing again, or paying the other renewal, is refused.
    const twice = await quoteRenewal(client, { policyNumber: old.policyNumber });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      err_code: 'ALREADY_RENEWED',
      err_msg: 'This policy has already been renewed for the next period.',
    });
    const otherPayment = await pay(ctx, client, alternativeInvoice.json().result.data.invoiceSystemRef, PAYS);
    expect(otherPayment.statusCode).toBe(409);
    expect(otherPayment.json().err_code).toBe('ALREADY_RENEWED');
    const renewals = await ctx.database.db.select().from(policies).where(eq(policies.renewsPolicyId, old.id));
    expect(renewals).toHaveLength(1);
  }, 60_000);

  it('prices the other underwriters like for like (issue 26): the policy’s extras, limits and excesses where offered, what cannot be named, and the chosen one quoted at that price', async () => {
    const client = await signedInClient(ctx);
    // Last year: Jubilee Elite with PVT, Road Rescue, windscreen raised to KES 100,000 and a KES
    // 40,000 collision excess.
    const chosen = {
      productSystemRef: 'JUB-MP-ELITE',
      additionalBenefits: [
        { benefitSystemRef: 'JUB-MP-ELITE-PVT' },
        { benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE' },
        { benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', params: { limit: 10_000_000 } },
      ],
      excesses: [{ id: 'collision', amount: 4_000_000 }],
    };
    const { systemQuotationRef } = await createQuotation(ctx, client, chosen);
    const invoice = await completeQuotation(ctx, client, systemQuotationRef);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const policyNumber = await payAndWait(client, invoice.json().result.data.invoiceSystemRef);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber, days: 10 },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const answer = await quoteRenewal(client, { policyNumber });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const renewal = answer.body.result.data;
    expect(renewal.previous.benefits).toEqual([
      { benefitSystemRef: 'JUB-MP-ELITE-PVT', name: 'Political Violence and Terrorism', limit: null },
      { benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE', name: 'Road Rescue', limit: null },
      { benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', name: 'Windscreen Cover', limit: 10_000_000 },
    ]);
    // The policy's own product keeps every choice.
    expect(renewal.cover.cannotOffer).toEqual([]);
    expect(renewal.cover.includes).toHaveLength(3);

    const engine = async (data: unknown) => {
      const priced = await send(ctx, 'underwriting/product/productPremiumCalc', data);
      expect(priced.status, JSON.stringify(priced.body)).toBe(200);
      return priced.body.result.data.total as number;
    };
    const base = { risk: { value: 150_000_000 }, coverDetails: { period: 365 } };

    // APA Plus sells PVT and windscreen cover up to KES 100,000 but no road rescue: its price has
    // the first two, and says it cannot offer the third.
    const apa = renewal.alternatives.find(
      (alternative: { productSystemRef: string }) => alternative.productSystemRef === 'APA-MP-PLUS',
    );
    const apaLikeForLike = {
      ...base,
      productSystemRef: 'APA-MP-PLUS',
      additionalBenefits: [
        { benefitSystemRef: 'APA-MP-PLUS-PVT' },
        { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', params: { limit: 10_000_000 } },
      ],
      excesses: [{ id: 'collision', amount: 4_000_000 }],
    };
    const apaCoverAlone = await engine({
      ...base,
      productSystemRef: 'APA-MP-PLUS',
      additionalBenefits: [],
      excesses: [],
    });
    expect(apa).toEqual({
      productSystemRef: 'APA-MP-PLUS',
      productName: 'APA Motor Plus',
      underwriter: 'APA Insurance',
      premium: await engine(apaLikeForLike),
      includes: [
        { benefitSystemRef: 'APA-MP-PLUS-PVT', name: 'Political Violence and Terrorism', limit: null },
        { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', name: 'Windscreen Cover', limit: 10_000_000 },
      ],
      cannotOffer: [{ benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE', name: 'Road Rescue', limit: null }],
    });
    expect(apa.premium).toBeGreaterThan(apaCoverAlone);

    // Britam's windscreen cover goes up to KES 120,000 and it sells road rescue: all three.
    const britam = renewal.alternatives.find(
      (alternative: { productSystemRef: string }) => alternative.productSystemRef === 'BRT-MP-COMP',
    );
    expect(britam.cannotOffer).toEqual([]);
    expect(britam.premium).toBe(
      await engine({
        ...base,
        productSystemRef: 'BRT-MP-COMP',
        additionalBenefits: [
          { benefitSystemRef: 'BRT-MP-COMP-PVT' },
          { benefitSystemRef: 'BRT-MP-COMP-ROAD-RESCUE' },
          { benefitSystemRef: 'BRT-MP-COMP-WINDSCREEN', params: { limit: 10_000_000 } },
        ],
        excesses: [{ id: 'collision', amount: 4_000_000 }],
      }),
    );

    // Choosing APA quotes it at the price compared, with those benefits and that excess.
    const switched = await quoteRenewal(client, { policyNumber, productSystemRef: 'APA-MP-PLUS' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.result.data.quotation.premium).toBe(apa.premium);
    expect(switched.body.result.data.cover).toEqual({ includes: apa.includes, cannotOffer: apa.cannotOffer });
    const [row] = await ctx.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, switched.body.result.data.quotation.systemQuotationRef));
    expect(row?.selectedBenefits.map((benefit) => benefit.benefitSystemRef).sort()).toEqual([
      'APA-MP-PLUS-PVT',
      'APA-MP-PLUS-WINDSCREEN',
    ]);
    // Jubilee's own renewal is among the alternatives now, like for like too.
    const own = switched.body.result.data.alternatives.find(
      (alternative: { productSystemRef: string }) => alternative.productSystemRef === 'JUB-MP-ELITE',
    );
    expect(own.premium).toBe(renewal.quotation.premium);
  }, 60_000);

  it('is the owner’s alone: another client gets 404, bad input 400 with field messages', async () => {
    const owner = await signedInClient(ctx);
    const old = await policyEndingIn(owner, 5);
    const stranger = await signedInClient(ctx);
    const theirs = await quoteRenewal(stranger, { policyNumber: old.policyNumber });
    expect(theirs.status).toBe(404);
    expect(theirs.body.err_msg).toBe('Policy not found.');
    const unknown = await quoteRenewal(owner, { policyNumber: 'NO-SUCH-POLICY' });
    expect(unknown.status).toBe(404);

    const empty = await quoteRenewal(owner, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual({
      field: 'policyNumber',
      message: 'Policy number is required.',
    });
    const swahili = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { ...owner, 'accept-language': 'sw' },
      payload: {
        service: { name: 'policy', version: 'v1' },
        resource: { name: 'renewal', version: 'v1' },
        action: { name: 'quoteRenewal', version: 'v1' },
        data: { policyNumber: ' ' },
      },
    });
    expect(swahili.json().errors).toContainEqual({
      field: 'policyNumber',
      message: 'Nambari ya sera inahitajika.',
    });
    const badProduct = await quoteRenewal(owner, {
      policyNumber: old.policyNumber,
      productSystemRef: 'NOPE',
    });
    expect(badProduct.status).toBe(400);
    expect(badProduct.body.errors[0].field).toBe('productSystemRef');
    const signedOut = await quoteRenewal({}, { policyNumber: old.policyNumber });
    expect(signedOut.status).toBe(403);
  }, 60_000);

  it('opens 30 days before the end and closes at the end: an expired policy is quoted anew instead', async () => {
    const client = await signedInClient(ctx);
    const early = await policyEndingIn(client, 31);
    const tooEarly = await quoteRenewal(client, { policyNumber: early.policyNumber });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.err_code).toBe('RENEWAL_NOT_OPEN');

    const lastDay = await policyEndingIn(client, 0);
    const onLastDay = await quoteRenewal(client, { policyNumber: lastDay.policyNumber });
    expect(onLastDay.status, JSON.stringify(onLastDay.body)).toBe(200);
    expect(onLastDay.body.result.data.quotation.startDate).toBe(plusDays(kenyaToday(), 1));

    const expired = await policyEndingIn(client, -1);
    const refused = await quoteRenewal(client, { policyNumber: expired.policyNumber });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      err_code: 'POLICY_EXPIRED',
      err_msg:
        'This policy has expired, so it can no longer be renewed. Get a new quote for the vehicle instead.',
    });
    const page = await send(ctx, 'client/policy/getPolicy', { id: expired.id }, client);
    expect(page.body.result.data).toMatchObject({ status: 'EXPIRED', endDate: plusDays(kenyaToday(), -1) });
    expect(page.body.result.data.renewal.state).toBe('expired');
    // A new quote for the same vehicle works as any purchase, from today.
    const anew = await createQuotation(ctx, client);
    expect(anew.startDate).toBe(kenyaToday());
  }, 60_000);

  it('the dev tool to move a policy’s dates exists only for development on loopback', async () => {
    const production = await buildTestApp({ seed: false, env: { NODE_ENV: 'production' } }).catch(() => null);
    if (production) {
      const answer = await production.app.inject({
        method: 'POST',
        url: '/dev/policies/ends-in',
        payload: { policyNumber: 'X', days: 1 },
      });
      expect(answer.statusCode).toBe(404);
      await production.app.close();
    }
    const remote = await buildTestApp({ seed: false, env: { HOST: '0.0.0.0' } });
    const answer = await remote.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber: 'X', days: 1 },
    });
    expect(answer.statusCode).toBe(404);
    await remote.app.close();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { days: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
