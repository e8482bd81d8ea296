import {
  addCalendarDays,
  addMonths,
  MONTHLY_TERMS_MESSAGES,
  monthlyOfferOf,
  monthlyPlan,
} from '@bima/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, policies, quotations } from '../src/db/schema';
import { accidentClaim, deskHeaders } from './claims-helpers';
import { buildTestApp, envelope, rowsOf } from './helpers';
import {
  completeQuotation,
  createQuotation,
  kenyaToday,
  MPESA_TEST_ENV,
  payForPolicy,
  quotationPayload,
  signedIn,
} from './purchase-helpers';
import { createStaffUser, type Headers, send } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Offer = ReturnType<typeof monthlyOfferOf>;
type GridProduct = { productSystemRef: string; premium: number; quotePeriod: number; monthly: Offer | null };

describe('monthly terms per product (issue 31)', () => {
  let ctx: Ctx;
  let admin: Headers;
  let jubilee: Headers;
  let apa: Headers;
  let client: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    admin = (await createStaffUser(ctx, null)).headers;
    jubilee = (await createStaffUser(ctx, 'jubilee')).headers;
    apa = (await createStaffUser(ctx, 'apa')).headers;
    client = await signedIn(ctx);
  });
  afterAll(() => ctx.app.close());

  const publish = (headers: Headers, data: Record<string, unknown>) =>
    send(ctx, 'backoffice/product/publishMonthlyTerms', data, headers);
  const list = (headers: Headers, data: Record<string, unknown>) =>
    send(ctx, 'backoffice/product/listMonthlyTerms', data, headers);

  async function grid(): Promise<GridProduct[]> {
    const response = await send(
      ctx,
      'underwriting/product/fetchInsuranceClassReccomendations',
      { insuranceClass: '07', riskValue: 150_000_000, coverType: '' },
      client,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result.data;
  }

  it('publishes a new version each time and lists them newest first, paged, with the one in force', async () => {
    const before = await list(jubilee, { productSystemRef: 'JUB-MP-TPO' });
    expect(before.status).toBe(200);
    expect(before.body.result.data).toMatchObject({ items: [], total: 0, inForce: null });

    const first = await publish(jubilee, {
      productSystemRef: 'JUB-MP-TPO',
      enabled: true,
      loadingBps: 800,
      graceDays: 10,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result.data).toMatchObject({
      productSystemRef: 'JUB-MP-TPO',
      version: 1,
      enabled: true,
      loadingBps: 800,
      graceDays: 10,
    });
    expect(first.body.result.data.createdBy).toContain('@');
    const second = await publish(admin, {
      productSystemRef: 'JUB-MP-TPO',
      enabled: false,
      loadingBps: 800,
      graceDays: 10,
    });
    expect(second.body.result.data).toMatchObject({ version: 2, enabled: false });

    const page1 = (await list(jubilee, { productSystemRef: 'JUB-MP-TPO', pageSize: 1 })).body.result.data;
    expect(page1.total).toBe(2);
    expect(page1.totalPages).toBe(2);
    expect(page1.items.map((row: { version: number }) => row.version)).toEqual([2]);
    const page2 = (await list(jubilee, { productSystemRef: 'JUB-MP-TPO', pageSize: 1, page: 2 })).body.result
      .data;
    expect(page2.items.map((row: { version: number }) => row.version)).toEqual([1]);
    expect(page2.inForce).toMatchObject({ version: 2, enabled: false });

    // Audited like the other product changes.
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.monthlyTermsPublished'));
    expect(audited.filter((row) => row.entityId === 'JUB-MP-TPO')).toHaveLength(2);
  });

  it("lets an underwriter change only its own insurer's products; clients are refused", async () => {
    const terms = { productSystemRef: 'APA-MP-PLUS', enabled: false, loadingBps: 0, graceDays: 0 };
    expect((await publish(jubilee, terms)).status).toBe(404);
    expect((await list(jubilee, { productSystemRef: 'APA-MP-PLUS' })).status).toBe(404);
    expect((await publish(client, terms)).status).toBe(403);
    expect((await list(client, { productSystemRef: 'APA-MP-PLUS' })).status).toBe(403);
    // Nothing was published by the refused calls: the seeded version is still in force.
    const seeded = (await list(apa, { productSystemRef: 'APA-MP-PLUS' })).body.result.data;
    expect(seeded.inForce).toMatchObject({ version: 1, enabled: true, loadingBps: 1_000, graceDays: 14 });
  });

  it('refuses a bad loading or grace with the rule', async () => {
    const base = { productSystemRef: 'JUB-MP-ELITE', enabled: true };
    for (const [data, field, message] of [
      [{ loadingBps: 5_001, graceDays: 14 }, 'loadingBps', MONTHLY_TERMS_MESSAGES.loading],
      [{ loadingBps: -1, graceDays: 14 }, 'loadingBps', MONTHLY_TERMS_MESSAGES.loading],
      [{ loadingBps: 10.5, graceDays: 14 }, 'loadingBps', MONTHLY_TERMS_MESSAGES.loading],
      [{ loadingBps: 1_000, graceDays: 28 }, 'graceDays', MONTHLY_TERMS_MESSAGES.grace],
    ] as const) {
      const response = await publish(jubilee, { ...base, ...data });
      expect(response.status, JSON.stringify(data)).toBe(400);
      expect(response.body.errors ?? response.body.result?.errors ?? response.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, message })]),
      );
    }
    expect((await list(jubilee, { productSystemRef: 'JUB-MP-ELITE' })).body.result.data.total).toBe(0);
  });

  it('shows "Pay monthly" on the quotes only for enabled products, priced by monthlyPlan, until switched off', async () => {
    const quotes = await grid();
    const offered = quotes.filter((quote) => quote.monthly).map((quote) => quote.productSystemRef);
    expect(offered.sort()).toEqual(['APA-MP-PLUS', 'CIC-MP-COMP', 'CIC-MP-TPO']);
    for (const quote of quotes.filter((row) => row.monthly)) {
      expect(quote.quotePeriod).toBeGreaterThanOrEqual(365);
      expect(quote.monthly).toEqual(
        monthlyOfferOf(monthlyPlan(quote.premium, { loadingBps: 1_000, graceDays: 14 })),
      );
      expect(quote.monthly!.firstAmount + 11 * quote.monthly!.monthlyAmount).toBe(quote.monthly!.total);
    }

    // Jubilee switches monthly on for its Elite: the next quote shows it (the product cache forgot the old terms).
    expect(
      (
        await publish(jubilee, {
          productSystemRef: 'JUB-MP-ELITE',
          enabled: true,
          loadingBps: 1_250,
          graceDays: 7,
        })
      ).status,
    ).toBe(200);
    const elite = (await grid()).find((quote) => quote.productSystemRef === 'JUB-MP-ELITE')!;
    expect(elite.monthly).toEqual(
      monthlyOfferOf(monthlyPlan(elite.premium, { loadingBps: 1_250, graceDays: 7 })),
    );

    // A disabled version in force: no longer offered.
    expect(
      (
        await publish(jubilee, {
          productSystemRef: 'JUB-MP-ELITE',
          enabled: false,
          loadingBps: 1_250,
          graceDays: 7,
        })
      ).status,
    ).toBe(200);
    expect((await grid()).find((quote) => quote.productSystemRef === 'JUB-MP-ELITE')!.monthly).toBeNull();
  });

  it("bills a monthly quotation's month 1: its amount, month_no 1, due on the start date, in the ledger", async () => {
    const quotation = await createQuotation(ctx, client, { paymentPlan: 'monthly' });
    const created = quotation as unknown as { paymentPlan: string; monthlyOffer: Offer; premium: number };
    const offer = monthlyOfferOf(monthlyPlan(created.premium, { loadingBps: 1_000, graceDays: 14 }));
    expect(created.paymentPlan).toBe('monthly');
    expect(created.monthlyOffer).toEqual(offer);

    const completed = await completeQuotation(ctx, client, quotation.systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const { invoiceSystemRef, amount } = completed.json().result.data;
    expect(amount).toBe(offer.firstAmount);
    const [invoice] = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, invoiceSystemRef));
    expect(invoice).toMatchObject({ amount: offer.firstAmount, monthNo: 1, dueDate: quotation.startDate });
    const [billed] = await rowsOf<{ amount: string }>(
      ctx.database.db.execute(sql`
        select sum(e.amount) as amount from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        where t.invoice_id = ${invoice!.id} and t.kind = 'invoice_billed' and e.amount > 0`),
    );
    expect(Number(billed!.amount)).toBe(offer.firstAmount);

    const [row] = await ctx.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, quotation.systemQuotationRef));
    expect(row!.monthlyTermsId).not.toBeNull();
    expect(row!.monthlyPlan).toMatchObject({ firstAmount: offer.firstAmount, graceDays: 14 });

    // An annual quotation of the same product offers the terms in force on its own total.
    const annual = (await createQuotation(ctx, client)) as unknown as {
      paymentPlan: string;
      monthlyOffer: Offer;
      premium: number;
    };
    expect(annual.paymentPlan).toBe('annual');
    expect(annual.monthlyOffer).toEqual(offer);
  });

  it('refuses monthly with 409 MONTHLY_NOT_OFFERED without enabled terms or for a short period, in English and Swahili', async () => {
    const refused = async (overrides: Record<string, unknown>, language = 'en') => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v2/api/v1',
        headers: { ...client, 'accept-language': language },
        payload: envelope(
          'client',
          'quotation',
          'createQuotation',
          quotationPayload({ paymentPlan: 'monthly', ...overrides }),
        ),
      });
      return { status: response.statusCode, body: response.json() };
    };
    // ICEA's third party never had terms; Jubilee's has a disabled version in force (published above).
    for (const productSystemRef of ['ICEA-MP-TPO', 'JUB-MP-TPO']) {
      const noTerms = await refused({ productSystemRef, ...thirdParty() });
      expect(noTerms.status, JSON.stringify(noTerms.body)).toBe(409);
      expect(JSON.stringify(noTerms.body)).toContain('MONTHLY_NOT_OFFERED');
      expect(JSON.stringify(noTerms.body)).toContain('not offered monthly');
    }

    const short = await refused({ coverPeriod: 180 });
    expect(short.status, JSON.stringify(short.body)).toBe(409);
    expect(JSON.stringify(short.body)).toContain('MONTHLY_NOT_OFFERED');

    const swahili = await refused({ coverPeriod: 180 }, 'sw');
    expect(swahili.status).toBe(409);
    expect(JSON.stringify(swahili.body)).toContain('haitolewi kwa malipo ya kila mwezi');

    // A third-party cover (no value) the seed offers monthly is accepted.
    const cic = await refused({ productSystemRef: 'CIC-MP-TPO', ...thirdParty() });
    expect(cic.status, JSON.stringify(cic.body)).toBe(200);
    expect(cic.body.result.data.paymentPlan).toBe('monthly');
  });

  it('keeps the plan a quotation was priced on when new terms are published, and requote stays monthly', async () => {
    const quotation = await createQuotation(ctx, client, {
      productSystemRef: 'CIC-MP-COMP',
      additionalBenefits: [],
    });
    const annualOffer = (quotation as unknown as { monthlyOffer: Offer }).monthlyOffer;
    expect(annualOffer.loadingBps).toBe(1_000);
    const monthly = await createQuotation(ctx, client, {
      productSystemRef: 'CIC-MP-COMP',
      paymentPlan: 'monthly',
      additionalBenefits: [],
    });

    const cicUnderwriter = (await createStaffUser(ctx, 'cic')).headers;
    const republished = await publish(cicUnderwriter, {
      productSystemRef: 'CIC-MP-COMP',
      enabled: true,
      loadingBps: 2_000,
      graceDays: 5,
    });
    expect(republished.status, JSON.stringify(republished.body)).toBe(200);

    const get = async (ref: string) =>
      (await send(ctx, 'underwriting/quotation/getQuotationDetails', { systemQuotationRef: ref }, client))
        .body.result.data;
    // The monthly one keeps its plan; the annual one now offers the new terms.
    expect((await get(monthly.systemQuotationRef)).monthlyOffer).toMatchObject({
      loadingBps: 1_000,
      graceDays: 14,
    });
    expect((await get(quotation.systemQuotationRef)).monthlyOffer).toMatchObject({
      loadingBps: 2_000,
      graceDays: 5,
    });

    // Requoted after it expired: still monthly, priced on the terms in force now.
    await ctx.database.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(quotations.systemQuotationRef, monthly.systemQuotationRef));
    const requoted = await send(
      ctx,
      'client/quotation/requoteQuotation',
      { systemQuotationRef: monthly.systemQuotationRef },
      client,
    );
    expect(requoted.status, JSON.stringify(requoted.body)).toBe(200);
    expect(requoted.body.result.data.systemQuotationRef).not.toBe(monthly.systemQuotationRef);
    expect(requoted.body.result.data.paymentPlan).toBe('monthly');
    expect(requoted.body.result.data.monthlyOffer).toMatchObject({ loadingBps: 2_000, graceDays: 5 });
  });

  it('flags on the claims desk a claim dated in a month not paid of a monthly policy; null for an annual one', async () => {
    const buyer = await signedIn(ctx);
    const monthly = await createQuotation(ctx, buyer, { paymentPlan: 'monthly' });
    const completed = await completeQuotation(ctx, buyer, monthly.systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const policyNumber = await payForPolicy(ctx, buyer, completed.json().result.data.invoiceSystemRef);

    // The policy as if bought 35 days ago with month 1 paid then: today is in month 2, not paid.
    const today = kenyaToday();
    const start = addCalendarDays(today, -35);
    const end = addCalendarDays(addMonths(start, 12), -1);
    const monthOneEnd = addCalendarDays(addMonths(start, 1), -1);
    const [policy] = await ctx.database.db
      .update(policies)
      .set({ startDate: start, endDate: end, paidUntil: monthOneEnd })
      .where(eq(policies.policyNumber, policyNumber))
      .returning();
    expect(policy!.paymentPlan).toBe('monthly');
    await ctx.database.db
      .update(invoices)
      .set({ paidAt: new Date(`${start}T09:00:00+03:00`) })
      .where(eq(invoices.id, policy!.invoiceId));

    const report = async (headers: Headers, number: string, incidentDate: string) => {
      const response = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(number, incidentDate),
        headers,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.result.data.id as number;
    };
    const unpaid = await report(buyer, policyNumber, addCalendarDays(today, -1));
    const paid = await report(buyer, policyNumber, addCalendarDays(start, 3));
    const annualBuyer = await signedIn(ctx);
    const annualQuotation = await createQuotation(ctx, annualBuyer);
    const annualInvoice = await completeQuotation(ctx, annualBuyer, annualQuotation.systemQuotationRef);
    const annualPolicy = await payForPolicy(
      ctx,
      annualBuyer,
      annualInvoice.json().result.data.invoiceSystemRef,
    );
    const annual = await report(annualBuyer, annualPolicy, today);

    const desk = await deskHeaders(ctx);
    const flagOf = async (id: number) =>
      (await send(ctx, 'claims/desk/getClaim', { id }, desk)).body.result.data.inPaidMonth;
    expect(await flagOf(unpaid)).toBe(false);
    expect(await flagOf(paid)).toBe(true);
    expect(await flagOf(annual)).toBeNull();

    const queue = (await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 50 }, desk)).body.result
      .data.items as Array<{ id: number; inPaidMonth: boolean | null }>;
    expect(queue.find((row) => row.id === unpaid)?.inPaidMonth).toBe(false);
    expect(queue.find((row) => row.id === paid)?.inPaidMonth).toBe(true);
    expect(queue.find((row) => row.id === annual)?.inPaidMonth).toBeNull();

    // Month 2 paid late (today): the claim dated before the payment stays outside the cover.
    // (Month 2's invoice was billed when month 1 was paid; marked paid here as its settlement would.)
    const marked = await ctx.database.db
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(and(eq(invoices.policyId, policy!.id), eq(invoices.monthNo, 2)))
      .returning();
    expect(marked).toHaveLength(1);
    expect(await flagOf(unpaid)).toBe(false);
    const sameDay = await report(buyer, policyNumber, today);
    expect(await flagOf(sameDay)).toBe(true);
  });
});

/** A third-party quotation's risk (no value) and its vehicle. */
function thirdParty() {
  const payload = quotationPayload();
  return {
    risks: [{ ...payload.risks[0], value: null }],
    additionalBenefits: [],
  };
}
