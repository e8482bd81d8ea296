import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signAccessToken } from '../src/auth/tokens';
import { defineAction } from '../src/gateway/registry';
import { call, registerUser, uniqueEmail } from './accounts-helpers';
import { buildLoggedApp, buildTestApp, envelope, TEST_JWT_SECRET } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const probeActions = [
  defineAction({
    service: 'probe',
    resource: 'client',
    action: 'ip',
    auth: 'public',
    description: 'The client IP the gateway sees.',
    input: z.object({}).passthrough(),
    handler: async ({ ip }) => ip,
  }),
  defineAction({
    service: 'probe',
    resource: 'client',
    action: 'write',
    auth: 'public',
    rateLimit: 'write',
    description: 'A public action that changes something.',
    input: z.object({}).passthrough(),
    handler: async () => 'written',
  }),
];

const callFrom = (ctx: Ctx, action: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    payload: envelope('probe', 'client', action),
    headers,
  });

describe('TRUST_PROXY', () => {
  it('by default, X-Forwarded-For neither names the client nor escapes the per-IP limit', async () => {
    const ctx = await buildTestApp({
      env: { RATE_LIMIT_PUBLIC_READ_MAX: '3' },
      extraActions: probeActions,
      seed: false,
    });
    try {
      const responses = [];
      for (let i = 0; i < 5; i += 1)
        responses.push(await callFrom(ctx, 'ip', { 'x-forwarded-for': `203.0.113.${i + 1}` }));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(responses[0]!.json().result.data).toBe('127.0.0.1');
    } finally {
      await ctx.app.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, the forwarded address is the client', async () => {
    const ctx = await buildTestApp({
      env: { RATE_LIMIT_PUBLIC_READ_MAX: '3', TRUST_PROXY: '127.0.0.1' },
      extraActions: probeActions,
      seed: false,
    });
    try {
      const responses = [];
      for (let i = 0; i < 5; i += 1)
        responses.push(await callFrom(ctx, 'ip', { 'x-forwarded-for': `203.0.113.${i + 1}` }));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(responses.map((response) => response.json().result.data)).toEqual([
        '203.0.113.1',
        '203.0.113.2',
        '203.0.113.3',
        '203.0.113.4',
        '203.0.113.5',
      ]);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('rate limits by caller', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' }, extraActions: probeActions, seed: false });
  });
  afterAll(() => ctx.app.close());

  const token = (sub: string) => signAccessToken({ sub, role: 'client', ttlSeconds: 60 }, TEST_JWT_SECRET);

  it('counts signed-in calls per user, so one user does not use up another’s', async () => {
    const first = { accesstoken: token('user-a') };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callFrom(ctx, 'ip', first)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await callFrom(ctx, 'ip', { accesstoken: token('user-b') })).statusCode).toBe(200);
  });

  it('keeps the strict per-IP limit on anonymous calls to actions that change something', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callFrom(ctx, 'write', {})).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Reads from the same address are not caught by it.
    expect((await callFrom(ctx, 'ip', {})).statusCode).toBe(200);
  });

  it('counts anonymous sign-in attempts against the strict per-IP limit', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' }, seed: false });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await call(limited, 'user', 'auth', 'login', {
          username: `nobody${i}@example.com`,
          password: 'Wrong-password-1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});

describe('carrier NAT: many people behind one public IP', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // Every limit at its default.
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.app.close());

  /** One person's quote: the grid, a product's details, and two prices as they pick benefits. */
  const quoteJourney = async (person: number) => {
    const headers: Record<string, string> =
      person % 4 === 0
        ? {
            accesstoken: signAccessToken(
              { sub: `nat-user-${person}`, role: 'client', ttlSeconds: 300 },
              TEST_JWT_SECRET,
            ),
          }
        : {};
    const value = (1_000_000 + person * 1_000) * 100; // cents
    const calls = [
      call(
        ctx,
        'underwriting',
        'product',
        'fetchInsuranceClassReccomendations',
        { insuranceClass: '07', riskValue: value, coverType: '' },
        headers,
      ),
      call(
        ctx,
        'underwriting',
        'product',
        'productWithBenefitsAndUnderwriterDetails',
        { productSystemRef: 'APA-MP-PLUS', riskValue: value },
        headers,
      ),
      ...[[], [{ benefitSystemRef: 'APA-MP-PLUS-PVT' }]].map((additionalBenefits) =>
        call(
          ctx,
          'underwriting',
          'product',
          'productPremiumCalc',
          {
            productSystemRef: 'APA-MP-PLUS',
            risk: { value },
            additionalBenefits,
            excesses: [],
            coverDetails: { period: 365 },
          },
          headers,
        ),
      ),
    ];
    return (await Promise.all(calls)).map((response) => response.statusCode);
  };

  it('200 people quoting within a minute from one IP are not refused, while sign-in stays strict', async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < 200; batch += 20) {
      const people = Array.from({ length: 20 }, (_, index) => quoteJourney(batch + index));
      for (const result of await Promise.all(people)) statuses.push(...result);
    }
    expect(statuses).toHaveLength(800);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The same address guessing passwords of many accounts is still stopped.
    await registerUser(ctx);
    const attempts: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await call(ctx, 'user', 'auth', 'login', {
        username: uniqueEmail('guess'),
        password: 'Wrong-password-1!',
        loginDevice: {},
      });
      attempts.push(response.statusCode);
    }
    expect(attempts[0]).toBe(401);
    expect(attempts.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  }, 60_000);
});

describe('dev tools only for a person at this machine', () => {
  const devPaths = ['/dev/outbox', '/dev/mailbox', '/dev/mpesa'];

  it('are served on a loopback bind outside production', async () => {
    const ctx = await buildTestApp({ seed: false });
    try {
      for (const url of devPaths) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await ctx.app.close();
    }
  });

  it('are not served when the server listens on every interface (HOST=0.0.0.0)', async () => {
    const ctx = await buildTestApp({ env: { HOST: '0.0.0.0' }, seed: false });
    try {
      for (const url of devPaths) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ status: false, err_code: 'NOT_FOUND' });
      }
      const accept = await ctx.app.inject({ method: 'POST', url: '/dev/mpesa/ws_CO_1/accept' });
      expect(accept.statusCode).toBe(404);
    } finally {
      await ctx.app.close();
    }
  });

  it('are never served in production, even on loopback', async () => {
    const ctx = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        MPESA_CONSUMER_KEY: 'k',
        MPESA_CONSUMER_SECRET: 's',
        MPESA_PASSKEY: 'p',
        MPESA_BASE_URL: 'http://127.0.0.1:9',
        MPESA_CALLBACK_BASE_URL: 'https://portal.example.co.ke',
        SMTP_URL: 'smtp://127.0.0.1:9',
        IDENTITY_BASE_URL: 'https://testapi.smileidentity.com',
        IDENTITY_PARTNER_ID: '2070',
        IDENTITY_API_KEY: 'identity-key',
        RECONCILE_INTERVAL_MS: '3600000',
        DMVIC_BASE_URL: 'http://127.0.0.1:9',
        DMVIC_USERNAME: 'u',
        DMVIC_PASSWORD: 'p',
        DMVIC_CLIENT_ID: 'c',
      },
      seed: false,
    });
    try {
      for (const url of devPaths) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('pages over 1 KB arrive whole when compressed', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    // Three sign-ups: three code mails make the mailbox well over 1 KB.
    for (let i = 0; i < 3; i += 1)
      await call(ctx, 'user', 'registration', 'createUser', {
        email: uniqueEmail('mailbox'),
        names: { firstName: 'Achieng', lastName: 'Otieno' },
      });
  });
  afterAll(() => ctx.app.close());

  it.each([
    ['/dev/mailbox', '<h1>Mailbox</h1>'],
    ['/v2/api/docs', '<h1>Bima Portal API</h1>'],
  ])('%s', async (url, heading) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(response.rawPayload).toString('utf8');
    expect(html.length).toBeGreaterThan(1024);
    expect(html).toContain(heading);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });
});

describe('secrets in URLs stay out of the log', () => {
  it('logs the M-Pesa callback secret and signed document tokens as [redacted]', async () => {
    const callbackSecret = 'callback-secret-that-must-not-be-logged-0123';
    const { app, lines } = await buildLoggedApp({ env: { MPESA_CALLBACK_SECRET: callbackSecret } });
    try {
      const documentToken = 'eyJkb2N1bWVudCI6InNjaGVkdWxlIn0.document-token-not-to-be-logged';
      await app.inject({
        method: 'POST',
        url: `/v2/api/mpesa/callback/${callbackSecret}`,
        payload: { Body: {} },
      });
      await app.inject({ method: 'POST', url: `/v2/api/mpesa/callback/${callbackSecret}?x=1`, payload: {} });
      await app.inject({ method: 'GET', url: `/v2/api/documents/${documentToken}` });
      const log = lines.join('');
      expect(log).toContain('/v2/api/mpesa/callback/[redacted]');
      expect(log).toContain('/v2/api/documents/[redacted]');
      expect(log).not.toContain(callbackSecret);
      expect(log).not.toContain('document-token-not-to-be-logged');
    } finally {
      await app.close();
    }
  });
});

describe('personal data stays out of the log', () => {
  it('logs phones, e-mails, passwords, codes and tokens put in a log object as [redacted]', async () => {
    const { app, lines } = await buildLoggedApp();
    try {
      app.log.warn(
        {
          phone: '254712345678',
          detail: { email: 'wanjiru@example.co.ke', password: 'Secret-2026!', registrationCode: '4821' },
        },
        'something about a client',
      );
      const logged = JSON.parse(lines.find((line) => line.includes('something about a client'))!);
      expect(logged.phone).toBe('[redacted]');
      expect(logged.detail).toEqual({
        email: '[redacted]',
        password: '[redacted]',
        registrationCode: '[redacted]',
      });
      const all = lines.join('');
      for (const secret of ['254712345678', 'wanjiru@example.co.ke', 'Secret-2026!', '4821'])
        expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe('the request log', () => {
  it('writes one line for a failed request and none for a successful one at info', async () => {
    const { app, lines } = await buildLoggedApp();
    try {
      const ok = await app.inject({ method: 'GET', url: '/healthz' });
      expect(ok.statusCode).toBe(200);
      expect(lines.join('')).not.toContain('/healthz');
      const missing = await app.inject({ method: 'GET', url: '/v2/api/no-such-route' });
      expect(missing.statusCode).toBe(404);
      const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/v2/api/no-such-route' },
        res: { statusCode: 404 },
        responseTime: expect.any(Number),
      });
    } finally {
      await app.close();
    }
  });
});
