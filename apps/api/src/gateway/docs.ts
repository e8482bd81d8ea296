import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionRegistry } from './registry';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function describeInput(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { description: 'not representable as JSON schema' };
  }
}

/** `GET /v2/api/docs` (HTML) and `/v2/api/docs.json`, generated from the registry so they cannot drift. */
export async function docsPlugin(app: FastifyInstance, options: { registry: ActionRegistry }): Promise<void> {
  const entries = () =>
    options.registry.list().map((definition) => ({
      service: definition.service,
      resource: definition.resource,
      action: definition.action,
      version: definition.version ?? 'v1',
      auth: definition.auth,
      roles: definition.auth === 'staff' ? [...definition.roles] : [],
      description: definition.description,
      input: describeInput(definition.input),
    }));

  app.get('/v2/api/docs.json', async () => ({ status: true, result: { data: entries() } }));

  app.get('/v2/api/docs', async (_request, reply) => {
    const rows = entries()
      .map(
        (entry) => `<section>
  <h2><code>${escapeHtml(`${entry.service} / ${entry.resource} / ${entry.action}`)}</code> <span class="auth ${entry.auth}">${escapeHtml(entry.roles.length > 0 ? `${entry.auth}: ${entry.roles.join(', ')}` : entry.auth)}</span></h2>
  <p>${escapeHtml(entry.description)}</p>
  <pre>${escapeHtml(JSON.stringify(entry.input, null, 2))}</pre>
</section>`,
      )
      .join('\n');
    // Returned: an async handler that sends without returning the reply races it (blank page once compressed).
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bima Portal API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
pre{background:#f3f4f6;padding:.75rem;overflow:auto}.auth{font-size:.8rem;padding:.1rem .5rem;border-radius:1rem;background:#e5e7eb}
.auth.public{background:#dcfce7}.auth.client{background:#dbeafe}.auth.staff{background:#fee2e2}.auth.signedIn{background:#e0e7ff}</style></head>
<body><h1>Bima Portal API</h1>
<p>Every action is called with <code>POST /v2/api/v1</code> and the body
<code>{"service":{"name","version":"v1"},"resource":{…},"action":{…},"data":{…}}</code>.
Secured actions (signedIn, client, staff) need the <code>accessToken</code> header; staff actions name the roles allowed.</p>
${rows}
</body></html>`);
  });
}
