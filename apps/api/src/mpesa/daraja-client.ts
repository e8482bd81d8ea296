/**
 * A typed client of Safaricom's Daraja API: OAuth token cache, M-Pesa Express (STK push, STK query,
 * the callback parser), B2C payouts and the Transaction Status query with their result parsers.
 * Shapes follow shared/domain/mpesa-daraja.md and Safaricom's Daraja pages.
 */
import type { RatibaBody, StandingOrderAck } from './ratiba';

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Paybill (CustomerPayBillOnline) or till (CustomerBuyGoodsOnline); paybill when unset. */
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** The receiving shortcode: the till for buy goods; the shortcode (paybill) when unset. */
  partyB?: string;
}

export class DarajaError extends Error {
  override name = 'DarajaError';
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: string,
    /** Spike arrest and quota errors: nothing was processed, the call may be retried. */
    readonly retryable = false,
    /**
     * No answer we can read (the connection failed or timed out, a 5xx without Daraja's error
     * envelope): the request may have been processed. A payout in this state must be checked with the
     * Transaction Status query, never simply sent again.
     */
    readonly uncertain = false,
  ) {
    super(message);
  }
}

export interface StkPushRequest {
  amount: number;
  phoneNumber: string;
  callbackUrl: string;
  accountReference: string;
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export type StkQueryResult =
  | { state: 'pending' }
  | { state: 'final'; resultCode: string; resultDesc: string };

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** Always a string: numeric codes are stringified, string codes (e.g. SFC_IC0003) kept. */
  resultCode: string;
  resultDesc: string;
  amount: number | null;
  receiptNumber: string | null;
  phoneNumber: string | null;
  transactionDate: string | null;
}

/** YYYYMMDDHHmmss in Kenya time (UTC+3, no daylight saving). */
export function darajaTimestamp(now = new Date()): string {
  const kenya = new Date(now.getTime() + 3 * 3_600_000);
  const pad = (value: number) => value.toString().padStart(2, '0');
  return `${kenya.getUTCFullYear()}${pad(kenya.getUTCMonth() + 1)}${pad(kenya.getUTCDate())}${pad(kenya.getUTCHours())}${pad(
    kenya.getUTCMinutes(),
  )}${pad(kenya.getUTCSeconds())}`;
}

/** base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

const RETRYABLE = new Set(['500.003.02', '500.003.03']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The API gateway's fault, `{"Envelope":{"Body":{"Fault":{"faultstring","detail":{"errorcode"}}}}}`
 * (docs §7), also seen without the envelope as `{"fault":{…}}`; null when the body is not one.
 */
export function parseDarajaFault(body: unknown): { code: string | undefined; message: string } | null {
  if (!isRecord(body)) return null;
  const envelope = isRecord(body.Envelope) ? body.Envelope : null;
  const soapBody = envelope && isRecord(envelope.Body) ? envelope.Body : null;
  const fault =
    soapBody && isRecord(soapBody.Fault) ? soapBody.Fault : isRecord(body.fault) ? body.fault : null;
  if (!fault) return null;
  const detail = isRecord(fault.detail) ? fault.detail : {};
  const code = detail.errorcode ?? detail.errorCode;
  return {
    code: typeof code === 'string' && code !== '' ? code : undefined,
    message:
      typeof fault.faultstring === 'string' && fault.faultstring !== ''
        ? fault.faultstring
        : 'The M-Pesa gateway refused the request',
  };
}

function errorFromBody(body: unknown, status: number): DarajaError {
  const fault = parseDarajaFault(body);
  if (fault) return new DarajaError(fault.message, status, fault.code);
  const record = isRecord(body) ? body : {};
  const code = typeof record.errorCode === 'string' ? record.errorCode : undefined;
  const message =
    typeof record.errorMessage === 'string' ? record.errorMessage : `Daraja answered HTTP ${status}`;
  // A 5xx that is not Daraja's own refusal (a proxy's error page, an empty body) says nothing
  // about whether the request was processed.
  return new DarajaError(message, status, code, code ? RETRYABLE.has(code) : false, !code && status >= 500);
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null; // not JSON
  }
}

async function readError(response: Response): Promise<DarajaError> {
  return errorFromBody(await readBody(response), response.status);
}

export class DarajaClient {
  #token: { value: string; expiresAt: number } | null = null;
  readonly #config: DarajaConfig;
  readonly #fetch: typeof fetch;

  constructor(config: DarajaConfig, fetchImpl: typeof fetch = fetch) {
    this.#config = config;
    this.#fetch = fetchImpl;
  }

  /** A cached OAuth token, refreshed a minute before it expires. */
  async getToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh && this.#token && this.#token.expiresAt > Date.now() + 60_000) return this.#token.value;
    const credentials = Buffer.from(`${this.#config.consumerKey}:${this.#config.consumerSecret}`).toString(
      'base64',
    );
    const response = await this.#fetch(
      `${this.#config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
      {
        headers: { authorization: `Basic ${credentials}` },
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!response.ok) throw await readError(response);
    const body = (await response.json()) as { access_token?: string; expires_in?: string | number };
    if (!body.access_token) throw new DarajaError('Daraja gave no access token', response.status);
    this.#token = {
      value: body.access_token,
      expiresAt: Date.now() + Number(body.expires_in ?? 3599) * 1000,
    };
    return body.access_token;
  }

  /** An authorised POST; an invalid-token answer refreshes the token once and retries. */
  async #post(path: string, payload: unknown): Promise<Response> {
    const send = async (token: string) =>
      this.#fetch(`${this.#config.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(15_000),
      });
    let response = await send(await this.getToken());
    if (response.status === 404 || response.status === 401) {
      const error = await readError(response.clone());
      if (error.errorCode === '404.001.03') response = await send(await this.getToken(true));
    }
    return response;
  }

  /** #post, where a failure to get an answer at all (network, time-out) is an uncertain error. */
  async #sent(path: string, payload: unknown): Promise<Response> {
    try {
      return await this.#post(path, payload);
    } catch (error) {
      if (error instanceof DarajaError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new DarajaError(`M-Pesa did not answer (${message})`, 0, undefined, false, true);
    }
  }

  #credentials() {
    const timestamp = darajaTimestamp();
    return {
      BusinessShortCode: this.#config.shortcode,
      Password: darajaPassword(this.#config.shortcode, this.#config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** Sends the payment prompt to the customer's phone. Accepted is not paid. */
  async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) {
      throw new DarajaError('Amount must be whole shillings', 400, '400.002.02');
    }
    const response = await this.#post('/mpesa/stkpush/v1/processrequest', {
      ...this.#credentials(),
      TransactionType: this.#config.transactionType ?? 'CustomerPayBillOnline',
      Amount: request.amount,
      PartyA: request.phoneNumber,
      PartyB: this.#config.partyB ?? this.#config.shortcode,
      PhoneNumber: request.phoneNumber,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    });
    if (!response.ok) throw await readError(response);
    const answer = await readBody(response);
    if (parseDarajaFault(answer)) throw errorFromBody(answer, response.status);
    const body = isRecord(answer) ? answer : {};
    if (String(body.ResponseCode) !== '0' || typeof body.CheckoutRequestID !== 'string') {
      throw new DarajaError(
        String(body.ResponseDescription ?? 'The payment request was not accepted'),
        response.status,
      );
    }
    return {
      merchantRequestId: String(body.MerchantRequestID ?? ''),
      checkoutRequestId: body.CheckoutRequestID,
      customerMessage: String(body.CustomerMessage ?? ''),
    };
  }

  /**
   * Asks how a push ended; "being processed" is pending, not failed. A gateway fault, or an answer
   * about another CheckoutRequestID, is an error (thrown), never a final answer.
   */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const response = await this.#post('/mpesa/stkpushquery/v1/query', {
      ...this.#credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    if (!response.ok) {
      const error = await readError(response);
      if (error.errorCode === '500.001.1001' && /being processed/i.test(error.message))
        return { state: 'pending' };
      throw error;
    }
    const answer = await readBody(response);
    if (!isRecord(answer) || parseDarajaFault(answer)) throw errorFromBody(answer, response.status);
    if (answer.CheckoutRequestID !== checkoutRequestId) {
      throw new DarajaError('The STK query answered about another CheckoutRequestID', response.status);
    }
    if (answer.ResultCode === undefined || answer.ResultCode === null || answer.ResultCode === '')
      return { state: 'pending' };
    return {
      state: 'final',
      resultCode: String(answer.ResultCode),
      resultDesc: String(answer.ResultDesc ?? ''),
    };
  }

  /**
   * M-Pesa Ratiba: asks M-Pesa to create a standing order on the customer's profile (the customer
   * approves it on the phone; the outcome and each debit come to CallBackURL). Acknowledged with
   * `{ResponseHeader:{responseRefID, responseCode:"200", responseDescription}, ResponseBody:{…}}`;
   * anything else, or Daraja's error envelope, is thrown as a DarajaError.
   */
  async createStandingOrder(body: RatibaBody): Promise<StandingOrderAck> {
    const shillings = Number(body.Amount);
    if (!/^\d+$/.test(body.Amount) || !Number.isSafeInteger(shillings) || shillings < 1) {
      throw new DarajaError('Amount must be whole shillings', 400, '400.002.02');
    }
    const response = await this.#post('/standingorder/v1/createStandingOrderExternal', body);
    if (!response.ok) throw await readError(response);
    const answer = await readBody(response);
    if (parseDarajaFault(answer)) throw errorFromBody(answer, response.status);
    const header = isRecord(answer) && isRecord(answer.ResponseHeader) ? answer.ResponseHeader : {};
    const refId = header.responseRefID ?? header.responseRefId;
    const code = String(header.responseCode ?? '');
    const description = String(header.responseDescription ?? header.ResultDesc ?? '');
    if (code !== '200' || typeof refId !== 'string' || refId === '') {
      throw new DarajaError(
        description || 'The standing order request was not accepted',
        response.status,
        code || undefined,
      );
    }
    return { responseRefId: refId, description };
  }

  /**
   * B2C payment request (claim payouts): money from our B2C shortcode to a customer's M-Pesa.
   * Accepted is not paid: the result comes to ResultURL (or QueueTimeOutURL when it timed out in
   * Daraja's queue).
   */
  async b2cPayment(request: B2cPaymentRequest): Promise<B2cAccepted> {
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) {
      throw new DarajaError('Amount must be whole shillings', 400, '400.002.02');
    }
    // A token failure sends nothing (a refusal); once the payout is on the wire, silence is not one.
    try {
      await this.getToken();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw error instanceof DarajaError
        ? new DarajaError(error.message, error.status, error.errorCode, error.retryable, false)
        : new DarajaError(`M-Pesa could not be reached (${detail})`, 0);
    }
    const response = await this.#sent('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: request.initiatorName,
      SecurityCredential: request.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: request.amount,
      PartyA: request.shortcode,
      PartyB: request.phoneNumber,
      Remarks: request.remarks.slice(0, 100),
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
      Occasion: request.occasion.slice(0, 100),
    });
    if (!response.ok) throw await readError(response);
    const answer = await readBody(response);
    if (parseDarajaFault(answer)) throw errorFromBody(answer, response.status);
    const body = isRecord(answer) ? answer : {};
    if (String(body.ResponseCode) !== '0' || typeof body.ConversationID !== 'string') {
      throw new DarajaError(
        String(body.ResponseDescription ?? 'The payout request was not accepted'),
        response.status,
      );
    }
    return {
      conversationId: body.ConversationID,
      originatorConversationId: String(body.OriginatorConversationID ?? request.originatorConversationId),
    };
  }

  /**
   * Transaction Status query (CommandID TransactionStatusQuery), e.g. for a B2C payout whose result
   * never came. Asynchronous like B2C: the acknowledgement carries the query's own
   * OriginatorConversationID and ConversationID; the answer is POSTed to ResultURL as a Result whose
   * ResultParameters describe the transaction (parse it with `parseTransactionStatusResult`).
   * The transaction is named by its M-Pesa receipt (TransactionID) and/or by the
   * OriginatorConversationID it was requested with — the field Safaricom's page calls
   * `OriginalConversationID`.
   */
  async transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted> {
    if (!request.transactionId && !request.originalConversationId) {
      throw new DarajaError('A TransactionID or the original OriginatorConversationID is needed', 400);
    }
    const response = await this.#post('/mpesa/transactionstatus/v1/query', {
      Initiator: request.initiatorName,
      SecurityCredential: request.securityCredential,
      CommandID: 'TransactionStatusQuery',
      ...(request.transactionId ? { TransactionID: request.transactionId } : {}),
      ...(request.originalConversationId ? { OriginalConversationID: request.originalConversationId } : {}),
      PartyA: request.shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: request.remarks.slice(0, 100),
      Occasion: request.occasion.slice(0, 100),
    });
    if (!response.ok) throw await readError(response);
    const answer = await readBody(response);
    if (parseDarajaFault(answer)) throw errorFromBody(answer, response.status);
    const body = isRecord(answer) ? answer : {};
    if (String(body.ResponseCode) !== '0' || typeof body.ConversationID !== 'string') {
      throw new DarajaError(
        String(body.ResponseDescription ?? 'The status query was not accepted'),
        response.status,
      );
    }
    return {
      conversationId: body.ConversationID,
      originatorConversationId: String(body.OriginatorConversationID ?? ''),
    };
  }
}

export interface TransactionStatusRequest {
  initiatorName: string;
  securityCredential: string;
  /** PartyA: our shortcode that made the transaction (IdentifierType 4, organisation shortcode). */
  shortcode: string;
  /** The M-Pesa receipt, when known. */
  transactionId?: string | null;
  /** The OriginatorConversationID the transaction was requested with (ours for a B2C payout). */
  originalConversationId?: string | null;
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks: string;
  occasion: string;
}

export interface TransactionStatusAccepted {
  /** The query's own ids: its Result comes back with them. */
  conversationId: string;
  originatorConversationId: string;
}

export interface TransactionStatusResult {
  /** The query's ids (as in its acknowledgement). */
  originatorConversationId: string;
  conversationId: string;
  /** Always a string; "0" means M-Pesa answered about the transaction (read `transactionStatus`). */
  resultCode: string;
  resultDesc: string;
  /** Completed, Failed, Cancelled, Declined, Expired, Reversed, Pending, Initiated…; null without parameters. */
  transactionStatus: string | null;
  receiptNo: string | null;
  amount: number | null;
  /** The transaction's own ids, when M-Pesa names them in the parameters. */
  transactionOriginatorConversationId: string | null;
  transactionConversationId: string | null;
  creditPartyName: string | null;
  finalisedTime: string | null;
}

/** A value from Daraja's `{ResultParameters:{ResultParameter:[{Key,Value}…]}}` (or a lone object), by any of its spellings. */
function resultParameters(result: Record<string, unknown>) {
  const parameters = isRecord(result.ResultParameters) ? result.ResultParameters.ResultParameter : undefined;
  const list = Array.isArray(parameters)
    ? (parameters as Array<{ Key?: unknown; Value?: unknown }>)
    : isRecord(parameters)
      ? [parameters as { Key?: unknown; Value?: unknown }]
      : [];
  return (...keys: string[]) => list.find((entry) => keys.includes(String(entry?.Key)))?.Value;
}

const textOrNull = (value: unknown) =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
const numberOrNull = (value: unknown) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/**
 * Reads a Transaction Status Result (ResultURL) or its queue time-out: parameters by Key, both
 * spellings Safaricom uses ("OriginatorConversationID" / "Originator Conversation ID",
 * "ConversationID" / "Conversation ID"); numbers may come as strings. `Result.TransactionID` is a
 * placeholder here (e.g. "MBN0000000") and is not the receipt: `ReceiptNo` is. Null if it is not one.
 */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | null {
  const result = isRecord(body) && isRecord(body.Result) ? body.Result : null;
  if (!result) return null;
  if (result.ResultCode === undefined || result.ResultCode === null) return null;
  const originator = textOrNull(result.OriginatorConversationID);
  const conversation = textOrNull(result.ConversationID);
  if (!originator && !conversation) return null;
  const parameter = resultParameters(result);
  return {
    originatorConversationId: originator ?? '',
    conversationId: conversation ?? '',
    resultCode: String(result.ResultCode),
    resultDesc: String(result.ResultDesc ?? ''),
    transactionStatus: textOrNull(parameter('TransactionStatus')),
    receiptNo: textOrNull(parameter('ReceiptNo')),
    amount: numberOrNull(parameter('Amount')),
    transactionOriginatorConversationId: textOrNull(
      parameter('OriginatorConversationID', 'Originator Conversation ID'),
    ),
    transactionConversationId: textOrNull(parameter('ConversationID', 'Conversation ID')),
    creditPartyName: textOrNull(parameter('CreditPartyName')),
    finalisedTime: textOrNull(parameter('FinalisedTime')),
  };
}

/** Transaction statuses after which the money did not (or no longer) reach the receiver. */
const NOT_PAID_STATUSES = new Set(['failed', 'cancelled', 'declined', 'expired', 'reversed']);

/**
 * What a Transaction Status answer says about a payout: `paid` (Completed, with its receipt),
 * `not-paid` (a final status without the money: Failed, Cancelled, Declined, Expired, Reversed) or
 * `unknown` — anything else, including a ResultCode other than 0 (the query itself failed, or M-Pesa
 * has no record of it yet): only a definitive answer about that very transaction may settle or free it.
 */
export function payoutStatusOutcome(result: TransactionStatusResult): 'paid' | 'not-paid' | 'unknown' {
  if (result.resultCode !== '0' || !result.transactionStatus) return 'unknown';
  const status = result.transactionStatus.trim().toLowerCase();
  if (status === 'completed') return 'paid';
  if (NOT_PAID_STATUSES.has(status)) return 'not-paid';
  return 'unknown';
}

export interface B2cPaymentRequest {
  /** Ours and unique per payout: Daraja echoes it in the result. */
  originatorConversationId: string;
  initiatorName: string;
  securityCredential: string;
  shortcode: string;
  amount: number;
  phoneNumber: string;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
}

export interface B2cAccepted {
  conversationId: string;
  originatorConversationId: string;
}

export interface B2cResult {
  originatorConversationId: string;
  conversationId: string;
  /** Always a string (numeric codes stringified). */
  resultCode: string;
  resultDesc: string;
  /** The M-Pesa receipt of the payout; present on success. */
  transactionId: string | null;
  amount: number | null;
  receiverName: string | null;
}

/**
 * Reads a B2C result (ResultURL) or queue time-out (QueueTimeOutURL) body:
 * `{"Result":{"ResultType","ResultCode","ResultDesc","OriginatorConversationID","ConversationID","TransactionID",
 * "ResultParameters":{"ResultParameter":[{"Key","Value"}…]}}}`; parameters by Key. Null if it is not one.
 */
export function parseB2cResult(body: unknown): B2cResult | null {
  const result = isRecord(body) && isRecord(body.Result) ? body.Result : null;
  if (!result) return null;
  const originator = result.OriginatorConversationID;
  if (typeof originator !== 'string' || originator === '') return null;
  if (result.ResultCode === undefined || result.ResultCode === null) return null;
  const parameters = isRecord(result.ResultParameters) ? result.ResultParameters.ResultParameter : undefined;
  const list = Array.isArray(parameters)
    ? (parameters as Array<{ Key?: unknown; Value?: unknown }>)
    : isRecord(parameters)
      ? [parameters as { Key?: unknown; Value?: unknown }]
      : [];
  const parameter = (key: string) => list.find((entry) => entry?.Key === key)?.Value;
  const amount = parameter('TransactionAmount');
  const receipt = parameter('TransactionReceipt') ?? result.TransactionID;
  const receiver = parameter('ReceiverPartyPublicName');
  return {
    originatorConversationId: originator,
    conversationId: String(result.ConversationID ?? ''),
    resultCode: String(result.ResultCode),
    resultDesc: String(result.ResultDesc ?? ''),
    transactionId: typeof receipt === 'string' && receipt !== '' ? receipt : null,
    amount:
      typeof amount === 'number'
        ? amount
        : typeof amount === 'string' && amount !== ''
          ? Number(amount)
          : null,
    receiverName: typeof receiver === 'string' ? receiver : null,
  };
}

/** Reads a Daraja callback body; items by Name, Balance may lack a value. Null if it is not one. */
export function parseStkCallback(body: unknown): StkCallback | null {
  const callback = (body as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!callback || typeof callback !== 'object') return null;
  const checkoutRequestId = callback.CheckoutRequestID;
  if (typeof checkoutRequestId !== 'string' || checkoutRequestId.length === 0) return null;
  if (callback.ResultCode === undefined || callback.ResultCode === null) return null;
  const items = (callback.CallbackMetadata as { Item?: unknown } | undefined)?.Item;
  const list = Array.isArray(items) ? (items as Array<{ Name?: unknown; Value?: unknown }>) : [];
  const item = (name: string) => list.find((entry) => entry?.Name === name)?.Value;
  const amount = item('Amount');
  const receipt = item('MpesaReceiptNumber');
  const phone = item('PhoneNumber');
  const date = item('TransactionDate');
  return {
    merchantRequestId: String(callback.MerchantRequestID ?? ''),
    checkoutRequestId,
    resultCode: String(callback.ResultCode),
    resultDesc: String(callback.ResultDesc ?? ''),
    amount:
      typeof amount === 'number'
        ? amount
        : typeof amount === 'string' && amount !== ''
          ? Number(amount)
          : null,
    receiptNumber: typeof receipt === 'string' && receipt !== '' ? receipt : null,
    phoneNumber: phone === undefined || phone === null ? null : String(phone),
    transactionDate: date === undefined || date === null ? null : String(date),
  };
}

/** What a Daraja result code means for a payment (docs §3). */
export function describeResultCode(code: string): { outcome: 'success' | 'failed'; message: string } {
  switch (code) {
    case '0':
      return { outcome: 'success', message: 'Payment received.' };
    case '1':
      return { outcome: 'failed', message: 'Your M-Pesa balance is not enough for this payment.' };
    case '1032':
      return { outcome: 'failed', message: 'The payment was cancelled on the phone.' };
    case '1037':
      return {
        outcome: 'failed',
        message: 'Your phone could not be reached, or the PIN was not entered in time.',
      };
    case '2001':
      return { outcome: 'failed', message: 'The M-Pesa PIN entered was wrong.' };
    case '1019':
      return { outcome: 'failed', message: 'The payment request expired.' };
    case '1001':
      return {
        outcome: 'failed',
        message: 'Another M-Pesa transaction is in progress on this phone. Try again shortly.',
      };
    default:
      return { outcome: 'failed', message: 'The payment could not be completed. Please try again.' };
  }
}
