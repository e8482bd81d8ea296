import type { ListSmsQueueInput } from '@bima/domain';
import { and, count, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { smsQueue } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';
import type { Services } from '../../services';
import { SMS_FAILING_AFTER_ATTEMPTS, smsView } from '../../sms/queue';
import { recordAudit } from '../audit/service';

const filters: Record<ListSmsQueueInput['filter'], SQL | undefined> = {
  failing: or(
    eq(smsQueue.status, 'failed'),
    and(eq(smsQueue.status, 'pending'), gte(smsQueue.attempts, SMS_FAILING_AFTER_ATTEMPTS)),
  ),
  pending: eq(smsQueue.status, 'pending'),
  sent: eq(smsQueue.status, 'sent'),
  all: undefined,
};

/** The SMS queue for admins, newest first; by default the texts that failed or keep failing. */
export async function listSmsQueue(db: Database, query: ListSmsQueueInput) {
  const where = filters[query.filter];
  const [counted] = await db.select({ total: count() }).from(smsQueue).where(where);
  const [failing] = await db.select({ total: count() }).from(smsQueue).where(filters.failing);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(smsQueue)
    .where(where)
    .orderBy(desc(smsQueue.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(smsView),
    failing: Number(failing?.total ?? 0),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/**
 * Retry now: a failed or waiting text is made due and sent at once (a failed delivery's messageId is
 * let go: the new send has its own); the answer is its state after that attempt. A sent one is 409.
 */
export async function retrySms(db: Database, services: Services, principal: Principal, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsQueue).where(eq(smsQueue.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'Text message not found.');
    if (row.status === 'sent') throw new AppError('conflict', 'This text message was already sent.');
    await tx
      .update(smsQueue)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, providerMessageId: null })
      .where(eq(smsQueue.id, id));
    await recordAudit(tx, principal, {
      action: 'admin/smsQueue/retrySms',
      entityType: 'sms',
      entityId: id,
      details: {
        kind: row.kind,
        attempts: row.attempts,
        lastError: row.lastError,
        deliveryStatus: row.deliveryStatus,
      },
    });
  });
  await services.sms.deliver([id]);
  const [after] = await db.select().from(smsQueue).where(eq(smsQueue.id, id));
  return smsView(after!);
}
