import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** E.164, e.g. +254712345678. */
  to: string;
  text: string;
}

/**
 * What Africa's Talking answered for one text:
 * - `sent`: accepted (Recipients statusCode 100 Processed, 101 Sent, 102 Queued), with its messageId;
 * - `rejected`: refused for good for this number (e.g. 403 InvalidPhoneNumber, 406 UserInBlacklist);
 * - `unavailable`: not reached or refused for now (network, HTTP 5xx or 401, statusCode 500/501 or
 *   405 InsufficientBalance): try again later.
 */
export type SmsSendResult =
  | { outcome: 'sent'; messageId: string; status: string; cost: string | null }
  | { outcome: 'rejected'; error: string }
  | { outcome: 'unavailable'; error: string };

export interface SmsClient {
  readonly transport: 'africastalking' | 'simulator';
  send(message: SmsMessage): Promise<SmsSendResult>;
}

/** Recipients statusCodes that mean "try later", not "this number will never take it". */
const TRANSIENT_STATUS_CODES = new Set([405, 500, 501, 502]);

/** Africa's Talking's host for a username: its sandbox for 'sandbox', else the live API. */
export function africasTalkingBaseUrl(username: string): string {
  return username === 'sandbox' ? 'https://api.sandbox.africastalking.com' : 'https://api.africastalking.com';
}

/**
 * The Africa's Talking SMS client (`POST /version1/messaging`, form fields username, to, message and
 * from, the `apiKey` header, the JSON answer `SMSMessageData.Recipients[]`). The same client talks to
 * the local simulator (its base URL and credentials) when no account is configured.
 */
export function createAfricasTalkingClient(options: {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
  log: FastifyBaseLogger;
  transport?: 'africastalking' | 'simulator';
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsClient {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/version1/messaging`;
  return {
    transport: options.transport ?? 'africastalking',
    async send(message) {
      const body = new URLSearchParams({ username: options.username, to: message.to, message: message.text });
      if (options.senderId) body.set('from', options.senderId);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        options.log.warn({ err: error }, 'could not reach the SMS provider');
        return { outcome: 'unavailable', error: `provider unreachable: ${(error as Error).message}` };
      }
      const answer = await response.text();
      if (!response.ok) {
        options.log.warn({ status: response.status }, 'the SMS provider refused a message');
        // A malformed request (400) will be malformed again; anything else may pass later.
        return response.status === 400
          ? { outcome: 'rejected', error: `provider answered 400: ${answer.slice(0, 200)}` }
          : {
              outcome: 'unavailable',
              error: `provider answered ${response.status}: ${answer.slice(0, 200)}`,
            };
      }
      const recipient = parseRecipient(answer, message.to);
      if (!recipient)
        return { outcome: 'unavailable', error: `unreadable provider answer: ${answer.slice(0, 200)}` };
      if (recipient.statusCode >= 100 && recipient.statusCode <= 102 && recipient.messageId)
        return {
          outcome: 'sent',
          messageId: recipient.messageId,
          status: recipient.status,
          cost: recipient.cost,
        };
      const error = `provider ${recipient.statusCode} ${recipient.status}`;
      return TRANSIENT_STATUS_CODES.has(recipient.statusCode)
        ? { outcome: 'unavailable', error }
        : { outcome: 'rejected', error };
    },
  };
}

interface Recipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string | null;
  messageId: string | null;
}

/** The recipient of Africa's Talking's answer for one number (or its only one). */
function parseRecipient(answer: string, to: string): Recipient | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return null;
  }
  const recipients = (parsed as { SMSMessageData?: { Recipients?: unknown } } | null)?.SMSMessageData
    ?.Recipients;
  if (!Array.isArray(recipients)) return null;
  const found = (recipients.find((item) => (item as { number?: unknown })?.number === to) ?? recipients[0]) as
    | Record<string, unknown>
    | undefined;
  if (!found || typeof found.statusCode !== 'number') return null;
  const messageId =
    typeof found.messageId === 'string' && found.messageId !== 'None' ? found.messageId : null;
  return {
    statusCode: found.statusCode,
    number: String(found.number ?? ''),
    status: String(found.status ?? ''),
    cost: typeof found.cost === 'string' ? found.cost : null,
    messageId,
  };
}
