import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface UssdScreen {
  type: 'con' | 'end';
  screen: string;
  /** The HTTP status (200 for every screen the network shows). */
  status: number;
}

export interface UssdDial {
  sessionId: string;
  /** The answers so far, as Africa's Talking sends them (joined with "*"). */
  readonly text: string;
  /** The first screen (the dial itself, `text` empty). */
  first: UssdScreen;
  /** Sends one more answer, as Africa's Talking does: `text` is every answer so far joined with "*". */
  answer(input: string): Promise<UssdScreen>;
  /** Sends the last request again (the network retried). */
  repeat(): Promise<UssdScreen>;
  /** Answers in turn; resolves the last screen. */
  answers(...inputs: string[]): Promise<UssdScreen>;
}

export interface DialOptions {
  /** E.164, e.g. +254712345678. */
  phone: string;
  sessionId?: string;
  serviceCode?: string;
  networkCode?: string;
  /** The callback path (`/v2/api/ussd` or `/v2/api/ussd/<secret>`). */
  url?: string;
  /** The caller's address (loopback unless told). */
  remoteAddress?: string;
}

/** One USSD request exactly as Africa's Talking posts it (form fields), answered `CON …`/`END …`. */
export async function postUssd(
  app: FastifyInstance,
  fields: Record<string, string>,
  options: { url?: string; remoteAddress?: string } = {},
): Promise<UssdScreen> {
  const response = await app.inject({
    method: 'POST',
    url: options.url ?? '/v2/api/ussd',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const body = response.body;
  const type = body.startsWith('CON ') ? 'con' : 'end';
  return { type, screen: body.replace(/^(CON|END) /, ''), status: response.statusCode };
}

/** Dials the USSD code from `phone` (a new session) and answers its first screen; then `answer` step by step. */
export async function dial(app: FastifyInstance, options: DialOptions): Promise<UssdDial> {
  const sessionId = options.sessionId ?? `ATUid_${randomUUID().replace(/-/g, '')}`;
  const answers: string[] = [];
  const send = () =>
    postUssd(
      app,
      {
        sessionId,
        serviceCode: options.serviceCode ?? '*384*123#',
        phoneNumber: options.phone,
        networkCode: options.networkCode ?? '63902',
        text: answers.join('*'),
      },
      { url: options.url, remoteAddress: options.remoteAddress },
    );
  const first = await send();
  const session: UssdDial = {
    sessionId,
    get text() {
      return answers.join('*');
    },
    first,
    async answer(input) {
      answers.push(input);
      return send();
    },
    repeat: send,
    async answers(...inputs) {
      let last = first;
      for (const input of inputs) last = await session.answer(input);
      return last;
    },
  };
  return session;
}
