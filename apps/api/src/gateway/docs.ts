import type { FastifyInstance } from 'fastify';
import { jsonSchemaOf, openApiDocument } from './openapi';
import type { ActionRegistry } from './registry';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type OpenApi = ReturnType<typeof openApiDocument>;
type Operation = OpenApi['paths'][string]['post'];

function section(path: string, operation: Operation): string {
  const who = operation['x-roles'] ? `staff: ${operation['x-roles'].join(', ')}` : operation['x-auth'];
  const input = operation.requestBody.content['application/json'].schema;
  const output =
    operation.responses['200'].content['application/json'].schema.properties.result.properties.data;
  return `<section id="${escapeHtml(operation.operationId)}">
  <h2><code>${escapeHtml(operation.summary)}</code> <span class="auth ${escapeHtml(operation['x-auth'])}">${escapeHtml(who)}</span></h2>
  <p><code>POST ${escapeHtml(path)}</code></p>
  <p>${escapeHtml(operation.description)}</p>
  <details><summary>Input</summary><pre>${escapeHtml(JSON.stringify(input, null, 2))}</pre></details>
  <details><summary>Output (<code>result.data</code>)</summary><pre>${escapeHtml(JSON.stringify(output, null, 2))}</pre></details>
</section>`;
}

/**
 * `GET /v2/api/openapi.json` (OpenAPI 3.1), the docs page rendered from it (`/v2/api/docs`) and the
 * short list of actions (`/v2/api/docs.json`): all generated from the registry, so none can drift.
 */
export async function docsPlugin(app: FastifyInstance, options: { registry: ActionRegistry }): Promise<void> {
  let document: OpenApi | undefined;
  const openApi = () => {
    document ??= openApiDocument(options.registry);
    return document;
  };

  app.get('/v2/api/openapi.json', async () => openApi());

  app.get('/v2/api/docs.json', async () => ({
    status: true,
    result: {
      data: options.registry.list().map((definition) => ({
        service: definition.service,
        resource: definition.resource,
        action: definition.action,
        version: definition.version ?? 'v1',
        auth: definition.auth,
        roles: definition.auth === 'staff' ? [...definition.roles] : [],
        description: definition.description,
        input: jsonSchemaOf(definition.input, 'input'),
      })),
    },
  }));

  app.get('/v2/api/docs', async (_request, reply) => {
    const spec = openApi();
    const rows = Object.entries(spec.paths)
      .map(([path, item]) => section(path, item.post))
      .join('\n');
    // Returned: an async handler that sends without returning the reply races it (blank page once compressed).
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
pre{background:#f3f4f6;padding:.75rem;overflow:auto}.auth{font-size:.8rem;padding:.1rem .5rem;border-radius:1rem;background:#e5e7eb}
.auth.public{background:#dcfce7}.auth.client{background:#dbeafe}.auth.staff{background:#fee2e2}.auth.signedIn{background:#e0e7ff}</style></head>
<body><h1>${escapeHtml(spec.info.title)}</h1>
<p>${escapeHtml(spec.info.description)}</p>
<p>The whole contract as OpenAPI 3.1: <a href="/v2/api/openapi.json"><code>/v2/api/openapi.json</code></a>.</p>
${rows}
</body></html>`);
  });
}
