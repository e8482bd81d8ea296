import { GATEWAY_ERROR_CODES } from '@bima/domain/gateway-contract';
import { z } from 'zod';
import type { ActionDefinition, ActionRegistry } from './registry';

type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON Schema (2020-12, OpenAPI 3.1's dialect) of its input or output side. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return { description: 'not representable as JSON Schema' };
  }
}

/** The path of one action's own operation: `POST /v2/api/v1/{service}/{resource}/{action}`. */
export function actionPath(definition: Pick<ActionDefinition, 'service' | 'resource' | 'action'>): string {
  return `/v2/api/v1/${definition.service}/${definition.resource}/${definition.action}`;
}

const failure = {
  type: 'object',
  required: ['status', 'err_code', 'err_msg', 'errors'],
  properties: {
    status: { const: false },
    err_code: { type: ['string', 'integer'], examples: Object.values(GATEWAY_ERROR_CODES) },
    err_msg: { type: 'string', description: "The refusal in the caller's language (Accept-Language)" },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const refusals: Record<string, string> = {
  '400': 'The input breaks the schema (each field named in errors)',
  '403': 'Not signed in, the session ended, or the role may not call this action',
  '404': 'No such action, or no such record for this caller',
  '409': 'The record is not in a state that allows this',
  '429': 'Too many calls (Retry-After says when to try again)',
  '503': 'Too busy: try again shortly (Retry-After)',
};

function operation(definition: ActionDefinition) {
  const roles = definition.auth === 'staff' ? [...definition.roles] : [];
  const output = definition.output ? jsonSchemaOf(definition.output, 'output') : {};
  return {
    operationId: `${definition.service}.${definition.resource}.${definition.action}`,
    tags: [definition.service],
    summary: `${definition.service} / ${definition.resource} / ${definition.action}`,
    description: definition.description,
    'x-auth': definition.auth,
    ...(roles.length > 0 ? { 'x-roles': roles } : {}),
    // Public actions take a session when there is one (a signed-in caller's own prices, drafts).
    security: definition.auth === 'public' ? [{}, { accessToken: [] }] : [{ accessToken: [] }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(definition.input, 'input') } },
    },
    responses: {
      '200': {
        description: 'The answer',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status', 'result'],
              properties: {
                status: { const: true },
                result: { type: 'object', required: ['data'], properties: { data: output } },
              },
            },
          },
        },
      },
      ...Object.fromEntries(
        Object.entries(refusals).map(([status, description]) => [
          status,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
          },
        ]),
      ),
    },
  };
}

/**
 * The registry as an OpenAPI 3.1 document (`GET /v2/api/openapi.json`): each action an operation
 * with its input and output schemas (JSON Schema 2020-12, from the same zod schemas the gateway
 * checks), its auth level (`x-auth`) and, for staff actions, the roles allowed (`x-roles`).
 */
export function openApiDocument(registry: ActionRegistry) {
  const paths: Record<string, { post: ReturnType<typeof operation> }> = {};
  for (const definition of registry.list()) paths[actionPath(definition)] = { post: operation(definition) };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Bima Portal API',
      version: 'v1',
      description:
        'Every action is one operation: POST its path with the action\'s input as the JSON body, or POST /v2/api/v1 with the envelope {"service":{"name"},"resource":{"name"},"action":{"name"},"data"} — the same action either way. Money crosses the wire as Kenya shillings in integer cents (format kes-cents: KES 1,234.50 is 123450); instants are ISO 8601 text. Secured actions take the session\'s access token in the accessToken header.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(registry.list().map((definition) => definition.service))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Failure: failure },
      securitySchemes: {
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'accessToken',
          description: 'The access token of user / auth / login (15 minutes; renewed with refreshToken)',
        },
      },
    },
  };
}
