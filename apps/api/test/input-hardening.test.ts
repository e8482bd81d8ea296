import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_LIMITS } from '../src/gateway/input-guard';
import { defineAction } from '../src/gateway/registry';
import { call, loginUser, registerUser, uniqueEmail } from './accounts-helpers';
import { buildLoggedApp, envelope } from './helpers';

/** Test-only actions reaching PostgreSQL with what the guard would not let through. */
const databaseProbes = [
  defineAction({
    service: 'probe',
    resource: 'db',
    action: 'int4',
    auth: 'public',
    description: 'Casts a number to a PostgreSQL integer (bypassing the guard by taking a string).',
    input: z.object({ value: z.string() }),
    handler: async ({ db, input }) => db.execute(sql`select ${input.value}::int4 as value`),
  }),
  defineAction({
    service: 'probe',
    resource: 'db',
    action: 'broken',
    auth: 'public',
    description: 'A genuine fault in a query carrying personal data.',
    input: z.object({ email: z.string() }),
    handler: async ({ db, input }) =>
      db.execute(sql`select * from no_such_table where email = ${input.email}`),
  }),
];

type Harness = Awaited<ReturnType<typeof buildHarness>>;

/** The whole app, seeded, with its info log captured. */
async function buildHarness() {
  const { app, database, config, lines } = await buildLoggedApp({
    seed: true,
    extraActions: databaseProbes,
    env: { AUTH_RATE_LIMIT_SCALE: '1000', RATE_LIMIT_MAX: '100000' },
  });
  return { app, database, config, log: () => lines.join('') };
}

const expectRefused = (response: { statusCode: number; json(): unknown }, field?: string) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { errors: Array<{ field: string; message: string }> };
  expect(body).toMatchObject({
    status: false,
    err_code: 'INVALID_INPUT',
    err_msg: expect.any(String),
    errors: [{ field: expect.any(String), message: expect.any(String) }],
  });
  if (field) expect(body.errors[0]!.field).toBe(field);
};

/** A JSON object nested `depth` levels deep, written by hand (JSON.stringify would recurse). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;

const postRaw = (harness: Harness, body: string, headers: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

describe('input no action can take', () => {
  let harness: Harness;
  let email: string;
  let signedIn: Record<string, string>;
  let actions: Array<{ service: string; resource: string; action: string }>;
  beforeAll(async () => {
    harness = await buildHarness();
    email = await registerUser(harness);
    signedIn = { accesstoken: (await loginUser(harness, email)).accessToken };
    actions = (await harness.app.inject({ method: 'GET', url: '/v2/api/docs.json' })).json().result.data;
  });
  afterAll(() => harness.app.close());

  const nasty: Array<[string, unknown]> = [
    ['a NUL character', { anything: 'Wanjiru\u0000' }],
    ['a lone high surrogate', { anything: 'Wanjiru\ud800' }],
    ['a lone low surrogate', { anything: '\udc00Kamau' }],
    ['a NUL in a field name', { 'na\u0000me': 'x' }],
    ['an id beyond PostgreSQL integer', { id: 3_000_000_000 }],
    ['an id past safe integers', { id: 1e30 }],
    ['a 20-digit id', { id: '99999999999999999999' }],
    ['a number past safe integers', { riskValue: 1e20 }],
    ['a string over the limit', { anything: 'x'.repeat(INPUT_LIMITS.maxStringLength + 1) }],
    [
      'an array over the limit',
      { anything: Array.from({ length: INPUT_LIMITS.maxArrayLength + 1 }, () => 1) },
    ],
  ];

  it.each(nasty)('refuses %s with 400 for every action', async (_name, data) => {
    for (const { service, resource, action } of actions) {
      for (const headers of [signedIn, {}]) {
        const response = await call(harness, service, resource, action, data, headers);
        expectRefused(response);
      }
    }
  });

  it('refuses a loginDevice nested 5,000 deep (sign-in and every other action) with 400', async () => {
    const login = JSON.stringify(
      envelope('user', 'auth', 'login', { username: email, password: 'Safari-2026!', loginDevice: 'DEEP' }),
    ).replace('"DEEP"', nestedJson(5000));
    expectRefused(await postRaw(harness, login));
    for (const { service, resource, action } of actions) {
      const body = JSON.stringify(envelope(service, resource, action, { loginDevice: 'DEEP' })).replace(
        '"DEEP"',
        nestedJson(5000),
      );
      expectRefused(await postRaw(harness, body, signedIn));
    }
    // A device description of ordinary shape still signs in.
    const ordinary = await call(harness, 'user', 'auth', 'login', {
      username: email,
      password: 'Safari-2026!',
      loginDevice: { browser: { name: 'Chrome', version: '131' }, os: { name: 'Android' } },
    });
    expect(ordinary.statusCode).toBe(200);
  });

  it('refuses the inputs that reached PostgreSQL as 500s, naming the field', async () => {
    expectRefused(
      await call(harness, 'user', 'auth', 'login', {
        username: 'wanjiru\u0000@example.co.ke',
        password: 'x',
      }),
      'username',
    );
    expectRefused(
      await call(harness, 'underwriting', 'product', 'productWithBenefitsAndUnderwriterDetails', {
        productSystemRef: 'APA-MP-PLUS\u0000',
      }),
      'productSystemRef',
    );
    expectRefused(
      await call(harness, 'client', 'policy', 'getPolicy', { id: 3_000_000_000 }, signedIn),
      'id',
    );
    expectRefused(await call(harness, 'client', 'policy', 'getPolicy', { id: '3000000000' }, signedIn), 'id');
  });

  it('answers a value PostgreSQL refuses with 400, logging neither the value nor other query parameters', async () => {
    expectRefused(await call(harness, 'probe', 'db', 'int4', { value: '3000000000' }));
    const broken = await call(harness, 'probe', 'db', 'broken', { email: 'private.person@example.co.ke' });
    expect(broken.statusCode).toBe(500);
    expect(harness.log()).toContain('Failed query: select * from no_such_table');
    expect(harness.log()).not.toContain('private.person@example.co.ke');
  });

  it('does not log the personal data of a refused request', async () => {
    const secretEmail = uniqueEmail('private.wanjiru');
    await call(harness, 'user', 'registration', 'createUser', {
      email: secretEmail,
      names: { firstName: 'Wanjiru\u0000', lastName: 'Kamau\ud800' },
    });
    await call(harness, 'user', 'auth', 'login', {
      username: `${secretEmail}\u0000`,
      password: 'Pass\u0000word-1',
    });
    expect(harness.log()).not.toContain(secretEmail);
    expect(harness.log()).not.toContain('Pass');
  });

  it('answers a malformed URL in the standard error shape', async () => {
    for (const url of ['/%E0%A4%A', '/v2/api/documents/%E0%A4%A', '/dev/%ZZ']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: false,
        err_code: 'INVALID_INPUT',
        err_msg: expect.any(String),
        errors: [],
      });
    }
  });

  it('never answers 5xx to any JSON body sent to any action (property)', async () => {
    const fieldNames = [
      'id',
      'policyId',
      'policyNumber',
      'productSystemRef',
      'username',
      'password',
      'loginDevice',
      'email',
      'registrationId',
      'registrationCode',
      'invoiceSystemRef',
      'systemQuotationRef',
      'paymentSystemRef',
      'riskValue',
      'insuranceClass',
      'coverType',
      'page',
      'pageSize',
      'risks',
      'names',
    ];
    const nastyString = fc.oneof(
      fc.string(),
      fc.string().map((text) => `${text}\u0000`),
      fc.constantFrom(
        '\ud800',
        'a\udc00b',
        '\udbff\u0000',
        '𝄞',
        '٠١٢',
        'x'.repeat(INPUT_LIMITS.maxStringLength + 1),
      ),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
    );
    const nastyNumber = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(1e30, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -0, 0.5),
    );
    const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
    const nastyValue = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 5 }),
    })).value;
    // Good inputs of real actions with one field swapped for a hostile value.
    const goodInputs: Array<[string, string, string, Record<string, unknown>]> = [
      ['user', 'auth', 'login', { username: email, password: 'Safari-2026!', loginDevice: {} }],
      [
        'underwriting',
        'product',
        'productWithBenefitsAndUnderwriterDetails',
        { productSystemRef: 'APA-MP-PLUS' },
      ],
      [
        'underwriting',
        'product',
        'fetchInsuranceClassReccomendations',
        { insuranceClass: '07', riskValue: 150_000_000 },
      ],
      ['client', 'policy', 'getPolicy', { id: 1 }],
      ['client', 'policy', 'getPolicy', { policyNumber: 'POL-1' }],
      ['user', 'auth', 'forgotPasswordRequest', { username: email }],
    ];
    const mutated = fc
      .tuple(fc.constantFrom(...goodInputs), fc.nat(), nastyValue)
      .map(([[service, resource, action, input], pick, hostile]) => {
        const keys = Object.keys(input);
        return {
          target: { service, resource, action },
          value: { ...input, [keys[pick % keys.length]!]: hostile },
        };
      });
    const data = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 6 }),
      fc.integer({ min: INPUT_LIMITS.maxDepth - 2, max: 3000 }).map((depth) => ({ deep: depth })),
    );
    const request = fc.oneof(fc.record({ target: fc.constantFrom(...actions), value: data }), mutated);

    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async ({ target, value }, withToken) => {
        const body = JSON.stringify(envelope(target.service, target.resource, target.action, 'DATA'));
        const dataJson =
          typeof value === 'object' && value !== null && 'deep' in value && typeof value.deep === 'number'
            ? nestedJson(value.deep)
            : JSON.stringify(value);
        const response = await postRaw(
          harness,
          body.replace('"DATA"', dataJson ?? 'null'),
          withToken ? signedIn : {},
        );
        expect(response.statusCode, `${target.action} ${dataJson?.slice(0, 200)}`).toBeLessThan(500);
        const reply = response.json();
        expect(typeof reply.status).toBe('boolean');
        if (reply.status === false) {
          expect(typeof reply.err_msg).toBe('string');
          expect(Array.isArray(reply.errors)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
