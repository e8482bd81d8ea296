import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Principal } from '../../gateway/registry';
import { type Bilingual, LANGUAGES, type Language } from '../../lib/language';
import { pageInfo, pageWindow } from '../../lib/search';
import { describeLegacyEntry } from './legacy';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A text of an entry: in each language, or one string that reads the same in both (an amount, a reference). */
export type AuditText = Bilingual | string;

/** One value a decision changed, as a person reads it: "Rate band 1: 4.0 % → 3.5 %". */
export interface AuditChange {
  what: AuditText;
  /** Null or absent: there was none before (something added). */
  before?: AuditText | null;
  /** Null or absent: there is none after (something removed), or only the before matters. */
  after?: AuditText | null;
}

export interface AuditEntry {
  /** The gateway action, e.g. 'admin/intermediary/suspendIntermediary' (for filtering, never shown). */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The facts as data, for machines (amounts in cents, ids). */
  details?: Record<string, unknown>;
  /** What happened, as the person reading the log reads it, e.g. "Approved loan LN-1 of KES 120,000 for 6 months". */
  summary?: Bilingual;
  /** The values before and after the decision. */
  changes?: readonly AuditChange[];
}

const bilingual = (text: AuditText): Bilingual => (typeof text === 'string' ? { en: text, sw: text } : text);

/**
 * Records a staff change, in the change's own transaction so that a change is never kept without
 * its record (or the other way round). Give it a `summary` and the `changes` a person reads: the
 * audit log shows them in the reader's language (an entry without one reads from `legacy.ts`).
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
    summary: entry.summary ? { en: entry.summary.en, sw: entry.summary.sw } : null,
    changes: (entry.changes ?? []).map((change) => ({
      what: bilingual(change.what),
      before: change.before == null ? null : bilingual(change.before),
      after: change.after == null ? null : bilingual(change.after),
    })),
  });
}

const pick = (text: Bilingual | null, language: Language): string | null =>
  text === null ? null : (text[language] ?? text.en);

/**
 * The audit log, newest first, optionally for one action or one kind of record, in the reader's
 * language: each entry's sentence and its values before and after.
 */
export async function listAuditLog(
  db: Database,
  query: { page: number; pageSize: number; action?: string; entityType?: string },
  language: Language = 'en',
) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      entry: auditLog,
      actorEmail: users.email,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const reader = LANGUAGES.includes(language) ? language : 'en';
  return {
    items: rows.map(({ entry, actorEmail, actorFirstName, actorLastName }) => {
      const { summary, changes } = entry.summary
        ? { summary: entry.summary, changes: entry.changes }
        : describeLegacyEntry(entry);
      return {
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: {
          userId: entry.actorUserId,
          email: actorEmail,
          name: `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim() || null,
          role: entry.actorRole,
        },
        summary: pick(summary, reader)!,
        changes: changes.map((change) => ({
          what: pick(change.what, reader)!,
          before: pick(change.before, reader),
          after: pick(change.after, reader),
        })),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        details: entry.details,
      };
    }),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}
