import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The simulator's account: the SMS client uses these when AFRICASTALKING_USERNAME is unset. */
export const AT_SIMULATOR_CREDENTIALS = {
  username: 'bima-simulator',
  apiKey: 'at-simulator-api-key',
} as const;

/**
 * What the simulated network does with a text, by the phone's last two digits:
 * - 31: refused at send (Recipients statusCode 403 InvalidPhoneNumber, no messageId);
 * - 32: accepted, then the delivery report says Failed (DeliveryFailure);
 * - 33: the provider answers HTTP 500 (an outage: the sender tries again later);
 * - anything else: accepted and delivered (Success).
 */
export type SimulatedSmsOutcome = 'rejected' | 'delivery-failed' | 'provider-error' | 'delivered';

export function smsOutcomeForPhone(phone: string): SimulatedSmsOutcome {
  const last = phone.replace(/\D/g, '').slice(-2);
  if (last === '31') return 'rejected';
  if (last === '32') return 'delivery-failed';
  if (last === '33') return 'provider-error';
  return 'delivered';
}

/** A text as the simulated phone holds it (the phone's inbox). */
export interface SimulatedSms {
  messageId: string | null;
  to: string;
  from: string | null;
  text: string;
  receivedAt: string;
  /** The send answer's Recipients status (Success, InvalidPhoneNumber). */
  status: string;
  /** The delivery report posted (Success, Failed), null until it is. */
  deliveryStatus: string | null;
  failureReason: string | null;
}

export interface AfricasTalkingSimulator {
  baseUrl: string;
  /** Every text it was asked to send, oldest first. */
  messages(): SimulatedSms[];
  /** A phone's texts that reached it (accepted ones), newest first. */
  inbox(phone: string): SimulatedSms[];
  /** The phone replies STOP: the opt-out callback is posted as Africa's Talking does. */
  optOut(phone: string): Promise<void>;
  /** Waits for the delivery reports in flight. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface AfricasTalkingSimulatorOptions {
  /** Where delivery reports are posted (our /v2/api/sms/delivery/<secret>); asked each time. */
  deliveryReportUrl: () => string;
  /** Where STOP replies are posted (our /v2/api/sms/opt-out/<secret>). */
  optOutUrl: () => string;
  deliveryDelayMs: number;
  senderId?: string;
  log?: (message: string, detail?: unknown) => void;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A local Africa's Talking on loopback speaking its SMS protocol: `POST /version1/messaging` (form
 * fields username, to, message, from; the `apiKey` header) answered with `SMSMessageData.Recipients`,
 * then, after `deliveryDelayMs`, a delivery report posted to our callback (form fields id, status,
 * phoneNumber, networkCode, failureReason, retryCount). Outcomes by the phone's last digits
 * (`smsOutcomeForPhone`).
 */
export async function startAfricasTalkingSimulator(
  options: AfricasTalkingSimulatorOptions,
  port = 0,
): Promise<AfricasTalkingSimulator> {
  const received: SimulatedSms[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const log = options.log ?? (() => undefined);

  const post = async (url: string, fields: Record<string, string>) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok)
        log('Africa’s Talking simulator: callback answered', { url, status: response.status });
    } catch (error) {
      log('Africa’s Talking simulator: callback failed', { url, error: (error as Error).message });
    }
  };
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const scheduleReport = (message: SimulatedSms, failed: boolean) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      message.deliveryStatus = failed ? 'Failed' : 'Success';
      message.failureReason = failed ? 'DeliveryFailure' : null;
      track(
        post(options.deliveryReportUrl(), {
          id: message.messageId!,
          status: message.deliveryStatus,
          phoneNumber: message.to,
          networkCode: '63902',
          ...(failed ? { failureReason: 'DeliveryFailure' } : {}),
          retryCount: '0',
        }),
      );
    }, options.deliveryDelayMs);
    timer.unref();
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url?.split('?')[0] !== '/version1/messaging')
        return json(response, 404, { error: 'Not found' });
      const form = new URLSearchParams(await readBody(request));
      if (
        request.headers.apikey !== AT_SIMULATOR_CREDENTIALS.apiKey ||
        form.get('username') !== AT_SIMULATOR_CREDENTIALS.username
      ) {
        response.writeHead(401, { 'content-type': 'text/plain' });
        return response.end('The supplied authentication is invalid');
      }
      const numbers = (form.get('to') ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const text = form.get('message') ?? '';
      if (numbers.length === 0 || text === '') {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('Invalid request: to and message are required');
      }
      if (numbers.some((number) => smsOutcomeForPhone(number) === 'provider-error')) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end('Internal Server Error');
      }
      const recipients = numbers.map((number) => {
        const outcome = smsOutcomeForPhone(number);
        const rejected = outcome === 'rejected';
        const message: SimulatedSms = {
          messageId: rejected ? null : `ATXid_${randomBytes(12).toString('hex')}`,
          to: number,
          from: form.get('from'),
          text,
          receivedAt: new Date().toISOString(),
          status: rejected ? 'InvalidPhoneNumber' : 'Success',
          deliveryStatus: null,
          failureReason: null,
        };
        received.push(message);
        if (!rejected) scheduleReport(message, outcome === 'delivery-failed');
        return {
          statusCode: rejected ? 403 : 101,
          number,
          status: message.status,
          cost: rejected ? '0' : 'KES 0.8000',
          messageId: message.messageId ?? 'None',
        };
      });
      const sent = recipients.filter((item) => item.statusCode === 101).length;
      json(response, 201, {
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    })().catch((error: unknown) => {
      log('Africa’s Talking simulator failed', error);
      if (!response.headersSent) json(response, 500, { error: 'simulator failed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    messages: () => [...received],
    inbox: (phone) => received.filter((item) => item.to === phone && item.messageId !== null).reverse(),
    optOut: async (phone) => {
      await post(options.optOutUrl(), { senderId: options.senderId ?? 'BIMA', phoneNumber: phone });
    },
    settled: async () => {
      while (timers.size > 0 || inFlight.size > 0) {
        await Promise.all([...inFlight]);
        if (timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...inFlight]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
