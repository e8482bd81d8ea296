import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { addMonths } from '@bima/domain/cover-dates';
import Fastify, { type FastifyInstance } from 'fastify';
import { darajaPassword } from './daraja-client';

/**
 * A local stand-in for Safaricom's Daraja API speaking the same HTTP protocol (OAuth, STK push,
 * STK query, callbacks, B2C payouts and their Transaction Status query), so the real client can be
 * run and tested offline. The outcome is chosen by the last two digits of the phone number (see
 * `outcomeForPhone` and `payoutOutcomeForPhone`).
 */
/** The credentials the simulator accepts (and the server uses when no Daraja keys are configured). */
export const SIMULATOR_CREDENTIALS = {
  consumerKey: 'simulator-key',
  consumerSecret: 'simulator-secret',
  passkey: 'simulator-passkey',
  b2cSecurityCredential: 'simulator-b2c-credential',
};

export interface SimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** M-Pesa's per-transaction limit in whole shillings (docs §7): a larger Amount is refused. */
  maxAmount?: number;
  /** The TransactionType the shortcode takes (paybill unless set). */
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** The receiving shortcode (the till for buy goods); the shortcode when unset. */
  partyB?: string;
  /** How long a prompt waits before the simulated customer answers. */
  answerDelayMs: number;
  /** How late the '07' callback arrives, and the '08' / '09' ones after the query's answer. */
  lateDelayMs: number;
  log?: (message: string, detail?: unknown) => void;
  /** B2C: the SecurityCredential the simulator accepts, its shortcode (the STK one when unset), and how long a payout takes. */
  b2cSecurityCredential?: string;
  b2cShortcode?: string;
  b2cDelayMs?: number;
  /**
   * M-Pesa Ratiba: the business clock's today (YYYY-MM-DD; the system's when unset) and now, which
   * decide when a standing order's debit is due; how long the customer takes to approve (the
   * answer delay when unset) and how often due debits are made (0: only by runStandingOrders()).
   */
  today?: () => string;
  now?: () => Date;
  ratibaDelayMs?: number;
  ratibaTickMs?: number;
}

export type SimulatedRatibaOutcome = 'approve' | 'decline' | 'debits-fail' | 'cancel';

/**
 * A standing order's fate by the customer's last two digits; anything else approves and pays:
 * 21 declined on the phone · 22 approved, but every debit fails (balance too low, code 1) ·
 * 23 approved, then cancelled by the customer in the M-Pesa menu before the first debit.
 */
export function ratibaOutcomeForPhone(phone: string): SimulatedRatibaOutcome {
  const byDigits: Record<string, SimulatedRatibaOutcome> = {
    '21': 'decline',
    '22': 'debits-fail',
    '23': 'cancel',
  };
  return byDigits[phone.slice(-2)] ?? 'approve';
}

export interface SimulatedDebit {
  transactionId: string;
  /** The due date debited (yyyymmdd). */
  dueDate: string;
  ok: boolean;
  /** Whole shillings. */
  amount: number;
  at: string;
}

export interface SimulatedStandingOrder {
  responseRefId: string;
  name: string;
  phone: string;
  /** Whole shillings. */
  amount: number;
  /** yyyymmdd. */
  startDate: string;
  endDate: string;
  frequency: string;
  accountReference: string;
  callbackUrl: string;
  outcome: SimulatedRatibaOutcome;
  state: 'pending' | 'active' | 'declined' | 'cancelled';
  createdAt: string;
  debits: SimulatedDebit[];
  /** The request body exactly as received. */
  request: Record<string, unknown>;
}

export type SimulatedOutcome =
  | 'success'
  | 'cancelled'
  | 'insufficient'
  | 'wrong-pin'
  | 'unreachable'
  | 'no-callback'
  | 'twice'
  | 'late'
  | 'query-first'
  | 'failed-then-paid'
  | 'masked-phone'
  | 'no-amount'
  | 'query-fault'
  | 'query-unreachable'
  | 'push-fault';

const RESULTS: Record<
  'success' | 'cancelled' | 'insufficient' | 'wrong-pin' | 'unreachable',
  { code: number; desc: string }
> = {
  success: { code: 0, desc: 'The service request is processed successfully.' },
  cancelled: { code: 1032, desc: 'Request cancelled by user' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction' },
  'wrong-pin': { code: 2001, desc: 'The initiator information is invalid.' },
  unreachable: { code: 1037, desc: 'DS timeout user cannot be reached' },
};

/**
 * Outcome by the phone's last two digits; anything else pays (callback after the answer delay):
 * - 01 cancelled (1032) · 02 insufficient balance (1) · 03 wrong PIN (2001) · 04 unreachable (1037)
 * - 05 paid, but no callback is ever sent (only the STK query tells)
 * - 06 paid, callback sent twice · 07 paid, callback sent late (lateDelayMs)
 * - 08 query first: the query answers paid at once (no receipt); the callback with the receipt
 *   follows lateDelayMs after the first query's answer
 * - 09 failed, then paid: the query answers 1037 (and no failure callback); lateDelayMs after that
 *   answer a success callback with a receipt arrives (money taken after all), and the query answers 0 from then on
 * - 10 paid, the callback's PhoneNumber masked (2547******78)
 * - 11 paid, the callback carries no Amount item (the query confirms it)
 * - 12 never answered; every STK query gets the gateway's Fault envelope (HTTP 500)
 * - 13 never answered; M-Pesa cannot be reached for queries (the connection is dropped)
 * - 14 the push itself gets the gateway's Fault envelope (HTTP 500)
 * Amounts above maxAmount are refused with 400.002.02 "Bad Request - Invalid Amount" whatever the phone.
 */
export function outcomeForPhone(phone: string): SimulatedOutcome {
  const byDigits: Record<string, SimulatedOutcome> = {
    '01': 'cancelled',
    '02': 'insufficient',
    '03': 'wrong-pin',
    '04': 'unreachable',
    '05': 'no-callback',
    '06': 'twice',
    '07': 'late',
    '08': 'query-first',
    '09': 'failed-then-paid',
    '10': 'masked-phone',
    '11': 'no-amount',
    '12': 'query-fault',
    '13': 'query-unreachable',
    '14': 'push-fault',
  };
  return byDigits[phone.slice(-2)] ?? 'success';
}

/** The gateway's fault envelope (docs §7). */
export const GATEWAY_FAULT = {
  Envelope: {
    Body: {
      Fault: {
        faultstring: 'Rate limit quota violation. Quota limit exceeded.',
        detail: { errorcode: 'policies.ratelimit.QuotaViolation' },
      },
    },
  },
};

/** How Safaricom masks a customer's number in notifications since 2026: 2547******78. */
export const maskPhone = (phone: string) =>
  `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}`;

export interface SimulatedPrompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  outcome: SimulatedOutcome;
  createdAt: string;
  state: 'waiting' | 'answered';
  result: { code: number; desc: string; receipt: string | null } | null;
  /** 08 and 09: the callback that follows the query's first final answer. */
  callbackAfterQuery?: { code: number; desc: string; receipt: string | null } | null;
}

export type SimulatedPayoutOutcome =
  | 'success'
  | 'insufficient'
  | 'initiator'
  | 'timeout'
  | 'no-result'
  | 'twice'
  | 'failed-no-result'
  | 'unknown-no-result'
  | 'no-ack';

/**
 * A B2C payout's outcome by the receiving phone's last two digits; anything else is paid:
 * 02 our utility account's balance is too low (ResultCode 1) · 03 initiator invalid (2001) ·
 * 04 timed out in Daraja's queue (QueueTimeOutURL; never processed) · 05 paid, but the result is lost
 * (never sent) · 06 paid, the result sent twice · 07 failed (the receiver cannot take it, 2040), the
 * result lost · 08 the result lost and M-Pesa's Transaction Status knows nothing of it either ·
 * 09 paid, but the connection drops before the acknowledgement and the result is lost (the caller
 * knows only its own OriginatorConversationID).
 * The Transaction Status query answers from what was done: Completed with the receipt, Failed (02,
 * 03, 07), Expired (04: M-Pesa let the request expire unprocessed, no receipt), or "could not be
 * found" (08, and any payout the simulator never saw). So a result the server only confirms with
 * the query (the simulator calls back from 127.0.0.1, outside Safaricom's callback addresses)
 * settles or frees each payout as its callback says.
 */
export function payoutOutcomeForPhone(phone: string): SimulatedPayoutOutcome {
  const byDigits: Record<string, SimulatedPayoutOutcome> = {
    '02': 'insufficient',
    '03': 'initiator',
    '04': 'timeout',
    '05': 'no-result',
    '06': 'twice',
    '07': 'failed-no-result',
    '08': 'unknown-no-result',
    '09': 'no-ack',
  };
  return byDigits[phone.slice(-2)] ?? 'success';
}

export interface SimulatedPayout {
  originatorConversationId: string;
  conversationId: string;
  amount: number;
  phone: string;
  outcome: SimulatedPayoutOutcome;
  createdAt: string;
  /** The M-Pesa transaction, once M-Pesa has processed the payout (paid or failed). */
  transactionId: string | null;
  /** What M-Pesa did: nothing yet (or never: 08), paid, failed, or let it expire in the queue (04). */
  state: 'waiting' | 'paid' | 'failed' | 'expired' | 'not-processed';
  /** The result as sent (or as it would have been sent, when lost), for replaying a late one. */
  result: Record<string, unknown> | null;
}

/** A Transaction Status query the simulator answered. */
export interface SimulatedStatusQuery {
  originatorConversationId: string;
  conversationId: string;
  /** The payout asked about, when the simulator knows it. */
  payoutOriginatorConversationId: string | null;
  answer: 'Completed' | 'Failed' | 'Expired' | 'Pending' | 'not-found' | 'initiator-invalid';
  createdAt: string;
  /** The standing order debit asked about (by its TransactionID), when it is one. */
  debitTransactionId?: string | null;
}

export interface DarajaSimulator {
  app: FastifyInstance;
  baseUrl: string;
  prompts(): SimulatedPrompt[];
  payouts(): SimulatedPayout[];
  statusQueries(): SimulatedStatusQuery[];
  /** A person on the dev page accepts or cancels a waiting prompt, as on the phone. */
  answer(checkoutRequestId: string, accept: boolean): boolean;
  /** M-Pesa Ratiba standing orders, newest first. */
  standingOrders(): SimulatedStandingOrder[];
  /**
   * Makes every debit due by the business clock (each due date once) and posts its callback;
   * resolves when the callbacks are delivered, with the number of debits made.
   */
  runStandingOrders(): Promise<number>;
  close(): Promise<void>;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const darajaError = (errorCode: string, errorMessage: string) => ({
  requestId: randomUUID(),
  errorCode,
  errorMessage,
});

function receiptNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

function transactionDate(now = new Date()): number {
  const kenya = new Date(now.getTime() + 3 * 3_600_000);
  return Number(kenya.toISOString().replace(/[-:T]/g, '').slice(0, 14));
}

export async function startDarajaSimulator(options: SimulatorOptions, port = 0): Promise<DarajaSimulator> {
  const app = Fastify({ logger: false });
  const tokens = new Map<string, number>();
  const prompts = new Map<string, SimulatedPrompt>();
  const timers = new Set<NodeJS.Timeout>();
  const log = options.log ?? (() => {});

  const later = (ms: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const sendCallback = async (prompt: SimulatedPrompt, result = prompt.result) => {
    if (!result) return;
    const { code, desc, receipt } = result;
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.checkoutRequestId,
          ResultCode: code,
          ResultDesc: desc,
          ...(code === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    ...(prompt.outcome === 'no-amount' ? [] : [{ Name: 'Amount', Value: prompt.amount }]),
                    { Name: 'MpesaReceiptNumber', Value: receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: transactionDate() },
                    {
                      Name: 'PhoneNumber',
                      Value:
                        prompt.outcome === 'masked-phone' ? maskPhone(prompt.phone) : Number(prompt.phone),
                    },
                  ],
                },
              }
            : {}),
        },
      },
    };
    try {
      await fetch(prompt.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      log('simulator could not deliver a callback', error);
    }
  };

  /** The customer answers: the result is fixed, and the callback goes out as the outcome says. */
  const settle = (prompt: SimulatedPrompt, accept: boolean | null) => {
    if (prompt.state === 'answered') return;
    const outcome = accept === null ? prompt.outcome : accept ? 'success' : 'cancelled';
    const base =
      outcome === 'cancelled' ||
      outcome === 'insufficient' ||
      outcome === 'wrong-pin' ||
      outcome === 'unreachable'
        ? RESULTS[outcome]
        : RESULTS.success;
    prompt.state = 'answered';
    if (outcome === 'failed-then-paid') {
      prompt.result = { ...RESULTS.unreachable, receipt: null };
      prompt.callbackAfterQuery = { ...RESULTS.success, receipt: receiptNumber() };
      return;
    }
    prompt.result = { ...base, receipt: base.code === 0 ? receiptNumber() : null };
    if (accept !== null) return void sendCallback(prompt);
    if (outcome === 'query-first') {
      prompt.callbackAfterQuery = prompt.result;
      return;
    }
    if (outcome === 'no-callback' || outcome === 'query-fault' || outcome === 'query-unreachable') return;
    if (outcome === 'late') return later(options.lateDelayMs, () => void sendCallback(prompt));
    void sendCallback(prompt).then(() => {
      if (outcome === 'twice') void sendCallback(prompt);
    });
  };

  const bearer = (header: string | undefined) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const expiresAt = tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  };

  app.get('/oauth/v1/generate', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
    if (!sameText(request.headers.authorization ?? '', expected)) {
      return reply.status(400).send(darajaError('400.008.01', 'Invalid Authentication passed'));
    }
    const token = randomBytes(20).toString('base64url');
    tokens.set(token, Date.now() + 3_599_000);
    return { access_token: token, expires_in: '3599' };
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    if (!bearer(request.headers.authorization))
      return reply.status(404).send(darajaError('404.001.03', 'Invalid Access Token'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = (field: string) =>
      reply.status(400).send(darajaError('400.002.02', `Bad Request - Invalid ${field}`));
    if (String(body.BusinessShortCode) !== options.shortcode) return invalid('BusinessShortCode');
    if (typeof body.Timestamp !== 'string' || !/^\d{14}$/.test(body.Timestamp)) return invalid('Timestamp');
    if (body.Password !== darajaPassword(options.shortcode, options.passkey, body.Timestamp)) {
      return reply.status(500).send(darajaError('500.001.1001', 'Wrong credentials'));
    }
    if (body.TransactionType !== (options.transactionType ?? 'CustomerPayBillOnline'))
      return invalid('TransactionType');
    if (String(body.PartyB) !== (options.partyB ?? options.shortcode)) return invalid('PartyB');
    if (
      typeof body.Amount !== 'number' ||
      !Number.isInteger(body.Amount) ||
      body.Amount < 1 ||
      body.Amount > (options.maxAmount ?? 250_000)
    )
      return invalid('Amount');
    const phone = String(body.PhoneNumber ?? '');
    if (!/^254[17]\d{8}$/.test(phone) || String(body.PartyA) !== phone) return invalid('PhoneNumber');
    if (outcomeForPhone(phone) === 'push-fault') return reply.status(500).send(GATEWAY_FAULT);
    if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL))
      return invalid('CallBackURL');
    const accountReference = String(body.AccountReference ?? '');
    if (accountReference.length === 0 || accountReference.length > 12) return invalid('AccountReference');

    const prompt: SimulatedPrompt = {
      merchantRequestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
      checkoutRequestId: `ws_CO_${transactionDate()}${randomBytes(6).toString('hex')}`,
      amount: body.Amount,
      phone,
      accountReference,
      callbackUrl: body.CallBackURL,
      outcome: outcomeForPhone(phone),
      createdAt: new Date().toISOString(),
      state: 'waiting',
      result: null,
    };
    prompts.set(prompt.checkoutRequestId, prompt);
    if (prompts.size > 1000) prompts.delete(prompts.keys().next().value as string);
    later(options.answerDelayMs, () => settle(prompt, null));
    return {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    if (!bearer(request.headers.authorization))
      return reply.status(404).send(darajaError('404.001.03', 'Invalid Access Token'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const prompt = prompts.get(String(body.CheckoutRequestID ?? ''));
    if (!prompt)
      return reply.status(400).send(darajaError('400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
    if (prompt.outcome === 'query-unreachable') {
      // As when M-Pesa cannot be reached: the connection drops without an answer.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (prompt.outcome === 'query-fault') return reply.status(500).send(GATEWAY_FAULT);
    // 08: the query knows the outcome before the customer's callback is sent.
    if (prompt.outcome === 'query-first' && prompt.state === 'waiting') settle(prompt, null);
    if (!prompt.result) {
      return reply.status(500).send(darajaError('500.001.1001', 'The transaction is being processed'));
    }
    const followUp = prompt.callbackAfterQuery;
    if (followUp) {
      prompt.callbackAfterQuery = null;
      later(options.lateDelayMs, () => {
        // The money is taken now: from here on the query answers what the callback says (09).
        prompt.result = followUp;
        void sendCallback(prompt, followUp);
      });
    }
    return {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: String(prompt.result.code),
      ResultDesc: prompt.result.desc,
    };
  });

  const payouts = new Map<string, SimulatedPayout>();
  const post = async (url: string, body: unknown) => {
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      log('simulator could not deliver a result or callback', error);
    }
  };

  app.post('/mpesa/b2c/v3/paymentrequest', async (request, reply) => {
    if (!bearer(request.headers.authorization))
      return reply.status(404).send(darajaError('404.001.03', 'Invalid Access Token'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = (field: string) =>
      reply.status(400).send(darajaError('400.002.02', `Bad Request - Invalid ${field}`));
    if (typeof body.OriginatorConversationID !== 'string' || body.OriginatorConversationID === '')
      return invalid('OriginatorConversationID');
    if (typeof body.InitiatorName !== 'string' || body.InitiatorName === '') return invalid('InitiatorName');
    if (!sameText(String(body.SecurityCredential ?? ''), options.b2cSecurityCredential ?? ''))
      return reply.status(500).send(darajaError('500.001.1001', 'The initiator information is invalid.'));
    if (!['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(String(body.CommandID)))
      return invalid('CommandID');
    if (String(body.PartyA) !== (options.b2cShortcode ?? options.shortcode)) return invalid('PartyA');
    if (
      typeof body.Amount !== 'number' ||
      !Number.isInteger(body.Amount) ||
      body.Amount < 10 ||
      body.Amount > (options.maxAmount ?? 250_000)
    )
      return invalid('Amount');
    const phone = String(body.PartyB ?? '');
    if (!/^254[17]\d{8}$/.test(phone)) return invalid('PartyB');
    for (const field of ['ResultURL', 'QueueTimeOutURL'] as const) {
      if (typeof body[field] !== 'string' || !/^https?:\/\//.test(body[field] as string))
        return invalid(field);
    }
    const payout: SimulatedPayout = {
      originatorConversationId: body.OriginatorConversationID,
      conversationId: `AG_${transactionDate()}_${randomBytes(8).toString('hex')}`,
      amount: body.Amount,
      phone,
      outcome: payoutOutcomeForPhone(phone),
      createdAt: new Date().toISOString(),
      transactionId: null,
      state: 'waiting',
      result: null,
    };
    payouts.set(payout.conversationId, payout);
    if (payouts.size > 1000) payouts.delete(payouts.keys().next().value as string);
    const resultUrl = body.ResultURL as string;
    const timeoutUrl = body.QueueTimeOutURL as string;
    later(options.b2cDelayMs ?? options.answerDelayMs, () => {
      const envelope = (
        code: number | string,
        desc: string,
        parameters: Array<{ Key: string; Value: unknown }>,
      ) => ({
        Result: {
          ResultType: 0,
          ResultCode: code,
          ResultDesc: desc,
          OriginatorConversationID: payout.originatorConversationId,
          ConversationID: payout.conversationId,
          TransactionID: payout.transactionId ?? randomBytes(5).toString('hex').toUpperCase(),
          ...(parameters.length > 0 ? { ResultParameters: { ResultParameter: parameters } } : {}),
          ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: timeoutUrl } },
        },
      });
      const fail = (code: number, desc: string) => {
        payout.state = 'failed';
        payout.transactionId = receiptNumber();
        payout.result = envelope(code, desc, []);
        return payout.result;
      };
      switch (payout.outcome) {
        case 'timeout':
          payout.state = 'expired';
          return void post(timeoutUrl, envelope('SFC_IC0003', 'The request timed out in the queue.', []));
        case 'unknown-no-result':
          payout.state = 'not-processed';
          return;
        case 'insufficient':
          return void post(resultUrl, fail(1, 'The balance is insufficient for the transaction.'));
        case 'initiator':
          return void post(resultUrl, fail(2001, 'The initiator information is invalid.'));
        case 'failed-no-result':
          fail(
            2040,
            "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
          );
          return;
        default: {
          payout.state = 'paid';
          payout.transactionId = receiptNumber();
          payout.result = envelope(0, 'The service request is processed successfully.', [
            { Key: 'TransactionAmount', Value: payout.amount },
            { Key: 'TransactionReceipt', Value: payout.transactionId },
            { Key: 'ReceiverPartyPublicName', Value: `${phone} - Simulated Customer` },
            { Key: 'TransactionCompletedDateTime', Value: new Date().toISOString() },
            { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
            { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
            { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
            { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
          ]);
          if (payout.outcome === 'no-result' || payout.outcome === 'no-ack') return;
          const result = payout.result;
          void post(resultUrl, result).then(() => {
            if (payout.outcome === 'twice') void post(resultUrl, result);
          });
        }
      }
    });
    if (payout.outcome === 'no-ack') {
      // Taken, but the acknowledgement never reaches the caller: the connection drops.
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    return {
      ConversationID: payout.conversationId,
      OriginatorConversationID: payout.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });

  // M-Pesa Ratiba (standing orders), kept in memory like the prompts.
  const standingOrders = new Map<string, SimulatedStandingOrder>();
  const today = () => options.today?.() ?? new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const clockNow = () => options.now?.() ?? new Date();
  const yyyymmdd = (date: string) => date.replaceAll('-', '');
  const isoDate = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
  const realDate = (compact: unknown): compact is string =>
    typeof compact === 'string' &&
    /^\d{8}$/.test(compact) &&
    new Date(`${isoDate(compact)}T00:00:00Z`).toISOString().slice(0, 10) === isoDate(compact);

  /** The n-th due date (yyyymmdd) from the start, by Daraja's Frequency; null past a one-off. */
  const dueDate = (order: SimulatedStandingOrder, n: number): string | null => {
    const start = isoDate(order.startDate);
    const months: Record<string, number> = { '4': 1, '5': 2, '6': 3, '7': 6, '8': 12 };
    const days: Record<string, number> = { '2': 1, '3': 7 };
    if (order.frequency === '1') return n === 0 ? order.startDate : null;
    if (months[order.frequency]) return yyyymmdd(addMonths(start, n * months[order.frequency]!));
    const date = new Date(`${start}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + n * (days[order.frequency] ?? 30));
    return yyyymmdd(date.toISOString().slice(0, 10));
  };

  const ratibaCallback = (
    order: SimulatedStandingOrder,
    code: string,
    description: string,
    data: Array<{ Name: string; Value: unknown }>,
  ) => ({
    ResponseHeader: {
      responseRefID: order.responseRefId,
      requestRefID: randomUUID(),
      responseCode: code,
      responseDescription: description,
    },
    ResponseBody: { ResponseData: data },
  });

  const approve = async (order: SimulatedStandingOrder) => {
    if (order.state !== 'pending') return;
    if (order.outcome === 'decline') {
      order.state = 'declined';
      return post(
        order.callbackUrl,
        ratibaCallback(order, '1032', 'Request cancelled by user', [
          { Name: 'TransactionID', Value: receiptNumber() },
          { Name: 'responseCode', Value: '1032' },
          { Name: 'Status', Value: 'DECLINED' },
          { Name: 'Msisdn', Value: maskPhone(order.phone) },
        ]),
      );
    }
    // 23: cancelled in the M-Pesa menu right after approving, so no debit is ever made.
    order.state = order.outcome === 'cancel' ? 'cancelled' : 'active';
    await post(
      order.callbackUrl,
      ratibaCallback(order, '0', 'The service request is processed successfully.', [
        { Name: 'TransactionID', Value: receiptNumber() },
        { Name: 'responseCode', Value: '0' },
        { Name: 'Status', Value: 'OKAY' },
        { Name: 'Msisdn', Value: maskPhone(order.phone) },
      ]),
    );
    if (order.outcome === 'cancel')
      await post(
        order.callbackUrl,
        ratibaCallback(order, '1', 'The standing order was cancelled by the customer.', [
          { Name: 'TransactionID', Value: receiptNumber() },
          { Name: 'responseCode', Value: '1' },
          { Name: 'Status', Value: 'CANCELLED' },
          { Name: 'Msisdn', Value: maskPhone(order.phone) },
          { Name: 'StandingOrderName', Value: order.name },
        ]),
      );
  };

  /** Every due date up to today (and the end date) not yet debited, once each. */
  const runStandingOrders = async () => {
    const limit = yyyymmdd(today());
    const deliveries: Promise<void>[] = [];
    for (const order of standingOrders.values()) {
      if (order.state !== 'active') continue;
      for (let n = 0; n < 1000; n += 1) {
        const due = dueDate(order, n);
        if (due === null || due > limit || due > order.endDate) break;
        if (order.debits.some((debit) => debit.dueDate === due)) continue;
        const ok = order.outcome !== 'debits-fail';
        const at = clockNow();
        const debit: SimulatedDebit = {
          transactionId: receiptNumber(),
          dueDate: due,
          ok,
          amount: order.amount,
          at: at.toISOString(),
        };
        order.debits.push(debit);
        const code = ok ? '0' : '1';
        deliveries.push(
          post(
            order.callbackUrl,
            ratibaCallback(
              order,
              code,
              ok
                ? 'The service request is processed successfully.'
                : 'The balance is insufficient for the transaction.',
              [
                { Name: 'TransactionID', Value: debit.transactionId },
                { Name: 'responseCode', Value: code },
                { Name: 'Status', Value: ok ? 'OKAY' : 'FAILED' },
                { Name: 'Msisdn', Value: maskPhone(order.phone) },
                { Name: 'Amount', Value: String(order.amount) },
                { Name: 'StandingOrderName', Value: order.name },
                { Name: 'AccountReference', Value: order.accountReference },
                { Name: 'TransactionDate', Value: String(transactionDate(at)) },
              ],
            ),
          ),
        );
      }
    }
    await Promise.all(deliveries);
    return deliveries.length;
  };

  /**
   * createStandingOrderExternal: validated as Daraja does (400 with errorCode/errorMessage), then
   * acknowledged; the customer answers after ratibaDelayMs.
   */
  app.post('/standingorder/v1/createStandingOrderExternal', async (request, reply) => {
    if (!bearer(request.headers.authorization))
      return reply.status(404).send(darajaError('404.001.03', 'Invalid Access Token'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = (field: string) =>
      reply.status(400).send(darajaError('400.002.02', `Bad Request - Invalid ${field}`));
    const till = options.transactionType === 'CustomerBuyGoodsOnline';
    const name = typeof body.StandingOrderName === 'string' ? body.StandingOrderName.trim() : '';
    if (name === '' || name.length > 100) return invalid('StandingOrderName');
    if (!realDate(body.StartDate)) return invalid('StartDate');
    if (!realDate(body.EndDate) || body.EndDate <= body.StartDate) return invalid('EndDate');
    if (body.StartDate < yyyymmdd(today())) return invalid('StartDate');
    if (
      String(body.BusinessShortCode ?? '') !==
      (till ? (options.partyB ?? options.shortcode) : options.shortcode)
    )
      return invalid('BusinessShortCode');
    if (
      body.TransactionType !==
      (till ? 'Standing Order Customer Pay Marchant' : 'Standing Order Customer Pay Bill')
    )
      return invalid('TransactionType');
    if (String(body.ReceiverPartyIdentifierType ?? '') !== (till ? '2' : '4'))
      return invalid('ReceiverPartyIdentifierType');
    const amount =
      typeof body.Amount === 'string' && /^\d+$/.test(body.Amount) ? Number(body.Amount) : Number.NaN;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > (options.maxAmount ?? 250_000))
      return invalid('Amount');
    const phone = String(body.PartyA ?? '');
    if (!/^254[17]\d{8}$/.test(phone)) return invalid('PartyA');
    if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL))
      return invalid('CallBackURL');
    const accountReference = typeof body.AccountReference === 'string' ? body.AccountReference : '';
    if (accountReference === '' || accountReference.length > 12) return invalid('AccountReference');
    const description = typeof body.TransactionDesc === 'string' ? body.TransactionDesc : '';
    if (description === '' || description.length > 13) return invalid('TransactionDesc');
    if (!/^[1-8]$/.test(String(body.Frequency ?? ''))) return invalid('Frequency');
    if (
      [...standingOrders.values()].some(
        (order) => order.phone === phone && order.name === name && order.state !== 'declined',
      )
    )
      return reply
        .status(400)
        .send(
          darajaError('400.002.02', 'Bad Request - Standing order name already exists for this customer'),
        );
    const order: SimulatedStandingOrder = {
      responseRefId: `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${Date.now()}`,
      name,
      phone,
      amount,
      startDate: body.StartDate,
      endDate: body.EndDate,
      frequency: String(body.Frequency),
      accountReference,
      callbackUrl: body.CallBackURL,
      outcome: ratibaOutcomeForPhone(phone),
      state: 'pending',
      createdAt: new Date().toISOString(),
      debits: [],
      request: { ...body },
    };
    standingOrders.set(order.responseRefId, order);
    if (standingOrders.size > 1000) standingOrders.delete(standingOrders.keys().next().value as string);
    later(options.ratibaDelayMs ?? options.answerDelayMs, () => void approve(order));
    return {
      ResponseHeader: {
        responseRefID: order.responseRefId,
        responseCode: '200',
        responseDescription: 'Request accepted for processing',
        ResultDesc: 'The service request is processed successfully.',
      },
      ResponseBody: { responseDescription: 'Request accepted for processing', responseCode: '200' },
    };
  });

  const ticker =
    (options.ratibaTickMs ?? 1000) > 0
      ? setInterval(() => {
          runStandingOrders().catch((error: unknown) => log('simulator standing orders failed', error));
        }, options.ratibaTickMs ?? 1000)
      : null;
  ticker?.unref();

  const statusQueries: SimulatedStatusQuery[] = [];

  /**
   * Transaction Status (docs: /mpesa/transactionstatus/v1/query): acknowledged at once with the
   * query's own ids; the Result follows on ResultURL, answered from what the simulator did with the
   * payout named by TransactionID (its receipt) or OriginalConversationID (also read as
   * OriginatorConversationID, as some integrations send it).
   */
  app.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
    if (!bearer(request.headers.authorization))
      return reply.status(404).send(darajaError('404.001.03', 'Invalid Access Token'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = (field: string) =>
      reply.status(400).send(darajaError('400.002.02', `Bad Request - Invalid ${field}`));
    if (body.CommandID !== 'TransactionStatusQuery') return invalid('CommandID');
    if (typeof body.Initiator !== 'string' || body.Initiator === '') return invalid('Initiator');
    if (![options.b2cShortcode ?? options.shortcode, options.shortcode].includes(String(body.PartyA)))
      return invalid('PartyA');
    if (String(body.IdentifierType) !== '4') return invalid('IdentifierType');
    for (const field of ['ResultURL', 'QueueTimeOutURL'] as const) {
      if (typeof body[field] !== 'string' || !/^https?:\/\//.test(body[field] as string))
        return invalid(field);
    }
    const transactionId = typeof body.TransactionID === 'string' ? body.TransactionID.trim() : '';
    const original =
      typeof body.OriginalConversationID === 'string'
        ? body.OriginalConversationID
        : typeof body.OriginatorConversationID === 'string'
          ? body.OriginatorConversationID
          : '';
    if (transactionId === '' && original === '') return invalid('TransactionID');
    const payout = [...payouts.values()].find(
      (entry) =>
        (transactionId !== '' && entry.transactionId === transactionId) ||
        (original !== '' && entry.originatorConversationId === original),
    );
    const debitOf = (id: string) => {
      for (const order of standingOrders.values()) {
        const debit = order.debits.find((entry) => entry.transactionId === id);
        if (debit) return { order, debit };
      }
      return null;
    };
    const standing = !payout && transactionId !== '' ? debitOf(transactionId) : null;
    const query: SimulatedStatusQuery = {
      debitTransactionId: standing?.debit.transactionId ?? null,
      originatorConversationId: `${randomBytes(2).toString('hex')}-${randomBytes(4).readUInt32BE(0)}-1`,
      conversationId: `AG_${transactionDate()}_${randomBytes(8).toString('hex')}`,
      payoutOriginatorConversationId: payout?.originatorConversationId ?? null,
      answer: 'not-found',
      createdAt: new Date().toISOString(),
    };
    statusQueries.unshift(query);
    if (statusQueries.length > 1000) statusQueries.pop();
    const credentialOk = sameText(String(body.SecurityCredential ?? ''), options.b2cSecurityCredential ?? '');
    const resultUrl = body.ResultURL as string;
    const occasion = typeof body.Occasion === 'string' ? body.Occasion : '';
    later(options.b2cDelayMs ?? options.answerDelayMs, () => {
      const envelope = (code: number, desc: string, parameters: Array<{ Key: string; Value?: unknown }>) => ({
        Result: {
          ResultType: 0,
          ResultCode: code,
          ResultDesc: desc,
          OriginatorConversationID: query.originatorConversationId,
          ConversationID: query.conversationId,
          // A placeholder, as Daraja sends it: the receipt is the ReceiptNo parameter.
          TransactionID: `${(payout?.transactionId ?? 'TJ7').slice(0, 3)}0000000`,
          ...(parameters.length > 0 ? { ResultParameters: { ResultParameter: parameters } } : {}),
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: occasion } },
        },
      });
      // As Daraja: a wrong SecurityCredential is accepted at first and answered 2001 on ResultURL.
      if (!credentialOk) {
        query.answer = 'initiator-invalid';
        return void post(resultUrl, envelope(2001, 'The initiator information is invalid.', []));
      }
      if (standing) {
        const { order, debit } = standing;
        query.answer = debit.ok ? 'Completed' : 'Failed';
        const stamp = transactionDate(new Date(debit.at));
        return void post(
          resultUrl,
          envelope(0, 'The service request is processed successfully.', [
            { Key: 'DebitPartyName', Value: `${maskPhone(order.phone)} - Simulated Customer` },
            { Key: 'CreditPartyName', Value: `${options.shortcode} - Bima Portal` },
            { Key: 'InitiatedTime', Value: stamp },
            { Key: 'ReasonType', Value: 'Standing Order Customer Pay Bill' },
            { Key: 'TransactionStatus', Value: query.answer },
            { Key: 'FinalisedTime', Value: stamp },
            { Key: 'Amount', Value: debit.amount },
            { Key: 'ReceiptNo', Value: debit.transactionId },
          ]),
        );
      }
      if (!payout || payout.state === 'not-processed') {
        return void post(resultUrl, envelope(1, 'The transaction could not be found.', []));
      }
      const status =
        payout.state === 'paid'
          ? 'Completed'
          : payout.state === 'failed'
            ? 'Failed'
            : payout.state === 'expired'
              ? 'Expired'
              : 'Pending';
      query.answer = status;
      const stamp = transactionDate(new Date(payout.createdAt));
      void post(
        resultUrl,
        envelope(0, 'The service request is processed successfully.', [
          {
            Key: 'DebitPartyName',
            Value: `${options.b2cShortcode ?? options.shortcode} - Bima Portal Claims`,
          },
          { Key: 'CreditPartyName', Value: `${payout.phone} - Simulated Customer` },
          { Key: 'OriginatorConversationID', Value: payout.originatorConversationId },
          { Key: 'InitiatedTime', Value: stamp },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|22.40' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
          { Key: 'TransactionStatus', Value: status },
          { Key: 'FinalisedTime', Value: stamp },
          { Key: 'Amount', Value: payout.amount },
          { Key: 'ConversationID', Value: payout.conversationId },
          ...(payout.transactionId ? [{ Key: 'ReceiptNo', Value: payout.transactionId }] : []),
        ]),
      );
    });
    return {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    };
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    app,
    baseUrl: `http://127.0.0.1:${boundPort}`,
    prompts: () => [...prompts.values()].reverse(),
    payouts: () => [...payouts.values()].reverse(),
    statusQueries: () => [...statusQueries],
    standingOrders: () => [...standingOrders.values()].reverse(),
    runStandingOrders,
    answer: (checkoutRequestId, accept) => {
      const prompt = prompts.get(checkoutRequestId);
      if (prompt?.state !== 'waiting') return false;
      settle(prompt, accept);
      return true;
    },
    close: async () => {
      if (ticker) clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await app.close();
    },
  };
}
