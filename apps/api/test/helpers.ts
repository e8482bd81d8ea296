import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../src/app';
import { verifyAccessToken } from '../src/auth/tokens';
import type { ClusterBus } from '../src/cluster/bus';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { seedSampleData } from '../src/db/seed';
import type { ActionDefinition } from '../src/gateway/registry';
import type { LinkReader } from '../src/gateway/signed-links';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hmac-sha256-signing';

/** The least a production start needs (real M-Pesa, mail, identity and DMVIC settings; none reached). */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_PASSKEY: 'passkey',
  MPESA_CALLBACK_BASE_URL: 'https://portal.example.co.ke',
  SMTP_URL: 'smtp://mail.example.co.ke:587',
  IDENTITY_BASE_URL: 'https://testapi.smileidentity.com',
  IDENTITY_PARTNER_ID: '2070',
  IDENTITY_API_KEY: 'identity-key',
  DMVIC_BASE_URL: 'http://127.0.0.1:9',
  DMVIC_USERNAME: 'u',
  DMVIC_PASSWORD: 'p',
  DMVIC_CLIENT_ID: 'c',
} as const;

/** Whom a signed link is for when a signed-in caller asks: their user and the session of their token. */
export function linkReaderOf(headers: { accesstoken?: string }): LinkReader {
  const claims = headers.accesstoken ? verifyAccessToken(headers.accesstoken, TEST_JWT_SECRET) : null;
  if (!claims) throw new Error('linkReaderOf needs a signed-in caller’s headers');
  return { userId: claims.sub, sessionId: claims.sid ?? null };
}

/**
 * A database for one test file: in-memory PGlite, or a fresh database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });

  const name = `bima_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraActions?: ActionDefinition[];
  seed?: boolean;
  /** A bus shared with other instances built in this test (closed by the test). */
  bus?: ClusterBus;
}

/** The whole app on a migrated (and by default seeded) test database; call `app.close()` after. */
export async function buildTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  await database.migrate();
  if (options.seed !== false) await seedSampleData(database.db, { sampleStaff: true });
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...options.env,
  });
  const app = await buildApp({ config, database, extraActions: options.extraActions, bus: options.bus });
  app.addHook('onClose', () => database.close());
  return { app, database, config };
}

export function envelope(service: string, resource: string, action: string, data: unknown = {}) {
  return {
    service: { name: service, version: 'v1' },
    resource: { name: resource, version: 'v1' },
    action: { name: action, version: 'v1' },
    data,
  };
}

/** What `buildTestApp` answers: the app, its database and its configuration. */
export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

/** The rows of a raw query (both drivers answer `{rows}`). */
export const rowsOf = async <T = unknown>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** The app listening on a free loopback port, as the M-Pesa simulator calls it back over HTTP. */
export async function buildListeningTestApp(env: Record<string, string>) {
  const ctx = await buildTestApp({ env });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return ctx;
}

/**
 * The whole app on a migrated test database (seeded when asked) with its log at info captured:
 * `lines` are the JSON lines written; `app.close()` closes the database too.
 */
export async function buildLoggedApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    extraActions?: ActionDefinition[];
    /** The level captured: info unless told (trace captures every line the app writes). */
    level?: string;
  } = {},
) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database = await openTestDatabase();
  await database.migrate();
  if (options.seed) await seedSampleData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    extraActions: options.extraActions,
    logger: { level: options.level ?? 'info', stream },
  });
  app.addHook('onClose', () => database.close());
  return { app, database, config, lines };
}
