import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import {
  claimPayoutQueries,
  claimSettlements,
  invoices,
  ledgerTransactions,
  payments,
  policies,
} from '../src/db/schema';
import { addressMatcher, SAFARICOM_CALLBACK_IPS } from '../src/mpesa/callback-sources';
import { accidentClaim, approveThroughDesk, deskHeaders, policyFor } from './claims-helpers';
import { buildListeningTestApp, buildLoggedApp, type TestContext } from './helpers';
import {
  invoiceFor,
  kenyaToday,
  MPESA_TEST_ENV,
  PAYS,
  pay,
  paymentRow,
  signedIn,
  waitUntil,
} from './purchase-helpers';
import { type Headers, send, signedInClient } from './staff-helpers';

afterEach(() => vi.restoreAllMocks());

/** Daraja's bodies for each callback route: one it accepts, and ones it refuses. */
const stkSuccess = {
  Body: {
    stkCallback: {
      MerchantRequestID: 'm-1',
      CheckoutRequestID: 'ws_CO_log_safety_unknown',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 100 },
          { Name: 'MpesaReceiptNumber', Value: 'LOGSAFE001' },
          { Name: 'PhoneNumber', Value: 254712345678 },
        ],
      },
    },
  },
};
const stkFailure = {
  Body: {
    stkCallback: {
      MerchantRequestID: 'm-2',
      CheckoutRequestID: 'ws_CO_log_safety_unknown_2',
      ResultCode: 1032,
      ResultDesc: 'Request cancelled by user',
    },
  },
};
const b2cResult = (secretUrl: string, code: number | string) => ({
  Result: {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Failed.',
    OriginatorConversationID: 'log-safety-unknown-payout',
    ConversationID: 'AG_20261128_0000',
    TransactionID: 'LOGSAFE002',
    // Daraja echoes the QueueTimeOutURL in its results: the secret is in the body too.
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: secretUrl } },
  },
});
const statusResult = (code: number) => ({
  Result: {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Failed.',
    OriginatorConversationID: 'log-safety-query',
    ConversationID: 'AG_20261128_0001',
    TransactionID: 'TJ70000000',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'OriginatorConversationID', Value: 'log-safety-unknown-payout' },
        { Key: 'ReceiptNo', Value: 'LOGSAFE003' },
      ],
    },
  },
});

/** An M-Pesa Ratiba callback (the standing order's approval) for a standing order we do not hold. */
const ratibaCallback = {
  ResponseHeader: { responseRefID: 'log-safety-ratiba', responseCode: '0', responseDescription: 'ok' },
  ResponseBody: {
    ResponseData: [
      { Name: 'Status', Value: 'OKAY' },
      { Name: 'responseCode', Value: '0' },
    ],
  },
};

describe('the M-Pesa callback secret never reaches the log', () => {
  const secret = 'callback-secret-never-in-the-log-0123456789';
  let ctx: Awaited<ReturnType<typeof buildLoggedApp>>;
  beforeAll(async () => {
    // trace: every line the app can write, the successful requests' lines included.
    ctx = await buildLoggedApp({ env: { MPESA_CALLBACK_SECRET: secret }, level: 'trace' });
  });
  afterAll(() => ctx.app.close());

  it('covers every M-Pesa callback route the app registers', () => {
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    const mpesa = routes
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, ''))
      .filter((line) => line.includes('/v2/api/mpesa/'));
    expect(mpesa.map((line) => line.split(' ')[0]).sort()).toEqual([
      '/v2/api/mpesa/b2c/:kind/:secret',
      '/v2/api/mpesa/callback/:secret',
      // Ratiba's callback (/ratiba/:secret) and its Transaction Status answers (/ratiba/:kind/:secret) share a node.
      '/v2/api/mpesa/ratiba/:secret|:kind',
    ]);
  });

  it('with success and error inputs on each route: STK, B2C result and time-out, Transaction Status and its time-out', async () => {
    const base = `/v2/api/mpesa`;
    const secretUrl = `https://portal.example.co.ke${base}/b2c/timeout/${secret}`;
    const sends: Array<{ url: string; payload?: unknown; raw?: string; status: number }> = [
      { url: `${base}/callback/${secret}`, payload: stkSuccess, status: 200 },
      { url: `${base}/callback/${secret}`, payload: stkFailure, status: 200 },
      { url: `${base}/callback/${secret}?attempt=2`, payload: stkSuccess, status: 200 },
      { url: `${base}/callback/${secret}`, payload: { Body: {} }, status: 400 },
      { url: `${base}/callback/${secret}`, raw: '{"Body":', status: 400 },
      { url: `${base}/callback/${secret}/extra`, payload: stkSuccess, status: 404 },
      { url: `${base}/b2c/result/${secret}`, payload: b2cResult(secretUrl, 0), status: 200 },
      { url: `${base}/b2c/result/${secret}`, payload: b2cResult(secretUrl, 2001), status: 200 },
      { url: `${base}/b2c/result/${secret}`, payload: { Result: 'nonsense' }, status: 400 },
      { url: `${base}/b2c/timeout/${secret}`, payload: b2cResult(secretUrl, 'SFC_IC0003'), status: 200 },
      { url: `${base}/b2c/timeout/${secret}`, payload: { nothing: true }, status: 400 },
      { url: `${base}/b2c/timeout/${secret}`, raw: 'not json', status: 400 },
      { url: `${base}/b2c/status/${secret}`, payload: statusResult(0), status: 200 },
      { url: `${base}/b2c/status/${secret}`, payload: statusResult(1), status: 200 },
      { url: `${base}/b2c/status/${secret}`, payload: { Result: {} }, status: 400 },
      { url: `${base}/b2c/status-timeout/${secret}`, payload: statusResult(1), status: 200 },
      { url: `${base}/b2c/status-timeout/${secret}`, payload: [], status: 400 },
      { url: `${base}/b2c/reversal/${secret}`, payload: b2cResult(secretUrl, 0), status: 404 },
      { url: `${base}/ratiba/${secret}`, payload: ratibaCallback, status: 200 },
      { url: `${base}/ratiba/${secret}`, raw: 'not json', status: 400 },
      { url: `${base}/ratiba/status/${secret}?d=x&s=y`, payload: statusResult(0), status: 200 },
      { url: `${base}/ratiba/status-timeout/${secret}`, payload: statusResult(1), status: 200 },
    ];
    for (const send of sends) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: send.url,
        headers: { 'content-type': 'application/json' },
        ...(send.raw !== undefined ? { payload: send.raw } : { payload: send.payload as object }),
      });
      expect(response.statusCode, `${send.url} ${response.body}`).toBe(send.status);
    }
    // The callbacks are handled after the answer: wait for their lines (unknown payments and payouts).
    const lines = await waitUntil(
      async () => ctx.lines,
      (written) =>
        written.filter((line) =>
          /unknown payment|unknown payout|payout we cannot find|Transaction Status result/.test(line),
        ).length >= 4,
    );
    // Any other line, e.g. an error whose message or stack names a callback URL, is scrubbed too.
    ctx.app.log.error({ err: new Error(`POST ${secretUrl} failed`) }, 'a callback URL in an error');
    const log = lines.join('');
    expect(log).toContain('a callback URL in an error');
    // Each route wrote its request line, so the test saw them all.
    for (const kind of [
      'callback',
      'b2c/result',
      'b2c/timeout',
      'b2c/status',
      'b2c/status-timeout',
      'ratiba',
      'ratiba/status',
    ])
      expect(log).toContain(`${base}/${kind}/[redacted]`);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(encodeURIComponent(secret));
  });
});

describe('Safaricom callback addresses', () => {
  it.each([
    ['196.201.214.200', true],
    ['::ffff:196.201.212.69', true],
    ['196.201.214.201', false],
    ['203.0.113.7', false],
    ['127.0.0.1', false],
    ['not an address', false],
  ])('the published list: %s is Safaricom: %s', (address, expected) => {
    expect(addressMatcher(SAFARICOM_CALLBACK_IPS)(address)).toBe(expected);
  });

  it('matches CIDR ranges of both families', () => {
    const inRanges = addressMatcher(['196.201.212.0/22', '2001:db8::/32']);
    expect(['196.201.215.255', '196.201.212.0', '2001:db8::1'].map(inRanges)).toEqual([true, true, true]);
    expect(['196.201.216.0', '196.201.211.255', '2001:db9::1'].map(inRanges)).toEqual([false, false, false]);
  });

  it('refuses a malformed MPESA_CALLBACK_IP_RANGES at start-up', () => {
    expect(() => loadConfig({ MPESA_CALLBACK_IP_RANGES: '196.201.214.0/33' })).toThrow(
      /MPESA_CALLBACK_IP_RANGES/,
    );
    expect(() => loadConfig({ MPESA_CALLBACK_IP_RANGES: 'safaricom.co.ke' })).toThrow(
      /MPESA_CALLBACK_IP_RANGES/,
    );
    expect(
      loadConfig({ MPESA_CALLBACK_IP_RANGES: ' 10.0.0.0/8, 196.201.214.200 ' }).MPESA_CALLBACK_IP_RANGES,
    ).toBe(' 10.0.0.0/8, 196.201.214.200 ');
  });
});

/** A success callback as Safaricom sends it, for a payment row we hold. */
const successFor = (payment: typeof payments.$inferSelect, receipt: string) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: payment.merchantRequestId,
      CheckoutRequestID: payment.checkoutRequestId,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: payment.amount / 100 },
          { Name: 'MpesaReceiptNumber', Value: receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: 20261128101010 },
          { Name: 'PhoneNumber', Value: Number(payment.phone) },
        ],
      },
    },
  },
});

describe('a success callback is confirmed with M-Pesa before money is credited', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The simulated customer never answers by themselves: the prompts wait until the test answers them.
    ctx = await buildListeningTestApp({ ...MPESA_TEST_ENV, MPESA_SIMULATOR_DELAY_MS: '600000' });
  });
  afterAll(() => ctx.app.close());

  const forge = (payment: typeof payments.$inferSelect, from: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(ctx.app.services.mpesa.callbackUrl()).pathname,
      remoteAddress: from,
      headers: { 'content-type': 'application/json', ...headers },
      payload: successFor(payment, 'FORGED0001'),
    });
  const credits = (paymentId: number) =>
    ctx.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId));
  const policyOf = async (invoiceSystemRef: string) => {
    const [row] = await ctx.database.db
      .select({ status: invoices.status, policy: policies.policyNumber })
      .from(invoices)
      .leftJoin(policies, eq(policies.invoiceId, invoices.id))
      .where(eq(invoices.invoiceSystemRef, invoiceSystemRef));
    return row!;
  };

  it('a forged success from outside Safaricom (the right secret, CheckoutRequestID and amount) issues nothing; the real payment still does', async () => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const started = await pay(ctx, headers, invoice.invoiceSystemRef, PAYS);
    expect(started.statusCode, started.body).toBe(200);
    const { paymentRef } = started.json().result.data;
    const payment = await paymentRow(ctx, paymentRef);

    // From an address outside Safaricom's ranges, also when it claims one in X-Forwarded-For.
    const forged = await forge(payment, '203.0.113.7');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await forge(payment, '203.0.113.7', { 'x-forwarded-for': '196.201.214.200' });
    // Handled once M-Pesa's STK query was asked (the reconciler's bookkeeping) — or credited.
    await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (row) => row.lastQueriedAt !== null || row.status !== 'pending',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await paymentRow(ctx, paymentRef)).toMatchObject({
      status: 'pending',
      receiptNumber: null,
      allocatedAmount: null,
    });
    // The query said: still being processed.
    expect((await paymentRow(ctx, paymentRef)).lastQueriedAt).not.toBeNull();
    expect(await credits(payment.id)).toEqual([]);
    expect(await policyOf(invoice.invoiceSystemRef)).toEqual({ status: 'UNPAID', policy: null });
    expect(errors).not.toHaveBeenCalledWith(expect.anything(), 'unallocated M-Pesa receipt');

    // The customer enters the PIN: the simulator's real callback (not from Safaricom's addresses here
    // either) is confirmed by the query, and the policy is issued with M-Pesa's own receipt.
    expect(ctx.app.services.mpesa.simulator!.answer(payment.checkoutRequestId!, true)).toBe(true);
    const paid = await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (row) => row.status === 'success',
    );
    expect(paid).toMatchObject({ status: 'success', settledBy: 'callback', allocatedAmount: payment.amount });
    expect(paid.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.receiptNumber).not.toBe('FORGED0001');
    expect(await credits(payment.id)).toHaveLength(1);
    const issued = await waitUntil(
      () => policyOf(invoice.invoiceSystemRef),
      (row) => row.policy !== null,
    );
    expect(issued.status).toBe('PAID');
  });

  it('a forged success for a payment the customer cancelled leaves it failed, nothing credited', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, PAYS)).json().result.data;
    const payment = await paymentRow(ctx, paymentRef);
    ctx.app.services.mpesa.simulator!.answer(payment.checkoutRequestId!, false);
    await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (row) => row.status === 'failed',
    );
    await forge(payment, '203.0.113.7');
    await waitUntil(
      () => paymentRow(ctx, paymentRef),
      (row) => row.lastQueriedAt !== null || row.status !== 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await paymentRow(ctx, paymentRef)).toMatchObject({ status: 'failed', resultCode: '1032' });
    expect(await credits(payment.id)).toEqual([]);
    expect(await policyOf(invoice.invoiceSystemRef)).toEqual({ status: 'UNPAID', policy: null });
  });

  it('a forged success for a CheckoutRequestID M-Pesa never issued adopts no unconfirmed prompt', async () => {
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, PAYS)).json().result.data;
    // As if the instance had died before storing the CheckoutRequestID (adoptOrphanPrompt's case).
    await ctx.database.db
      .update(payments)
      .set({ checkoutRequestId: null })
      .where(eq(payments.paymentSystemRef, paymentRef));
    const orphan = await paymentRow(ctx, paymentRef);
    const response = await forge({ ...orphan, checkoutRequestId: 'ws_CO_forged_0001' }, '203.0.113.7');
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await paymentRow(ctx, paymentRef)).toMatchObject({ status: 'pending', checkoutRequestId: null });
    expect(await credits(orphan.id)).toEqual([]);
  });
});

describe('MPESA_CALLBACK_CONFIRM', () => {
  it('outside-ranges (the default) believes a callback from a Safaricom address; always confirms that one too', async () => {
    for (const [mode, credited] of [
      ['outside-ranges', true],
      ['always', false],
    ] as const) {
      const ctx = await buildListeningTestApp({
        ...MPESA_TEST_ENV,
        MPESA_SIMULATOR_DELAY_MS: '600000',
        MPESA_CALLBACK_CONFIRM: mode,
      });
      try {
        const headers = await signedIn(ctx);
        const invoice = await invoiceFor(ctx, headers);
        const { paymentRef } = (await pay(ctx, headers, invoice.invoiceSystemRef, PAYS)).json().result.data;
        const payment = await paymentRow(ctx, paymentRef);
        await ctx.app.inject({
          method: 'POST',
          url: new URL(ctx.app.services.mpesa.callbackUrl()).pathname,
          remoteAddress: '196.201.214.200',
          payload: successFor(payment, 'SAFARICOM1'),
        });
        const row = await waitUntil(
          () => paymentRow(ctx, paymentRef),
          (current) => current.status !== 'pending' || current.lastQueriedAt !== null,
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await paymentRow(ctx, paymentRef)).status, mode).toBe(credited ? 'success' : 'pending');
        expect(row.lastQueriedAt === null, mode).toBe(credited);
      } finally {
        await ctx.app.close();
      }
    }
    // Two apps, each with its database and a paid policy's worth of set-up: slow on a loaded machine.
  }, 90_000);
});

describe('a B2C payout result is confirmed with M-Pesa before a claim is settled or freed', () => {
  let ctx: TestContext;
  let owner: Headers;
  let desk: Headers;
  let policyNumber: string;
  beforeAll(async () => {
    ctx = await buildListeningTestApp({
      AUTH_RATE_LIMIT_SCALE: '100',
      RATE_LIMIT_MAX: '100000',
      MPESA_SIMULATOR_DELAY_MS: '40',
      MPESA_SIMULATOR_B2C_DELAY_MS: '40',
      // The reconciler never asks by itself here: every Transaction Status query is a callback's.
      PAYOUT_RECONCILE_INTERVAL_MS: '200',
      PAYOUT_QUERY_AFTER_MS: '3600000',
    });
    owner = await signedInClient(ctx);
    policyNumber = await policyFor(ctx, owner);
    desk = await deskHeaders(ctx);
  }, 60_000);
  afterAll(() => ctx.app.close());

  const simulator = () => ctx.app.services.mpesa.simulator!;
  const claimOf = async (id: number) =>
    (await send(ctx, 'claims/desk/getClaim', { id }, desk)).body.result.data;
  const settlementOf = async (id: number) =>
    (await ctx.database.db.select().from(claimSettlements).where(eq(claimSettlements.claimId, id)))[0]!;
  const queriesOf = (settlementId: number) =>
    ctx.database.db
      .select()
      .from(claimPayoutQueries)
      .where(eq(claimPayoutQueries.settlementId, settlementId));
  /** An approved claim (KES 175,000 after the excess) with an M-Pesa payout sent to `phone`. */
  const payoutTo = async (phone: string) => {
    const reported = await send(
      ctx,
      'client/claim/reportClaim',
      accidentClaim(policyNumber, kenyaToday()),
      owner,
    );
    const id = reported.body.result.data.id as number;
    await approveThroughDesk(ctx, desk, id, 200_000_00);
    const started = await send(ctx, 'claims/desk/settleClaim', { id, method: 'mpesa', phone }, desk);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return { id, settlement: await settlementOf(id) };
  };
  const b2cBody = (originatorConversationId: string, code: number | string, receipt?: string) => ({
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'The request failed.',
      OriginatorConversationID: originatorConversationId,
      ConversationID: 'AG_20261128_forged',
      TransactionID: receipt ?? 'FORGEDB2C1',
      ...(receipt
        ? {
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: 175_000 },
                { Key: 'TransactionReceipt', Value: receipt },
              ],
            },
          }
        : {}),
    },
  });
  const deliver = (kind: 'result' | 'timeout' | 'status', from: string, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: new URL(
        kind === 'result'
          ? ctx.app.services.mpesa.b2c!.resultUrl()
          : kind === 'timeout'
            ? ctx.app.services.mpesa.b2c!.timeoutUrl()
            : ctx.app.services.mpesa.b2c!.statusResultUrl(),
      ).pathname,
      remoteAddress: from,
      headers: { 'content-type': 'application/json' },
      payload: body as object,
    });
  /** Waits until M-Pesa answered `count` Transaction Status queries about the payout. */
  const answeredQueries = (settlementId: number, count = 1) =>
    waitUntil(
      () => queriesOf(settlementId),
      (rows) => rows.filter((row) => row.answeredAt !== null).length >= count,
    );
  const eventsOf = async (id: number, event: string) =>
    (await claimOf(id)).timeline.filter((step: { event: string }) => step.event === event);

  it('a forged success from outside Safaricom (the right secret and OriginatorConversationID) leaves the payout unpaid', async () => {
    // 08: M-Pesa's result never comes and its Transaction Status has no record of the payout.
    const { id, settlement } = await payoutTo('254712345608');
    const forged = await deliver(
      'result',
      '203.0.113.7',
      b2cBody(settlement.originatorConversationId!, 0, 'FORGEDB2C1'),
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // M-Pesa was asked (by the reconciler's query) and answered that it knows no such payment.
    await answeredQueries(settlement.id);
    expect(
      simulator()
        .statusQueries()
        .filter((query) => query.payoutOriginatorConversationId === settlement.originatorConversationId)
        .map((query) => query.answer),
    ).toEqual(['not-found']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await settlementOf(id)).toMatchObject({ status: 'pending', reference: null });
    const claim = await claimOf(id);
    expect(claim.status).toBe('APPROVED');
    expect(await eventsOf(id, 'settled')).toEqual([]);
    // Nor can a forged Transaction Status answer, matched only by the payout's own id, settle it.
    const forgedStatus = await deliver('status', '203.0.113.7', {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: 'forged-query',
        ConversationID: 'AG_20261128_forged_query',
        TransactionID: 'TJ70000000',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'OriginatorConversationID', Value: settlement.originatorConversationId },
            { Key: 'ReceiptNo', Value: 'FORGEDB2C2' },
            { Key: 'Amount', Value: 175_000 },
          ],
        },
      },
    });
    expect(forgedStatus.statusCode).toBe(200);
    // Nor a replay of M-Pesa's own answer to our query, with its status rewritten.
    const [query] = await queriesOf(settlement.id);
    await deliver('status', '203.0.113.7', {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: query!.originatorConversationId,
        ConversationID: query!.conversationId,
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'OriginatorConversationID', Value: settlement.originatorConversationId },
            { Key: 'ReceiptNo', Value: 'FORGEDB2C3' },
          ],
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await settlementOf(id)).toMatchObject({ status: 'pending', reference: null });
    expect(await eventsOf(id, 'settled')).toEqual([]);
  });

  it('a forged failure or time-out does not free a claim M-Pesa paid: its query settles it with the real receipt', async () => {
    // 05: M-Pesa pays, but its result is lost.
    const { id, settlement } = await payoutTo('254712345605');
    const paid = await waitUntil(
      async () =>
        simulator()
          .payouts()
          .find((entry) => entry.originatorConversationId === settlement.originatorConversationId)!,
      (entry) => entry.state === 'paid',
    );
    await deliver('timeout', '203.0.113.7', b2cBody(settlement.originatorConversationId!, 'SFC_IC0003'));
    await deliver('result', '203.0.113.7', b2cBody(settlement.originatorConversationId!, 2040));
    const settled = await waitUntil(
      () => claimOf(id),
      (claim) => claim.status === 'SETTLED',
    );
    expect(settled.settlements).toEqual([
      expect.objectContaining({ status: 'success', reference: paid.transactionId }),
    ]);
    expect(await eventsOf(id, 'settlement_failed')).toEqual([]);
    const [event] = await eventsOf(id, 'settled');
    expect(event.note).toContain('(confirmed by M-Pesa’s transaction status)');
    // The claim cannot be paid a second time.
    const again = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(again.status).toBe(409);
  });

  it('a result from a Safaricom address is applied as it comes, without a query', async () => {
    const { id, settlement } = await payoutTo('254712345608');
    const response = await deliver(
      'timeout',
      '196.201.214.200',
      b2cBody(settlement.originatorConversationId!, 'SFC_IC0003'),
    );
    expect(response.statusCode).toBe(200);
    const row = await waitUntil(
      () => settlementOf(id),
      (entry) => entry.status !== 'pending',
    );
    expect(row).toMatchObject({ status: 'timeout', resultCode: 'SFC_IC0003', queryAttempts: 0 });
    expect(await queriesOf(settlement.id)).toEqual([]);
    expect((await claimOf(id)).status).toBe('APPROVED');

    const second = await payoutTo('254712345608');
    await deliver(
      'result',
      '196.201.214.206',
      b2cBody(second.settlement.originatorConversationId!, 0, 'SAFB2C0001'),
    );
    const settled = await waitUntil(
      () => claimOf(second.id),
      (claim) => claim.status === 'SETTLED',
    );
    expect(settled.settlements).toEqual([
      expect.objectContaining({ status: 'success', reference: 'SAFB2C0001' }),
    ]);
    expect(await queriesOf(second.settlement.id)).toEqual([]);
  });

  it("the simulator's own results (from 127.0.0.1) settle, fail and time out each payout as its Transaction Status says", async () => {
    const paid = await payoutTo('254712345678');
    const failed = await payoutTo('254712345602');
    const expired = await payoutTo('254712345604');
    const settled = await waitUntil(
      () => claimOf(paid.id),
      (claim) => claim.status === 'SETTLED',
    );
    const payout = simulator()
      .payouts()
      .find((entry) => entry.originatorConversationId === paid.settlement.originatorConversationId)!;
    expect(settled.settlements).toEqual([
      expect.objectContaining({ status: 'success', reference: payout.transactionId }),
    ]);
    expect(
      await waitUntil(
        () => settlementOf(failed.id),
        (row) => row.status !== 'pending',
      ),
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      await waitUntil(
        () => settlementOf(expired.id),
        (row) => row.status !== 'pending',
      ),
    ).toMatchObject({
      status: 'timeout',
      resultCode: 'Expired',
    });
    for (const { id } of [failed, expired]) expect((await claimOf(id)).status).toBe('APPROVED');
  });
});

describe('MPESA_CALLBACK_CONFIRM=always for B2C results', () => {
  it('confirms a result from a Safaricom address too', async () => {
    const ctx = await buildListeningTestApp({
      AUTH_RATE_LIMIT_SCALE: '100',
      RATE_LIMIT_MAX: '100000',
      MPESA_SIMULATOR_DELAY_MS: '40',
      MPESA_SIMULATOR_B2C_DELAY_MS: '40',
      PAYOUT_RECONCILE_INTERVAL_MS: '200',
      PAYOUT_QUERY_AFTER_MS: '3600000',
      MPESA_CALLBACK_CONFIRM: 'always',
    });
    try {
      const owner = await signedInClient(ctx);
      const policyNumber = await policyFor(ctx, owner);
      const desk = await deskHeaders(ctx);
      const reported = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(policyNumber, kenyaToday()),
        owner,
      );
      const id = reported.body.result.data.id as number;
      await approveThroughDesk(ctx, desk, id, 200_000_00);
      await send(ctx, 'claims/desk/settleClaim', { id, method: 'mpesa', phone: '254712345608' }, desk);
      const [settlement] = await ctx.database.db
        .select()
        .from(claimSettlements)
        .where(eq(claimSettlements.claimId, id));
      await ctx.app.inject({
        method: 'POST',
        url: new URL(ctx.app.services.mpesa.b2c!.timeoutUrl()).pathname,
        remoteAddress: '196.201.214.200',
        headers: { 'content-type': 'application/json' },
        payload: {
          Result: {
            ResultType: 0,
            ResultCode: 'SFC_IC0003',
            ResultDesc: 'The request timed out in the queue.',
            OriginatorConversationID: settlement!.originatorConversationId,
            ConversationID: 'AG_20261128_always',
            TransactionID: 'X',
          },
        },
      });
      const [query] = await waitUntil(
        () =>
          ctx.database.db
            .select()
            .from(claimPayoutQueries)
            .where(eq(claimPayoutQueries.settlementId, settlement!.id)),
        (rows) => rows.some((row) => row.answeredAt !== null),
      );
      expect(query).toMatchObject({ resultCode: '1' });
      const [after] = await ctx.database.db
        .select()
        .from(claimSettlements)
        .where(eq(claimSettlements.id, settlement!.id));
      expect(after).toMatchObject({ status: 'pending' });
    } finally {
      await ctx.app.close();
    }
  }, 60_000);
});
