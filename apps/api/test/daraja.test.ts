import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DarajaClient,
  DarajaError,
  darajaPassword,
  darajaTimestamp,
  describeResultCode,
  parseDarajaFault,
  parseStkCallback,
} from '../src/mpesa/daraja-client';
import { type DarajaSimulator, outcomeForPhone, startDarajaSimulator } from '../src/mpesa/simulator';

const SIM = { consumerKey: 'key', consumerSecret: 'secret', shortcode: '174379', passkey: 'passkey' };

describe('Daraja payloads (recorded shapes)', () => {
  it('parses a success callback: items by name, a Balance without value, numeric ResultCode', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1.0 },
              { Name: 'MpesaReceiptNumber', Value: 'LGR7OWQX0R' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20170727154800 },
              { Name: 'PhoneNumber', Value: 254721566839 },
            ],
          },
        },
      },
    });
    expect(parsed).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      amount: 1,
      receiptNumber: 'LGR7OWQX0R',
      phoneNumber: '254721566839',
      transactionDate: '20170727154800',
    });
  });

  it('parses a failure callback without metadata and a string ResultCode', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: 'SFC_IC0003',
          ResultDesc: 'x',
        },
      },
    });
    expect(parsed).toMatchObject({ resultCode: 'SFC_IC0003', amount: null, receiptNumber: null });
    expect(describeResultCode('1032').outcome).toBe('failed');
    expect(describeResultCode('0').outcome).toBe('success');
  });

  it('parses items in any order, with the Balance item absent', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          CheckoutRequestID: 'c',
          ResultCode: 0,
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254700000000 },
              { Name: 'MpesaReceiptNumber', Value: 'QWE123RTY9' },
              { Name: 'Amount', Value: 7695 },
            ],
          },
        },
      },
    });
    expect(parsed).toMatchObject({ amount: 7695, receiptNumber: 'QWE123RTY9', phoneNumber: '254700000000' });
  });

  it.each([null, {}, { Body: {} }, { Body: { stkCallback: { ResultCode: 0 } } }, 'text', 42])(
    'refuses %j as a callback',
    (body) => {
      expect(parseStkCallback(body)).toBeNull();
    },
  );

  it('builds the timestamp in Kenya time and the password from shortcode, passkey and timestamp', () => {
    expect(darajaTimestamp(new Date('2026-01-31T22:30:05Z'))).toBe('20260201013005');
    expect(darajaPassword('174379', 'pk', '20260201013005')).toBe(
      Buffer.from('174379pk20260201013005').toString('base64'),
    );
  });

  it.each([
    ['254712345601', 'cancelled'],
    ['254712345602', 'insufficient'],
    ['254712345603', 'wrong-pin'],
    ['254712345604', 'unreachable'],
    ['254712345605', 'no-callback'],
    ['254712345606', 'twice'],
    ['254712345607', 'late'],
    ['254712345608', 'query-first'],
    ['254712345609', 'failed-then-paid'],
    ['254712345610', 'masked-phone'],
    ['254712345611', 'no-amount'],
    ['254712345612', 'query-fault'],
    ['254712345613', 'query-unreachable'],
    ['254712345614', 'push-fault'],
    ['254712345678', 'success'],
  ])('the simulator treats %s as %s', (phone, outcome) => {
    expect(outcomeForPhone(phone)).toBe(outcome);
  });
});

const FAULT = {
  Envelope: {
    Body: {
      Fault: {
        faultstring: 'Rate limit quota violation. Quota limit exceeded.',
        detail: { errorcode: 'policies.ratelimit.QuotaViolation' },
      },
    },
  },
};

/** A Daraja stand-in answering one canned reply to every call after the token. */
function cannedFetch(status: number, body: unknown): typeof fetch {
  return (async (input: string | URL | Request) => {
    if (String(input).includes('/oauth/')) return Response.json({ access_token: 't', expires_in: '3599' });
    return Response.json(body, { status });
  }) as typeof fetch;
}

describe('Daraja gateway faults and query answers', () => {
  const config = { ...SIM, baseUrl: 'https://daraja.invalid' };
  const push = (client: DarajaClient) =>
    client.stkPush({
      amount: 10,
      phoneNumber: '254712345678',
      callbackUrl: 'https://x.invalid/cb',
      accountReference: 'A',
      description: 'x',
    });

  it('reads the Envelope/Body/Fault shape (and a bare fault) into a code and a message', () => {
    expect(parseDarajaFault(FAULT)).toEqual({
      code: 'policies.ratelimit.QuotaViolation',
      message: 'Rate limit quota violation. Quota limit exceeded.',
    });
    expect(
      parseDarajaFault({
        fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
      }),
    ).toEqual({
      code: 'oauth.v2.InvalidApiKey',
      message: 'Invalid ApiKey',
    });
    expect(parseDarajaFault({ errorCode: '400.002.02', errorMessage: 'x' })).toBeNull();
    expect(parseDarajaFault('text')).toBeNull();
  });

  it.each([500, 200])(
    'turns a Fault answered with HTTP %i into a DarajaError, for the push and the query',
    async (status) => {
      const client = new DarajaClient(config, cannedFetch(status, FAULT));
      await expect(push(client)).rejects.toMatchObject({
        name: 'DarajaError',
        errorCode: 'policies.ratelimit.QuotaViolation',
        message: 'Rate limit quota violation. Quota limit exceeded.',
      });
      await expect(client.stkQuery('ws_CO_1')).rejects.toMatchObject({
        errorCode: 'policies.ratelimit.QuotaViolation',
      });
    },
  );

  it('treats a query answer about another CheckoutRequestID as an error, not a final answer', async () => {
    const answer = {
      ResponseCode: '0',
      CheckoutRequestID: 'ws_CO_other',
      ResultCode: '1032',
      ResultDesc: 'Request cancelled by user',
    };
    await expect(
      new DarajaClient(config, cannedFetch(200, answer)).stkQuery('ws_CO_mine'),
    ).rejects.toBeInstanceOf(DarajaError);
    const { CheckoutRequestID: _, ...withoutId } = answer;
    await expect(
      new DarajaClient(config, cannedFetch(200, withoutId)).stkQuery('ws_CO_mine'),
    ).rejects.toBeInstanceOf(DarajaError);
    await expect(
      new DarajaClient(config, cannedFetch(200, { ...answer, CheckoutRequestID: 'ws_CO_mine' })).stkQuery(
        'ws_CO_mine',
      ),
    ).resolves.toEqual({ state: 'final', resultCode: '1032', resultDesc: 'Request cancelled by user' });
  });

  it('sends TransactionType and PartyB from its configuration (a till)', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).includes('/oauth/')) return Response.json({ access_token: 't', expires_in: '3599' });
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return Response.json({ ResponseCode: '0', CheckoutRequestID: 'ws_CO_1', MerchantRequestID: 'm' });
    }) as typeof fetch;
    await push(
      new DarajaClient({ ...config, transactionType: 'CustomerBuyGoodsOnline', partyB: '600111' }, fetchImpl),
    );
    await push(new DarajaClient(config, fetchImpl));
    expect(sent.map((body) => [body.TransactionType, body.BusinessShortCode, body.PartyB])).toEqual([
      ['CustomerBuyGoodsOnline', '174379', '600111'],
      ['CustomerPayBillOnline', '174379', '174379'],
    ]);
  });
});

describe('the Daraja client against the simulator', () => {
  let simulator: DarajaSimulator;
  const callbacks: unknown[] = [];
  let callbackUrl: string;
  let sink: Awaited<ReturnType<typeof startDarajaSimulator>>['app'];

  beforeAll(async () => {
    simulator = await startDarajaSimulator({ ...SIM, answerDelayMs: 30, lateDelayMs: 60 });
    const Fastify = (await import('fastify')).default;
    sink = Fastify();
    sink.post('/callback', async (request) => {
      callbacks.push(request.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    await sink.listen({ host: '127.0.0.1', port: 0 });
    const address = sink.server.address() as { port: number };
    callbackUrl = `http://127.0.0.1:${address.port}/callback`;
  });
  afterAll(async () => {
    await simulator.close();
    await sink.close();
  });

  const client = () => new DarajaClient({ ...SIM, baseUrl: simulator.baseUrl });
  const waitFor = async (predicate: () => boolean) => {
    for (let i = 0; i < 1000 && !predicate(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(predicate()).toBe(true);
  };

  it('gets a token (expires_in is a string) and caches it', async () => {
    const darajaClient = client();
    const first = await darajaClient.getToken();
    expect(await darajaClient.getToken()).toBe(first);
  });

  it('refuses wrong credentials with the Daraja error envelope', async () => {
    const bad = new DarajaClient({ ...SIM, consumerSecret: 'nope', baseUrl: simulator.baseUrl });
    await expect(bad.getToken()).rejects.toMatchObject({ errorCode: '400.008.01' });
  });

  it('pushes, reports pending while waiting, then the final result with a string ResultCode, and calls back', async () => {
    const darajaClient = client();
    const accepted = await darajaClient.stkPush({
      amount: 7695,
      phoneNumber: '254712345678',
      callbackUrl,
      accountReference: 'INV-0001',
      description: 'Motor cover',
    });
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(await darajaClient.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'pending' });
    await waitFor(() =>
      callbacks.some((body) => parseStkCallback(body)?.checkoutRequestId === accepted.checkoutRequestId),
    );
    expect(await darajaClient.stkQuery(accepted.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: '0',
    });
    const callback = parseStkCallback(
      callbacks.find((body) => parseStkCallback(body)?.checkoutRequestId === accepted.checkoutRequestId),
    );
    expect(callback).toMatchObject({ resultCode: '0', amount: 7695, phoneNumber: '254712345678' });
    expect(callback?.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('sends no callback for 05 but the query reports success', async () => {
    const darajaClient = client();
    const accepted = await darajaClient.stkPush({
      amount: 10,
      phoneNumber: '254712345605',
      callbackUrl,
      accountReference: 'A',
      description: 'x',
    });
    await waitFor(
      () =>
        simulator.prompts().find((p) => p.checkoutRequestId === accepted.checkoutRequestId)?.state ===
        'answered',
    );
    expect(await darajaClient.stkQuery(accepted.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: '0',
    });
    expect(
      callbacks.some((body) => parseStkCallback(body)?.checkoutRequestId === accepted.checkoutRequestId),
    ).toBe(false);
  });

  it('sends the 06 callback twice and the 01 callback as cancelled', async () => {
    const darajaClient = client();
    const twice = await darajaClient.stkPush({
      amount: 10,
      phoneNumber: '254712345606',
      callbackUrl,
      accountReference: 'A',
      description: 'x',
    });
    const cancelled = await darajaClient.stkPush({
      amount: 10,
      phoneNumber: '254712345601',
      callbackUrl,
      accountReference: 'A',
      description: 'x',
    });
    const count = (id: string) =>
      callbacks.filter((body) => parseStkCallback(body)?.checkoutRequestId === id).length;
    await waitFor(() => count(twice.checkoutRequestId) === 2 && count(cancelled.checkoutRequestId) === 1);
    const failed = callbacks
      .map(parseStkCallback)
      .find((body) => body?.checkoutRequestId === cancelled.checkoutRequestId);
    expect(failed?.resultCode).toBe('1032');
  });

  it('refuses a decimal amount and a bad phone with 400.002.02', async () => {
    const darajaClient = client();
    await expect(
      darajaClient.stkPush({
        amount: 10.5,
        phoneNumber: '254712345678',
        callbackUrl,
        accountReference: 'A',
        description: 'x',
      }),
    ).rejects.toBeInstanceOf(DarajaError);
    await expect(
      darajaClient.stkPush({
        amount: 10,
        phoneNumber: '0712345678',
        callbackUrl,
        accountReference: 'A',
        description: 'x',
      }),
    ).rejects.toMatchObject({ errorCode: '400.002.02' });
  });

  const pushTo = (darajaClient: DarajaClient, phoneNumber: string, amount = 10) =>
    darajaClient.stkPush({ amount, phoneNumber, callbackUrl, accountReference: 'A', description: 'x' });
  const callbackFor = (id: string) =>
    callbacks.map(parseStkCallback).find((body) => body?.checkoutRequestId === id);

  it('refuses an amount above the per-transaction limit with 400.002.02 Invalid Amount', async () => {
    await expect(pushTo(client(), '254712345678', 250_001)).rejects.toMatchObject({
      status: 400,
      errorCode: '400.002.02',
      message: 'Bad Request - Invalid Amount',
    });
    await expect(pushTo(client(), '254712345678', 250_000)).resolves.toMatchObject({
      checkoutRequestId: expect.any(String),
    });
  });

  it('answers the query at once for 08, and sends the callback with the receipt only afterwards', async () => {
    const accepted = await pushTo(client(), '254712345608');
    expect(await client().stkQuery(accepted.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: '0',
    });
    expect(callbackFor(accepted.checkoutRequestId)).toBeUndefined();
    await waitFor(() => callbackFor(accepted.checkoutRequestId) !== undefined);
    expect(callbackFor(accepted.checkoutRequestId)?.receiptNumber).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('answers 1037 to the query for 09, then sends a success callback', async () => {
    const accepted = await pushTo(client(), '254712345609');
    await waitFor(
      () =>
        simulator.prompts().find((p) => p.checkoutRequestId === accepted.checkoutRequestId)?.state ===
        'answered',
    );
    expect(callbackFor(accepted.checkoutRequestId)).toBeUndefined();
    expect(await client().stkQuery(accepted.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: '1037',
    });
    await waitFor(() => callbackFor(accepted.checkoutRequestId) !== undefined);
    expect(callbackFor(accepted.checkoutRequestId)).toMatchObject({ resultCode: '0', amount: 10 });
  });

  it('masks the phone for 10 and leaves the Amount out for 11', async () => {
    const masked = await pushTo(client(), '254712345610');
    const noAmount = await pushTo(client(), '254712345611');
    await waitFor(
      () =>
        callbackFor(masked.checkoutRequestId) !== undefined &&
        callbackFor(noAmount.checkoutRequestId) !== undefined,
    );
    expect(callbackFor(masked.checkoutRequestId)).toMatchObject({
      resultCode: '0',
      amount: 10,
      phoneNumber: '2547******10',
    });
    expect(callbackFor(noAmount.checkoutRequestId)).toMatchObject({
      resultCode: '0',
      amount: null,
      phoneNumber: '254712345611',
    });
    expect(await client().stkQuery(noAmount.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: '0',
    });
  });

  it('answers the query with a Fault for 12, drops the connection for 13, and the push with a Fault for 14', async () => {
    const fault = await pushTo(client(), '254712345612');
    await expect(client().stkQuery(fault.checkoutRequestId)).rejects.toMatchObject({
      errorCode: 'policies.ratelimit.QuotaViolation',
    });
    const unreachable = await pushTo(client(), '254712345613');
    const error = await client()
      .stkQuery(unreachable.checkoutRequestId)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DarajaError);
    await expect(pushTo(client(), '254712345614')).rejects.toMatchObject({
      errorCode: 'policies.ratelimit.QuotaViolation',
    });
  });

  it('checks TransactionType and PartyB against the configured till', async () => {
    const till = await startDarajaSimulator({
      ...SIM,
      answerDelayMs: 30,
      lateDelayMs: 60,
      transactionType: 'CustomerBuyGoodsOnline',
      partyB: '600111',
      maxAmount: 70_000,
    });
    try {
      const tillClient = (extra: Partial<ConstructorParameters<typeof DarajaClient>[0]>) =>
        new DarajaClient({ ...SIM, baseUrl: till.baseUrl, ...extra });
      await expect(pushTo(tillClient({}), '254712345678')).rejects.toMatchObject({
        message: 'Bad Request - Invalid TransactionType',
      });
      await expect(
        pushTo(tillClient({ transactionType: 'CustomerBuyGoodsOnline' }), '254712345678'),
      ).rejects.toMatchObject({
        message: 'Bad Request - Invalid PartyB',
      });
      const good = tillClient({ transactionType: 'CustomerBuyGoodsOnline', partyB: '600111' });
      await expect(pushTo(good, '254712345678')).resolves.toMatchObject({
        checkoutRequestId: expect.any(String),
      });
      await expect(pushTo(good, '254712345678', 70_001)).rejects.toMatchObject({
        message: 'Bad Request - Invalid Amount',
      });
    } finally {
      await till.close();
    }
  });
});
