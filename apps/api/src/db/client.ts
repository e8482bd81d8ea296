import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseQueue } from './queue';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for a dedicated LISTEN connection); absent on PGlite. */
  url?: string;
  /** Applies the committed migrations (the same files on both engines). */
  migrate(): Promise<void>;
  /** Answers when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Plain SQL for the parts that bring their own (the job queue, metrics): with values one
   * parameterised statement; without, text that may hold several statements (the rows of all of
   * them, in order, on both engines).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Connections in use and callers waiting for one (PostgreSQL's pool); PGlite has one session. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The database calls waiting or running, by database (PGlite's queue; absent on PostgreSQL). */
const queues = new WeakMap<Database, DatabaseQueue>();

/**
 * How many database calls are waiting or running on `db`: PGlite's queue, which the gateway sheds
 * load on (DB_QUEUE_LIMIT); 0 on PostgreSQL, whose pool queues on its own and never blocks the
 * event loop.
 */
export function pendingDatabaseCalls(db: Database): number {
  return queues.get(db)?.depth ?? 0;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder; `memory://` keeps it in memory (tests). */
  dataDir?: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection the server ends (a restart, an administrator's
  // pg_terminate_backend: 57P01) emits 'error' on the pool; unhandled, it would end the process.
  // The pool drops that client and the next query opens a new connection.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      // Several statements answer one result each: their rows in order, as on PGlite.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      return Array.isArray(result) ? { rows: result.flatMap((each) => each.rows) } : result;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let location = dataDir;
  let lock: string | null = null;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(join(dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
    lock = claimFolder(location);
  }
  const client = new PGlite(location);
  await client.waitReady;
  // Every call through one queue that lets the event loop turn between slices (db/queue.ts).
  // PGlite runs one call at a time anyway (a top-level call waits for an open transaction).
  const queue = new DatabaseQueue();
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<typeof query>) =>
    queue.run(() => query.apply(client, args))) as typeof query;
  client.exec = (...args: Parameters<typeof exec>) => queue.run(() => exec.apply(client, args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    queue.run(() => transaction.apply(client, args))) as typeof transaction;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  queues.set(db, queue);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // Several statements: the rows of every one, as node-postgres gives them (pg-boss reads a row
      // from the middle of BEGIN … COMMIT). A failed one must not leave the single session in an
      // aborted transaction, so it is rolled back in the same turn of the queue.
      return queue.run(async () => {
        try {
          const results = await exec.call(client, text);
          return { rows: results.flatMap((result) => result.rows) };
        } catch (error) {
          await query.call(client, 'rollback').catch(() => undefined);
          throw error;
        }
      });
    },
    poolStats: () => ({ total: 1, idle: queue.depth === 0 ? 1 : 0, waiting: Math.max(0, queue.depth - 1) }),
    close: async () => {
      await client.close();
      if (lock) rmSync(lock, { force: true });
    },
  };
}

/** The process holding an embedded database folder (`<folder>.pid`), if it is still running. */
export function folderHolder(location: string): number | null {
  const lock = `${location}.pid`;
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * PGlite has no lock between processes: two servers (or a backup) on one folder would tear it. The
 * folder is claimed with `<folder>.pid`; a live holder is refused, a stale one replaced.
 */
function claimFolder(location: string): string {
  const holder = folderHolder(location);
  if (holder !== null && holder !== process.pid) {
    throw new Error(
      `The embedded database ${location} is in use by process ${holder}. Stop it first, or set DATABASE_URL to share PostgreSQL between processes.`,
    );
  }
  const lock = `${location}.pid`;
  writeFileSync(lock, String(process.pid));
  return lock;
}
