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
