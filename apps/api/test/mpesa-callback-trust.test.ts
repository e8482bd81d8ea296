import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedApp } from './helpers';
import { waitUntil } from './purchase-helpers';

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
    for (const kind of ['callback', 'b2c/result', 'b2c/timeout', 'b2c/status', 'b2c/status-timeout'])
      expect(log).toContain(`${base}/${kind}/[redacted]`);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(encodeURIComponent(secret));
  });
});
