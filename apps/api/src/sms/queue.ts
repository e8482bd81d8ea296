import { EventEmitter } from 'node:events';
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
export async function enqueueSms(executor: Database | Tx, message: QueuedSms): Promise<SmsRow | null> {
  const [row] = await executor
    .insert(smsQueue)
    .values({
      to: message.to,
      text: message.text,
      kind: message.kind,
      userId: message.userId ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) smsEnqueued.emit('enqueued');
  return row ?? null;
}
