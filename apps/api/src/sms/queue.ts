import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { smsQueue } from '../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type SmsRow = typeof smsQueue.$inferSelect;

/** Tells every SMS worker of this process that a text was queued (it waits a moment for the commit). */
export const smsEnqueued = new EventEmitter();
smsEnqueued.setMaxListeners(0);

export interface QueuedSms {
  /** E.164, e.g. +254712345678. */
  to: string;
  text: string;
  /** A NOTIFICATION_KINDS kind, or what else it is ('phone_code', 'ussd_link', 'ussd_lockout', …). */
  kind: string;
  userId?: string | null;
  /** The same key queued twice is one message (e.g. `notification:<id>`): never sent twice. */
  dedupeKey?: string | null;
}

/**
 * Puts a text in the SMS queue, in the caller's transaction when it passes one, so a change is never
 * kept without its text nor a text sent for a change rolled back. Returns the row, or null when a text
 * with the same `dedupeKey` was queued before.
 */
export async function enqueueSms(
  executor: Database | Tx,
  message: QueuedSms,
  options: { claimed?: boolean; retryOf?: number } = {},
): Promise<SmsRow | null> {
  const [row] = await executor
    .insert(smsQueue)
    .values({
      to: message.to,
      text: message.text,
      kind: message.kind,
      userId: message.userId ?? null,
      dedupeKey: message.dedupeKey ?? null,
      retryOf: options.retryOf ?? null,
      // `claimed`: the caller sends it at once (a phone code), so no worker races it.
      ...(options.claimed
        ? { attempts: 1, nextAttemptAt: sql`now() + ${SMS_CLAIM_LEASE_MS} * interval '1 millisecond'` }
        : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (row && !options.claimed) smsEnqueued.emit('enqueued');
  return row ?? null;
}

/** How long a claimed text is left to its sender before another worker may try it again. */
export const SMS_CLAIM_LEASE_MS = 2 * 60_000;
/** A text still unsent after this many attempts is shown to admins as failing. */
export const SMS_FAILING_AFTER_ATTEMPTS = 3;
/** Delivery report statuses that mean the text never reached the phone. */
export const FAILED_DELIVERY_STATUSES = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

/**
 * Claims up to `limit` due texts (or the given ones, when due): FOR UPDATE SKIP LOCKED, so several
 * instances never claim the same text; each claim is an attempt and pushes a lease ahead, so a sender
 * that dies leaves the text to be tried again, never lost.
 */
export async function claimDueSms(
  db: Database,
  options: { limit: number; ids?: number[] },
): Promise<SmsRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: smsQueue.id })
      .from(smsQueue)
      .where(
        and(
          eq(smsQueue.status, 'pending'),
          lte(smsQueue.nextAttemptAt, sql`now()`),
          options.ids ? inArray(smsQueue.id, options.ids) : undefined,
        ),
      )
      .orderBy(asc(smsQueue.nextAttemptAt), asc(smsQueue.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(smsQueue)
      .set({
        attempts: sql`${smsQueue.attempts} + 1`,
        nextAttemptAt: sql`now() + ${SMS_CLAIM_LEASE_MS} * interval '1 millisecond'`,
      })
      .where(
        inArray(
          smsQueue.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** A claimed text was accepted by Africa's Talking: sent, with its messageId for the delivery report. */
export async function markSmsSent(db: Database, row: SmsRow, messageId: string): Promise<void> {
  await db
    .update(smsQueue)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, providerMessageId: messageId })
    .where(and(eq(smsQueue.id, row.id), eq(smsQueue.status, 'pending')));
}

/** A claimed text was not sent: tried again after `delayMs`, or, refused for good, kept as failed. */
export async function markSmsFailed(
  db: Database,
  row: SmsRow,
  options: { error: string; permanent: boolean; delayMs: number },
): Promise<void> {
  await db
    .update(smsQueue)
    .set({
      status: options.permanent ? 'failed' : 'pending',
      lastError: options.error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${options.delayMs} * interval '1 millisecond'`,
    })
    .where(and(eq(smsQueue.id, row.id), eq(smsQueue.status, 'pending')));
}

export interface DeliveryReport {
  /** Africa's Talking's messageId. */
  id: string;
  status: string;
  phoneNumber?: string | null;
  failureReason?: string | null;
}

/**
 * Records a delivery report on its text. A failed delivery of a first send is queued again ONCE as a
 * new text (`retry_of`, dedupe key `sms-retry:<id>`, so a repeated report queues nothing more); a
 * failed delivery of that retry marks it failed, for staff. Returns what was done.
 */
export async function recordDeliveryReport(
  db: Database,
  report: DeliveryReport,
): Promise<'unknown' | 'recorded' | 'retried' | 'failed'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsQueue)
      .where(eq(smsQueue.providerMessageId, report.id))
      .for('update');
    if (!row) return 'unknown';
    const failed = FAILED_DELIVERY_STATUSES.has(report.status);
    await tx
      .update(smsQueue)
      .set({
        deliveryStatus: report.status.slice(0, 40),
        deliveryFailureReason: failed ? (report.failureReason ?? report.status).slice(0, 200) : null,
        deliveredAt: report.status === 'Success' ? new Date() : row.deliveredAt,
        ...(failed && row.retryOf !== null
          ? { status: 'failed', lastError: `delivery ${report.status}: ${report.failureReason ?? ''}`.trim() }
          : {}),
      })
      .where(eq(smsQueue.id, row.id));
    if (!failed) return 'recorded';
    if (row.retryOf !== null) return 'failed';
    const retry = await enqueueSms(
      tx,
      { to: row.to, text: row.text, kind: row.kind, userId: row.userId, dedupeKey: `sms-retry:${row.id}` },
      { retryOf: row.id },
    );
    return retry ? 'retried' : 'recorded';
  });
}

/** Whether a text was already retried after a failed delivery (its retry row). */
export async function retryOfSms(db: Database, id: number): Promise<SmsRow | null> {
  const [row] = await db.select().from(smsQueue).where(eq(smsQueue.retryOf, id));
  return row ?? null;
}

/** Texts whose retries are all settled: none pending (tests and drains). */
export async function pendingSmsCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsQueue)
    .where(and(eq(smsQueue.status, 'pending'), isNull(smsQueue.sentAt)));
  return Number(row?.total ?? 0);
}

/** A queued text as staff and /dev/sms see it: what, to whom, and how far it got. */
export const smsView = (row: SmsRow) => ({
  id: row.id,
  to: row.to,
  kind: row.kind,
  text: row.text,
  status: row.status as 'pending' | 'sent' | 'failed',
  attempts: row.attempts,
  isFailing:
    row.status === 'failed' || (row.status === 'pending' && row.attempts >= SMS_FAILING_AFTER_ATTEMPTS),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastError: row.lastError,
  deliveryStatus: row.deliveryStatus,
  deliveryFailureReason: row.deliveryFailureReason,
  retryOf: row.retryOf,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** The texts, newest first, with their delivery state (the /dev/sms page and tests). */
export async function listSms(db: Database, options: { limit?: number; to?: string } = {}) {
  const rows = await db
    .select()
    .from(smsQueue)
    .where(options.to ? eq(smsQueue.to, options.to) : undefined)
    .orderBy(sql`${smsQueue.id} desc`)
    .limit(options.limit ?? 100);
  return rows.map(smsView);
}
