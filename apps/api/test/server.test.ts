// @pglite: runs on PGlite too (scripts/test.sh): health and start-up on the embedded database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';

describe('the server around the gateway', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'bima-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bima Portal</title><div id="root"></div>');
    writeFileSync(
      join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    writeFileSync(join(dist, 'serviceWorker.js'), 'self.addEventListener("fetch", () => {});');
    ctx = await buildTestApp({ env: { WEB_DIST_DIR: dist }, seed: false });
  });
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('GET /healthz answers 200 when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      node: process.versions.node,
    });
  });

  it('sets security headers and a request id on every response', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-12345678');
  });

  it("gives the gateway's JSON answers the API security headers, not a page's", async () => {
    for (const payload of [{}, { service: { name: 'platform', version: 'v1' } }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/api/v1', payload });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates the service worker and the page', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/serviceWorker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the web app for unknown page paths', async () => {
    for (const url of ['/', '/insurance', '/motor/basic-details', '/newportal/products/12']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a JSON 404 for unknown API paths and missing assets', async () => {
    for (const url of ['/v2/api/v2/nothing', '/assets/missing.js']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, err_code: 'NOT_FOUND' });
    }
  });
});

describe('health check without a database', () => {
  it('stays live, but is not ready (503, naming the database and the jobs) when the database does not answer', async () => {
    const ctx = await buildTestApp({ seed: false });
    await ctx.database.close();
    ctx.database.close = async () => {};
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'unavailable', redis: 'ok', jobs: 'unavailable' },
    });
    await ctx.app.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection the server ends', () => {
  it('is replaced: the process keeps running and the next query answers', async () => {
    const { app, database } = await buildTestApp({ seed: false });
    try {
      await database.ping();
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name.rows[0]?.name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pool's idle client hears of it as an 'error' event: unhandled, it would end the process.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await database.ping();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
