import { performance } from 'node:perf_hooks';

/**
 * PGlite runs PostgreSQL in WebAssembly on this process's one thread: every query is synchronous
 * work on the event loop, and PGlite hands its lock from one query to the next in promise callbacks.
 * Under load the queries queued by many requests therefore ran back to back without the event loop
 * ever turning: nothing was accepted or read for seconds (a new connection waited 8–18 s while the
 * requests already in the queue were answered). This queue runs the database's calls one at a time,
 * in order, and after `sliceMs` of them lets the event loop turn (setImmediate) before the next, so
 * connections are accepted and requests read between slices; `depth` is what the gateway sheds on.
 */
export class DatabaseQueue {
  readonly #waiting: Array<() => void> = [];
  readonly #sliceMs: number;
  #busy = false;
  #sliceStartedAt = 0;

  constructor(options: { sliceMs?: number } = {}) {
    this.#sliceMs = options.sliceMs ?? 10;
  }

  /** Calls waiting or running. */
  get depth(): number {
    return this.#waiting.length + (this.#busy ? 1 : 0);
  }

  /** Runs `work` when every call queued before it has finished. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> | void {
    if (!this.#busy) {
      this.#busy = true;
      this.#sliceStartedAt = performance.now();
      return;
    }
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#busy = false;
      return;
    }
    if (performance.now() - this.#sliceStartedAt < this.#sliceMs) {
      next();
      return;
    }
    setImmediate(() => {
      this.#sliceStartedAt = performance.now();
      next();
    });
  }
}
