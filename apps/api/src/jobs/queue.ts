import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/** The schema pg-boss keeps its tables in (beside ours, in the same database). */
export const JOB_SCHEMA = 'pgboss';

/** A job that repeats: once per cluster in each interval, retried with backoff when it throws. */
export interface RecurringJob {
  /** The queue's name, e.g. 'payment-reconcile'. */
  name: string;
  /** About how often it runs (the slot is at least one second: pg-boss throttles by whole seconds). */
  intervalMs: number;
  run(): Promise<unknown>;
  /** How long one run may take before another instance takes it over (an instance that died). */
  expireInSeconds?: number;
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
  /** How many runs of each job this instance completed and failed since it started. */
  readonly counts: Map<string, { completed: number; failed: number }>;
}

const RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true } as const;

export function createJobQueue(options: { database: DatabaseHandle; log: FastifyBaseLogger }): JobQueue {
  const { database, log } = options;
  const boss = new PgBoss({
    ...(database.url
      ? { connectionString: database.url, max: 4 }
      : { db: { executeSql: database.executeSql } }),
    schema: JOB_SCHEMA,
    // No cron: recurring jobs are throttled sends (sub-minute intervals), see `every`.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const jobs = new Map<string, RecurringJob>();
  const workers = new Map<string, string>();
  const tickers: NodeJS.Timeout[] = [];
  const counts = new Map<string, { completed: number; failed: number }>();
  let started = false;

  /** One job per slot of the interval, whichever instance asks first; the local worker is woken. */
  const enqueue = async (job: RecurringJob) => {
    const seconds = Math.max(1, Math.round(job.intervalMs / 1000));
    const id = await boss.sendThrottled(job.name, {}, {}, seconds);
    const worker = workers.get(job.name);
    if (id && worker) boss.notifyWorker(worker);
  };

  return {
    counts,
    every: (job) => {
      if (started) throw new Error(`job ${job.name} declared after the queue started`);
      jobs.set(job.name, job);
      counts.set(job.name, { completed: 0, failed: 0 });
    },
    start: async () => {
      started = true;
      await boss.start();
      for (const job of jobs.values()) {
        await boss.createQueue(job.name, {
          name: job.name,
          ...RETRY,
          expireInSeconds: job.expireInSeconds ?? 120,
        });
        const polling = Math.min(2, Math.max(0.5, job.intervalMs / 1000));
        const workerId = await boss.work(job.name, { pollingIntervalSeconds: polling }, async () => {
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
          enqueue(job).catch((error: unknown) =>
            log.warn({ err: error, job: job.name }, 'could not queue job'),
          );
        };
        tick();
        // Only queues the job: the work itself runs where pg-boss hands it, once per slot.
        const ticker = setInterval(tick, job.intervalMs);
        ticker.unref();
        tickers.push(ticker);
      }
    },
    stop: async () => {
      for (const ticker of tickers) clearInterval(ticker);
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true });
    },
    ping: async () => {
      if (!started) throw new Error('the job queue is not running');
      await database.executeSql(`select version from ${JOB_SCHEMA}.version`, []);
    },
    depths: async () => {
      const result: QueueDepth[] = [];
      for (const name of jobs.keys()) {
        const [queued, active, failed] = await Promise.all([
          boss.getQueueSize(name, { before: 'active' }),
          countState(database, name, 'active'),
          countState(database, name, 'failed'),
        ]);
        result.push({ name, queued, active, failed });
      }
      return result;
    },
    kick: async (name) => {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      const id = await boss.send(name, {}, { singletonKey: `${name}:kick`, singletonSeconds: 1 });
      const worker = workers.get(name);
      if (id && worker) boss.notifyWorker(worker);
    },
  };
}

async function countState(database: DatabaseHandle, name: string, state: string): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from ${JOB_SCHEMA}.job where name = $1 and state = $2`,
    [name, state],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}
