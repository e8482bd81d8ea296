import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/** The schema pg-boss keeps its tables in (beside ours, in the same database). */
export const JOB_SCHEMA = 'pgboss';

/** Where a pg-boss 10 schema (version 24) is moved aside: pg-boss 12 migrates only from 11's (25) on. */
export const JOB_SCHEMA_V10 = 'pgboss_v10';

/**
 * pg-boss 12 refuses a schema older than pg-boss 11's (its migrations start at version 25), and a
 * deployment that ran pg-boss 10 has version 24. Every queue here holds only recurring runs without
 * data (re-queued by the next tick), so the old schema is renamed aside (its failed runs stay there
 * to read) and pg-boss creates a current one. The rename runs under an advisory lock, so instances
 * starting together do it once. True when this call moved it.
 */
export async function moveAsideOldJobSchema(database: DatabaseHandle): Promise<boolean> {
  const before = await database.executeSql(
    `select to_regnamespace('${JOB_SCHEMA_V10}') is not null as moved`,
  );
  await database.executeSql(
    `do $$
     begin
       perform pg_advisory_xact_lock(hashtext('${JOB_SCHEMA} schema v10 move'));
       if to_regclass('${JOB_SCHEMA}.version') is not null
          and to_regnamespace('${JOB_SCHEMA_V10}') is null then
         if (select max(version) from ${JOB_SCHEMA}.version) < 25 then
           alter schema ${JOB_SCHEMA} rename to ${JOB_SCHEMA_V10};
         end if;
       end if;
     end $$`,
  );
  const after = await database.executeSql(`select to_regnamespace('${JOB_SCHEMA_V10}') is not null as moved`);
  const moved = (result: { rows: unknown[] }) =>
    (result.rows[0] as { moved?: boolean } | undefined)?.moved === true;
  return !moved(before) && moved(after);
}

/** A job that repeats: once per cluster in each interval, retried with backoff when it throws. */
export interface RecurringJob {
  /** The queue's name, e.g. 'payment-reconcile'. */
  name: string;
  /** About how often it runs (the slot is at least one second: pg-boss throttles by whole seconds). */
  intervalMs: number;
  run(): Promise<unknown>;
  /** How long one run may take before another instance takes it over (an instance that died). */
  expireInSeconds?: number;
  /** Retries of a failed run (5 by default, waiting 2 s, 4 s, 8 s… between them). */
  retryLimit?: number;
}

export interface QueueDepth {
  name: string;
  queued: number;
  active: number;
  failed: number;
}

/** Background work on pg-boss: recurring jobs run once per cluster, retried, failures kept for staff. */
export interface JobQueue {
  /** Declares a recurring job; call before `start`. */
  every(job: RecurringJob): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Throws unless the job tables answer (readiness). */
  ping(): Promise<void>;
  /** Jobs waiting, running and failed per queue (metrics, the staff page). */
  depths(): Promise<QueueDepth[]>;
  /** Runs a recurring job now (e.g. after an event made it due), still once per cluster at a time. */
  kick(name: string): Promise<void>;
  /** Puts a failed job back in its queue (staff's "Retry"); false when it is not failed. */
  retry(id: string): Promise<boolean>;
  /** How many runs of each job this instance completed and failed since it started. */
  readonly counts: Map<string, { completed: number; failed: number }>;
}

export function createJobQueue(options: { database: DatabaseHandle; log: FastifyBaseLogger }): JobQueue {
  const { database, log } = options;
  const makeBoss = () => {
    const made = new PgBoss({
      ...(database.url
        ? { connectionString: database.url, max: 4 }
        : { db: { executeSql: database.executeSql } }),
      ...(database.url ? {} : { backend: 'pglite' as const }),
      schema: JOB_SCHEMA,
      // No cron: recurring jobs are throttled sends (sub-minute intervals), see `enqueue`.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 30,
    });
    made.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    return made;
  };

  const jobs = new Map<string, RecurringJob>();
  const workers = new Map<string, string>();
  const tickers: NodeJS.Timeout[] = [];
  const counts = new Map<string, { completed: number; failed: number }>();
  /** Set once pg-boss has started; until then (a database that did not answer) a retry is pending. */
  let boss: PgBoss | null = null;
  let declared = false;
  let stopping = false;
  let retry: NodeJS.Timeout | null = null;

  /** One job per slot of the interval, whichever instance asks first; the local worker is woken. */
  const enqueue = async (running: PgBoss, job: RecurringJob) => {
    const seconds = Math.max(1, Math.round(job.intervalMs / 1000));
    const id = await running.sendThrottled(job.name, {}, {}, seconds);
    const worker = workers.get(job.name);
    if (id && worker) running.notifyWorker(worker);
  };

  const startOnce = async () => {
    if (await moveAsideOldJobSchema(database))
      log.warn(
        { schema: JOB_SCHEMA_V10 },
        'pg-boss 10 job tables renamed aside; pg-boss 12 starts on new ones (recurring jobs are re-queued)',
      );
    const candidate = makeBoss();
    try {
      await candidate.start();
      const options = (job: RecurringJob) => ({
        retryLimit: job.retryLimit ?? 5,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds ?? 120,
        // Finished runs (completed, and failed ones for staff) are kept a week, as before.
        deleteAfterSeconds: 7 * 24 * 3600,
      });
      for (const job of jobs.values()) {
        // createQueue keeps an existing queue's options: update them, so a changed job takes effect.
        if (await candidate.getQueue(job.name)) await candidate.updateQueue(job.name, options(job));
        else await candidate.createQueue(job.name, options(job));
      }
    } catch (error) {
      await candidate.stop({ graceful: false, close: true }).catch(() => undefined);
      throw error;
    }
    boss = candidate;
    for (const job of jobs.values()) {
      const polling = Math.min(2, Math.max(0.5, job.intervalMs / 1000));
      const workerId = await candidate.work(job.name, { pollingIntervalSeconds: polling }, async () => {
        const count = counts.get(job.name)!;
        try {
          await job.run();
          count.completed += 1;
        } catch (error) {
          count.failed += 1;
          log.error({ err: error, job: job.name }, 'job failed; it will be retried');
          throw error;
        }
      });
      workers.set(job.name, workerId);
      const tick = () => {
        enqueue(candidate, job).catch((error: unknown) =>
          log.warn({ err: error, job: job.name }, 'could not queue job'),
        );
      };
      tick();
      // Only queues the job: the work itself runs where pg-boss hands it, once per slot.
      const ticker = setInterval(tick, job.intervalMs);
      ticker.unref();
      tickers.push(ticker);
    }
  };

  /** Starts, or keeps trying with backoff while the database does not answer (readiness says so). */
  const startWithRetry = async (waitMs: number): Promise<void> => {
    try {
      await startOnce();
    } catch (error) {
      if (stopping) return;
      log.error({ err: error, retryInMs: waitMs }, 'job queue could not start; retrying');
      retry = setTimeout(() => {
        retry = null;
        void startWithRetry(Math.min(waitMs * 2, 60_000));
      }, waitMs);
      retry.unref();
    }
  };

  return {
    counts,
    every: (job) => {
      if (declared) throw new Error(`job ${job.name} declared after the queue started`);
      jobs.set(job.name, job);
      counts.set(job.name, { completed: 0, failed: 0 });
    },
    start: async () => {
      declared = true;
      stopping = false;
      await startWithRetry(1000);
    },
    stop: async () => {
      stopping = true;
      if (retry) clearTimeout(retry);
      for (const ticker of tickers.splice(0)) clearInterval(ticker);
      const running = boss;
      boss = null;
      await running?.stop({ graceful: true, timeout: 10_000, close: true });
    },
    ping: async () => {
      if (!boss) throw new Error('the job queue is not running');
      await database.executeSql(`select version from ${JOB_SCHEMA}.version`, []);
    },
    depths: async () => {
      const running = boss;
      if (!running) return [];
      const result: QueueDepth[] = [];
      for (const name of jobs.keys()) {
        const [queued, active, failed] = await Promise.all([
          countState(database, name, ['created', 'retry']),
          countState(database, name, ['active']),
          countState(database, name, ['failed']),
        ]);
        result.push({ name, queued, active, failed });
      }
      return result;
    },
    retry: async (id) => {
      const running = boss;
      if (!running) throw new Error('the job queue is not running');
      const { rows } = await database.executeSql(
        `select name from ${JOB_SCHEMA}.job where id = $1 and state = 'failed'`,
        [id],
      );
      const name = (rows[0] as { name: string } | undefined)?.name;
      if (!name) return false;
      await running.retry(name, id);
      const worker = workers.get(name);
      if (worker) running.notifyWorker(worker);
      return true;
    },
    kick: async (name) => {
      const running = boss;
      if (!running || !jobs.has(name)) throw new Error(`no running job named ${name}`);
      const id = await running.send(name, {}, { singletonKey: `${name}:kick`, singletonSeconds: 1 });
      const worker = workers.get(name);
      if (id && worker) running.notifyWorker(worker);
    },
  };
}

async function countState(database: DatabaseHandle, name: string, states: string[]): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from ${JOB_SCHEMA}.job where name = $1 and state::text = any($2)`,
    [name, states],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}
