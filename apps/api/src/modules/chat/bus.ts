import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createClient } from 'redis';

/**
 * What one API instance tells the others: a message was stored, or a conversation's marks moved.
 * Only ids travel (PostgreSQL's NOTIFY payload is small); each instance reads the rows itself.
 */
export type ChatEvent = { t: 'message'; id: number } | { t: 'marks'; conversationId: number };

/** Publish / subscribe between the API instances that hold chat sockets. */
export interface ChatBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  publish(event: ChatEvent): Promise<void>;
  subscribe(handler: (event: ChatEvent) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'bima_chat';

function parseEvent(payload: string): ChatEvent | null {
  try {
    const event = JSON.parse(payload) as ChatEvent;
    if (event.t === 'message' && Number.isSafeInteger(event.id)) return event;
    if (event.t === 'marks' && Number.isSafeInteger(event.conversationId)) return event;
  } catch {
    // not ours
  }
  return null;
}

/** One process (the embedded database): events stay in memory. */
export function createLocalBus(): ChatBus {
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
export async function createPostgresBus(url: string, log: FastifyBaseLogger): Promise<ChatBus> {
  const handlers: ((event: ChatEvent) => void)[] = [];
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
      log.warn({ err: error }, 'chat LISTEN connection lost; reconnecting');
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
        log.warn({ err: error }, 'chat LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, wait).unref();
  };

  await connect();
  // Publishing goes through a small pool so it never waits behind a reconnecting listener.
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', (error) => log.warn({ err: error }, 'chat NOTIFY connection lost'));
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

/** Redis pub/sub (REDIS_URL): a publishing connection and a subscribed duplicate. */
export async function createRedisBus(url: string, log: FastifyBaseLogger): Promise<ChatBus> {
  const handlers: ((event: ChatEvent) => void)[] = [];
  const publisher = createClient({ url });
  publisher.on('error', (error) => log.warn({ err: error }, 'chat Redis connection error'));
  const subscriber = publisher.duplicate();
  subscriber.on('error', (error) => log.warn({ err: error }, 'chat Redis subscriber error'));
  await publisher.connect();
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (event) for (const handler of handlers) handler(event);
  });
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
export function createChatBus(options: {
  redisUrl?: string;
  databaseUrl?: string;
  log: FastifyBaseLogger;
}): Promise<ChatBus> {
  if (options.redisUrl) return createRedisBus(options.redisUrl, options.log);
  if (options.databaseUrl) return createPostgresBus(options.databaseUrl, options.log);
  return Promise.resolve(createLocalBus());
}
