// @pglite: runs on PGlite too (scripts/test.sh): pg-boss's tables through the embedded database's adapter.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createJobQueue, JOB_SCHEMA_V10 } from '../src/jobs/queue';
import { openTestDatabase } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PGBOSS_10_SCHEMA = readFileSync(new URL('./fixtures/pgboss-10-schema.sql', import.meta.url), 'utf8');

function capturingLog() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (_details: unknown, message = '') =>
      lines.push({ level, message });
  return {
    lines,
    log: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } as never,
  };
}

describe('a database whose jobs ran on pg-boss 10 (an existing deployment)', () => {
  it('still starts: the old job tables are moved aside with their failed runs, and jobs run on new ones', async () => {
    const database = await openTestDatabase();
    try {
      await database.executeSql(PGBOSS_10_SCHEMA);
      await database.executeSql(`select pgboss.create_queue('mail-queue', '{"policy":"standard"}')`);
      await database.executeSql(
        `insert into pgboss.job (name, state, output) values ('mail-queue', 'failed', '{"message":"smtp down"}')`,
      );

      const { lines, log } = capturingLog();
      const queue = createJobQueue({ database, log });
      let runs = 0;
      const run = async () => {
        runs += 1;
      };
      queue.every({ name: 'test-after-upgrade', intervalMs: 600_000, run });
      await queue.start();
      try {
        for (let waited = 0; runs === 0 && waited < 15_000; waited += 100) await sleep(100);
        expect(runs).toBe(1);
        expect(lines.filter((line) => line.level === 'error')).toEqual([]);
        expect(lines).toContainEqual({
          level: 'warn',
          message: expect.stringContaining('pg-boss 10 job tables renamed aside'),
        });
        const version = await database.executeSql('select max(version)::int as version from pgboss.version');
        expect((version.rows[0] as { version: number }).version).toBeGreaterThanOrEqual(25);
        const kept = await database.executeSql(
          `select name, state::text as state, output from ${JOB_SCHEMA_V10}.job`,
        );
        expect(kept.rows).toEqual([
          { name: 'mail-queue', state: 'failed', output: { message: 'smtp down' } },
        ]);
      } finally {
        await queue.stop();
      }

      // The next start (a restart, or another instance) finds current tables and moves nothing.
      const again = capturingLog();
      const restarted = createJobQueue({ database, log: again.log });
      restarted.every({ name: 'test-after-restart', intervalMs: 600_000, run });
      await restarted.start();
      try {
        for (let waited = 0; runs === 1 && waited < 15_000; waited += 100) await sleep(100);
        expect(runs).toBe(2);
        expect(again.lines).toEqual([]);
        const schemas = await database.executeSql(
          `select count(*)::int as count from pg_namespace where nspname like 'pgboss%'`,
        );
        expect((schemas.rows[0] as { count: number }).count).toBe(2);
      } finally {
        await restarted.stop();
      }
    } finally {
      await database.close();
    }
  }, 60_000);
});
