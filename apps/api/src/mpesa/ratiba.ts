import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * M-Pesa Ratiba: Daraja's standing orders (`POST /standingorder/v1/createStandingOrderExternal`).
 * The request and its acknowledgement follow Safaricom's Daraja page "M-Pesa Ratiba"
 * (developer.safaricom.co.ke/APIs/MpesaRatiba) and the SDKs that implement it (mpesakit's
 * mpesa_ratiba schemas). Safaricom publishes only the callback that tells the standing order was
 * created (approved by the customer); each debit's result is read from the same envelope with more
 * ResponseData items (Amount, AccountReference / StandingOrderName, TransactionDate) and a non-zero
 * responseCode on failure — to be confirmed against the sandbox before going live, so the parser is
 * tolerant: items by Name whatever the case, values numbers or strings.
 */

/** What the monthly module asks for; the client adds the shortcode, the callback URL and the frequency. */
export interface StandingOrderRequest {
  /** Ours, ≤ 12 characters: sent as StandingOrderName (unique per customer) and AccountReference. */
  reference: string;
  /** 2547XXXXXXXX / 2541XXXXXXXX. */
  phone: string;
  /** Integer cents, whole shillings: Daraja takes whole shillings. */
  amount: number;
  /** YYYY-MM-DD: the first debit, and the last day a debit may fall on. */
  startDate: string;
  endDate: string;
  /** ≤ 13 characters (TransactionDesc). */
  description: string;
}

export interface StandingOrderAck {
  /** ResponseHeader.responseRefID: the callbacks about this standing order carry it. */
  responseRefId: string;
  description: string;
}

export type StandingOrderEvent =
  | {
      kind: 'approved' | 'declined' | 'cancelled';
      responseRefId: string;
      reference: string | null;
      transactionId: string | null;
      resultCode: string;
      resultDesc: string;
    }
  | {
      kind: 'debit';
      responseRefId: string;
      reference: string | null;
      transactionId: string;
      ok: boolean;
      /** Integer cents. */
      amount: number;
      phone: string | null;
      resultCode: string;
      resultDesc: string;
      at: Date;
    };

/** Daraja's Frequency codes. */
export const RATIBA_FREQUENCY = {
  oneOff: '1',
  daily: '2',
  weekly: '3',
  monthly: '4',
  biMonthly: '5',
  quarterly: '6',
  halfYear: '7',
  yearly: '8',
} as const;

/**
 * The request body Daraja takes, every value a string as its page shows them. The till's
 * TransactionType is spelled "Marchant" on Safaricom's page and is sent exactly so.
 */
export interface RatibaBody {
  StandingOrderName: string;
  StartDate: string;
  EndDate: string;
  BusinessShortCode: string;
  TransactionType: 'Standing Order Customer Pay Bill' | 'Standing Order Customer Pay Marchant';
  ReceiverPartyIdentifierType: '4' | '2';
  Amount: string;
  PartyA: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
  Frequency: string;
}

/** YYYY-MM-DD → yyyymmdd. */
export const ratibaDate = (date: string) => date.replaceAll('-', '');

/** The body of a monthly standing order to our paybill (or till), from a request in cents. */
export function ratibaBody(
  request: StandingOrderRequest,
  options: { shortcode: string; till: boolean; callbackUrl: string },
): RatibaBody {
  return {
    StandingOrderName: request.reference,
    StartDate: ratibaDate(request.startDate),
    EndDate: ratibaDate(request.endDate),
    BusinessShortCode: options.shortcode,
    TransactionType: options.till
      ? 'Standing Order Customer Pay Marchant'
      : 'Standing Order Customer Pay Bill',
    ReceiverPartyIdentifierType: options.till ? '2' : '4',
    Amount: String(request.amount / 100),
    PartyA: request.phone,
    CallBackURL: options.callbackUrl,
    AccountReference: request.reference.slice(0, 12),
    TransactionDesc: request.description.slice(0, 13),
    Frequency: RATIBA_FREQUENCY.monthly,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field by name whatever its case (responseRefID / ResponseRefID / responseRefId). */
function field(record: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

const text = (value: unknown): string | null =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value))
    ? String(value).trim()
    : null;

/** yyyymmddHHmmss in Kenya time (as M-Pesa stamps its transactions) → the instant; null if not one. */
export function parseRatibaTimestamp(value: string | null): Date | null {
  const match = value ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const at = new Date(Date.UTC(year!, month! - 1, day!, hour! - 3, minute!, second!));
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Reads a Ratiba callback into an event; null when the body is not one (the route answers 200 and
 * logs it). Header: responseRefID (the acknowledgement's), responseCode, responseDescription; body:
 * ResponseData [{Name, Value}…]. An Amount item makes it a debit's result (ok when the code is 0);
 * otherwise it is about the standing order itself: code 0 approved, a Status naming a cancellation
 * cancelled, any other code declined.
 */
export function parseRatibaCallback(body: unknown, now = new Date()): StandingOrderEvent | null {
  if (!isRecord(body)) return null;
  const header = field(body, 'ResponseHeader');
  const content = field(body, 'ResponseBody');
  if (!isRecord(header)) return null;
  const responseRefId = text(field(header, 'responseRefID'));
  if (!responseRefId) return null;
  const list = isRecord(content) ? field(content, 'ResponseData') : undefined;
  const items = Array.isArray(list) ? list.filter(isRecord) : isRecord(list) ? [list] : [];
  const item = (...names: string[]) => {
    const wanted = names.map((name) => name.toLowerCase());
    const found = items.find((entry) => wanted.includes(String(field(entry, 'Name') ?? '').toLowerCase()));
    return found ? field(found, 'Value') : undefined;
  };
  const resultCode = text(item('responseCode', 'ResultCode')) ?? text(field(header, 'responseCode'));
  if (resultCode === null) return null;
  const resultDesc =
    text(item('ResultDesc', 'responseDescription')) ?? text(field(header, 'responseDescription')) ?? '';
  const reference = text(item('StandingOrderName', 'AccountReference'));
  const transactionId = text(item('TransactionID', 'MpesaReceiptNumber'));
  const amountValue = item('Amount');
  if (amountValue !== undefined) {
    const shillings = Number(text(amountValue));
    if (!Number.isFinite(shillings) || shillings < 0) return null;
    return {
      kind: 'debit',
      responseRefId,
      reference,
      transactionId: transactionId ?? responseRefId,
      ok: resultCode === '0',
      amount: Math.round(shillings * 100),
      phone: text(item('Msisdn', 'PhoneNumber')),
      resultCode,
      resultDesc,
      at: parseRatibaTimestamp(text(item('TransactionDate'))) ?? now,
    };
  }
  const status = text(item('Status'))?.toLowerCase() ?? '';
  const kind = /cancel/.test(status) ? 'cancelled' : resultCode === '0' ? 'approved' : 'declined';
  return { kind, responseRefId, reference, transactionId, resultCode, resultDesc };
}

/** Our answer to every Ratiba callback (as Safaricom's page shows it). */
export const RATIBA_CALLBACK_ANSWER = {
  ResultCode: '0',
  ResultDesc: 'The service request is processed successfully',
} as const;

type DebitEvent = Extract<StandingOrderEvent, { kind: 'debit' }>;

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(`ratiba-debit:${payload}`).digest('base64url');

/**
 * A debit waiting for M-Pesa's Transaction Status, sealed into the query's ResultURL (`?d=…&s=…`) so
 * that whichever instance the answer reaches can finish it, and so that only an answer to a query we
 * sent (the signed URL goes to M-Pesa alone) can release it.
 */
export function sealDebit(event: DebitEvent, key: string): { d: string; s: string } {
  const payload = Buffer.from(JSON.stringify({ ...event, at: event.at.toISOString() })).toString('base64url');
  return { d: payload, s: sign(key, payload) };
}

/** The sealed debit back, or null when the seal is missing, forged or not one. */
export function openDebit(query: unknown, key: string): DebitEvent | null {
  if (!isRecord(query) || typeof query.d !== 'string' || typeof query.s !== 'string') return null;
  const expected = Buffer.from(sign(key, query.d));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(query.d, 'base64url').toString()) as DebitEvent & { at: string };
    if (value?.kind !== 'debit' || typeof value.transactionId !== 'string') return null;
    return { ...value, at: new Date(value.at) };
  } catch {
    return null;
  }
}
