import { type WorkAge, type WorkByAge, workAgeBoundaries } from '@bima/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** The rows of one age bucket (the domain's `workAgeOf`, in SQL): `column` is when the work came in. */
export function workAgeWhere(column: AnyColumn, age: WorkAge, now: Date): SQL {
  const { sevenDaysAgo, thirtyDaysAgo } = workAgeBoundaries(now);
  if (age === 'under7Days') return sql`${column} > ${at(sevenDaysAgo)}`;
  if (age === 'from7To30Days')
    return sql`(${column} <= ${at(sevenDaysAgo)} and ${column} >= ${at(thirtyDaysAgo)})`;
  return sql`${column} < ${at(thirtyDaysAgo)}`;
}

/** Select columns counting the rows of each bucket and in all, in one pass. */
export function workByAgeColumns(column: AnyColumn, now: Date) {
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  return {
    under7Days: countWhere(workAgeWhere(column, 'under7Days', now)),
    from7To30Days: countWhere(workAgeWhere(column, 'from7To30Days', now)),
    over30Days: countWhere(workAgeWhere(column, 'over30Days', now)),
    total: sql<number>`count(*)`.mapWith(Number),
  };
}

export const noWork = (): WorkByAge => ({ under7Days: 0, from7To30Days: 0, over30Days: 0, total: 0 });
