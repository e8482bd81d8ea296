import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** After a row is queued in a transaction, look for it once the commit has likely happened, then again. */
const KICK_DELAYS_MS = [50, 1000];

export interface QueueWorker {
  /** Sends every due row now; resolves when nothing due is left. */
  drain(): Promise<void>;
  /** Starts this instance's worker: what is due now, then shortly after a row is queued here. */
  start(): void;
  /** Stops the worker and waits for the sending in progress. */
  stop(): Promise<void>;
}

/**
 * The loop of the durable outboxes (the mail queue, the SMS queue): `drain` claims due rows in
 * batches (`claim`: FOR UPDATE SKIP LOCKED, so instances never take the same row) and hands each to
 * `deliver` until none is left; one drain runs at a time in a process, and one asked for meanwhile
 * runs again after it. `start` drains now and shortly after `enqueued` says a row was queued (a
 * transaction that queues cannot reach the worker itself); the recurring job drains the rest.
 */
export function createQueueWorker<Row>(options: {
  /** What it sends, for the log: 'mail', 'SMS'. */
  name: string;
  log: FastifyBaseLogger;
  enqueued: EventEmitter;
  claim: () => Promise<Row[]>;
  deliver: (row: Row) => Promise<unknown>;
  /** False when nothing can be sent (no provider): drain does nothing. */
  enabled?: boolean;
}): QueueWorker {
  const { log, enqueued, claim, deliver } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drainOnce = async () => {
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      for (const row of rows) await deliver(row);
    }
  };
  const drain = (): Promise<void> => {
    if (options.enabled === false) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const drainLogged = () => {
    if (stopped) return;
    drain().catch((error: unknown) => log.error({ err: error }, `${options.name} worker failed`));
  };

  const kicks = new Set<NodeJS.Timeout>();
  const onEnqueued = () => {
    if (kicks.size > 0) return;
    for (const delay of KICK_DELAYS_MS) {
      const kick = setTimeout(() => {
        kicks.delete(kick);
        drainLogged();
      }, delay);
      kick.unref();
      kicks.add(kick);
    }
  };

  return {
    drain,
    start: () => {
      stopped = false;
      enqueued.on('enqueued', onEnqueued);
      drainLogged();
    },
    stop: async () => {
      stopped = true;
      enqueued.off('enqueued', onEnqueued);
      for (const kick of kicks) clearTimeout(kick);
      kicks.clear();
      await running?.catch(() => undefined);
    },
  };
}
