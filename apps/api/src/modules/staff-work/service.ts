import { OPEN_CLAIM_STATUSES, type StaffWork, type WorkByAge } from '@bima/domain';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  claims,
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  loans,
  recommendations,
  unallocatedReceipts,
  users,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { noWork, workByAgeColumns } from '../../lib/work-age';
import { scopeOf as claimScope } from '../claim/service';
import { effectiveStatus, inboxScope } from '../help-request/service';
import { countFailedJobs } from '../jobs/service';
import { countFailingMail } from '../mail-queue/service';

const asNumber = (value: unknown) => Number(value ?? 0);

/** The caller's open claims (their insurer's; an admin's: all) by how long since reported. */
async function openClaimsByAge(db: Database, principal: Principal, now: Date) {
  const [row] = await db
    .select({
      ...workByAgeColumns(claims.createdAt, now),
      reported: sql<number>`count(*) filter (where ${claims.status} = 'REPORTED')`.mapWith(Number),
    })
    .from(claims)
    .where(and(claimScope(principal), inArray(claims.status, [...OPEN_CLAIM_STATUSES])));
  const { reported = 0, ...byAge } = row ?? { ...noWork(), reported: 0 };
  return { byAge: byAge as WorkByAge, reported };
}

/** The caller's firm's help requests nobody answered yet (new or in review, not expired, firm not suspended). */
async function waitingRequestsByAge(db: Database, principal: Principal, now: Date): Promise<WorkByAge> {
  const [row] = await db
    .select(workByAgeColumns(helpRequestIntermediaries.createdAt, now))
    .from(helpRequestIntermediaries)
    .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
    .innerJoin(intermediaries, eq(intermediaries.id, helpRequestIntermediaries.intermediaryId))
    .where(and(inboxScope(principal), sql`${effectiveStatus(kenyaToday())} in ('PENDING', 'IN_REVIEW')`));
  return row ?? noWork();
}

async function countOf(
  db: Database,
  table: Parameters<ReturnType<Database['select']>['from']>[0],
  where: SQL | undefined,
) {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return asNumber(row?.total);
}

/**
 * The work waiting for the signed-in staff member, counted for their role and within their
 * organisation only: an underwriter their insurer's open claims, an intermediary their firm's
 * unanswered requests and pending recommendations, a lender their applications awaiting a decision,
 * an admin the portal's queues.
 */
export async function getStaffWork(db: Database, principal: Principal, now = new Date()): Promise<StaffWork> {
  switch (principal.role) {
    case 'underwriter': {
      const open = await openClaimsByAge(db, principal, now);
      return { role: 'underwriter', openClaims: open.byAge, reportedClaims: open.reported };
    }
    case 'intermediary':
      return {
        role: 'intermediary',
        waitingRequests: await waitingRequestsByAge(db, principal, now),
        awaitingRecommendations: await countOf(
          db,
          recommendations,
          and(
            eq(recommendations.intermediaryId, principal.intermediaryId ?? -1),
            eq(recommendations.status, 'SENT'),
          ),
        ),
      };
    case 'lender': {
      const [row] = await db
        .select(workByAgeColumns(loans.appliedAt, now))
        .from(loans)
        .where(and(eq(loans.lenderId, principal.lenderId ?? -1), eq(loans.status, 'PENDING')));
      return { role: 'lender', waitingApplications: row ?? noWork() };
    }
    case 'admin':
      return {
        role: 'admin',
        openClaims: (await openClaimsByAge(db, principal, now)).byAge,
        failingMail: await countFailingMail(db),
        failedJobs: await countFailedJobs(db),
        pendingInvitations: await countOf(
          db,
          users,
          and(eq(users.status, 'INVITED'), ne(users.role, 'client')),
        ),
        pendingFirms: await countOf(db, intermediaries, eq(intermediaries.status, 'PENDING')),
        openReceipts: await countOf(db, unallocatedReceipts, eq(unallocatedReceipts.status, 'OPEN')),
      };
    default:
      throw new AppError('forbidden', 'This is for staff.');
  }
}
