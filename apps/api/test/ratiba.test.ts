import { addMonths } from '@bima/domain/cover-dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DarajaError } from '../src/mpesa/daraja-client';
import {
  openDebit,
  parseRatibaCallback,
  RATIBA_CALLBACK_ANSWER,
  type StandingOrderEvent,
  sealDebit,
} from '../src/mpesa/ratiba';
import { buildListeningTestApp, type TestContext } from './helpers';
import { MPESA_TEST_ENV, waitUntil } from './purchase-helpers';

/**
 * M-Pesa Ratiba end to end over HTTP: the real Daraja client against the simulator, whose callbacks
 * reach the real route. The monthly module's handler is replaced here by a recorder, so these tests
 * see exactly the events the route hands on (the monthly tests drive the real one).
 */
const handled = vi.hoisted(() => [] as StandingOrderEvent[]);
vi.mock('../src/modules/monthly/standing-order', () => ({
  handleStandingOrderEvent: vi.fn(async (_context: unknown, event: StandingOrderEvent) => {
    handled.push(event);
  }),
}));

const DAY = 86_400_000;
let ctx: TestContext;
let counter = 0;

beforeAll(async () => {
  ctx = await buildListeningTestApp({
    ...MPESA_TEST_ENV,
    MPESA_SIMULATOR_RATIBA_DELAY_MS: '30',
    MPESA_SIMULATOR_RATIBA_TICK_MS: '0',
    MPESA_SIMULATOR_B2C_DELAY_MS: '30',
  });
});
afterAll(async () => {
  ctx.app.services.clock.reset();
  await ctx.app.close();
});
beforeEach(() => {
  handled.length = 0;
});

const simulator = () => {
  const value = ctx.app.services.mpesa.simulator;
  if (!value) throw new Error('no simulator');
  return value;
};
/** A phone ending in `ending` that no earlier test used (other digits vary per call). */
const phone = (ending: string) => `2547${String(10_000 + counter++).padStart(6, '0')}${ending}`;
const eventsOf = (responseRefId: string) => handled.filter((event) => event.responseRefId === responseRefId);
const until = (responseRefId: string, count: number) =>
  waitUntil(
    async () => eventsOf(responseRefId),
    (events) => events.length >= count,
    5000,
  );

async function order(ending: string, startInDays = 5, amount = 150_000) {
  const today = ctx.app.services.clock.today();
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + startInDays);
  const startDate = start.toISOString().slice(0, 10);
  const request = {
    reference: `SO${String(counter).padStart(6, '0')}${ending}`,
    phone: phone(ending),
    amount,
    startDate,
    endDate: addMonths(startDate, 11),
    description: 'Bima monthly',
  };
  const ack = await ctx.app.services.mpesa.createStandingOrder(request);
  return { request, ack };
}

describe('M-Pesa Ratiba: client, simulator and callback route', () => {
  it('sends the documented request and the approval callback reaches the route as an event', async () => {
    const { request, ack } = await order('00');
    expect(ack.responseRefId).toMatch(/\S/);
    const received = simulator()
      .standingOrders()
      .find((entry) => entry.responseRefId === ack.responseRefId);
    expect(received?.request).toEqual({
      StandingOrderName: request.reference,
      StartDate: request.startDate.replaceAll('-', ''),
      EndDate: request.endDate.replaceAll('-', ''),
      BusinessShortCode: ctx.config.MPESA_SHORTCODE,
      TransactionType: 'Standing Order Customer Pay Bill',
      ReceiverPartyIdentifierType: '4',
      Amount: '1500',
      PartyA: request.phone,
      CallBackURL: ctx.app.services.mpesa.ratiba.callbackUrl(),
      AccountReference: request.reference,
      TransactionDesc: 'Bima monthly',
      Frequency: '4',
    });
    const [event] = await until(ack.responseRefId, 1);
    expect(event).toMatchObject({ kind: 'approved', responseRefId: ack.responseRefId, resultCode: '0' });
  });

  it('a number ending 21 declines', async () => {
    const { ack } = await order('21');
    const [event] = await until(ack.responseRefId, 1);
    expect(event).toMatchObject({ kind: 'declined', resultCode: '1032' });
  });

  it('a number ending 23 approves, then cancels before any debit', async () => {
    const { ack } = await order('23', 1);
    const events = await until(ack.responseRefId, 2);
    expect(events.map((event) => event.kind)).toEqual(['approved', 'cancelled']);
    ctx.app.services.clock.advance(40 * DAY);
    try {
      await simulator().runStandingOrders();
    } finally {
      ctx.app.services.clock.reset();
    }
    const found = simulator()
      .standingOrders()
      .find((entry) => entry.responseRefId === ack.responseRefId);
    expect(found?.debits).toEqual([]);
    expect(eventsOf(ack.responseRefId)).toHaveLength(2);
  });

  it('a number ending 22 approves, but its debit fails for too little balance', async () => {
    const { request, ack } = await order('22', 2);
    await until(ack.responseRefId, 1);
    ctx.app.services.clock.advance(2 * DAY);
    try {
      await simulator().runStandingOrders();
    } finally {
      ctx.app.services.clock.reset();
    }
    const events = await until(ack.responseRefId, 2);
    expect(events[1]).toMatchObject({
      kind: 'debit',
      ok: false,
      resultCode: '1',
      amount: 150_000,
      reference: request.reference,
    });
  });

  it('debits on the business clock’s due date, once per date however often it runs, confirmed by Transaction Status', async () => {
    const { request, ack } = await order('00', 10, 120_000);
    await until(ack.responseRefId, 1);
    // Other tests' standing orders are debited too: count this one's.
    const debits = () =>
      simulator()
        .standingOrders()
        .find((entry) => entry.responseRefId === ack.responseRefId)?.debits.length;
    await simulator().runStandingOrders();
    expect(debits()).toBe(0); // not due yet
    ctx.app.services.clock.advance(10 * DAY);
    try {
      await simulator().runStandingOrders();
      expect(debits()).toBe(1);
      await simulator().runStandingOrders();
      expect(debits()).toBe(1);
      const [, debit] = await until(ack.responseRefId, 2);
      expect(debit).toMatchObject({
        kind: 'debit',
        ok: true,
        amount: 120_000,
        reference: request.reference,
        resultCode: '0',
      });
      // The simulator calls back from 127.0.0.1: the debit was believed only once M-Pesa confirmed it.
      const transactionId = debit?.kind === 'debit' ? debit.transactionId : '';
      expect(
        simulator()
          .statusQueries()
          .some((query) => query.debitTransactionId === transactionId),
      ).toBe(true);
      // A month on: the next date is debited, once.
      ctx.app.services.clock.advance(31 * DAY);
      await simulator().runStandingOrders();
      await simulator().runStandingOrders();
      expect(debits()).toBe(2);
      await until(ack.responseRefId, 3);
    } finally {
      ctx.app.services.clock.reset();
    }
    const found = simulator()
      .standingOrders()
      .find((entry) => entry.responseRefId === ack.responseRefId);
    expect(found?.debits.map((debit) => debit.dueDate)).toEqual([
      request.startDate.replaceAll('-', ''),
      addMonths(request.startDate, 1).replaceAll('-', ''),
    ]);
    expect(eventsOf(ack.responseRefId)).toHaveLength(3);
  });

  it('a standing order starting on the 31st is debited on the last day of a shorter month', async () => {
    // The next 31st whose following month is shorter (every 31st is followed by a 30- or 28/29-day month except July and December).
    const today = ctx.app.services.clock.today();
    let start = today;
    for (let day = new Date(`${today}T00:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
      const iso = day.toISOString().slice(0, 10);
      if (iso > today && iso.endsWith('-31') && !addMonths(iso, 1).endsWith('-31')) {
        start = iso;
        break;
      }
    }
    const ack = await ctx.app.services.mpesa.createStandingOrder({
      reference: `SO31${counter++}`,
      phone: phone('00'),
      amount: 100_000,
      startDate: start,
      endDate: addMonths(start, 11),
      description: 'Bima monthly',
    });
    await until(ack.responseRefId, 1);
    const second = addMonths(start, 1);
    ctx.app.services.clock.advance((Date.parse(second) - Date.parse(today)) * 1 + 3_600_000);
    try {
      await simulator().runStandingOrders();
    } finally {
      ctx.app.services.clock.reset();
    }
    const found = simulator()
      .standingOrders()
      .find((entry) => entry.responseRefId === ack.responseRefId);
    expect(second.endsWith('-31')).toBe(false);
    expect(found?.debits.map((debit) => debit.dueDate)).toEqual([
      start.replaceAll('-', ''),
      second.replaceAll('-', ''),
    ]);
  });

  it('refuses a bad request as Daraja does, and the client says why', async () => {
    const today = ctx.app.services.clock.today();
    const good = {
      reference: 'SOBAD1',
      phone: '254712345600',
      amount: 100_000,
      startDate: addMonths(today, 1),
      endDate: addMonths(today, 12),
      description: 'Bima monthly',
    };
    const refused = async (change: Partial<typeof good>) =>
      ctx.app.services.mpesa.createStandingOrder({ ...good, ...change }).then(
        () => null,
        (error: unknown) => error,
      );
    for (const [change, field] of [
      [{ phone: '0712345600' }, 'PartyA'],
      [{ startDate: addMonths(today, -1) }, 'StartDate'],
      [{ endDate: today }, 'EndDate'],
      [{ reference: '' }, 'StandingOrderName'],
    ] as const) {
      const error = await refused(change);
      expect(error).toBeInstanceOf(DarajaError);
      expect(error).toMatchObject({
        status: 400,
        errorCode: '400.002.02',
        message: `Bad Request - Invalid ${field}`,
      });
    }
    await expect(refused({ amount: 100_050 })).resolves.toMatchObject({ status: 400 });
    expect(
      simulator()
        .standingOrders()
        .some((entry) => entry.name === 'SOBAD1'),
    ).toBe(false);
  });

  const debitBody = (transactionId: string, code = '0') => ({
    ResponseHeader: {
      responseRefID: 'forged-ref',
      requestRefID: 'forged-req',
      responseCode: code,
      responseDescription: 'The service request is processed successfully.',
    },
    ResponseBody: {
      ResponseData: [
        { Name: 'TransactionID', Value: transactionId },
        { Name: 'responseCode', Value: code },
        { Name: 'Status', Value: 'OKAY' },
        { Name: 'Msisdn', Value: '254******867' },
        { Name: 'Amount', Value: '1500' },
        { Name: 'StandingOrderName', Value: 'SOFORGED' },
      ],
    },
  });
  const callback = (body: unknown, remoteAddress = '10.9.8.7', kind = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/v2/api/mpesa/ratiba/${kind}${ctx.app.services.mpesa.callbackSecret}`,
      remoteAddress,
      payload: body as Record<string, unknown>,
    });

  it('a forged debit from outside Safaricom’s addresses changes nothing: Transaction Status does not know it', async () => {
    const before = simulator().statusQueries().length;
    const answer = await callback(debitBody('FORGED0001'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(RATIBA_CALLBACK_ANSWER);
    const queries = await waitUntil(
      async () => simulator().statusQueries(),
      (list) => list.length > before,
      5000,
    );
    expect(queries[0]?.answer).toBe('not-found');
    // The answer is posted after the query is recorded: wait until the route has seen it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf('forged-ref')).toEqual([]);
  });

  it('a forged Transaction Status answer without our seal (or with a forged one) pays nothing', async () => {
    const status = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: 'x-1',
        ConversationID: 'AG_1',
        TransactionID: 'FOR0000000',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Amount', Value: 1500 },
            { Key: 'ReceiptNo', Value: 'FORGED0002' },
          ],
        },
      },
    };
    const event = parseRatibaCallback(debitBody('FORGED0002'));
    if (event?.kind !== 'debit') throw new Error('not a debit');
    const forged = sealDebit(event, 'not-our-key');
    for (const query of ['', `?d=${forged.d}&s=${forged.s}`]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/v2/api/mpesa/ratiba/status/${ctx.app.services.mpesa.callbackSecret}${query}`,
        remoteAddress: '10.9.8.7',
        payload: status,
      });
      expect(answer.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eventsOf('forged-ref')).toEqual([]);
  });

  it('a debit from Safaricom’s callback addresses is passed on as it came', async () => {
    await callback(debitBody('TRUSTED001'), '196.201.214.200');
    const events = await waitUntil(
      async () => eventsOf('forged-ref'),
      (list) => list.length > 0,
      5000,
    );
    expect(events[0]).toMatchObject({
      kind: 'debit',
      ok: true,
      transactionId: 'TRUSTED001',
      amount: 150_000,
    });
  });

  it('malformed bodies are answered 200 and do nothing; a wrong secret is 404', async () => {
    for (const body of [
      {},
      { ResponseHeader: {} },
      { ResponseHeader: { responseRefID: 'x' } },
      { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode: 0 } } },
      [1, 2],
    ]) {
      const answer = await callback(body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(RATIBA_CALLBACK_ANSWER);
    }
    const text = await ctx.app.inject({
      method: 'POST',
      url: `/v2/api/mpesa/ratiba/${ctx.app.services.mpesa.callbackSecret}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(text.statusCode).toBeLessThan(500);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/mpesa/ratiba/not-the-secret',
      payload: debitBody('X'),
    });
    expect(wrong.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual([]);
  });
});

describe('Ratiba callback parser', () => {
  it('reads Safaricom’s creation callback', () => {
    expect(
      parseRatibaCallback({
        ResponseHeader: {
          responseRefID: '0acb1b8a-7b6e-4e3a-9a39-1d1d4f3c4a0e',
          requestRefID: 'c4e9f5a2-1111-2222-3333-444455556666',
          responseCode: '0',
          responseDescription: 'The service request is processed successfully',
        },
        ResponseBody: {
          ResponseData: [
            { Name: 'TransactionID', Value: 'SCI67CVHTD' },
            { Name: 'responseCode', Value: '0' },
            { Name: 'Status', Value: 'OKAY' },
            { Name: 'Msisdn', Value: '254******867' },
          ],
        },
      }),
    ).toEqual({
      kind: 'approved',
      responseRefId: '0acb1b8a-7b6e-4e3a-9a39-1d1d4f3c4a0e',
      reference: null,
      transactionId: 'SCI67CVHTD',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully',
    });
  });

  it('reads a debit tolerantly: names in any case, numbers as numbers or strings, the date in Kenya time', () => {
    expect(
      parseRatibaCallback({
        responseheader: { ResponseRefId: 'ref-9', responseCode: 1 },
        RESPONSEBODY: {
          responseData: [
            { name: 'transactionid', value: 'TX1' },
            { NAME: 'RESPONSECODE', VALUE: 1 },
            { Name: 'amount', Value: 1234.5 },
            { Name: 'accountreference', Value: 'SO123' },
            { Name: 'msisdn', Value: 254712345678 },
            { Name: 'TransactionDate', Value: 20261201083000 },
          ],
        },
      }),
    ).toEqual({
      kind: 'debit',
      responseRefId: 'ref-9',
      reference: 'SO123',
      transactionId: 'TX1',
      ok: false,
      amount: 123_450,
      phone: '254712345678',
      resultCode: '1',
      resultDesc: '',
      at: new Date('2026-12-01T05:30:00Z'),
    });
  });

  it('a seal opens only with our key, unchanged', () => {
    const event = parseRatibaCallback({
      ResponseHeader: { responseRefID: 'r', responseCode: '0' },
      ResponseBody: {
        ResponseData: [
          { Name: 'Amount', Value: 10 },
          { Name: 'TransactionID', Value: 'T' },
        ],
      },
    });
    if (event?.kind !== 'debit') throw new Error('not a debit');
    const seal = sealDebit(event, 'key');
    expect(openDebit(seal, 'key')).toEqual(event);
    expect(openDebit(seal, 'other')).toBeNull();
    expect(openDebit({ ...seal, d: sealDebit({ ...event, amount: 1 }, 'key').d }, 'key')).toBeNull();
  });
});
