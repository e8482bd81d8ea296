import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client';

/**
 * Fixed-window counters behind every rate limit: in this process (the embedded default), in Redis
 * (REDIS_URL) or in PostgreSQL (DATABASE_URL without Redis), so that several API instances count
 * together. Counting is one atomic step in each store, so concurrent requests cannot all pass a
 * check before any of them is counted.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** Counts one more under `key` in its window of `windowMs`: the count so far and the ms left. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes back one count (an attempt that turned out to be no guess). */
  decrement(key: string): Promise<void>;
  /** Forgets the keys' counts altogether. */
  delete(keys: readonly string[]): Promise<void>;
  /** Drops windows that have ended (the PostgreSQL store's rows; the others expire by themselves). */
  sweep(): Promise<number>;
}

export function createMemoryCounters(): CounterStore {
  const windows = new Map<string, { endsAt: number; count: number }>();
  return {
    kind: 'memory',
    hit: async (key, windowMs) => {
      const now = Date.now();
      if (windows.size > 100_000)
        for (const [known, w] of windows) if (w.endsAt <= now) windows.delete(known);
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { endsAt: now + windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, ttlMs: window.endsAt - now };
    },
    decrement: async (key) => {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    delete: async (keys) => {
      for (const key of keys) windows.delete(key);
    },
    sweep: async () => {
      const now = Date.now();
      let dropped = 0;
      for (const [key, window] of windows)
        if (window.endsAt <= now) {
          windows.delete(key);
          dropped += 1;
        }
      return dropped;
    },
  };
}

const PREFIX = 'bima:rl:';
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

export function createRedisCounters(redis: Redis): CounterStore {
  return {
    kind: 'redis',
    hit: async (key, windowMs) => {
      const [count, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, PREFIX + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, ttlMs };
    },
    decrement: async (key) => {
      await redis.eval(DECREMENT_SCRIPT, 1, PREFIX + key);
    },
    delete: async (keys) => {
      if (keys.length > 0) await redis.del(...keys.map((key) => PREFIX + key));
    },
    sweep: async () => 0,
  };
}

/** One row per key (table rate_limit_counters): an upsert that starts a new window once one ended. */
export function createPostgresCounters(database: DatabaseHandle): CounterStore {
  return {
    kind: 'postgres',
    hit: async (key, windowMs) => {
      const { rows } = await database.executeSql(
        `insert into rate_limit_counters as c (key, count, ends_at)
           values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
         on conflict (key) do update set
           count = case when c.ends_at <= clock_timestamp() then 1 else c.count + 1 end,
           ends_at = case when c.ends_at <= clock_timestamp() then excluded.ends_at else c.ends_at end
         returning count, greatest(0, ceil(extract(epoch from (ends_at - clock_timestamp())) * 1000))::int as ttl_ms`,
        [key, windowMs],
      );
      const row = rows[0] as { count: number; ttl_ms: number };
      return { count: row.count, ttlMs: row.ttl_ms };
    },
    decrement: async (key) => {
      await database.executeSql(
        'update rate_limit_counters set count = count - 1 where key = $1 and count > 0 and ends_at > clock_timestamp()',
        [key],
      );
    },
    delete: async (keys) => {
      if (keys.length > 0)
        await database.executeSql('delete from rate_limit_counters where key = any($1::text[])', [[...keys]]);
    },
    sweep: async () => {
      const { rows } = await database.executeSql(
        'with gone as (delete from rate_limit_counters where ends_at <= clock_timestamp() returning 1) select count(*)::int as n from gone',
        [],
      );
      return (rows[0] as { n: number }).n;
    },
  };
}

/**
 * A store for @fastify/rate-limit over our counters (its own in-memory store stays the embedded
 * default): `incr` answers the count and the window's remaining time, as its stores do.
 */
export function fastifyRateLimitStore(counters: CounterStore, namespace: string): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore {
    readonly #timeWindow: number;
    constructor(options?: { timeWindow?: unknown }) {
      this.#timeWindow = typeof options?.timeWindow === 'number' ? options.timeWindow : 60_000;
    }
    /** The plugin passes the route's window as a third argument (its typings omit it). */
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      counters.hit(`${namespace}:${key}`, timeWindow ?? this.#timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(options?: { timeWindow?: unknown }) {
      return new SharedRateLimitStore(options ?? { timeWindow: this.#timeWindow });
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
