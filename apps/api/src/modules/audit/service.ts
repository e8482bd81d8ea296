import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface AuditEntry {
  /** The gateway action, e.g. 'admin/intermediary/suspendIntermediary'. */
  action: string;
  entityType: string;
  entityId: string | number;
  details?: Record<string, unknown>;
}

/**
 * Records a staff change, in the change's own transaction so that a change is never kept without
 * its record (or the other way round).
 */
export async function recordAudit(
  executor: Database | Tx,
  actor: Pick<Principal, 'userId' | 'role'> | null,
  entry: AuditEntry,
): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorRole: actor?.role ?? 'system',
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    details: entry.details ?? {},
  });
}

/** The audit log, newest first, optionally for one action or one kind of record. */
export async function listAuditLog(
  db: Database,
  query: { page: number; pageSize: number; action?: string; entityType?: string },
) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: { userId: entry.actorUserId, email: actorEmail, role: entry.actorRole },
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details,
    })),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}
