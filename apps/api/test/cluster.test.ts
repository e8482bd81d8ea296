import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  type CounterStore,
  createMemoryCounters,
  createPostgresCounters,
  createRedisCounters,
} from '../src/cluster/counters';
import { createJobQueue } from '../src/jobs/queue';
import { call, loginUser, registerUser, uniqueEmail } from './accounts-helpers';
import { buildTestApp, type TestContext } from './helpers';
import { CLIENT_KYC } from './purchase-helpers';
import { createStaffUser, send } from './staff-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
const silentLog = { error() {}, warn() {}, info() {}, debug() {} } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** What the tests use of scripts/lib/cluster.mjs (plain JavaScript, loaded by its address). */
interface ClusterScripts {
  startIdentitySimulator(): Promise<{ url: string; env: Record<string, string>; stop(): Promise<void> }>;
}
const clusterScripts = (): Promise<ClusterScripts> =>
  import(pathToFileURL(join(ROOT, 'scripts/lib/cluster.mjs')).href);

describe('health, readiness and metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { METRICS_TOKEN } });
    await ctx.app.ready();
  });
  afterAll(() => ctx.app.close());

  it('/healthz says the process lives (and which Node runs it) without asking the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', node: process.versions.node });
  });

  it('/readyz checks the database, Redis (not configured here) and the job queue', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', jobs: 'ok' },
    });
  });

  it('/metrics needs the token, then answers request latency per action, payments, jobs and the database', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    await call(ctx, 'underwriting', 'product', 'fetchInsuranceClassReccomendations', {
      insuranceClass: '07',
      riskValue: 150_000_000,
      coverType: '',
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /bima_http_request_duration_seconds_count\{action="underwriting\/product\/fetchInsuranceClassReccomendations",method="POST",status="200"\} 1/,
    );
    expect(text).toMatch(/bima_job_queue_depth\{queue="payment-reconcile",state="failed"\} 0/);
    expect(text).toContain('bima_db_connections{state="waiting"}');
    expect(text).toContain('bima_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE bima_payments gauge');
  });

  it('/metrics is not served at all without a configured token', async () => {
    const other = await buildTestApp({ seed: false });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.app.close();
    }
  });
});

describe('the identity simulator of `npm run cluster`, a process of its own', () => {
  it('an instance configured as the cluster configures it verifies against the sample register', async () => {
    const identity = await (await clusterScripts()).startIdentitySimulator();
    const ctx = await buildTestApp({ env: { ...identity.env, AUTH_RATE_LIMIT_SCALE: '100' } });
    try {
      await ctx.app.ready();
      // The instance's checks go to the simulator's process, not to one of its own.
      expect(ctx.app.services.identity.simulator).toBeNull();
      expect(identity.env.IDENTITY_BASE_URL).toBe(identity.url);
      /** A client (registered as Wanjiru Kamau) with this ID and KRA PIN, checked with consent. */
      const checked = async (kyc: { idNumber: string; kraPin: string }) => {
        const headers = { accesstoken: (await loginUser(ctx, await registerUser(ctx))).accessToken };
        expect(
          (await send(ctx, 'client/client/updateClient', { ...CLIENT_KYC, ...kyc }, headers)).status,
        ).toBe(200);
        const started = await send(ctx, 'client/identity/startChecks', { consent: true }, headers);
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        return Object.fromEntries(
          (
            started.body.result.data.checks as Array<{ document: string; state: string; fields: string[] }>
          ).map((check) => [check.document, { state: check.state, fields: check.fields }]),
        );
      };
      expect(await checked({ idNumber: '27000001', kraPin: 'A270000001K' })).toEqual({
        ID: { state: 'verified', fields: [] },
        KRA_PIN: { state: 'verified', fields: [] },
      });
      // The register is the sample one: 27000002 is Achieng Otieno's ID; 27000503 is IPRS down.
      expect(await checked({ idNumber: '27000002', kraPin: 'A270000404K' })).toEqual({
        ID: { state: 'mismatch', fields: ['firstName', 'lastName'] },
        KRA_PIN: { state: 'mismatch', fields: ['kraPin'] },
      });
      expect((await checked({ idNumber: '27000503', kraPin: 'A270000001K' })).ID?.state).toBe('retrying');
    } finally {
      await ctx.app.close();
      await identity.stop();
    }
  }, 60_000);
});

describe('recurring jobs on two instances of one database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
    await ctx.app.ready();
  });
  afterAll(() => ctx.app.close());

  it('runs each slot of a recurring job once in the cluster, not once per instance', async () => {
    const runs: string[] = [];
    const queues = ['one', 'two'].map((instance) => {
      const queue = createJobQueue({ database: ctx.database, log: silentLog });
      queue.every({ name: 'test-tick', intervalMs: 1000, run: async () => runs.push(instance) });
      return queue;
    });
    for (const queue of queues) await queue.start();
    await sleep(4200);
    for (const queue of queues) await queue.stop();
    // Both instances asked for a run every second; pg-boss keeps one job per one-second slot.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(6);
    const { rows } = await ctx.database.executeSql(
      "select count(*)::int as count from pgboss.job where name = 'test-tick' and state = 'completed'",
      [],
    );
    expect((rows[0] as { count: number }).count).toBe(runs.length);
  }, 30_000);

  it('retries a failing job, then keeps it as failed where staff and metrics see it', async () => {
    const queue = createJobQueue({ database: ctx.database, log: silentLog });
    let attempts = 0;
    queue.every({
      name: 'test-failing',
      intervalMs: 600_000,
      retryLimit: 1,
      run: async () => {
        attempts += 1;
        throw new Error('the mail server is down');
      },
    });
    await queue.start();
    try {
      for (let waited = 0; waited < 15_000; waited += 250) {
        const depth = (await queue.depths()).find((entry) => entry.name === 'test-failing');
        if (depth?.failed === 1) break;
        await sleep(250);
      }
      expect(attempts).toBe(2);
      expect((await queue.depths()).find((entry) => entry.name === 'test-failing')).toMatchObject({
        failed: 1,
        queued: 0,
      });
      expect(queue.counts.get('test-failing')).toEqual({ completed: 0, failed: 2 });
    } finally {
      await queue.stop();
    }
  }, 30_000);
});

describe('closing an instance', () => {
  it('lets a running job finish on an open database before the database is closed', async () => {
    const ctx = await buildTestApp({ seed: false });
    let started = false;
    let finished = false;
    ctx.app.services.jobs.every({
      name: 'test-slow',
      intervalMs: 600_000,
      run: async () => {
        started = true;
        await sleep(400);
        await ctx.database.ping();
        finished = true;
      },
    });
    await ctx.app.ready();
    for (let waited = 0; !started && waited < 10_000; waited += 50) await sleep(50);
    expect(started).toBe(true);
    // buildTestApp closes the database in an onClose hook added after the app's own.
    await ctx.app.close();
    expect(finished).toBe(true);
  }, 30_000);
});

describe('failed jobs for staff', () => {
  it('an admin sees each queue and the failed runs with their error, and sends one back to its queue; an underwriter may not', async () => {
    const ctx = await buildTestApp();
    try {
      await ctx.app.ready();
      const failing = createJobQueue({ database: ctx.database, log: silentLog });
      failing.every({
        name: 'test-broken',
        intervalMs: 600_000,
        retryLimit: 0,
        run: async () => {
          throw new Error('the SMTP server refused the login');
        },
      });
      await failing.start();
      for (let waited = 0; waited < 10_000; waited += 200) {
        if (failing.counts.get('test-broken')!.failed > 0) break;
        await sleep(200);
      }
      await failing.stop();
      const admin = (await createStaffUser(ctx, null)).headers;
      const listed = await call(ctx, 'admin', 'jobs', 'listJobs', { page: 1, pageSize: 10 }, admin);
      expect(listed.statusCode, listed.body).toBe(200);
      const data = listed.json().result.data;
      expect(data.queues.map((queue: { name: string }) => queue.name)).toEqual(
        expect.arrayContaining(['payment-reconcile', 'mail-queue', 'renewal-reminders', 'loan-jobs']),
      );
      expect(data.total).toBe(1);
      expect(data.items[0]).toMatchObject({
        name: 'test-broken',
        attempts: 1,
        error: 'the SMTP server refused the login',
      });
      const underwriter = (await createStaffUser(ctx, 'jubilee')).headers;
      expect((await call(ctx, 'admin', 'jobs', 'listJobs', {}, underwriter)).statusCode).toBe(403);
      const retried = await call(ctx, 'admin', 'jobs', 'retryJob', { id: data.items[0].id }, admin);
      expect(retried.statusCode, retried.body).toBe(200);
      const after = (await call(ctx, 'admin', 'jobs', 'listJobs', {}, admin)).json().result.data;
      expect(after.total).toBe(0);
      const again = await call(ctx, 'admin', 'jobs', 'retryJob', { id: data.items[0].id }, admin);
      expect(again.statusCode).toBe(404);
      expect((await call(ctx, 'admin', 'jobs', 'retryJob', { id: 'nope' }, admin)).statusCode).toBe(400);
    } finally {
      await ctx.app.close();
    }
  }, 30_000);
});

/** Counting is one atomic step: concurrent hits see distinct counts, windows end, refunds and resets work. */
async function checkCounters(counters: CounterStore) {
  const key = `test:${uniqueEmail()}`;
  const counts = await Promise.all(Array.from({ length: 40 }, () => counters.hit(key, 60_000)));
  expect(counts.map((count) => count.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 40 }, (_, index) => index + 1),
  );
  expect(Math.max(...counts.map((count) => count.ttlMs))).toBeLessThanOrEqual(60_000);
  await counters.decrement(key);
  expect((await counters.hit(key, 60_000)).count).toBe(40);
  await counters.delete([key]);
  expect((await counters.hit(key, 60_000)).count).toBe(1);
  const short = `${key}:short`;
  await counters.hit(short, 300);
  await counters.hit(short, 300);
  await sleep(400);
  expect((await counters.hit(short, 300)).count).toBe(1);
}

describe('rate-limit counters', () => {
  it('in the process', async () => {
    await checkCounters(createMemoryCounters());
  });

  it.runIf(onPostgres)('in PostgreSQL, with ended windows swept', async () => {
    const ctx = await buildTestApp({ seed: false });
    try {
      const counters = createPostgresCounters(ctx.database);
      await checkCounters(counters);
      await counters.hit('test:ended', 100);
      await sleep(200);
      expect(await counters.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      await ctx.app.close();
    }
  });

  const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();
  it.runIf(redisServer)(
    'in Redis',
    async () => {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const server = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '']);
      try {
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const up = await new Promise<boolean>((resolve) => {
            const probe = createConnection({ host: '127.0.0.1', port });
            probe.once('connect', () => resolve(probe.end() && true));
            probe.once('error', () => resolve(false));
          });
          if (up) break;
          await sleep(100);
        }
        const redis = new Redis(`redis://127.0.0.1:${port}`);
        try {
          await checkCounters(createRedisCounters(redis));
        } finally {
          redis.disconnect();
        }
      } finally {
        server.kill();
      }
    },
    30_000,
  );
});

/** Two apps on one test database (the second built beside the first, as another instance would be). */
async function twoInstances(env: Record<string, string> = {}): Promise<[TestContext, TestContext]> {
  const ctx = await buildTestApp({ env });
  const app = await buildApp({ config: ctx.config, database: ctx.database });
  await Promise.all([ctx.app.ready(), app.ready()]);
  return [ctx, { ...ctx, app }];
}

async function closeBoth([first, second]: [TestContext, TestContext]) {
  await second.app.close();
  await first.app.close();
}

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it('count sign-in failures together: the 11th wrong password for an account and IP is refused on either', async () => {
    const instances = await twoInstances();
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await call(instances[attempt % 2]!, 'user', 'auth', 'login', {
          username: email,
          password: 'Wrong-pass-1',
          loginDevice: {},
        });
        statuses.push(response.statusCode);
      }
      expect(new Set(statuses.slice(0, 10))).toEqual(new Set([401]));
      expect(statuses[10]).toBe(429);
    } finally {
      await closeBoth(instances);
    }
  }, 60_000);

  it('share the anonymous flood ceiling per IP', async () => {
    const instances = await twoInstances({ RATE_LIMIT_PUBLIC_READ_MAX: '6' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1)
        statuses.push(
          (await call(instances[attempt % 2]!, 'platform', 'support', 'getSupportContacts', {})).statusCode,
        );
      // Each instance alone would allow 6: together they allowed 6 of the 8.
      expect(statuses.slice(0, 6).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(6)).toEqual([429, 429]);
    } finally {
      await closeBoth(instances);
    }
  }, 60_000);

  it('a product changed on one instance is priced anew on the other at once', async () => {
    const instances = await twoInstances();
    const [ctx, second] = instances;
    try {
      const grid = async (instance: TestContext) =>
        (
          (
            await call(instance, 'underwriting', 'product', 'fetchInsuranceClassReccomendations', {
              insuranceClass: '07',
              riskValue: 150_000_000,
              coverType: '',
            })
          ).json().result.data as Array<{ productSystemRef: string; premium: number }>
        ).find((entry) => entry.productSystemRef === 'APA-MP-PLUS')!;
      const before = await grid(second);
      const admin = (await createStaffUser(ctx, null)).headers;
      const product = (
        await call(ctx, 'backoffice', 'product', 'getProduct', { productSystemRef: 'APA-MP-PLUS' }, admin)
      ).json().result.data;
      const configuration = structuredClone(product.configuration);
      configuration.bands[2].rate = 0.06;
      const saved = await call(
        ctx,
        'backoffice',
        'product',
        'updateProduct',
        { productSystemRef: 'APA-MP-PLUS', expectedVersion: product.version, configuration },
        admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      let after = before;
      for (let waited = 0; waited < 2000 && after.premium === before.premium; waited += 50) {
        await sleep(50);
        after = await grid(second);
      }
      // The cache keeps products 15 s; the event made the other instance read the new rate at once.
      expect(after.premium).toBeGreaterThan(before.premium);
    } finally {
      await closeBoth(instances);
    }
  }, 30_000);
});
