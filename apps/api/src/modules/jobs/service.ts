import type { ListJobsInput } from '@bima/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { JOB_SCHEMA } from '../../jobs/queue';
import { pageInfo, pageWindow } from '../../lib/search';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';

interface FailedJobRow {
  id: string;
  name: string;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
  output: unknown;
}

/** The rows of a raw query (both drivers answer `{rows}`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What a failed run left: pg-boss keeps the thrown error's message in `output`. */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const record = output as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : null;
  return (message ?? JSON.stringify(output)).slice(0, 500);
}

/** How many runs failed and wait for an admin (the jobs screen's list). */
export async function countFailedJobs(db: Database): Promise<number> {
  const jobTable = sql.raw(`${JOB_SCHEMA}.job`);
  const counted = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from ${jobTable} where state = 'failed'`),
  );
  return counted[0]?.total ?? 0;
}

/**
 * Admin: every background queue with its waiting, running and failed jobs (across the cluster: the
 * rows are shared), and one page of the failed runs, newest first.
 */
export async function listJobs(db: Database, services: Services, query: ListJobsInput) {
  const queues = await services.jobs.depths();
  const { limit, offset } = pageWindow(query);
  const jobTable = sql.raw(`${JOB_SCHEMA}.job`);
  const rows = rowsOf<FailedJobRow>(
    await db.execute(
      sql`select id, name, retry_count, created_on, completed_on, output from ${jobTable}
          where state = 'failed' order by completed_on desc nulls last, id limit ${limit} offset ${offset}`,
    ),
  );
  const total = await countFailedJobs(db);
  return {
    queues,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      attempts: row.retry_count + 1,
      error: errorOf(row.output),
      createdAt: new Date(row.created_on).toISOString(),
      failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
    })),
    ...pageInfo(total, query),
  };
}

/** Admin: a failed job goes back to its queue and runs again (audited); 404 when it is not failed. */
export async function retryJob(
  context: { db: Parameters<typeof recordAudit>[0]; services: Services; principal: Principal },
  id: string,
) {
  if (!(await context.services.jobs.retry(id)))
    throw new AppError('not_found', 'No failed job with this id (it may have been retried already).');
  await recordAudit(context.db, context.principal, {
    action: 'admin/jobs/retryJob',
    entityType: 'job',
    entityId: id,
    details: {},
  });
  return { id, status: 'retry' as const };
}
