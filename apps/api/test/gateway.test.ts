import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signAccessToken } from '../src/auth/tokens';
import { sessions, users } from '../src/db/schema';
import { defineAction } from '../src/gateway/registry';
import { SerializedResult } from '../src/gateway/serialized';
import { buildTestApp, envelope, TEST_JWT_SECRET } from './helpers';

/** Test-only actions that exercise the gateway's contract without depending on a business module. */
const probeActions = [
  defineAction({
    service: 'probe',
    resource: 'echo',
    action: 'shout',
    auth: 'public',
    description: 'Echoes a message in capitals.',
    input: z.object({
      message: z.string({ error: 'Message is required.' }).min(1, 'Message is required.'),
      times: z
        .number({ error: 'Times must be a number.' })
        .int()
        .min(1, 'Times must be at least 1.')
        .max(3)
        .optional(),
    }),
    handler: async ({ input }) => input.message.toUpperCase().repeat(input.times ?? 1),
  }),
  defineAction({
    service: 'probe',
    resource: 'secret',
    action: 'whoami',
    auth: 'client',
    description: 'Who the caller is.',
    input: z.object({}).passthrough(),
    handler: async ({ principal }) => principal,
  }),
  defineAction({
    service: 'probe',
    resource: 'secret',
    action: 'staffOnly',
    auth: 'staff',
    roles: ['admin'],
    description: 'Admins only.',
    input: z.object({}).passthrough(),
    handler: async ({ principal }) => principal,
  }),
  defineAction({
    service: 'probe',
    resource: 'secret',
    action: 'anyone',
    auth: 'signedIn',
    description: 'Any signed-in user.',
    input: z.object({}).passthrough(),
    handler: async ({ principal }) => principal?.role,
  }),
  defineAction({
    service: 'probe',
    resource: 'fault',
    action: 'crash',
    auth: 'public',
    description: 'A genuine server fault.',
    input: z.object({}).passthrough(),
    handler: async () => {
      throw new Error('database exploded: secret detail');
    },
  }),
];

const post = (
  ctx: Awaited<ReturnType<typeof buildTestApp>>,
  payload: unknown,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method: 'POST', url: '/v2/api/v1', payload: payload as object, headers });

describe('the gateway contract', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ extraActions: probeActions, seed: false });
  });
  afterAll(() => ctx.app.close());

  it('answers 200 {status: true, result: {data}} on success', async () => {
    const response = await post(ctx, envelope('probe', 'echo', 'shout', { message: 'jambo', times: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, result: { data: 'JAMBOJAMBO' } });
  });

  it('answers 400 naming each bad field with the schema message', async () => {
    const response = await post(ctx, envelope('probe', 'echo', 'shout', { times: 9 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: false, err_code: 'INVALID_INPUT', err_msg: 'Message is required.' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'message', message: 'Message is required.' },
        { field: 'times', message: expect.any(String) },
      ]),
    );
  });

  it('answers 404 for an unknown service, resource, action or version', async () => {
    for (const payload of [
      envelope('nope', 'echo', 'shout'),
      envelope('probe', 'nope', 'shout'),
      envelope('probe', 'echo', 'nope'),
      { ...envelope('probe', 'echo', 'shout', { message: 'x' }), action: { name: 'shout', version: 'v9' } },
    ]) {
      const response = await post(ctx, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, err_code: 'NOT_FOUND' });
    }
  });

  it('answers 403 on a secured action without a token, with a tampered token, or an expired one', async () => {
    const valid = signAccessToken({ sub: 'user-1', role: 'client', ttlSeconds: 60 }, TEST_JWT_SECRET);
    const expired = signAccessToken(
      { sub: 'user-1', role: 'client', ttlSeconds: 60 },
      TEST_JWT_SECRET,
      Date.now() - 120_000,
    );
    const forged = signAccessToken(
      { sub: 'user-1', role: 'client', ttlSeconds: 60 },
      'another-secret-another-secret-another',
    );
    const [header, , signature] = valid.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', role: 'staff', iat: 1, exp: 9e9 })).toString('base64url')}.${signature}`;
    const payload = envelope('probe', 'secret', 'whoami');

    const cases: Record<string, string>[] = [
      {},
      { accesstoken: 'garbage' },
      { accesstoken: expired },
      { accesstoken: forged },
      { accesstoken: tampered },
    ];
    for (const headers of cases) {
      const response = await post(ctx, payload, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: false, err_code: 'FORBIDDEN' });
    }
    const ok = await post(ctx, payload, { accessToken: valid });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toEqual({
      userId: 'user-1',
      role: 'client',
      sessionId: null,
      intermediaryId: null,
      underwriterId: null,
    });
  });

  it('keeps staff actions from clients and client actions from staff; staff need a live session', async () => {
    const db = ctx.database.db;
    const [admin] = await db
      .insert(users)
      .values({
        email: 'probe.admin@example.co.ke',
        firstName: 'Probe',
        lastName: 'Admin',
        role: 'admin',
        status: 'ACTIVE',
      })
      .returning();
    const [session] = await db.insert(sessions).values({ userId: admin!.id }).returning();
    const sign = (role: 'client' | 'admin', options: { sub?: string; sid?: string } = {}) => ({
      accesstoken: signAccessToken(
        { sub: options.sub ?? admin!.id, role, sid: options.sid, ttlSeconds: 60 },
        TEST_JWT_SECRET,
      ),
    });
    const client = sign('client', { sub: 'user-1' });
    const adminToken = sign('admin', { sid: session!.id });
    const status = async (action: string, headers: Record<string, string>) =>
      (await post(ctx, envelope('probe', 'secret', action), headers)).statusCode;

    expect(await status('staffOnly', client)).toBe(403);
    expect(await status('staffOnly', adminToken)).toBe(200);
    expect(
      (await post(ctx, envelope('probe', 'secret', 'staffOnly'), adminToken)).json().result.data,
    ).toEqual({
      userId: admin!.id,
      role: 'admin',
      sessionId: session!.id,
      intermediaryId: null,
      underwriterId: null,
    });
    // A token without a session never reaches a staff action, whatever role it claims.
    expect(await status('staffOnly', sign('admin'))).toBe(403);
    // A token whose role differs from the user's in the database is refused.
    expect(await status('staffOnly', sign('client', { sid: session!.id }))).toBe(403);
    // Staff are kept from client actions; any signed-in user may call a signedIn action.
    expect(await status('whoami', adminToken)).toBe(403);
    expect(await status('anyone', adminToken)).toBe(200);
    expect(await status('anyone', client)).toBe(200);
    expect(await status('anyone', {})).toBe(403);
    // Disabled: the same token stops at once.
    await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, admin!.id));
    expect(await status('staffOnly', adminToken)).toBe(403);
  });

  it('answers 500 with a generic message for a genuine fault, never the detail', async () => {
    const response = await post(ctx, envelope('probe', 'fault', 'crash'));
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({ status: false, err_code: 'INTERNAL_ERROR' });
    expect(body.err_msg).not.toContain('secret detail');
    expect(body.err_msg).toContain(response.headers['x-request-id']);
  });

  it('answers 400 to malformed JSON or plain text, and 415 to another media type', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { 'content-type': 'application/json' },
      payload: '{"service":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: false, err_code: 'INVALID_INPUT' });
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().status).toBe(false);
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { 'content-type': 'application/xml' },
      payload: '<hello/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ status: false, err_msg: expect.stringContaining('JSON') });
  });

  it('answers 413 to a body over the size limit', async () => {
    const huge = envelope('probe', 'echo', 'shout', {
      message: 'x'.repeat(ctx.config.BODY_LIMIT_BYTES + 10),
    });
    const response = await post(ctx, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: false, err_code: 'PAYLOAD_TOO_LARGE' });
  });

  it('never answers 5xx to random envelopes, JSON values or bytes (property)', async () => {
    const name = fc.oneof(
      fc.constantFrom('probe', 'echo', 'shout', 'secret', 'whoami', 'underwriting', 'catalogue'),
      fc.string(),
    );
    const versioned = fc.oneof(
      fc.record({ name, version: fc.oneof(fc.constant('v1'), fc.string()) }),
      fc.anything(),
    );
    // Values PostgreSQL refuses or that overflow: NUL, lone surrogates, ids past int4 and safe integers.
    const hostile = fc.oneof(
      fc.constantFrom('\u0000', 'a\ud800', '\udc00', 1e30, 2 ** 31, '99999999999999999999'),
      fc.string().map((text) => `${text}\u0000`),
    );
    const data = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom('message', 'times', 'id', 'loginDevice'),
        fc.oneof(hostile, fc.anything()),
      ),
    );
    const envelopeLike = fc.record(
      { service: versioned, resource: versioned, action: versioned, data },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          envelopeLike.map((value) => JSON.stringify(value)),
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string(),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
        ),
        fc.constantFrom('/v2/api/v1', '/v2/api/v1/home'),
        fc.boolean(),
        async (payload, url, withToken) => {
          const response = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', ...(withToken ? { accesstoken: 'x.y.z' } : {}) },
            payload,
          });
          expect(response.statusCode).toBeLessThan(500);
          const body = response.json();
          expect(typeof body.status).toBe('boolean');
          if (body.status === false) {
            expect(typeof body.err_msg).toBe('string');
            expect(Array.isArray(body.errors)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lists every registered action with its auth level and input schema at /v2/api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/v2/api/docs.json' });
    const entries = json.json().result.data as Array<{
      service: string;
      resource: string;
      action: string;
      auth: string;
      input: unknown;
    }>;
    const names = entries.map((entry) => `${entry.service}/${entry.resource}/${entry.action}:${entry.auth}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'underwriting/catalogue/listProducts:public',
        'platform/advertisement/list:public',
        'probe/secret/whoami:client',
        'probe/secret/staffOnly:staff',
        'probe/secret/anyone:signedIn',
      ]),
    );
    const shout = entries.find((entry) => entry.action === 'shout');
    expect(shout?.input).toMatchObject({ type: 'object', required: ['message'] });

    const html = await ctx.app.inject({ method: 'GET', url: '/v2/api/docs' });
    expect(html.headers['content-type']).toContain('text/html');
    for (const entry of entries)
      expect(html.body).toContain(`${entry.service} / ${entry.resource} / ${entry.action}`);
  });
});

describe('rate limiting', () => {
  it('answers 429 in the gateway envelope once the limit is reached', async () => {
    const ctx = await buildTestApp({
      env: { RATE_LIMIT_PUBLIC_READ_MAX: '3' },
      extraActions: probeActions,
      seed: false,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await post(ctx, envelope('probe', 'echo', 'shout', { message: 'hi' }))).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limited = await post(ctx, envelope('probe', 'echo', 'shout', { message: 'hi' }));
      expect(limited.json()).toMatchObject({ status: false, err_code: 'RATE_LIMITED' });
    } finally {
      await ctx.app.close();
    }
  });
});

describe('kept answers of anonymous public reads (gateway/replay.ts)', () => {
  /** How often each probe's handler ran, and whether its answers are still true. */
  const runs = { price: 0, write: 0 };
  const state = { fresh: true, price: 100 };
  const freshness = { isFresh: () => state.fresh };
  const keptActions = [
    defineAction({
      service: 'probe',
      resource: 'kept',
      action: 'price',
      auth: 'public',
      description: 'A price kept while it is fresh, in the caller’s language.',
      input: z.object({ item: z.string().min(1, 'Item is required.') }),
      handler: async ({ input, language }) => {
        runs.price += 1;
        return new SerializedResult({ item: input.item, price: state.price, language }, freshness);
      },
    }),
    defineAction({
      service: 'probe',
      resource: 'kept',
      action: 'record',
      auth: 'public',
      rateLimit: 'write',
      description: 'A public write: never answered from a kept answer.',
      input: z.object({ item: z.string() }),
      handler: async ({ input }) => {
        runs.write += 1;
        return new SerializedResult({ recorded: input.item, run: runs.write }, freshness);
      },
    }),
  ];
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ extraActions: keptActions, seed: false });
  });
  afterAll(() => ctx.app.close());

  const price = (item: string, headers: Record<string, string> = {}) =>
    post(ctx, envelope('probe', 'kept', 'price', { item }), headers);

  it('answers an identical anonymous request again without running the handler, byte for byte', async () => {
    const before = runs.price;
    const first = await price('tea', { 'accept-encoding': 'br' });
    const second = await price('tea', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(runs.price - before).toBe(1);
    const plain = await price('tea');
    expect(plain.json()).toEqual({
      status: true,
      result: { data: { item: 'tea', price: 100, language: 'en' } },
    });
    expect(runs.price - before).toBe(1);
  });

  it('keeps each language apart, and never keeps a signed-in call', async () => {
    const before = runs.price;
    expect((await price('salt', { 'accept-language': 'sw-KE' })).json().result.data.language).toBe('sw');
    expect((await price('salt', { 'accept-language': 'en-KE' })).json().result.data.language).toBe('en');
    expect(runs.price - before).toBe(2);
    const token = signAccessToken({ sub: 'user-1', role: 'client', ttlSeconds: 60 }, TEST_JWT_SECRET);
    await price('salt', { accesstoken: token });
    await price('salt', { accesstoken: token });
    expect(runs.price - before).toBe(4);
  });

  it('runs the handler again once the kept answer is stale (its data changed)', async () => {
    const before = runs.price;
    expect((await price('sugar')).json().result.data.price).toBe(100);
    state.fresh = false;
    state.price = 120;
    expect((await price('sugar')).json().result.data.price).toBe(120);
    state.fresh = true;
    expect(runs.price - before).toBe(2);
  });

  it('still refuses bad input and never keeps a public write', async () => {
    const bad = await post(ctx, envelope('probe', 'kept', 'price', { item: '' }));
    expect(bad.statusCode).toBe(400);
    expect((await post(ctx, envelope('probe', 'kept', 'price', { item: '' }))).statusCode).toBe(400);
    const first = await post(ctx, envelope('probe', 'kept', 'record', { item: 'a' }));
    const second = await post(ctx, envelope('probe', 'kept', 'record', { item: 'a' }));
    expect([first.json().result.data.run, second.json().result.data.run]).toEqual([1, 2]);
  });

  it('refuses prototype poisoning in the body with 400, like Fastify’s own parser', async () => {
    for (const payload of [
      '{"__proto__":{"admin":true},"service":{"name":"probe","version":"v1"}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v2/api/v1',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: false, err_code: 'INVALID_INPUT' });
    }
  });
});
