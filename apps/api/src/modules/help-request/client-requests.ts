import {
  effectiveHelpRequestStatus,
  type IntermediaryStatus,
  type StoredHelpRequestStatus,
} from '@bima/domain';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  recommendations,
  users,
} from '../../db/schema';
import { pageInfo, pageWindow } from '../../lib/search';

/**
 * The client's own help requests: those sent signed in, and those sent before signing in from the
 * account's e-mail (the help form confirmed that address with a code, as the account did).
 */
async function ownRequests(db: Database, userId: string): Promise<SQL | undefined> {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const mine = eq(helpRequests.userId, userId);
  if (!me) return mine;
  return or(
    mine,
    and(isNull(helpRequests.userId), sql`lower(${helpRequests.clientEmail}) = lower(${me.email})`),
  );
}

/**
 * The client's help requests, newest first, a page at a time: each with the firms it went to, each
 * firm's status as read (an open request past its expiry reads EXPIRED, one of a suspended firm
 * SUSPENDED) and the recommendations that firm sent (to review and accept in the portal).
 */
export async function listClientHelpRequests(
  db: Database,
  userId: string,
  paging: { page: number; pageSize: number },
  today: string,
) {
  const where = await ownRequests(db, userId);
  const [counted] = await db.select({ total: count() }).from(helpRequests).where(where);
  const { limit, offset } = pageWindow(paging);
  const requests = await db
    .select()
    .from(helpRequests)
    .where(where)
    .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
    .limit(limit)
    .offset(offset);
  const ids = requests.map((request) => request.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: helpRequestIntermediaries.id,
            helpRequestId: helpRequestIntermediaries.helpRequestId,
            status: helpRequestIntermediaries.status,
            intermediaryId: intermediaries.id,
            intermediaryNames: intermediaries.intermediaryNames,
            intermediaryStatus: intermediaries.status,
          })
          .from(helpRequestIntermediaries)
          .innerJoin(intermediaries, eq(intermediaries.id, helpRequestIntermediaries.intermediaryId))
          .where(inArray(helpRequestIntermediaries.helpRequestId, ids))
          .orderBy(asc(intermediaries.intermediaryNames));
  const rowIds = rows.map((row) => row.id);
  const sent =
    rowIds.length === 0
      ? []
      : await db
          .select({
            id: recommendations.id,
            systemRef: recommendations.systemRef,
            status: recommendations.status,
            createdAt: recommendations.createdAt,
            helpRequestIntermediaryId: recommendations.helpRequestIntermediaryId,
            clientUserId: recommendations.clientUserId,
          })
          .from(recommendations)
          .where(inArray(recommendations.helpRequestIntermediaryId, rowIds))
          .orderBy(asc(recommendations.id));
  return {
    items: requests.map((request) => ({
      requestSystemRef: request.requestSystemRef,
      createdAt: request.createdAt.toISOString(),
      expiry: request.expiry,
      risk: { value: request.riskValue, regNo: request.regNo },
      remarks: request.remarks,
      intermediaries: rows
        .filter((row) => row.helpRequestId === request.id)
        .map((row) => ({
          id: row.intermediaryId,
          intermediaryNames: row.intermediaryNames,
          status: effectiveHelpRequestStatus({
            status: row.status as StoredHelpRequestStatus,
            expiry: request.expiry,
            today,
            intermediaryStatus: row.intermediaryStatus as IntermediaryStatus,
          }),
          // Only the recommendations made out to this account open in its portal.
          recommendations: sent
            .filter((item) => item.helpRequestIntermediaryId === row.id && item.clientUserId === userId)
            .map((item) => ({
              id: item.id,
              systemRef: item.systemRef,
              status: item.status,
              createdAt: item.createdAt.toISOString(),
            })),
        })),
    })),
    ...pageInfo(Number(counted?.total ?? 0), paging),
  };
}
