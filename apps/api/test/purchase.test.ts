import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, policies } from '../src/db/schema';
import { repairIssuance } from '../src/modules/payment/service';
import { call } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { invoiceFor, pay, paymentRow, quotationPayload, signedIn, waitUntil } from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('purchase: quotation, invoice, M-Pesa payment and policy', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '40',
        MPESA_SIMULATOR_LATE_MS: '400',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  it('prices the quotation on the server and invoices it once', async () => {
    const headers = await signedIn(ctx);
    const created = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      quotationPayload({ totalPremium: 1 }),
      headers,
    );
    const quotation = created.json().result.data;
    // 75,000 basic (boundary relief) + PVT 3,750 = 78,750; levies 158 + 197 + 40: KES 79,145, in cents.
    expect(quotation.premium).toBe(7_914_500);
    expect(quotation.vehicle.registrationNumber).toBe('KDA123B');
    const first = await call(
      ctx,
      'underwriting',
      'quotation',
      'completeQuotation',
      { systemQuotationRef: quotation.systemQuotationRef },
      headers,
    );
    const second = await call(
      ctx,
      'underwriting',
      'quotation',
      'completeQuotation',
      { systemQuotationRef: quotation.systemQuotationRef },
      headers,
    );
    expect(first.json().result.data.invoiceSystemRef).toBe(second.json().result.data.invoiceSystemRef);
    // The invoice answers cents (issue 29): the premium of KES 79,145 is 7,914,500.
    expect(first.json().result.data.amount).toBe(7_914_500);
  });

  it('checks the vehicle with the spec messages: all fields for comprehensive, four for third-party', async () => {
    const headers = await signedIn(ctx);
    const missing = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      quotationPayload({ vehicleDetails: { make: 'Toyota' } }),
      headers,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'vehicleDetails.model', message: 'Vehicle model is required' },
        { field: 'vehicleDetails.engineNumber', message: 'Engine number is required' },
      ]),
    );
    const thirdParty = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      quotationPayload({
        productSystemRef: 'JUB-MP-TPO',
        risks: [{ riskType: 'ASSET', value: null, riskRef: 'KDA 123B', details: {} }],
        additionalBenefits: [],
        vehicleDetails: {
          make: 'Toyota',
          model: 'Vitz',
          registrationNumber: 'KDA 123B',
          chassisNumber: 'JTEBU5JR5K5123456',
        },
      }),
      headers,
    );
    expect(thirdParty.statusCode).toBe(200);
    expect(thirdParty.json().result.data.premium).toBe((7_500 + 15 + 19 + 40) * 100);
    const past = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      quotationPayload({ coverDetails: { startDate: '2020-01-01' } }),
      headers,
    );
    expect(past.json().errors).toContainEqual({
      field: 'coverDetails.startDate',
      message: 'Start date cannot be before today.',
    });
  });

  it('pays through the simulator: the callback marks the invoice paid and issues one policy, e-mailed with its documents', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const started = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(started.statusCode).toBe(200);
    const { paymentRef } = started.json().result.data;
    const status = await waitUntil(
      async () =>
        (
          await call(
            ctx,
            'intergration',
            'payment',
            'paymentRequestDetails',
            { paymentSystemRef: paymentRef },
            headers,
          )
        ).json().result.data,
      (data) => data.paymentRequestStatus !== 'pending',
    );
    expect(status).toMatchObject({
      paymentRequestStatus: 'success',
      policyNumber: expect.stringMatching(/^BIMA\/07\/\d{4}\/\d{8}$/),
    });
    expect(status.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);

    const policyList = (await call(ctx, 'client', 'policy', 'listPolicies', {}, headers)).json().result.data;
    expect(policyList).toHaveLength(1);
    // Amounts in cents (issue 29): the KES 1.5M car's premium of KES 79,145, paid in one prompt.
    expect(policyList[0]).toMatchObject({
      receiptNumber: status.receiptNumber,
      premium: 7_914_500,
      vehicleValue: 150_000_000,
      sumInsured: 150_000_000,
      coverType: 'comprehensive',
      payments: [expect.objectContaining({ method: 'mpesa', amount: 7_914_500, allocated: 7_914_500 })],
    });
    expect(invoice.amount).toBe(7_914_500);
    const mails = await waitUntil(
      async () =>
        (await ctx.app.inject({ method: 'GET', url: '/dev/outbox' })).json() as Array<{
          subject: string;
          attachments: string[];
        }>,
      (list) => list.some((mail) => mail.subject.includes(status.policyNumber)),
    );
    const mail = mails.find((entry) => entry.subject.includes(status.policyNumber));
    // The schedule, the receipt and (a motor policy) the certificate.
    expect(mail?.attachments).toEqual([
      expect.stringMatching(/^policy-schedule-/),
      expect.stringMatching(/^receipt-/),
      expect.stringMatching(/^certificate-/),
    ]);

    const again = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(again.statusCode).toBe(409);
    expect(again.json().err_code).toBe('INVOICE_PAID');
  });

  it.each([
    ['254712345601', '1032', 'The payment was cancelled on the phone.'],
    ['254712345602', '1', 'Your M-Pesa balance is not enough for this payment.'],
    ['254712345603', '2001', 'The M-Pesa PIN entered was wrong.'],
    ['254712345604', '1037', 'Your phone could not be reached, or the PIN was not entered in time.'],
  ])('%s fails with ResultCode %s and leaves the invoice payable', async (phone, code, message) => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, phone)).json().result.data;
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status !== 'pending',
    );
    expect(row).toMatchObject({ status: 'failed', resultCode: code });
    const status = (
      await call(
        ctx,
        'intergration',
        'payment',
        'paymentRequestDetails',
        { paymentSystemRef: paymentRef },
        headers,
      )
    ).json().result.data;
    expect(status).toMatchObject({
      paymentRequestStatus: 'failed',
      statusMessage: message,
      policyNumber: null,
    });
    // Retry with a good number succeeds.
    const retry = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a second push while one is pending', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    expect((await pay(ctx, headers, invoice.invoiceSystemRef, '254712345605')).statusCode).toBe(200);
    const second = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
    expect(second.statusCode).toBe(409);
    expect(second.json().err_code).toBe('PAYMENT_PENDING');
  });

  it('settles a payment with no callback through the reconciler (05)', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, '254712345605')).json().result
      .data;
    const { payments: paymentsTable } = await import('../src/db/schema');
    const { checkoutRequestId } = await paymentRow(ctx, paymentRef);
    // Wait for the simulated customer to answer, then make the push old enough for the reconciler,
    // as if the customer had answered a while ago (a query before the answer would only say pending).
    await waitUntil(
      async () =>
        ctx.app.services.mpesa.simulator
          ?.prompts()
          .find((prompt) => prompt.checkoutRequestId === checkoutRequestId),
      (prompt) => prompt?.state === 'answered',
    );
    await ctx.database.db
      .update(paymentsTable)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentsTable.paymentSystemRef, paymentRef));
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status !== 'pending',
    );
    expect(row.status).toBe('success');
    const [policy] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.invoiceId, row.invoiceId!));
    expect(policy).toBeDefined();
  });

  it('handles a duplicated callback (06) once: one payment success, one policy', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, '254712345606')).json().result
      .data;
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status !== 'pending',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(row.status).toBe('success');
    expect(
      await ctx.database.db.select().from(policies).where(eq(policies.invoiceId, row.invoiceId!)),
    ).toHaveLength(1);
  });

  it('issues the policy on a late callback (07) after the web app gave up, and the portal shows it', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, '254712345607')).json().result
      .data;
    const early = (
      await call(
        ctx,
        'intergration',
        'payment',
        'paymentRequestDetails',
        { paymentSystemRef: paymentRef },
        headers,
      )
    ).json().result.data;
    expect(early.paymentRequestStatus).toBe('pending');
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status !== 'pending',
    );
    expect(row.status).toBe('success');
    const list = (await call(ctx, 'client', 'quotation', 'listQuotations', {}, headers)).json().result.data;
    expect(list[0]).toMatchObject({
      systemQuotationRef: invoice.systemQuotationRef,
      policyNumber: expect.any(String),
    });
  });

  describe('callbacks that must change nothing', () => {
    const callbackBody = (checkoutRequestId: string, amount: number, phone = 254712345678) => ({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: amount },
              { Name: 'MpesaReceiptNumber', Value: 'FAKE123456' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261122101010 },
              { Name: 'PhoneNumber', Value: phone },
            ],
          },
        },
      },
    });
    const post = (path: string, body: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: path,
        payload: body as object,
        headers: { 'content-type': 'application/json' },
      });

    it('refuses a wrong path secret, an unknown CheckoutRequestID and a wrong amount', async () => {
      const headers = await signedIn(ctx);
      const invoice = await invoiceFor(ctx, headers);
      // 05 never calls back, and the reconciler leaves a push alone for its first 8 s: it stays pending.
      const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, '254712345605')).json().result
        .data;
      const payment = await paymentRow(ctx, paymentRef);

      const wrongSecret = await post(
        '/v2/api/mpesa/callback/not-the-secret',
        callbackBody(payment.checkoutRequestId!, invoice.amount / 100),
      );
      expect(wrongSecret.statusCode).toBe(404);

      const path = new URL(ctx.app.services.mpesa.callbackUrl()).pathname;
      const unknown = await post(path, callbackBody('ws_CO_unknown', invoice.amount / 100));
      expect(unknown.statusCode).toBe(200);
      const wrongAmount = await post(
        path,
        // M-Pesa's callback says whole shillings; the invoice answers cents.
        callbackBody(payment.checkoutRequestId!, invoice.amount / 100 - 1, 254712345605),
      );
      expect(wrongAmount.statusCode).toBe(200);
      // (A different phone alone does not block: see payments-hardening.test.ts, masked phones.)
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await paymentRow(ctx, paymentRef)).status).toBe('pending');
      const [stillUnpaid] = await ctx.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      expect(stillUnpaid?.status).toBe('UNPAID');
    });
  });

  it('keeps each client to their own quotations, invoices, policies and documents', async () => {
    const owner = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, owner);
    const { paymentRef } = (await pay(ctx, owner, invoice.invoiceSystemRef, '254712345678')).json().result
      .data;
    const status = await waitUntil(
      async () =>
        (
          await call(
            ctx,
            'intergration',
            'payment',
            'paymentRequestDetails',
            { paymentSystemRef: paymentRef },
            owner,
          )
        ).json().result.data,
      (data) => data.policyNumber !== null,
    );
    const policy = (
      await call(ctx, 'client', 'policy', 'getPolicy', { policyNumber: status.policyNumber }, owner)
    ).json().result.data;

    const stranger = await signedIn(ctx);
    const checks = [
      await call(
        ctx,
        'underwriting',
        'quotation',
        'getQuotationDetails',
        { systemQuotationRef: invoice.systemQuotationRef },
        stranger,
      ),
      await call(
        ctx,
        'underwriting',
        'quotation',
        'completeQuotation',
        { systemQuotationRef: invoice.systemQuotationRef },
        stranger,
      ),
      await call(
        ctx,
        'client',
        'invoice',
        'getInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef },
        stranger,
      ),
      await call(ctx, 'client', 'policy', 'getPolicy', { policyNumber: status.policyNumber }, stranger),
      await call(
        ctx,
        'intergration',
        'payment',
        'paymentRequestDetails',
        { paymentSystemRef: paymentRef },
        stranger,
      ),
      await pay(ctx, stranger, invoice.invoiceSystemRef, '254712345678'),
    ];
    for (const response of checks) expect(response.statusCode).toBe(404);
    expect((await call(ctx, 'client', 'policy', 'listPolicies', {}, stranger)).json().result.data).toEqual(
      [],
    );

    const schedule = await ctx.app.inject({ method: 'GET', url: policy.documents.schedule });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.headers['content-type']).toBe('application/pdf');
    expect(schedule.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const receipt = await ctx.app.inject({ method: 'GET', url: policy.documents.receipt });
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tampered = policy.documents.schedule.replace(/.$/, (char: string) => (char === 'A' ? 'B' : 'A'));
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
  });

  it('repairs a paid payment left without a policy at the next start', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678')).json().result
      .data;
    const row = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (payment) => payment.status === 'success',
    );
    // Simulate a crash between the payment and the issuance.
    await ctx.database.db.delete(policies).where(eq(policies.invoiceId, row.invoiceId!));
    await ctx.database.db
      .update(invoices)
      .set({ status: 'UNPAID', paidAt: null })
      .where(eq(invoices.id, row.invoiceId!));
    const repaired = await repairIssuance({
      db: ctx.database.db,
      services: ctx.app.services,
      log: ctx.app.log,
    });
    expect(repaired).toBeGreaterThanOrEqual(1);
    const [policy] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.invoiceId, row.invoiceId!));
    expect(policy?.receiptNumber).toBe(row.receiptNumber);
    const [paid] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
    expect(paid?.status).toBe('PAID');
  });
});
