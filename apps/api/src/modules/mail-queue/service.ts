import type { ListMailQueueInput } from '@bima/domain';
import { and, count, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailQueue } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';
import { FAILING_AFTER_ATTEMPTS } from '../../mail/queue';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';

type Row = typeof mailQueue.$inferSelect;

const present = (row: Row) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  isFailing: row.status === 'failed' || (row.status === 'pending' && row.attempts >= FAILING_AFTER_ATTEMPTS),
  nextAttemptAt: row.status === 'sent' ? null : row.nextAttemptAt.toISOString(),
  lastError: row.lastError,
  attachments: row.attachments.map((attachment) => attachment.filename),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

const filters: Record<ListMailQueueInput['filter'], SQL | undefined> = {
  failing: or(
    eq(mailQueue.status, 'failed'),
    and(eq(mailQueue.status, 'pending'), gte(mailQueue.attempts, FAILING_AFTER_ATTEMPTS)),
  ),
  pending: eq(mailQueue.status, 'pending'),
  sent: eq(mailQueue.status, 'sent'),
  all: undefined,
};

/** How many messages keep failing (the mail queue screen's default list). */
export async function countFailingMail(db: Database): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(mailQueue).where(filters.failing);
  return Number(counted?.total ?? 0);
}

/** The mail queue for admins, newest first; by default the messages that keep failing. */
export async function listMailQueue(db: Database, query: ListMailQueueInput) {
  const where = filters[query.filter];
  const [counted] = await db.select({ total: count() }).from(mailQueue).where(where);
  const [failing] = await db.select({ total: count() }).from(mailQueue).where(filters.failing);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(mailQueue)
    .where(where)
    .orderBy(desc(mailQueue.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(present),
    failing: Number(failing?.total ?? 0),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/**
 * Retry now: a failed or waiting message is made due and sent at once; the answer is its state
 * after that attempt. A sent message is 409.
 */
export async function retryMail(db: Database, services: Services, principal: Principal, id: number) {
  const made = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailQueue).where(eq(mailQueue.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'Message not found.');
    if (row.status === 'sent') throw new AppError('conflict', 'This message was already sent.');
    await tx
      .update(mailQueue)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.id, id));
    await recordAudit(tx, principal, {
      action: 'admin/mailQueue/retryMail',
      entityType: 'mail',
      entityId: id,
      details: { to: row.to, subject: row.subject, attempts: row.attempts, lastError: row.lastError },
    });
    return row;
  });
  await services.mailer.deliver([made.id]);
  const [after] = await db.select().from(mailQueue).where(eq(mailQueue.id, id));
  return present(after!);
}
