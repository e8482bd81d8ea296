import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices, payments, policies, quotations, unallocatedReceipts } from '../src/db/schema';
import { repairIssuance } from '../src/modules/payment/service';
import { SAMPLE_STAFF_PASSWORD } from '../src/modules/staff/seed-data';
import { call, loginUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { completeQuotation, createQuotation, pay, signedIn, waitUntil } from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;

/** The text a pdfkit PDF shows: each text run's hex strings, inflated from the page streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // not a deflated stream
    }
    for (const run of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push(
        [...(run[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return lines.join('\n');
}

const TEN_MILLION_CAR = {
  risks: [{ riskType: 'ASSET', value: 1_000_000_000, riskRef: 'KDA 123B', details: {} }],
  additionalBenefits: [],
};

describe('payments hardening (M-Pesa as production behaves)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '50',
        MPESA_SIMULATOR_LATE_MS: '800',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());
  afterEach(() => vi.restoreAllMocks());

  const db = () => ctx.database.db;

  async function invoiceFor(headers: Headers, overrides: Record<string, unknown> = {}) {
    const quotation = await createQuotation(ctx, headers, overrides);
    const completed = await completeQuotation(ctx, headers, quotation.systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    return completed.json().result.data as {
      invoiceSystemRef: string;
      amount: number;
      systemQuotationRef: string;
    };
  }

  async function startPayment(headers: Headers, invoiceSystemRef: string, phone: string) {
    const started = await pay(ctx, headers, invoiceSystemRef, phone);
    expect(started.statusCode, started.body).toBe(200);
    return started.json().result.data as { paymentRef: string; status: string; amount: number };
  }

  async function paymentRow(paymentSystemRef: string) {
    const [row] = await db().select().from(payments).where(eq(payments.paymentSystemRef, paymentSystemRef));
    return row!;
  }

  const waitForPayment = (
    paymentRef: string,
    done: (row: typeof payments.$inferSelect) => boolean,
    // An upper bound only: it waits on state, and a loaded CI machine may take seconds per cycle.
    timeoutMs = 15_000,
  ) => waitUntil(() => paymentRow(paymentRef), done, timeoutMs);

  /** Makes a push look old enough for the reconciler's STK query (it leaves a push alone for 8 s). */
  const ageBy = (paymentRef: string, ms: number) =>
    db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(payments.paymentSystemRef, paymentRef));

  const status = async (headers: Headers, paymentSystemRef: string) =>
    (
      await call(ctx, 'intergration', 'payment', 'paymentRequestDetails', { paymentSystemRef }, headers)
    ).json().result.data;

  const getInvoice = async (headers: Headers, invoiceSystemRef: string) =>
    (await call(ctx, 'client', 'invoice', 'getInvoice', { invoiceSystemRef }, headers)).json().result.data;

  const getPolicy = async (headers: Headers, policyNumber: string) =>
    (await call(ctx, 'client', 'policy', 'getPolicy', { policyNumber }, headers)).json().result.data;

  const receiptPdfText = async (headers: Headers, policyNumber: string) => {
    const policy = await getPolicy(headers, policyNumber);
    const pdf = await ctx.app.inject({ method: 'GET', url: policy.documents.receipt });
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  };

  const policyOf = async (invoiceId: number) => {
    const [row] = await db().select().from(policies).where(eq(policies.invoiceId, invoiceId));
    return row;
  };

  const callbackPath = () => new URL(ctx.app.services.mpesa.callbackUrl()).pathname;
  // Safaricom's callbacks, from one of its published callback addresses (believed without a query;
  // a callback from anywhere else is confirmed first: mpesa-callback-trust.test.ts).
  const postCallback = (body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      remoteAddress: '196.201.214.200',
      url: callbackPath(),
      payload: body as object,
      headers: { 'content-type': 'application/json' },
    });
  const successCallback = (
    checkoutRequestId: string,
    /** `amount` in cents, as the API answers it; M-Pesa's callback says whole shillings. */
    items: { amount?: number; receipt?: string; phone?: string | number },
  ) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: 'm',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            ...(items.amount === undefined ? [] : [{ Name: 'Amount', Value: items.amount / 100 }]),
            ...(items.receipt === undefined ? [] : [{ Name: 'MpesaReceiptNumber', Value: items.receipt }]),
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20261122101010 },
            ...(items.phone === undefined ? [] : [{ Name: 'PhoneNumber', Value: items.phone }]),
          ],
        },
      },
    },
  });

  const policyMails = async (policyNumber: string) =>
    (
      (await ctx.app.inject({ method: 'GET', url: '/dev/outbox' })).json() as Array<{ subject: string }>
    ).filter((mail) => mail.subject.includes(policyNumber));

  it('records the receipt of a payment the STK query confirmed first when its callback arrives (08)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345608');
    await ageBy(paymentRef, 20_000);
    const byQuery = await waitForPayment(paymentRef, (row) => row.status === 'success');
    expect(byQuery).toMatchObject({ status: 'success', settledBy: 'query', receiptNumber: null });
    const issued = await policyOf(byQuery.invoiceId!);
    expect(issued?.receiptNumber ?? null).toBeNull();

    const withReceipt = await waitForPayment(paymentRef, (row) => row.receiptNumber !== null);
    expect(withReceipt.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    expect(withReceipt.settledBy).toBe('query');
    expect((await policyOf(byQuery.invoiceId!))?.receiptNumber).toBe(withReceipt.receiptNumber);
    const view = await getPolicy(headers, issued!.policyNumber);
    expect(view.receiptNumber).toBe(withReceipt.receiptNumber);
    expect(view.payments).toEqual([
      expect.objectContaining({ receiptNumber: withReceipt.receiptNumber, amount: invoice.amount }),
    ]);
    const text = await receiptPdfText(headers, issued!.policyNumber);
    expect(text).toContain(withReceipt.receiptNumber);
    expect(text).not.toContain('Receipt pending');
    expect(text).not.toMatch(/confirmed by query/i);

    // The same callback again changes nothing; the documents were e-mailed once, when issued (the
    // e-mail leaves once its PDFs are drawn in the worker pool: wait for it first).
    await waitUntil(
      () => policyMails(issued!.policyNumber),
      (mails) => mails.length > 0,
    );
    const replay = await postCallback(
      successCallback(withReceipt.checkoutRequestId!, {
        amount: invoice.amount,
        receipt: withReceipt.receiptNumber!,
        phone: 254712345608,
      }),
    );
    expect(replay.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await paymentRow(paymentRef)).toEqual(withReceipt);
    expect(await policyMails(issued!.policyNumber)).toHaveLength(1);
  });

  it('shows "Receipt pending from M-Pesa" on a policy confirmed by query whose callback never came (05)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345605');
    await waitUntil(
      async () =>
        ctx.app.services.mpesa.simulator
          ?.prompts()
          .find((prompt) => prompt.accountReference === invoice.invoiceSystemRef.slice(0, 12)),
      (prompt) => prompt?.state === 'answered',
    );
    await ageBy(paymentRef, 20_000);
    const row = await waitForPayment(paymentRef, (payment) => payment.status === 'success');
    expect(row.receiptNumber).toBeNull();
    const policy = await policyOf(row.invoiceId!);
    expect((await getPolicy(headers, policy!.policyNumber)).receiptNumber).toBeNull();
    const text = await receiptPdfText(headers, policy!.policyNumber);
    expect(text).toContain('Receipt pending from M-Pesa');
    expect(text).not.toMatch(/confirmed by query/i);
  });

  it('keeps a payment pending while M-Pesa cannot be reached, querying with exponential backoff (13, 12)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345613');
    await ageBy(paymentRef, 60_000);
    const first = await waitForPayment(paymentRef, (row) => row.queryFailures >= 1);
    expect(first).toMatchObject({ status: 'pending', queryFailures: 1 });
    const firstWait = first.nextQueryAt!.getTime() - first.lastQueriedAt!.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(9_000);
    // The reconciler runs every 200 ms but leaves the payment alone until next_query_at.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await paymentRow(paymentRef)).queryFailures).toBe(1);
    await db()
      .update(payments)
      .set({ nextQueryAt: new Date(Date.now() - 1) })
      .where(eq(payments.paymentSystemRef, paymentRef));
    const second = await waitForPayment(paymentRef, (row) => row.queryFailures >= 2);
    expect(second.status).toBe('pending');
    const secondWait = second.nextQueryAt!.getTime() - second.lastQueriedAt!.getTime();
    expect(secondWait).toBeGreaterThanOrEqual(firstWait * 2 - 100);
    // Even an hour old, an unanswered push is not given up as expired.
    await ageBy(paymentRef, 3_600_000);
    await db().update(payments).set({ nextQueryAt: null }).where(eq(payments.paymentSystemRef, paymentRef));
    const old = await waitForPayment(paymentRef, (row) => row.queryFailures >= 3);
    expect(old.status).toBe('pending');
    expect((await status(headers, paymentRef)).paymentRequestStatus).toBe('pending');
  });

  it('refuses a new prompt while the last one may still be answered (a gateway Fault is no answer: 12), and allows one after its lifetime', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345612');
    await ageBy(paymentRef, 60_000);
    const faulted = await waitForPayment(paymentRef, (row) => row.queryFailures >= 1);
    expect(faulted.status).toBe('pending');
    const early = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(early.statusCode).toBe(409);
    expect(early.json().err_code).toBe('PAYMENT_PENDING');
    await ageBy(paymentRef, 100_000);
    const next = await startPayment(headers, invoice.invoiceSystemRef, '254712345678');
    const paid = await waitForPayment(next.paymentRef, (row) => row.status === 'success');
    expect(paid.status).toBe('success');
    expect((await paymentRow(paymentRef)).status).toBe('pending');
    expect((await getInvoice(headers, invoice.invoiceSystemRef)).status).toBe('PAID');
  });

  it('credits a success arriving after a final failure: to the invoice if it still owes, else as an unallocated receipt, with an alert (09)', async () => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    // The invoice still owes: the late success pays it.
    const owner = await signedIn(ctx);
    const owing = await invoiceFor(owner);
    const first = await startPayment(owner, owing.invoiceSystemRef, '254712345609');
    await ageBy(first.paymentRef, 20_000);
    const failed = await waitForPayment(first.paymentRef, (row) => row.status !== 'pending');
    expect(failed).toMatchObject({ status: 'failed', resultCode: '1037', settledBy: 'query' });
    const recovered = await waitForPayment(first.paymentRef, (row) => row.status === 'success');
    expect(recovered).toMatchObject({ settledBy: 'callback', allocatedAmount: owing.amount });
    expect(recovered.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    expect((await getInvoice(owner, owing.invoiceSystemRef)).status).toBe('PAID');

    // The invoice was paid meanwhile by another prompt: the money is credited, never dropped.
    const late = await invoiceFor(owner);
    const failing = await startPayment(owner, late.invoiceSystemRef, '254712345609');
    await ageBy(failing.paymentRef, 20_000);
    await waitForPayment(failing.paymentRef, (row) => row.status === 'failed');
    const good = await startPayment(owner, late.invoiceSystemRef, '254712345678');
    await waitForPayment(good.paymentRef, (row) => row.status === 'success');
    const credited = await waitForPayment(failing.paymentRef, (row) => row.status === 'success');
    expect(credited).toMatchObject({ allocatedAmount: 0, settledBy: 'callback' });
    const [receipt] = await db()
      .select()
      .from(unallocatedReceipts)
      .where(eq(unallocatedReceipts.paymentId, credited.id));
    expect(receipt).toMatchObject({
      amount: late.amount,
      status: 'OPEN',
      mpesaReceiptNumber: credited.receiptNumber,
    });
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ payment: failing.paymentRef, amount: late.amount / 100 }),
      'unallocated M-Pesa receipt',
    );

    const listed = await call(
      ctx,
      'client',
      'wallet',
      'listUnallocatedReceipts',
      { page: 1, pageSize: 5 },
      owner,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.data).toEqual({
      items: [
        expect.objectContaining({
          receiptSystemRef: receipt!.receiptSystemRef,
          amount: late.amount,
          mpesaReceiptNumber: credited.receiptNumber,
          reason: 'Payment arrived after the invoice was paid',
          status: 'OPEN',
          invoiceSystemRef: late.invoiceSystemRef,
          createdAt: expect.any(String),
        }),
      ],
      total: 1,
      page: 1,
      pageSize: 5,
      totalPages: 1,
    });
    const stranger = await signedIn(ctx);
    expect(
      (await call(ctx, 'client', 'wallet', 'listUnallocatedReceipts', {}, stranger)).json().result.data,
    ).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      totalPages: 1,
    });
    expect((await call(ctx, 'client', 'wallet', 'listUnallocatedReceipts', {})).statusCode).toBe(403);

    // Admins see every client's receipts to refund, with whom to pay back; clients and other staff cannot.
    const staff = {
      accesstoken: (await loginUser(ctx, 'admin@bimaportal.co.ke', SAMPLE_STAFF_PASSWORD)).accessToken,
    };
    const forStaff = await call(
      ctx,
      'payments',
      'unallocatedReceipt',
      'listUnallocatedReceipts',
      { status: 'OPEN' },
      staff,
    );
    expect(forStaff.statusCode, forStaff.body).toBe(200);
    expect(forStaff.json().result.data.items).toContainEqual(
      expect.objectContaining({
        receiptSystemRef: receipt!.receiptSystemRef,
        amount: late.amount,
        phone: '254712345609',
        clientEmail: expect.stringContaining('@'),
      }),
    );
    const asClient = await call(ctx, 'payments', 'unallocatedReceipt', 'listUnallocatedReceipts', {}, owner);
    expect(asClient.statusCode).toBe(403);
    const broker = {
      accesstoken: (await loginUser(ctx, 'broker@savannah-brokers.example', SAMPLE_STAFF_PASSWORD))
        .accessToken,
    };
    expect(
      (await call(ctx, 'payments', 'unallocatedReceipt', 'listUnallocatedReceipts', {}, broker)).statusCode,
    ).toBe(403);

    // Replayed, the callback changes nothing.
    const replay = await postCallback(
      successCallback(credited.checkoutRequestId!, {
        amount: late.amount,
        receipt: credited.receiptNumber!,
        phone: 254712345609,
      }),
    );
    expect(replay.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await paymentRow(failing.paymentRef)).toEqual(credited);
    expect(
      await db()
        .select()
        .from(unallocatedReceipts)
        .where(eq(unallocatedReceipts.invoiceId, credited.invoiceId!)),
    ).toHaveLength(1);
  });

  it('verifies a success callback without Amount by the STK query before settling (11)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345611');
    const row = await waitForPayment(paymentRef, (payment) => payment.status !== 'pending');
    expect(row).toMatchObject({
      status: 'success',
      settledBy: 'callback',
      allocatedAmount: invoice.amount,
    });
    expect(row.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);

    // The query cannot confirm it (M-Pesa unreachable): it stays pending, the receipt kept for later.
    const unsure = await invoiceFor(headers);
    const pending = await startPayment(headers, unsure.invoiceSystemRef, '254712345613');
    const { checkoutRequestId } = await paymentRow(pending.paymentRef);
    await postCallback(successCallback(checkoutRequestId!, { receipt: 'NOAMOUNT01', phone: 254712345613 }));
    const kept = await waitForPayment(pending.paymentRef, (payment) => payment.receiptNumber !== null);
    expect(kept).toMatchObject({ status: 'pending', receiptNumber: 'NOAMOUNT01', allocatedAmount: null });
    expect((await getInvoice(headers, unsure.invoiceSystemRef)).status).toBe('UNPAID');

    // The query says it failed: it stays failed, nothing credited.
    const refused = await invoiceFor(headers);
    const cancelled = await startPayment(headers, refused.invoiceSystemRef, '254712345601');
    const failed = await waitForPayment(cancelled.paymentRef, (payment) => payment.status === 'failed');
    await postCallback(
      successCallback(failed.checkoutRequestId!, { receipt: 'NOAMOUNT02', phone: 254712345601 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await paymentRow(cancelled.paymentRef)).toMatchObject({
      status: 'failed',
      resultCode: '1032',
      receiptNumber: null,
    });
    expect(
      await db().select().from(unallocatedReceipts).where(eq(unallocatedReceipts.paymentId, failed.id)),
    ).toHaveLength(0);
  });

  it('settles on CheckoutRequestID and amount whatever the phone looks like: masked (10) or another number (warned)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const { paymentRef } = await startPayment(headers, invoice.invoiceSystemRef, '254712345610');
    const masked = await waitForPayment(paymentRef, (row) => row.status !== 'pending', 7_000);
    expect(masked).toMatchObject({ status: 'success', settledBy: 'callback' });
    expect(masked.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);

    const warnings = vi.spyOn(ctx.app.log, 'warn');
    const other = await invoiceFor(headers);
    const quiet = await startPayment(headers, other.invoiceSystemRef, '254712345613');
    const { checkoutRequestId } = await paymentRow(quiet.paymentRef);
    for (const phone of ['2547******13', 'c0ffee0123456789abcdef', 254799999999]) {
      expect(
        (
          await postCallback(
            successCallback(checkoutRequestId!, { amount: other.amount, receipt: 'PHONE00001', phone }),
          )
        ).statusCode,
      ).toBe(200);
    }
    const settled = await waitForPayment(quiet.paymentRef, (row) => row.status !== 'pending');
    expect(settled).toMatchObject({ status: 'success', receiptNumber: 'PHONE00001' });
    const phoneDiffers = () =>
      warnings.mock.calls.some(
        ([, message]) => typeof message === 'string' && message.includes('phone differs'),
      );
    await waitUntil(async () => phoneDiffers(), Boolean, 10_000);
    // The masked number settled it first; only the plainly different one (a replay) is warned about.
    expect(phoneDiffers()).toBe(true);

    // A different amount still changes nothing.
    const third = await invoiceFor(headers);
    const wrong = await startPayment(headers, third.invoiceSystemRef, '254712345613');
    const wrongRow = await paymentRow(wrong.paymentRef);
    await postCallback(
      successCallback(wrongRow.checkoutRequestId!, {
        amount: third.amount - 100,
        receipt: 'PHONE00002',
        phone: '2547******13',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await paymentRow(wrong.paymentRef)).status).toBe('pending');
  });

  it('pays a KES 10M car’s premium (over MPESA_MAX_AMOUNT) in two prompts, issuing the policy at balance 0', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers, TEN_MILLION_CAR);
    expect(invoice.amount).toBeGreaterThan(250_000_00);
    expect(invoice.amount).toBeLessThanOrEqual(500_000_00);
    const rest = invoice.amount - 250_000_00;
    const before = await getInvoice(headers, invoice.invoiceSystemRef);
    expect(before).toMatchObject({
      amount: invoice.amount,
      status: 'UNPAID',
      amountPaid: 0,
      balance: invoice.amount,
      amountDueNow: 250_000_00,
      maxPerPrompt: 250_000_00,
      isQuotationExpired: false,
      quotationExpiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const first = await startPayment(headers, invoice.invoiceSystemRef, '254712345678');
    expect(first).toMatchObject({ status: 'pending', amount: 250_000_00 });
    const firstStatus = await waitUntil(
      () => status(headers, first.paymentRef),
      (data) => data.paymentRequestStatus !== 'pending',
    );
    expect(firstStatus).toMatchObject({
      paymentRequestStatus: 'success',
      amount: 250_000_00,
      policyNumber: null,
      invoice: {
        invoiceSystemRef: invoice.invoiceSystemRef,
        amount: invoice.amount,
        amountPaid: 250_000_00,
        balance: rest,
        amountDueNow: rest,
        status: 'UNPAID',
      },
    });
    const between = await getInvoice(headers, invoice.invoiceSystemRef);
    expect(between).toMatchObject({
      status: 'UNPAID',
      amountPaid: 250_000_00,
      balance: rest,
      amountDueNow: rest,
      policyNumber: null,
    });

    // Money paid: the quotation no longer expires, the balance can still be paid.
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
    await db()
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(quotations.id, row!.quotationId));
    expect((await getInvoice(headers, invoice.invoiceSystemRef)).isQuotationExpired).toBe(false);

    const second = await startPayment(headers, invoice.invoiceSystemRef, '254712345678');
    expect(second.amount).toBe(rest);
    const done = await waitUntil(
      () => status(headers, second.paymentRef),
      (data) => data.paymentRequestStatus !== 'pending' && data.policyNumber !== null,
    );
    expect(done).toMatchObject({
      paymentRequestStatus: 'success',
      policyNumber: expect.stringMatching(/^BIMA\//),
      invoice: { amountPaid: invoice.amount, balance: 0, amountDueNow: 0, status: 'PAID' },
    });
    const [listed] = (await call(ctx, 'client', 'invoice', 'listInvoices', {}, headers)).json().result.data;
    expect(listed).toMatchObject({
      status: 'PAID',
      amountPaid: invoice.amount,
      balance: 0,
      policyNumber: done.policyNumber,
    });
    const again = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(again.json().err_code).toBe('INVOICE_PAID');

    const policy = await getPolicy(headers, done.policyNumber);
    expect(policy.receiptNumber).toBe(done.receiptNumber);
    expect(policy.payments.map((payment: { allocated: number }) => payment.allocated)).toEqual([
      250_000_00,
      rest,
    ]);
    const text = await receiptPdfText(headers, done.policyNumber);
    expect(text).toContain(firstStatus.receiptNumber);
    expect(text).toContain(done.receiptNumber);
    const mails = await waitUntil(
      () => policyMails(done.policyNumber),
      (list) => list.length > 0,
    );
    expect(mails).toHaveLength(1);

    // Start-up repair knows part payments: the policy comes back with the completing receipt.
    await db().delete(policies).where(eq(policies.invoiceId, row!.id));
    await db().update(invoices).set({ status: 'UNPAID', paidAt: null }).where(eq(invoices.id, row!.id));
    expect(
      await repairIssuance({ db: db(), services: ctx.app.services, log: ctx.app.log }),
    ).toBeGreaterThanOrEqual(1);
    expect((await policyOf(row!.id))?.receiptNumber).toBe(done.receiptNumber);
  });

  it('refuses to pay an expired quotation with nothing paid: 409 QUOTATION_EXPIRED', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(headers);
    const [row] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
    const expiredAt = new Date('2026-03-05T09:00:00Z');
    await db().update(quotations).set({ expiresAt: expiredAt }).where(eq(quotations.id, row!.quotationId));
    const refused = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      err_code: 'QUOTATION_EXPIRED',
      err_msg: 'This quotation expired on 5 Mar 2026. Get a new price to continue.',
    });
    expect(await getInvoice(headers, invoice.invoiceSystemRef)).toMatchObject({
      isQuotationExpired: true,
      quotationExpiresAt: expiredAt.toISOString(),
    });
    expect(await db().select().from(payments).where(eq(payments.invoiceId, row!.id))).toHaveLength(0);
  });

  it('lists quotations, invoices and policies whole as arrays, or one page at a time when asked', async () => {
    const headers = await signedIn(ctx);
    const a = await invoiceFor(headers);
    const b = await invoiceFor(headers);
    const all = (await call(ctx, 'client', 'invoice', 'listInvoices', {}, headers)).json().result.data;
    expect(all.map((item: { invoiceSystemRef: string }) => item.invoiceSystemRef)).toEqual([
      b.invoiceSystemRef,
      a.invoiceSystemRef,
    ]);
    const second = (
      await call(ctx, 'client', 'invoice', 'listInvoices', { page: 2, pageSize: 1 }, headers)
    ).json().result.data;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, totalPages: 2 });
    expect(second.items.map((item: { invoiceSystemRef: string }) => item.invoiceSystemRef)).toEqual([
      a.invoiceSystemRef,
    ]);
    const quotationPage = (
      await call(ctx, 'client', 'quotation', 'listQuotations', { page: 1 }, headers)
    ).json().result.data;
    expect(quotationPage).toMatchObject({ total: 2, page: 1, pageSize: 10, totalPages: 1 });
    expect(
      quotationPage.items.map(
        (item: { invoice: { invoiceSystemRef: string } }) => item.invoice.invoiceSystemRef,
      ),
    ).toEqual([b.invoiceSystemRef, a.invoiceSystemRef]);
    expect(
      (await call(ctx, 'client', 'policy', 'listPolicies', { page: 1, pageSize: 5 }, headers)).json().result
        .data,
    ).toEqual({ items: [], total: 0, page: 1, pageSize: 5, totalPages: 1 });
    const tooBig = await call(ctx, 'client', 'policy', 'listPolicies', { page: 1, pageSize: 101 }, headers);
    expect(tooBig.statusCode).toBe(400);
  });

  describe('concurrency (meaningful on PostgreSQL)', () => {
    it('sends one prompt for one invoice however many requests arrive at once', async () => {
      const headers = await signedIn(ctx);
      const invoice = await invoiceFor(headers);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => pay(ctx, headers, invoice.invoiceSystemRef, '254712345613')),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(
        answers
          .filter((answer) => answer.statusCode === 409)
          .every((answer) => answer.json().err_code === 'PAYMENT_PENDING'),
      ).toBe(true);
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      expect(await db().select().from(payments).where(eq(payments.invoiceId, row!.id))).toHaveLength(1);
    });

    it('puts two successes for one invoice arriving at once towards it exactly once; the other is credited', async () => {
      const headers = await signedIn(ctx);
      const invoice = await invoiceFor(headers);
      const first = await startPayment(headers, invoice.invoiceSystemRef, '254712345613');
      await ageBy(first.paymentRef, 120_000);
      const second = await startPayment(headers, invoice.invoiceSystemRef, '254712345613');
      const rows = [await paymentRow(first.paymentRef), await paymentRow(second.paymentRef)];
      const bodies = rows.map((row, index) =>
        successCallback(row.checkoutRequestId!, {
          amount: invoice.amount,
          receipt: `RACE${index}${Date.now().toString(36).toUpperCase().slice(-5)}`,
          phone: 254712345613,
        }),
      );
      await Promise.all([...bodies, ...bodies, ...bodies].map((body) => postCallback(body)));
      const settled = await waitUntil(
        async () => Promise.all(rows.map((row) => paymentRow(row.paymentSystemRef))),
        (list) => list.every((row) => row.status === 'success'),
      );
      const allocated = settled.map((row) => row.allocatedAmount).sort((x, y) => (x ?? 0) - (y ?? 0));
      expect(allocated).toEqual([0, invoice.amount]);
      const credited = await db()
        .select()
        .from(unallocatedReceipts)
        .where(and(eq(unallocatedReceipts.invoiceId, rows[0]!.invoiceId!)));
      expect(credited).toHaveLength(1);
      expect(credited[0]!.amount).toBe(invoice.amount);
      expect(
        await db().select().from(policies).where(eq(policies.invoiceId, rows[0]!.invoiceId!)),
      ).toHaveLength(1);
      const policy = await policyOf(rows[0]!.invoiceId!);
      await waitUntil(
        () => policyMails(policy!.policyNumber),
        (list) => list.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await policyMails(policy!.policyNumber)).toHaveLength(1);
    });
  });

  describe('an instance that stopped between writing a payment and storing its CheckoutRequestID', () => {
    /** The row the stopped instance left: pending, for the invoice's amount, no CheckoutRequestID. */
    async function orphanPrompt(headers: Headers, ageMs = 0) {
      const invoice = await invoiceFor(headers);
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      const [payment] = await db()
        .insert(payments)
        .values({
          paymentSystemRef: `PAY-ORPHAN${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
          invoiceId: row!.id,
          userId: row!.userId,
          phone: '254712345678',
          amount: row!.amount,
          createdAt: new Date(Date.now() - ageMs),
        })
        .returning();
      return { invoice, invoiceId: row!.id, payment: payment! };
    }

    it('credits the success callback M-Pesa sends for that prompt: the invoice is paid and its policy issued', async () => {
      const headers = await signedIn(ctx);
      const { invoice, invoiceId, payment } = await orphanPrompt(headers);
      const answer = await postCallback(
        successCallback('ws_CO_never_stored_1', {
          amount: invoice.amount,
          receipt: 'TKORPHAN01',
          phone: 254712345678,
        }),
      );
      expect(answer.statusCode).toBe(200);
      const settled = await waitUntil(
        () => db().select().from(payments).where(eq(payments.id, payment.id)),
        (rows) => rows[0]?.status === 'success',
      );
      expect(settled[0]).toMatchObject({ status: 'success', receiptNumber: 'TKORPHAN01' });
      const [paid] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(paid!.status).toBe('PAID');
      expect(await policyOf(invoiceId)).toBeDefined();
    });

    it('fails the unconfirmed prompt after 45 s, lets the client pay again at once, and still credits a late success', async () => {
      const headers = await signedIn(ctx);
      const { invoice, payment } = await orphanPrompt(headers, 46_000);
      const failed = await waitUntil(
        () => db().select().from(payments).where(eq(payments.id, payment.id)),
        (rows) => rows[0]?.status === 'failed',
      );
      expect(failed[0]).toMatchObject({ status: 'failed', resultCode: 'PUSH_UNCONFIRMED' });
      // Not refused as PAYMENT_PENDING: no phone is waiting on the unconfirmed prompt.
      const again = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
      expect(again.statusCode, again.body).toBe(200);
      // The new prompt pays the invoice; M-Pesa's late success for the old one is credited, not lost.
      await waitUntil(
        async () =>
          (
            await db().select().from(invoices).where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef))
          )[0]!.status,
        (status) => status === 'PAID',
      );
      await postCallback(
        successCallback('ws_CO_never_stored_2', {
          amount: invoice.amount,
          receipt: 'TKORPHAN02',
          phone: 254712345678,
        }),
      );
      const credited = await waitUntil(
        () =>
          db()
            .select()
            .from(unallocatedReceipts)
            .where(eq(unallocatedReceipts.mpesaReceiptNumber, 'TKORPHAN02')),
        (rows) => rows.length > 0,
      );
      expect(credited).toHaveLength(1);
    });
  });
});

describe('a till number (CustomerBuyGoodsOnline, PartyB from MPESA_PARTY_B)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '30',
        MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
        MPESA_PARTY_B: '600111',
        MPESA_MAX_AMOUNT: '70000',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  it('pays through the simulator, which checks TransactionType, PartyB and the configured limit', async () => {
    const headers = await signedIn(ctx);
    const quotation = await createQuotation(ctx, headers);
    const invoice = (await completeQuotation(ctx, headers, quotation.systemQuotationRef)).json().result.data;
    expect(invoice.amount).toBeGreaterThan(70_000_00);
    const started = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(started.statusCode, started.body).toBe(200);
    // The prompt answers cents; the simulator (M-Pesa) is asked whole shillings.
    expect(started.json().result.data.amount).toBe(70_000_00);
    const prompt = ctx.app.services.mpesa.simulator?.prompts()[0];
    expect(prompt?.amount).toBe(70_000);
  });
});
