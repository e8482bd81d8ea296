import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../gateway/errors';
import { createQueueWorker } from '../lib/queue-worker';
import { retryDelayMs } from '../mail/queue';
import { claimDueSms, enqueueSms, markSmsFailed, markSmsSent, type SmsRow, smsEnqueued } from './queue';
import type { SmsClient, SmsMessage } from './sender';

/** A text sent at once (phone codes, standing-order notices): what it is, and whose. */
export interface ImmediateSms extends SmsMessage {
  kind?: string;
  userId?: string | null;
}

export interface SmsService {
  /** Africa's Talking, its local simulator, or none (production without an account: nothing sends). */
  readonly transport: 'africastalking' | 'simulator' | 'none';
  /**
   * Queues a text already claimed and sends it at once (phone codes must arrive promptly), so it is
   * recorded like every other text (/dev/sms, the staff view). A provider that is down does not
   * throw: the text stays queued and the worker tries again; a number refused for good is a 400.
   */
  send(message: ImmediateSms): Promise<void>;
  /** Sends the given queued texts now if they are due (after the commit that queued them). */
  deliver(ids: number[]): Promise<void>;
  /** Sends every due text now; resolves when nothing due is left. */
  drain(): Promise<void>;
  /** Starts this instance's worker: what is due now, then shortly after any text is queued here. */
  start(): void;
  /** Stops the worker and waits for the sending in progress. */
  stop(): Promise<void>;
}

const BATCH = 20;

/**
 * The SMS worker over the durable queue (`sms_queue`), sending through the Africa's Talking client
 * (the real API or the local simulator): each text claimed by one instance (FOR UPDATE SKIP LOCKED),
 * retried with backoff (SMS_RETRY_BASE_MS doubling to SMS_RETRY_MAX_MS) until the provider takes it,
 * marked failed when the provider refuses the number for good.
 */
export function createSmsService(options: {
  db: Database;
  log: FastifyBaseLogger;
  client: SmsClient | null;
  retryBaseMs: number;
  retryMaxMs: number;
}): SmsService {
  const { db, log, client } = options;

  const deliverRow = async (row: SmsRow): Promise<'sent' | 'rejected' | 'unavailable'> => {
    if (!client) return 'unavailable';
    let result: Awaited<ReturnType<SmsClient['send']>>;
    try {
      result = await client.send({ to: row.to, text: row.text });
    } catch (error) {
      result = { outcome: 'unavailable', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.outcome === 'sent') {
      await markSmsSent(db, row, result.messageId);
      return 'sent';
    }
    const permanent = result.outcome === 'rejected';
    const delayMs = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
    log.warn(
      {
        smsId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        permanent,
        retryInMs: permanent ? null : delayMs,
      },
      `could not send a text: ${result.error}`,
    );
    await markSmsFailed(db, row, { error: result.error, permanent, delayMs });
    return result.outcome;
  };

  const worker = createQueueWorker({
    name: 'SMS',
    log,
    enqueued: smsEnqueued,
    claim: () => claimDueSms(db, { limit: BATCH }),
    deliver: deliverRow,
    enabled: client !== null,
  });

  return {
    transport: client?.transport ?? 'none',
    send: async (message) => {
      if (!client)
        throw new AppError('unavailable', 'Text messages are not available yet. Please try again later.');
      const row = await enqueueSms(
        db,
        {
          to: message.to,
          text: message.text,
          kind: message.kind ?? 'direct',
          userId: message.userId ?? null,
        },
        { claimed: true },
      );
      if (!row) return;
      if ((await deliverRow(row)) === 'rejected')
        throw new AppError('invalid', 'We could not send a text message to this phone number.');
    },
    deliver: async (ids) => {
      if (ids.length === 0 || !client) return;
      for (const row of await claimDueSms(db, { limit: ids.length, ids })) await deliverRow(row);
    },
    drain: worker.drain,
    start: worker.start,
    stop: worker.stop,
  };
}
