import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  ledgerTransactions,
  notifications,
  payments,
  policies,
  quotations,
  unallocatedReceipts,
} from '../src/db/schema';
import { buildListeningTestApp, rowsOf, type TestContext } from './helpers';
import {
  createQuotation,
  invoiceFor,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  pay,
  paymentRow,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { type Headers, send } from './staff-helpers';

describe('cart: unpaid quotations paid as one invoice', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await buildListeningTestApp(MPESA_TEST_ENV);
  }, 120_000);
  afterAll(() => ctx.app.close());

  const client = () => newSignedInClient(ctx);
  const act = (action: string, data: unknown, headers: Headers) =>
    send(ctx, `client/cart/${action}`, data, headers);
  const list = async (headers: Headers, page = 1, pageSize = 10) => {
    const answer = await act('listItems', { page, pageSize }, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  /** A quotation, with its premium in cents as kept (the unit the cart answers in). */
  const quote = async (headers: Headers, value = 1_500_000) => {
    const quotation = await createQuotation(ctx, headers, {
      risks: [{ riskType: 'ASSET', value: value * 100, riskRef: 'KDA 123B', details: {} }], // cents
    });
    const [row] = await db()
      .select({ total: quotations.total })
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, quotation.systemQuotationRef));
    return { ...quotation, premium: row!.total };
  };
  const expire = (systemQuotationRef: string) =>
    db()
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(quotations.systemQuotationRef, systemQuotationRef));
  const settled = (paymentRef: string) => waitSucceeded(ctx, paymentRef, 15_000);
  async function status(headers: Headers, paymentRef: string) {
    const answer = await send(
      ctx,
      'intergration/payment/paymentRequestDetails',
      { paymentSystemRef: paymentRef },
      headers,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  }
  async function expectBalancedBook() {
    const unbalanced = await rowsOf(
      db().execute(
        sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0 or count(*) < 2`,
      ),
    );
    expect(unbalanced).toHaveLength(0);
  }

  it('adds (idempotently), lists in order with the total, pages and removes', async () => {
    const { headers } = await client();
    const first = await quote(headers, 1_000_000);
    const second = await quote(headers, 2_000_000);
    const third = await quote(headers, 1_200_000);
    for (const ref of [first, second, third, first]) {
      const added = await act('addItem', { systemQuotationRef: ref.systemQuotationRef }, headers);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const whole = await list(headers);
    expect(whole.items.map((item: { systemQuotationRef: string }) => item.systemQuotationRef)).toEqual([
      first.systemQuotationRef,
      second.systemQuotationRef,
      third.systemQuotationRef,
    ]);
    expect(whole).toMatchObject({ total: 3, totalPages: 1, payableCount: 3, expiredCount: 0 });
    expect(whole.totalAmount).toBe(first.premium + second.premium + third.premium);
    // Cents on the wire (issue 29): the KES 1.5M car's premium as this quotation prices it, KES 62,821.
    expect(whole.items[0].premium).toBe(6_282_100);
    expect(whole.items[0]).toMatchObject({
      productName: expect.any(String),
      underwriter: expect.any(String),
      registrationNumber: 'KDA123B',
      premium: first.premium,
      isExpired: false,
    });
    const page2 = await list(headers, 2, 2);
    expect(page2).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(page2.items.map((item: { systemQuotationRef: string }) => item.systemQuotationRef)).toEqual([
      third.systemQuotationRef,
    ]);
    expect(page2.totalAmount).toBe(whole.totalAmount);

    const removed = await act('removeItem', { systemQuotationRef: second.systemQuotationRef }, headers);
    expect(removed.status).toBe(200);
    expect(removed.body.result.data).toMatchObject({ removed: true, isExpired: false, message: null });
    expect((await list(headers)).total).toBe(2);
  });

  it("answers 404 for someone else's quotation and 409 for a paid one; validates the input", async () => {
    const owner = await client();
    const other = await client();
    const theirs = await quote(owner.headers);
    const foreign = await act('addItem', { systemQuotationRef: theirs.systemQuotationRef }, other.headers);
    expect(foreign.status).toBe(404);
    expect((await list(other.headers)).total).toBe(0);
    const missing = await act('addItem', { systemQuotationRef: '' }, other.headers);
    expect(missing.status).toBe(400);

    const invoice = await invoiceFor(ctx, owner.headers);
    const started = await pay(ctx, owner.headers, invoice.invoiceSystemRef, PAYS);
    expect(started.statusCode, started.body).toBe(200);
    await settled(started.json().result.data.paymentRef);
    const paid = await act('addItem', { systemQuotationRef: invoice.systemQuotationRef }, owner.headers);
    expect(paid.status).toBe(409);
    expect(paid.body.err_code ?? paid.body.code ?? JSON.stringify(paid.body)).toMatch(/QUOTATION_PAID/);
    expect(JSON.stringify(paid.body)).toContain('already paid');
  });

  it('shows an expired quotation, leaves it out of the total, refuses checkout naming it, and removing it says to price it again', async () => {
    const { headers } = await client();
    const fresh = await quote(headers);
    const old = await quote(headers, 900_000);
    await act('addItem', { systemQuotationRef: fresh.systemQuotationRef }, headers);
    await act('addItem', { systemQuotationRef: old.systemQuotationRef }, headers);
    await expire(old.systemQuotationRef);
    const cart = await list(headers);
    expect(cart).toMatchObject({ total: 2, payableCount: 1, expiredCount: 1, totalAmount: fresh.premium });
    expect(cart.items[1]).toMatchObject({ systemQuotationRef: old.systemQuotationRef, isExpired: true });

    const refused = await act('pay', { phone: PAYS }, headers);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('QUOTATION_EXPIRED');
    expect(JSON.stringify(refused.body)).toContain(old.systemQuotationRef);
    const [none] = await rowsOf<{ n: string }>(
      db().execute(sql`select count(*)::text as n from payments where purpose = 'cart'`),
    );
    expect(none!.n).toBe('0');

    const removed = await act('removeItem', { systemQuotationRef: old.systemQuotationRef }, headers);
    expect(removed.body.result.data).toMatchObject({ removed: true, isExpired: true });
    expect(removed.body.result.data.message).toMatch(/priced again|new price/);
    expect((await list(headers)).total).toBe(1);
  });

  it('refuses to pay an empty cart', async () => {
    const { headers } = await client();
    const refused = await act('pay', { phone: PAYS }, headers);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('CART_EMPTY');
  });

  it('pays a cart above the M-Pesa limit in parts, issuing each policy once its share is paid; a replayed callback changes nothing', async () => {
    const { headers, userId } = await client();
    const small = await quote(headers, 1_500_000);
    const large = await quote(headers, 10_000_000);
    const max = ctx.app.services.mpesa.maxAmount * 100;
    expect(small.premium).toBeLessThan(max);
    expect(small.premium + large.premium).toBeGreaterThan(max);
    await act('addItem', { systemQuotationRef: small.systemQuotationRef }, headers);
    await act('addItem', { systemQuotationRef: large.systemQuotationRef }, headers);

    const first = await act('pay', { phone: PAYS }, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result.data.amount).toBe(max);
    const cartRef = first.body.result.data.cartInvoiceRef;
    expect(cartRef).toMatch(/^CRT/);
    // A second prompt while the first may still be answered is refused.
    const twice = await act('pay', { phone: PAYS }, headers);
    expect([200, 409]).toContain(twice.status);
    if (twice.status === 409) expect(JSON.stringify(twice.body)).toContain('PAYMENT_PENDING');

    const firstRow = await settled(first.body.result.data.paymentRef);
    const afterFirst = await status(headers, first.body.result.data.paymentRef);
    expect(afterFirst.cart.cartInvoiceRef).toBe(cartRef);
    expect(afterFirst.cart.members[0]).toMatchObject({
      systemQuotationRef: small.systemQuotationRef,
      balance: 0,
      status: 'PAID',
      policyNumber: expect.any(String),
    });
    expect(afterFirst.cart.members[1]).toMatchObject({
      systemQuotationRef: large.systemQuotationRef,
      status: 'UNPAID',
      policyNumber: null,
    });
    expect(afterFirst.cart.balance).toBe(small.premium + large.premium - max);
    // The paid quotation left the cart; the other is still in it with its balance.
    const cart = await list(headers);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      systemQuotationRef: large.systemQuotationRef,
      balance: small.premium + large.premium - max,
    });

    // Replaying the first callback changes nothing.
    const before = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.paymentId, firstRow.id));
    const replay = await ctx.app.inject({
      method: 'POST',
      url: `/v2/api/mpesa/callback/${ctx.app.services.mpesa.callbackSecret}`,
      payload: {
        Body: {
          stkCallback: {
            MerchantRequestID: firstRow.merchantRequestId,
            CheckoutRequestID: firstRow.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: firstRow.amount / 100 },
                { Name: 'MpesaReceiptNumber', Value: firstRow.receiptNumber },
                { Name: 'PhoneNumber', Value: Number(PAYS) },
              ],
            },
          },
        },
      },
    });
    expect(replay.statusCode).toBe(200);
    const after = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.paymentId, firstRow.id));
    expect(after).toHaveLength(before.length);
    expect((await status(headers, first.body.result.data.paymentRef)).cart.balance).toBe(
      afterFirst.cart.balance,
    );

    // The next parts pay the rest; the second policy is issued when its share is paid.
    let last = afterFirst;
    for (let part = 0; part < 5 && last.cart.balance > 0; part += 1) {
      const next = await act('pay', { phone: PAYS }, headers);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.result.data.cartInvoiceRef).toBe(cartRef);
      expect(next.body.result.data.amount).toBe(Math.min(last.cart.balance, max));
      await settled(next.body.result.data.paymentRef);
      last = await status(headers, next.body.result.data.paymentRef);
    }
    expect(last.cart.balance).toBe(0);
    expect(last.cart.members.map((member: { policyNumber: string | null }) => member.policyNumber)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect((await list(headers)).total).toBe(0);
    const emptyAgain = await act('pay', { phone: PAYS }, headers);
    expect(emptyAgain.status).toBe(409);

    // Ledger: every transaction balances, nothing went to the wallet, the client was told.
    await expectBalancedBook();
    const surplus = await db()
      .select()
      .from(unallocatedReceipts)
      .where(eq(unallocatedReceipts.userId, userId));
    expect(surplus).toHaveLength(0);
    const cartPayments = await db().select().from(payments).where(eq(payments.userId, userId));
    const allocated = cartPayments.reduce((sum, row) => sum + (row.allocatedAmount ?? 0), 0);
    expect(allocated).toBe(small.premium + large.premium);
    const told = await db().select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.filter((row) => row.kind === 'payment_received').length).toBeGreaterThanOrEqual(2);
    // Each policy once (its DMVIC certificate follows with a notice of its own, "Certificate … is ready").
    expect(
      told.filter((row) => row.kind === 'policy_issued' && row.title.startsWith('Policy ')),
    ).toHaveLength(2);
  }, 120_000);

  it('keeps the receipt of a payment the STK query confirmed first on the policy it completed (08)', async () => {
    const { headers } = await client();
    const only = await quote(headers, 1_500_000);
    await act('addItem', { systemQuotationRef: only.systemQuotationRef }, headers);
    const started = await act('pay', { phone: '254712345608' }, headers);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paymentRef = started.body.result.data.paymentRef;
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status === 'success' && payment.receiptNumber !== null,
      40_000,
    );
    expect(row.receiptNumber).not.toBeNull();
    const policy = await waitUntil(
      async () => {
        const [found] = await db()
          .select({ receiptNumber: policies.receiptNumber })
          .from(policies)
          .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
          .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
          .where(eq(quotations.systemQuotationRef, only.systemQuotationRef));
        return found;
      },
      (found) => Boolean(found?.receiptNumber),
      10_000,
    );
    expect(policy?.receiptNumber).toBe(row.receiptNumber);
  }, 60_000);
});
