import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProductSnapshot } from '../src/modules/product/configuration';
import { buildTestApp } from './helpers';

/**
 * A transaction holds one PostgreSQL connection, and node-postgres runs one query at a time on a
 * connection: queries started together on a transaction (Promise.all) queue inside the client, which
 * pg 8 warns is deprecated and pg 9 refuses. The warnings are collected from before the app (and its
 * seed, which reads product snapshots in a transaction) is built.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections are used one query at a time', () => {
  const warnings: string[] = [];
  const listener = (warning: Error) => warnings.push(warning.message);
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    process.on('warning', listener);
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    process.off('warning', listener);
    await ctx.app.close();
  });

  it('seeds and reads a product snapshot inside a transaction without overlapping queries', async () => {
    const snapshot = await ctx.database.db.transaction((tx) => readProductSnapshot(tx, 1));
    expect(snapshot?.bands.length).toBeGreaterThan(0);
    // process warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
