import { z } from 'zod';

/**
 * How long work has waited, in the three buckets of the staff dashboard: under 7 days, 7 to 30
 * days, over 30 days (a full day is 24 hours from the moment it came in).
 */
export const WORK_AGES = ['under7Days', 'from7To30Days', 'over30Days'] as const;
export type WorkAge = (typeof WORK_AGES)[number];

export const workAgeSchema = z.enum(WORK_AGES, {
  error: 'Unknown age: under7Days, from7To30Days or over30Days.',
});

const DAY = 86_400_000;

/** The two moments the buckets turn at: 7 and 30 days before `now`. */
export function workAgeBoundaries(now: Date): { sevenDaysAgo: Date; thirtyDaysAgo: Date } {
  return {
    sevenDaysAgo: new Date(now.getTime() - 7 * DAY),
    thirtyDaysAgo: new Date(now.getTime() - 30 * DAY),
  };
}

/** The bucket of something that came in at `since`: exactly 7 days old is 7–30; exactly 30 still 7–30. */
export function workAgeOf({ since, now }: { since: Date; now: Date }): WorkAge {
  const { sevenDaysAgo, thirtyDaysAgo } = workAgeBoundaries(now);
  if (since > sevenDaysAgo) return 'under7Days';
  if (since >= thirtyDaysAgo) return 'from7To30Days';
  return 'over30Days';
}

/** What came in when, by bucket, and in all. */
export type WorkByAge = Record<WorkAge, number> & { total: number };

/** The work waiting for the signed-in staff member, by role (staff/dashboard/getWork). */
export type StaffWork =
  | {
      role: 'underwriter';
      /** The insurer's open claims by how long they have waited; `reported`: not picked up yet. */
      openClaims: WorkByAge;
      reportedClaims: number;
    }
  | {
      role: 'intermediary';
      /** The firm's help requests not answered yet (new or in review, not expired), by age. */
      waitingRequests: WorkByAge;
      /** Recommendations sent to clients and not yet accepted or declined. */
      awaitingRecommendations: number;
    }
  | {
      role: 'lender';
      /** The lender's applications waiting for a decision, by how long since the client applied. */
      waitingApplications: WorkByAge;
    }
  | {
      role: 'admin';
      openClaims: WorkByAge;
      failingMail: number;
      failedJobs: number;
      pendingInvitations: number;
      pendingFirms: number;
      openReceipts: number;
    };
