import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ActionDefinition, defineAction } from '../src/gateway/registry';
import { allActions } from '../src/modules';
import { buildTestApp, envelope } from './helpers';

/** Probe actions whose declared output their handlers keep or break. */
const outputOf = (definition: ActionDefinition, output: z.ZodType): ActionDefinition => ({
  ...definition,
  output,
});
const answer = z.object({ policyNumber: z.string(), premium: z.int(), issuedAt: z.string() });
const probes = [
  outputOf(
    defineAction({
      service: 'probe',
      resource: 'contract',
      action: 'keeps',
      auth: 'public',
      description: 'answers what its contract says',
      input: z.object({}),
      handler: async () => ({ policyNumber: 'BIMA/1', premium: 123450, issuedAt: new Date(0) }),
    }),
    answer,
  ),
  outputOf(
    defineAction({
      service: 'probe',
      resource: 'contract',
      action: 'leaks',
      auth: 'public',
      description: 'answers a field its contract does not declare',
      input: z.object({}),
      handler: async () => ({
        policyNumber: 'BIMA/1',
        premium: 123450,
        issuedAt: '1970',
        owner: { idNumber: '1' },
      }),
    }),
    answer,
  ),
  outputOf(
    defineAction({
      service: 'probe',
      resource: 'contract',
      action: 'shillings',
      auth: 'public',
      description: 'answers shillings where its contract says integer cents',
      input: z.object({}),
      handler: async () => ({ policyNumber: 'BIMA/1', premium: 1234.5, issuedAt: '1970' }),
    }),
    answer,
  ),
];

describe('the contract: answers checked, one OpenAPI 3.1 document', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, extraActions: probes });
  });
  afterAll(() => ctx.app.close());

  const call = (action: string) =>
    ctx.app.inject({ method: 'POST', url: '/v2/api/v1', payload: envelope('probe', 'contract', action) });

  it('passes an answer its contract allows, a Date as its ISO text', async () => {
    const reply = await call('keeps');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result.data).toEqual({
      policyNumber: 'BIMA/1',
      premium: 123450,
      issuedAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('refuses, in tests, an answer with a field the contract does not declare, naming it', async () => {
    const reply = await call('leaks');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({ err_code: 'ANSWER_CONTRACT' });
    expect(reply.json().err_msg).toContain('probe/contract/leaks');
    expect(reply.json().err_msg).toContain('owner');
  });

  it('refuses an amount in another unit than the contract says (shillings for cents)', async () => {
    const reply = await call('shillings');
    expect(reply.statusCode).toBe(500);
    expect(reply.json().err_msg).toContain('premium');
  });

  it('answers each action at its own path too, the body being its input', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1/platform/support/getSupportContacts',
      payload: {},
    });
    expect(reply.statusCode).toBe(200);
    expect(Object.keys(reply.json().result.data).sort()).toEqual(['address', 'email', 'phone']);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1/platform/support/nothing',
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('exports the registry as OpenAPI 3.1 that validates against the OpenAPI 3.1 schema', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/v2/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const document = reply.json();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // Every registered action is an operation, with its auth level, roles, input and output.
    const operations = Object.values(document.paths).map(
      (item) => (item as { post: Record<string, unknown> }).post,
    );
    expect(operations).toHaveLength(allActions.length + probes.length);
    const support = document.paths['/v2/api/v1/platform/support/getSupportContacts'].post;
    expect(support['x-auth']).toBe('public');
    expect(
      support.responses['200'].content['application/json'].schema.properties.result.properties.data,
    ).toMatchObject({ type: 'object', required: ['phone', 'email', 'address'] });
    const staff = operations.find((operation) => operation['x-auth'] === 'staff');
    expect(staff?.['x-roles']).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('sends every amount in one unit: each money field, in and out, is kes-cents in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/v2/api/openapi.json' })).json();
    // A number named like money…
    const money =
      /amount|premium|balance|total|price|limit|excess|sumInsured|value|fee|debit|credit|budget|paid|due|charge|minimum|maximum|cost|discount/i;
    // …unless its name says rate, count or time,
    const notMoney =
      /rate|percent|count|days|period|units|quantity|points|bps|ppm|size|age|year|month|page|version|attempt|sequence|duration|ms$|seconds/i;
    // …or it is one of these, each for the reason given.
    const exceptions: [RegExp, string][] = [
      [
        /\.(totalUnread|unpaidInvoices|loansDue)$|\/staff\/dashboard\/getWork OUT.*\.total$/,
        'a count of records',
      ],
      [/\/chat\/message\/listMessages IN\.limit$/, 'how many messages a page holds'],
      [/basePremiumRate\.oneOf\[\d\]\.value$/, 'a percentage rate, a fraction'],
      [
        /charges(_details)?\.items(\.oneOf\[0\])?\.value$/,
        'a Percentage charge’s fraction (a Fixed one is cents)',
      ],
      [/\/journeyDraft\//, 'a quote link’s state, whole shillings as the shared address carries them'],
      [/\/probe\//, 'this file’s probes'],
    ];
    const found: string[] = [];
    const walk = (node: unknown, path: string, name: string) => {
      if (Array.isArray(node)) {
        for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`, name);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (
        (schema.type === 'number' || schema.type === 'integer') &&
        money.test(name) &&
        !notMoney.test(name)
      ) {
        found.push(`${path} ${schema.format ?? schema.type}`);
      }
      for (const [key, child] of Object.entries(schema)) {
        if (key === 'properties' && child && typeof child === 'object') {
          for (const [property, value] of Object.entries(child)) {
            // A page's `total` (beside its `pageSize`) counts records.
            if (property === 'total' && 'pageSize' in child) continue;
            walk(value, `${path}.${property}`, property);
          }
        } else
          walk(child, key === 'items' || /^(anyOf|oneOf|allOf)$/.test(key) ? `${path}.${key}` : path, name);
      }
    };
    for (const [route, item] of Object.entries(document.paths)) {
      const operation = (item as { post: { requestBody?: unknown; responses: Record<string, unknown> } })
        .post;
      const schemaOf = (body: unknown) =>
        (body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[
          'application/json'
        ]?.schema;
      walk(schemaOf(operation.requestBody), `${route} IN`, '');
      const answer = schemaOf(operation.responses['200']) as
        | { properties?: Record<string, unknown> }
        | undefined;
      walk(
        (answer?.properties?.result as { properties?: { data?: unknown } })?.properties?.data,
        `${route} OUT`,
        '',
      );
    }
    const amounts = found.filter(
      (line) => !exceptions.some(([pattern]) => pattern.test(line.split(' ').slice(0, 2).join(' '))),
    );
    expect(amounts.length).toBeGreaterThan(100);
    expect(amounts.filter((line) => !line.endsWith(' kes-cents'))).toEqual([]);
  });

  it('renders the docs page from the OpenAPI document', async () => {
    const html = await ctx.app.inject({ method: 'GET', url: '/v2/api/docs' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('POST /v2/api/v1/platform/support/getSupportContacts');
    expect(html.body).toContain('/v2/api/openapi.json');
  });
});

describe('every action has a contract', () => {
  it('declares an output schema for every registered action (@bima/domain/contract)', async () => {
    const { findContract } = await import('@bima/domain/contract');
    const missing = allActions
      .map((definition) => `${definition.service}/${definition.resource}/${definition.action}`)
      .filter((key) => !findContract(key));
    expect(missing).toEqual([]);
  });
});
