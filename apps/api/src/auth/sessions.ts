import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

/** A database or a transaction: where the sessions are revoked. */
type Executor = Pick<Database, 'update' | 'select'>;

/** Which sessions end: one, every one of a user (but one, maybe), or every one of a firm's users. */
export type SessionSelection =
  | { sessionId: string }
  | { userId: string; exceptSessionId?: string | null }
  | { intermediaryId: number };

/** A session that has just been revoked. */
export interface EndedSession {
  id: string;
  userId: string;
}

/** Session ids per bus event: PostgreSQL's NOTIFY payload is under 8,000 bytes. */
const IDS_PER_EVENT = 100;

function whereOf(executor: Executor, which: SessionSelection): SQL | undefined {
  if ('sessionId' in which) return eq(sessions.id, which.sessionId);
  if ('intermediaryId' in which)
    return inArray(
      sessions.userId,
      executor.select({ id: users.id }).from(users).where(eq(users.intermediaryId, which.intermediaryId)),
    );
  return and(
    eq(sessions.userId, which.userId),
    which.exceptSessionId ? ne(sessions.id, which.exceptSessionId) : undefined,
  );
}

/**
 * Revokes the selected sessions that are still live (their access and refresh tokens stop working at
 * once) and answers them. Inside a transaction, hand the answer to `announceEndedSessions` after
 * the commit; outside one, call `endSessions`, which does both.
 */
export async function revokeSessions(
  executor: Executor,
  which: SessionSelection,
  reason: string,
): Promise<EndedSession[]> {
  return executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(isNull(sessions.revokedAt), whereOf(executor, which)))
    .returning({ id: sessions.id, userId: sessions.userId });
}

/**
 * Tells every API instance (this one too) that these sessions ended, so each closes the chat sockets
 * opened with them. The one place sessions end for the sockets: sign-out, a reused refresh token, a
 * password change or reset, "sign out of other devices", a disabled user, a suspended firm. A failed
 * publish is logged; the socket still cannot act for long, as each token is checked again on refresh.
 */
export async function announceEndedSessions(
  bus: ClusterBus,
  ended: readonly EndedSession[],
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const session of ended)
    byUser.set(session.userId, [...(byUser.get(session.userId) ?? []), session.id]);
  for (const [userId, ids] of byUser)
    for (let start = 0; start < ids.length; start += IDS_PER_EVENT) {
      try {
        await bus.publish({
          t: 'sessions-ended',
          userId,
          sessionIds: ids.slice(start, start + IDS_PER_EVENT),
        });
      } catch (error) {
        log?.error({ err: error }, 'sessions-ended publish failed');
      }
    }
}

/** Revokes the selected sessions and closes their chat sockets on every instance. */
export async function endSessions(
  context: { db: Database; services: { bus: ClusterBus }; log?: Pick<FastifyBaseLogger, 'error'> },
  which: SessionSelection,
  reason: string,
): Promise<EndedSession[]> {
  const ended = await revokeSessions(context.db, which, reason);
  await announceEndedSessions(context.services.bus, ended, context.log);
  return ended;
}
