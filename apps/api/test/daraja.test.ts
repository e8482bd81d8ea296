import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DarajaClient,
  DarajaError,
  darajaPassword,
  darajaTimestamp,
  describeResultCode,
  parseB2cResult,
  parseDarajaFault,
  parseStkCallback,
  parseTransactionStatusResult,
  payoutStatusOutcome,
} from '../src/mpesa/daraja-client';
import {
  type DarajaSimulator,
  outcomeForPhone,
  payoutOutcomeForPhone,
  startDarajaSimulator,
} from '../src/mpesa/simulator';

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
    // The prompt is answered a second after the push, like a person on a phone: long enough that the
    // first query sees it pending on a loaded machine (30 ms was not, once, in CI).
    simulator = await startDarajaSimulator({ ...SIM, answerDelayMs: 1000, lateDelayMs: 1000 });
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

/** Transaction Status results as Safaricom's pages and integrators record them. */
const STATUS_COMPLETED = {
  Result: {
    ConversationID: 'AG_20180223_0000493344ae97d86f75',
    OriginatorConversationID: '3213-416199-2',
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: '600310 - Safaricom333' },
        { Key: 'CreditPartyName', Value: '254708374149 - John Doe' },
        { Key: 'OriginatorConversationID', Value: '3211-416020-3' },
        { Key: 'InitiatedTime', Value: 20180223054112 },
        { Key: 'DebitAccountType', Value: 'Utility Account' },
        { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|22.40' },
        { Key: 'TransactionReason' },
        { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'FinalisedTime', Value: 20180223054112 },
        { Key: 'Amount', Value: 300 },
        { Key: 'ConversationID', Value: 'AG_20180223_000041b09c22e613d6c9' },
        { Key: 'ReceiptNo', Value: 'MBN31H462N' },
      ],
    },
    ResultType: 0,
    TransactionID: 'MBN0000000',
  },
};

describe('Transaction Status (recorded shapes)', () => {
  it('reads a Completed answer by Key: the receipt is ReceiptNo, not the placeholder TransactionID', () => {
    expect(parseTransactionStatusResult(STATUS_COMPLETED)).toEqual({
      originatorConversationId: '3213-416199-2',
      conversationId: 'AG_20180223_0000493344ae97d86f75',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      transactionStatus: 'Completed',
      receiptNo: 'MBN31H462N',
      amount: 300,
      transactionOriginatorConversationId: '3211-416020-3',
      transactionConversationId: 'AG_20180223_000041b09c22e613d6c9',
      creditPartyName: '254708374149 - John Doe',
      finalisedTime: '20180223054112',
    });
    expect(payoutStatusOutcome(parseTransactionStatusResult(STATUS_COMPLETED)!)).toBe('paid');
  });

  it('reads the spaced keys ("Originator Conversation ID", "Conversation ID") and string amounts', () => {
    const parsed = parseTransactionStatusResult({
      Result: {
        ResultType: 0,
        ResultCode: '0',
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '12345-67890-1',
        ConversationID: 'AG_20231217_00004e8f3f7c9b8d1234',
        TransactionID: 'NLJ7RT61SV',
        ResultParameters: {
          ResultParameter: [
            { Key: 'ReceiptNo', Value: 'NLJ7RT61SV' },
            { Key: 'Conversation ID', Value: 'AG_20231217_0000aaaa' },
            { Key: 'Amount', Value: '100.00' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Originator Conversation ID', Value: 'ours-1' },
          ],
        },
      },
    });
    expect(parsed).toMatchObject({
      amount: 100,
      transactionOriginatorConversationId: 'ours-1',
      transactionConversationId: 'AG_20231217_0000aaaa',
    });
  });

  it('reads a failed query (no parameters) and refuses what is not a Result', () => {
    const failed = parseTransactionStatusResult({
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: '6618-1387084-1',
        ConversationID: 'AG_20180128_0000650adeb6d1e32571',
        TransactionID: 'MAS0000000',
        ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'xf' } },
      },
    });
    expect(failed).toMatchObject({ resultCode: '2001', transactionStatus: null, receiptNo: null });
    expect(payoutStatusOutcome(failed!)).toBe('unknown');
    expect(parseTransactionStatusResult({ Result: { ResultCode: 0 } })).toBeNull();
    expect(parseTransactionStatusResult({ Body: {} })).toBeNull();
  });

  it.each([
    ['0', 'Completed', 'paid'],
    ['0', 'completed', 'paid'],
    ['0', 'Failed', 'not-paid'],
    ['0', 'Cancelled', 'not-paid'],
    ['0', 'Declined', 'not-paid'],
    ['0', 'Expired', 'not-paid'],
    ['0', 'Reversed', 'not-paid'],
    ['0', 'Pending', 'unknown'],
    ['0', 'Authorized', 'unknown'],
    ['1', 'Completed', 'unknown'],
    ['SFC_IC0003', null, 'unknown'],
  ] as const)(
    'ResultCode %s with TransactionStatus %s means %s',
    (resultCode, transactionStatus, outcome) => {
      const parsed = parseTransactionStatusResult(STATUS_COMPLETED)!;
      expect(payoutStatusOutcome({ ...parsed, resultCode, transactionStatus })).toBe(outcome);
    },
  );

  it.each([
    ['254712345602', 'insufficient'],
    ['254712345604', 'timeout'],
    ['254712345605', 'no-result'],
    ['254712345607', 'failed-no-result'],
    ['254712345608', 'unknown-no-result'],
    ['254712345609', 'no-ack'],
    ['254712345678', 'success'],
  ])('the simulator pays %s as %s', (phone, outcome) => {
    expect(payoutOutcomeForPhone(phone)).toBe(outcome);
  });
});

describe('B2C and Transaction Status against the simulator', () => {
  const B2C = { initiatorName: 'bima-claims', securityCredential: 'b2c-credential', shortcode: '174379' };
  let simulator: DarajaSimulator;
  let sink: Awaited<ReturnType<typeof startDarajaSimulator>>['app'];
  let base: string;
  const received: Array<{ path: string; body: unknown }> = [];

  beforeAll(async () => {
    simulator = await startDarajaSimulator({
      ...SIM,
      answerDelayMs: 20,
      lateDelayMs: 40,
      b2cSecurityCredential: B2C.securityCredential,
      b2cDelayMs: 20,
    });
    const Fastify = (await import('fastify')).default;
    sink = Fastify();
    sink.post('/:path', async (request) => {
      received.push({ path: (request.params as { path: string }).path, body: request.body });
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
    await sink.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(sink.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await simulator.close();
    await sink.close();
  });

  const client = () => new DarajaClient({ ...SIM, baseUrl: simulator.baseUrl });
  const waitFor = async <T>(read: () => T | undefined): Promise<T> => {
    for (let i = 0; i < 1000; i += 1) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('timed out');
  };
  const payout = (phone: string, id: string) =>
    client().b2cPayment({
      ...B2C,
      originatorConversationId: id,
      amount: 1500,
      phoneNumber: phone,
      remarks: 'Claim',
      occasion: 'CLM-1',
      resultUrl: `${base}/result`,
      queueTimeoutUrl: `${base}/timeout`,
    });
  const askStatus = (
    request: { transactionId?: string; originalConversationId?: string },
    credential = B2C.securityCredential,
  ) =>
    client().transactionStatus({
      ...B2C,
      securityCredential: credential,
      ...request,
      resultUrl: `${base}/status`,
      queueTimeoutUrl: `${base}/status-timeout`,
      remarks: 'Check',
      occasion: 'Payout 1',
    });
  const statusAnswerTo = (conversationId: string) =>
    waitFor(() => {
      const found = received.find(
        (entry) =>
          entry.path === 'status' &&
          parseTransactionStatusResult(entry.body)?.conversationId === conversationId,
      );
      return found ? parseTransactionStatusResult(found.body)! : undefined;
    });

  it('answers a lost payout (05) as Completed with its receipt, by our OriginatorConversationID or by the receipt', async () => {
    await payout('254712345605', 'payout-05');
    const done = await waitFor(() =>
      simulator
        .payouts()
        .find((entry) =>
          entry.originatorConversationId === 'payout-05' && entry.state === 'paid' ? entry : undefined,
        ),
    );
    expect(
      received.some(
        (entry) =>
          entry.path === 'result' && parseB2cResult(entry.body)?.originatorConversationId === 'payout-05',
      ),
    ).toBe(false);
    const ack = await askStatus({ originalConversationId: 'payout-05' });
    expect(ack.conversationId).toMatch(/^AG_/);
    expect(ack.originatorConversationId).not.toBe('payout-05');
    const answer = await statusAnswerTo(ack.conversationId);
    expect(answer).toMatchObject({
      originatorConversationId: ack.originatorConversationId,
      resultCode: '0',
      transactionStatus: 'Completed',
      receiptNo: done.transactionId,
      amount: 1500,
      transactionOriginatorConversationId: 'payout-05',
    });
    expect(payoutStatusOutcome(answer)).toBe('paid');
    const byReceipt = await askStatus({ transactionId: done.transactionId! });
    expect(await statusAnswerTo(byReceipt.conversationId)).toMatchObject({ transactionStatus: 'Completed' });
  });

  it('answers a failed payout whose result is lost (07) as Failed, a queue time-out (04) as Expired, and one never processed (08) or unknown as not found', async () => {
    await payout('254712345607', 'payout-07');
    await payout('254712345608', 'payout-08');
    await payout('254712345604', 'payout-04');
    await waitFor(() => received.find((entry) => entry.path === 'timeout'));
    await waitFor(() =>
      simulator
        .payouts()
        .find((entry) => entry.originatorConversationId === 'payout-07' && entry.state === 'failed'),
    );
    const failed = await statusAnswerTo(
      (await askStatus({ originalConversationId: 'payout-07' })).conversationId,
    );
    expect(payoutStatusOutcome(failed)).toBe('not-paid');
    expect(failed.transactionStatus).toBe('Failed');
    const expired = await statusAnswerTo(
      (await askStatus({ originalConversationId: 'payout-04' })).conversationId,
    );
    expect(expired).toMatchObject({
      resultCode: '0',
      transactionStatus: 'Expired',
      receiptNo: null,
      transactionOriginatorConversationId: 'payout-04',
    });
    expect(payoutStatusOutcome(expired)).toBe('not-paid');
    for (const id of ['payout-08', 'never-sent']) {
      const answer = await statusAnswerTo((await askStatus({ originalConversationId: id })).conversationId);
      expect(answer).toMatchObject({ resultCode: '1', resultDesc: 'The transaction could not be found.' });
      expect(payoutStatusOutcome(answer)).toBe('unknown');
    }
  });

  it('acknowledges a query with a wrong SecurityCredential and answers 2001 on ResultURL, as Daraja does', async () => {
    const ack = await askStatus({ originalConversationId: 'payout-05' }, 'wrong');
    const answer = await statusAnswerTo(ack.conversationId);
    expect(answer).toMatchObject({ resultCode: '2001', transactionStatus: null });
    expect(payoutStatusOutcome(answer)).toBe('unknown');
  });

  it('refuses a query naming no transaction, and one from another shortcode', async () => {
    await expect(askStatus({})).rejects.toBeInstanceOf(DarajaError);
    await expect(
      new DarajaClient({ ...SIM, baseUrl: simulator.baseUrl }).transactionStatus({
        ...B2C,
        shortcode: '600000',
        originalConversationId: 'payout-05',
        resultUrl: `${base}/status`,
        queueTimeoutUrl: `${base}/status-timeout`,
        remarks: 'x',
        occasion: 'x',
      }),
    ).rejects.toMatchObject({ errorCode: '400.002.02', message: 'Bad Request - Invalid PartyA' });
  });
});

describe('B2C payout requests without an answer', () => {
  const request = {
    originatorConversationId: 'p-1',
    initiatorName: 'bima-claims',
    securityCredential: 'c',
    shortcode: '174379',
    amount: 1500,
    phoneNumber: '254712345678',
    remarks: 'Claim',
    occasion: 'CLM-1',
    resultUrl: 'https://x.invalid/r',
    queueTimeoutUrl: 'https://x.invalid/t',
  };
  const config = { ...SIM, baseUrl: 'https://daraja.invalid' };

  it('is uncertain when the connection fails after the token (the payout may have been taken)', async () => {
    const dropped = (async (input: string | URL | Request) => {
      if (String(input).includes('/oauth/')) return Response.json({ access_token: 't', expires_in: '3599' });
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(new DarajaClient(config, dropped).b2cPayment(request)).rejects.toMatchObject({
      name: 'DarajaError',
      uncertain: true,
    });
    const badGateway = (async (input: string | URL | Request) => {
      if (String(input).includes('/oauth/')) return Response.json({ access_token: 't', expires_in: '3599' });
      return new Response('<html>502 Bad Gateway</html>', { status: 502 });
    }) as typeof fetch;
    await expect(new DarajaClient(config, badGateway).b2cPayment(request)).rejects.toMatchObject({
      uncertain: true,
    });
  });

  it('is a refusal (not uncertain) when Daraja answers an error, a Fault, or the token fails', async () => {
    await expect(
      new DarajaClient(
        config,
        cannedFetch(400, {
          requestId: 'r',
          errorCode: '400.002.02',
          errorMessage: 'Bad Request - Invalid Amount',
        }),
      ).b2cPayment(request),
    ).rejects.toMatchObject({ uncertain: false, errorCode: '400.002.02' });
    await expect(new DarajaClient(config, cannedFetch(500, FAULT)).b2cPayment(request)).rejects.toMatchObject(
      {
        uncertain: false,
      },
    );
    const noToken = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(new DarajaClient(config, noToken).b2cPayment(request)).rejects.toMatchObject({
      name: 'DarajaError',
      uncertain: false,
    });
    const tokenBadGateway = (async () => new Response('', { status: 503 })) as typeof fetch;
    await expect(new DarajaClient(config, tokenBadGateway).b2cPayment(request)).rejects.toMatchObject({
      uncertain: false,
    });
  });
});
