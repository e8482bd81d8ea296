import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { listOutbox } from './mail/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Outside production only: the local outbox, so a person trying the portal can read their codes.
 * `GET /dev/outbox` (JSON, newest first) and `GET /dev/mailbox` (a page).
 */
export async function devToolsPlugin(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.get('/dev/outbox', async () => listOutbox(options.db));

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await listOutbox(options.db);
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toLocaleString('en-KE'))}</p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Mailbox · Bima Portal</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:1.5rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Mailbox</h1><p>E-mail the portal sent while no SMTP server is configured (development only), newest first.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`);
  });
}
