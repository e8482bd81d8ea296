import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What one API instance tells the others (and itself): a chat message was stored, a conversation's
 * marks moved, the products changed in the back office, a user's sessions were ended (their open
 * chat sockets close). Only ids travel (PostgreSQL's NOTIFY payload is small); each instance reads
 * the rows itself.
 */
export type ClusterEvent =
  | { t: 'message'; id: number }
  | { t: 'marks'; conversationId: number }
  | { t: 'products' }
  | { t: 'sessions-ended'; userId: string; sessionIds: string[] };

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Publish / subscribe between the API instances. */
export interface ClusterBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  publish(event: ClusterEvent): Promise<void>;
  subscribe(handler: (event: ClusterEvent) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'bima_events';

function parseEvent(payload: string): ClusterEvent | null {
  try {
    const event = JSON.parse(payload) as ClusterEvent;
    if (event.t === 'message' && Number.isSafeInteger(event.id)) return event;
    if (event.t === 'marks' && Number.isSafeInteger(event.conversationId)) return event;
    if (event.t === 'products') return event;
    if (event.t === 'sessions-ended' && typeof event.userId === 'string' && isIdList(event.sessionIds))
      return event;
  } catch {
    // not ours
  }
  return null;
}

/** One process (the embedded database): events stay in memory. */
export function createLocalBus(): ClusterBus {
  const emitter = new EventEmitter();
  return {
    kind: 'local',
    publish: async (event) => {
      setImmediate(() => emitter.emit('event', event));
    },
    subscribe: (handler) => emitter.on('event', handler),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection, reconnected with backoff when it drops.
 * Every instance on the same database hears every event (its own too).
 */
export async function createPostgresBus(url: string, log: FastifyBaseLogger): Promise<ClusterBus> {
  const handlers: ((event: ClusterEvent) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const event = message.channel === CHANNEL && message.payload ? parseEvent(message.payload) : null;
      if (event) for (const handler of handlers) handler(event);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'event LISTEN connection lost; reconnecting');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    retryMs = 500;
  };
  const scheduleReconnect = () => {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 30_000);
    setTimeout(() => {
      if (closed || client) return;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'event LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, wait).unref();
  };

  await connect();
  // Publishing goes through a small pool so it never waits behind a reconnecting listener.
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', (error) => log.warn({ err: error }, 'event NOTIFY connection lost'));
  return {
    kind: 'postgres',
    publish: async (event) => {
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (handler) => {
      handlers.push(handler);
    },
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}

/** Redis pub/sub (REDIS_URL): a publishing connection and a subscribed duplicate (ioredis reconnects). */
export async function createRedisBus(url: string, log: FastifyBaseLogger): Promise<ClusterBus> {
  const handlers: ((event: ClusterEvent) => void)[] = [];
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  publisher.on('error', (error) => log.warn({ err: error }, 'event Redis connection error'));
  const subscriber = publisher.duplicate();
  subscriber.on('error', (error) => log.warn({ err: error }, 'event Redis subscriber error'));
  subscriber.on('message', (channel: string, payload: string) => {
    const event = channel === CHANNEL ? parseEvent(payload) : null;
    if (event) for (const handler of handlers) handler(event);
  });
  await publisher.connect();
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  return {
    kind: 'redis',
    publish: async (event) => {
      await publisher.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe: (handler) => {
      handlers.push(handler);
    },
    close: async () => {
      await subscriber.quit().catch(() => undefined);
      await publisher.quit().catch(() => undefined);
    },
  };
}

/** Redis when REDIS_URL is set, else LISTEN/NOTIFY on PostgreSQL, else in memory (PGlite). */
export function createClusterBus(options: {
  redisUrl?: string;
  databaseUrl?: string;
  log: FastifyBaseLogger;
}): Promise<ClusterBus> {
  if (options.redisUrl) return createRedisBus(options.redisUrl, options.log);
  if (options.databaseUrl) return createPostgresBus(options.databaseUrl, options.log);
  return Promise.resolve(createLocalBus());
}
