// @pglite: runs on PGlite too (scripts/test.sh): the queue in front of the embedded database.
import { describe, expect, it } from 'vitest';
import { DatabaseQueue } from '../src/db/queue';
import { buildTestApp, envelope } from './helpers';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // synchronous work, as PGlite's WebAssembly is
  }
};

describe('the database queue (PGlite)', () => {
  it('runs calls one at a time in order, and lets the event loop turn between slices', async () => {
    const queue = new DatabaseQueue({ sliceMs: 5 });
    const order: string[] = [];
    let running = 0;
    const calls = Array.from({ length: 20 }, (_, index) =>
      queue.run(async () => {
        running += 1;
        expect(running).toBe(1);
        busyFor(2);
        order.push(`call ${index}`);
        running -= 1;
      }),
    );
    expect(queue.depth).toBe(20);
    // Queued behind the calls: without slicing it would run only after all 20 (40 ms of work).
    const turned = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('event loop');
        resolve();
      }),
    );
    await Promise.all([...calls, turned]);
    expect(order.filter((entry) => entry.startsWith('call'))).toEqual(
      Array.from({ length: 20 }, (_, index) => `call ${index}`),
    );
    expect(order.indexOf('event loop')).toBeGreaterThan(0);
    expect(order.indexOf('event loop')).toBeLessThan(10);
    expect(queue.depth).toBe(0);
  });

  it('frees the queue when a call fails', async () => {
    const queue = new DatabaseQueue();
    await expect(queue.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.depth).toBe(0);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the gateway under a full PGlite queue', () => {
  it('answers 503 with Retry-After at once past DB_QUEUE_LIMIT, and serves again once it drains', async () => {
    const ctx = await buildTestApp({ env: { DB_QUEUE_LIMIT: '5' } });
    try {
      const list = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/v2/api/v1',
          payload: envelope('underwriting', 'catalogue', 'listProducts'),
        });
      // A transaction holds the database while ten calls queue behind it (as many requests' queries
      // would under load); then a gateway call arrives. A background job's transaction may hold the
      // database first (here one of 300 ms, as the certificate job's may): the test's transaction
      // waits behind it, so the calls queue only once its body runs, and it is released only then.
      // (Released before its body ran, it stayed open for ever: CI hung here for 90 s.)
      await ctx.app.ready();
      const backgroundJob = ctx.database.db.transaction(
        () => new Promise<void>((resolve) => setTimeout(resolve, 300)),
      );
      let release = () => {};
      let holding = () => {};
      const holds = new Promise<void>((resolve) => (holding = resolve));
      const held = ctx.database.db.transaction(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            holding();
          }),
      );
      await holds;
      const queued = Array.from({ length: 10 }, () => ctx.database.ping());
      const shed = await list();
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('1');
      expect(shed.json()).toMatchObject({ status: false, err_code: 'SERVICE_UNAVAILABLE' });
      release();
      await Promise.all([backgroundJob, held, ...queued]);
      expect((await list()).statusCode).toBe(200);
    } finally {
      await ctx.app.close();
    }
  });
});
