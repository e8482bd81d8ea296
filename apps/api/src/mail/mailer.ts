import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { outboxEmails } from '../db/schema';
import { createQueueWorker } from '../lib/queue-worker';
import {
  claimDue,
  enqueueMail,
  type MailRow,
  mailEnqueued,
  markFailed,
  markSent,
  messageOf,
  retryDelayMs,
} from './queue';
import type { EmailMessage } from './templates';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Queues a message and tries it at once (one-time codes must arrive promptly). A mail server that
   * fails does not throw: the message stays queued and the worker tries again with backoff.
   */
  send(message: EmailMessage): Promise<void>;
  /** Queues a message in the caller's transaction; the worker sends it after the commit. */
  enqueue(executor: Database | Tx, message: EmailMessage): Promise<number>;
  /** Sends the given queued messages now if they are due (after the commit that queued them). */
  deliver(ids: number[]): Promise<void>;
  /** Sends every due message now; resolves when the queue has nothing due left. */
  drain(): Promise<void>;
  /**
   * Starts the worker of this instance: sends what is due now, then shortly after any message is
   * queued here (the mail-queue job drains the rest once per cluster).
   */
  start(): void;
  /** Stops the worker and waits for the sending in progress. */
  stop(): Promise<void>;
}

const BATCH = 10;

/** Whether an SMTP error is a refusal for good (5xx answer), not an outage to wait out. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The mail sender over the durable queue (`mail_queue`): SMTP when `SMTP_URL` is set; otherwise the
 * local outbox table, where `/dev/outbox` and `/dev/mailbox` show it outside production. Every sent
 * message is also recorded in the outbox table (transport 'smtp' or 'outbox').
 */
export function createMailer(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  retryBaseMs: number;
  retryMaxMs: number;
}): Mailer {
  const { db, smtpUrl, from, log } = options;
  const transport: 'smtp' | 'outbox' = smtpUrl ? 'smtp' : 'outbox';
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  const deliverRow = async (row: MailRow): Promise<void> => {
    try {
      if (transporter) await transporter.sendMail({ from, ...messageOf(row) });
    } catch (error) {
      const permanent = isPermanent(error);
      const delayMs = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
      log.warn(
        {
          err: error,
          mailId: row.id,
          attempts: row.attempts,
          permanent,
          retryInMs: permanent ? null : delayMs,
        },
        'could not send an e-mail; it stays queued',
      );
      await markFailed(db, row, {
        error: error instanceof Error ? error.message : String(error),
        permanent,
        delayMs,
      });
      return;
    }
    await markSent(db, row, transport);
  };

  const deliverRows = async (rows: MailRow[]) => {
    for (const row of rows) await deliverRow(row);
  };

  const worker = createQueueWorker({
    name: 'mail',
    log,
    enqueued: mailEnqueued,
    claim: () => claimDue(db, { limit: BATCH }),
    deliver: deliverRow,
  });

  return {
    transport,
    send: async (message) => {
      const row = await enqueueMail(db, message, { claimed: true });
      await deliverRow(row);
    },
    enqueue: async (executor, message) => (await enqueueMail(executor, message)).id,
    deliver: async (ids) => {
      if (ids.length === 0) return;
      await deliverRows(await claimDue(db, { limit: ids.length, ids }));
    },
    drain: worker.drain,
    start: worker.start,
    stop: async () => {
      await worker.stop();
      transporter?.close();
    },
  };
}

/** The outbox, newest first. */
export async function listOutbox(db: Database, limit = 50) {
  const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments,
    sentAt: row.sentAt.toISOString(),
  }));
}
