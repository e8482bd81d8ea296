import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailQueue, outboxEmails } from '../db/schema';
import type { EmailMessage } from './templates';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type MailRow = typeof mailQueue.$inferSelect;

/** How long a claimed message is left to its sender before another worker may try it again. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** A message still unsent after this many attempts is shown to admins as failing. */
export const FAILING_AFTER_ATTEMPTS = 3;

/**
 * Tells every mail worker of this process that a message was queued. A transaction that queues
 * mail (notify) cannot reach the worker itself; the worker waits a moment for the commit and looks.
 */
export const mailEnqueued = new EventEmitter();
mailEnqueued.setMaxListeners(0);

/**
 * Puts a message in the queue (in the caller's transaction when it passes one). `claimed` queues it
 * already claimed by the caller, who sends it at once (`deliverQueued`), so no worker races it.
 */
export async function enqueueMail(
  executor: Database | Tx,
  message: EmailMessage,
  options: { claimed?: boolean } = {},
): Promise<MailRow> {
  const [row] = await executor
    .insert(mailQueue)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: (message.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        contentBase64: attachment.content.toString('base64'),
      })),
      ...(options.claimed
        ? { attempts: 1, nextAttemptAt: sql`now() + ${CLAIM_LEASE_MS} * interval '1 millisecond'` }
        : {}),
    })
    .returning();
  if (!options.claimed) mailEnqueued.emit('enqueued');
  return row!;
}

/** The wait before the next attempt after `attempts` failed ones: base, doubling, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)), maxMs);
}

/**
 * Claims up to `limit` due messages (or the given ones, when due) for this worker: the rows are
 * locked with FOR UPDATE SKIP LOCKED, so several server instances never claim the same message,
 * counted as an attempt and pushed a lease ahead, so a sender that dies leaves them to be retried.
 */
export async function claimDue(db: Database, options: { limit: number; ids?: number[] }): Promise<MailRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          lte(mailQueue.nextAttemptAt, sql`now()`),
          options.ids ? inArray(mailQueue.id, options.ids) : undefined,
        ),
      )
      .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: sql`now() + ${CLAIM_LEASE_MS} * interval '1 millisecond'`,
      })
      .where(
        inArray(
          mailQueue.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** The message of a queued row, attachments decoded. */
export function messageOf(row: MailRow): EmailMessage {
  return {
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    ...(row.attachments.length > 0
      ? {
          attachments: row.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

/** A claimed message went out: marked sent and recorded in the outbox, in one transaction. */
export async function markSent(db: Database, row: MailRow, transport: 'smtp' | 'outbox'): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(mailQueue)
      .set({ status: 'sent', sentAt: new Date(), lastError: null, attachments: [] })
      .where(and(eq(mailQueue.id, row.id), eq(mailQueue.status, 'pending')))
      .returning({ id: mailQueue.id });
    if (updated.length === 0) return;
    await tx.insert(outboxEmails).values({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      attachments: row.attachments.map((attachment) => attachment.filename),
      transport,
    });
  });
}

/**
 * A claimed message could not be sent: tried again after the backoff, or, refused for good (an SMTP
 * 5xx answer), kept as failed for an admin to look at and retry.
 */
export async function markFailed(
  db: Database,
  row: MailRow,
  options: { error: string; permanent: boolean; delayMs: number },
): Promise<void> {
  await db
    .update(mailQueue)
    .set({
      status: options.permanent ? 'failed' : 'pending',
      lastError: options.error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${options.delayMs} * interval '1 millisecond'`,
    })
    .where(and(eq(mailQueue.id, row.id), eq(mailQueue.status, 'pending')));
}
