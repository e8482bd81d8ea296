import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxSms } from '../db/schema';
import { AppError } from '../gateway/errors';

export interface SmsMessage {
  /** E.164, e.g. +254712345678. */
  to: string;
  text: string;
}

export interface SmsSender {
  readonly transport: 'africastalking' | 'outbox' | 'none';
  /** Sends a text at once (phone codes must arrive promptly); a failure is a 503 the caller sees. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * Text messages: Africa's Talking when AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY are set;
 * otherwise, outside production, the local outbox table that `/dev/sms` shows (as mail has its
 * outbox). In production with no provider nothing is sent and the caller gets a clear 503.
 */
export function createSmsSender(options: {
  db: Database;
  log: FastifyBaseLogger;
  isProduction: boolean;
  africasTalking?: { username: string; apiKey: string; senderId?: string };
  fetch?: typeof fetch;
}): SmsSender {
  const { db, log, africasTalking } = options;
  if (africasTalking) {
    const doFetch = options.fetch ?? fetch;
    const host =
      africasTalking.username === 'sandbox' ? 'api.sandbox.africastalking.com' : 'api.africastalking.com';
    return {
      transport: 'africastalking',
      async send(message) {
        const body = new URLSearchParams({
          username: africasTalking.username,
          to: message.to,
          message: message.text,
        });
        if (africasTalking.senderId) body.set('from', africasTalking.senderId);
        const response = await doFetch(`https://${host}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: africasTalking.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(10_000),
        }).catch((error: unknown) => {
          log.error({ err: error }, 'could not reach the SMS provider');
          return null;
        });
        if (!response?.ok) {
          if (response) log.error({ status: response.status }, 'the SMS provider refused a message');
          throw new AppError('unavailable', 'We could not send the text message. Please try again later.');
        }
        await db
          .insert(outboxSms)
          .values({ to: message.to, text: message.text, transport: 'africastalking' });
      },
    };
  }
  if (options.isProduction) {
    return {
      transport: 'none',
      async send() {
        throw new AppError('unavailable', 'Text messages are not available yet. Please try again later.');
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(outboxSms).values({ to: message.to, text: message.text, transport: 'outbox' });
    },
  };
}

/** The texts sent, newest first (the /dev/sms page and tests). */
export function listSmsOutbox(db: Database, limit = 50) {
  return db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(limit);
}
