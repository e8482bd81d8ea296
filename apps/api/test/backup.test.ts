// @pglite: runs on PGlite too (scripts/test.sh): backup and restore of the embedded database's directory.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { invoices, policies } from '../src/db/schema';
import { seedSampleData } from '../src/db/seed';
import { openTestDatabase, TEST_JWT_SECRET } from './helpers';
import { invoiceFor, MPESA_TEST_ENV, PAYS, pay, signedIn, waitUntil } from './purchase-helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;

/** Every policy with its number and premium, in order: what a restore must bring back. */
const policyBook = (database: DatabaseHandle) =>
  database.db
    .select({ policyNumber: policies.policyNumber, amount: invoices.amount, userId: policies.userId })
    .from(policies)
    .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
    .orderBy(asc(policies.policyNumber));

/** Runs `npm run backup` / `npm run restore`'s script as a person would, against `env`'s database. */
const runScript = (script: string, args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, [join('scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    encoding: 'utf8',
  });

async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backups', () => {
  it('a backup restored into a fresh database holds every policy, with its premium', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bima-backup-'));
    const file = join(folder, serverUrl ? 'bima.dump' : 'bima.tar.gz');
    const sourceDir = join(folder, 'source');
    const database = serverUrl ? await openTestDatabase() : await openDatabase({ dataDir: sourceDir });
    const targetName = `bima_restore_${randomBytes(5).toString('hex')}`;
    try {
      await database.migrate();
      await seedSampleData(database.db, { sampleStaff: false });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JWT_SECRET: TEST_JWT_SECRET,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...MPESA_TEST_ENV,
      });
      const app = await buildApp({ config, database });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const ctx = { app, database, config };
      for (let bought = 0; bought < 2; bought += 1) {
        const headers = await signedIn(ctx);
        const invoice = await invoiceFor(ctx, headers);
        expect((await pay(ctx, headers, invoice.invoiceSystemRef, PAYS)).statusCode).toBe(200);
      }
      const book = await waitUntil(
        () => policyBook(database),
        (rows) => rows.length === 2,
        15_000,
      );
      expect(book).toHaveLength(2);
      await app.close();
      if (!serverUrl) await database.close();

      const source: Record<string, string> = serverUrl
        ? { DATABASE_URL: database.url! }
        : { DATA_DIR: sourceDir };
      expect(runScript('backup.mjs', [file], source)).toContain(file);

      const targetDir = join(folder, 'restored');
      const target: Record<string, string> = serverUrl
        ? { DATABASE_URL: await createDatabase(targetName) }
        : { DATA_DIR: targetDir };
      runScript('restore.mjs', [file], target);
      // On PGlite a second restore over it is refused unless forced: nothing is overwritten by accident.
      if (!serverUrl) expect(() => runScript('restore.mjs', [file], target)).toThrow();
      const restored = await openDatabase(
        serverUrl ? { databaseUrl: target.DATABASE_URL } : { dataDir: targetDir },
      );
      try {
        expect(await policyBook(restored)).toEqual(book);
      } finally {
        await restored.close();
      }
    } finally {
      if (serverUrl) {
        await database.close();
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${targetName} with (force)`);
        await admin.end();
      }
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
