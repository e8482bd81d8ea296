import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { listSms } from './queue';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:1.5rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:.75rem 1rem;margin:.75rem 0}h2{font-size:1rem;margin:0}
.meta{color:#475569;font-size:.85rem;margin:.25rem 0}pre{white-space:pre-wrap;font-family:inherit;margin:.5rem 0 0}
.failed{color:#b91c1c}.ok{color:#15803d}`;

/**
 * `/dev/sms` (development only, with the other dev tools): every text queued, newest first, with its
 * sending and delivery state — JSON for tests and journeys (`?to=+2547…` for one phone), a page for a
 * browser. `POST /dev/sms/stop {phone}`: the simulated phone replies STOP (the opt-out callback).
 */
export function registerDevSms(app: FastifyInstance, options: { db: Database; services: Services }): void {
  app.get('/dev/sms', async (request, reply) => {
    const query = request.query as { to?: unknown; limit?: unknown };
    const to = typeof query.to === 'string' && query.to !== '' ? query.to : undefined;
    const limit = Math.min(500, Math.max(1, Number(query.limit) || 100));
    const texts = await listSms(options.db, { to, limit });
    if (!(request.headers.accept ?? '').includes('text/html')) return texts;
    const items = texts
      .map((sms) => {
        const delivery = sms.deliveryStatus
          ? `delivery ${escapeHtml(sms.deliveryStatus)}${sms.deliveryFailureReason ? ` (${escapeHtml(sms.deliveryFailureReason)})` : ''}`
          : 'no delivery report yet';
        const failing =
          sms.status === 'failed' || (sms.deliveryFailureReason !== null && sms.deliveryFailureReason !== '');
        return `<article><h2>To ${escapeHtml(sms.to)}</h2>
<p class="meta">${escapeHtml(sms.kind)} · ${escapeHtml(new Date(sms.createdAt).toLocaleString('en-KE'))}${sms.retryOf ? ` · retry of #${sms.retryOf}` : ''}</p>
<p class="meta ${failing ? 'failed' : sms.deliveryStatus === 'Success' ? 'ok' : ''}">${escapeHtml(sms.status)} · ${delivery}${sms.lastError ? ` · ${escapeHtml(sms.lastError)}` : ''}</p>
<pre>${escapeHtml(sms.text)}</pre></article>`;
      })
      .join('\n');
    const transport = options.services.sms.transport;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Text messages · Bima Portal</title>
<style>${STYLE}</style></head><body><h1>Text messages</h1>
<p>Every text the portal queued (development only), newest first, sent through ${transport === 'simulator' ? 'the local Africa’s Talking simulator' : escapeHtml(transport)}. Phones ending 31 are refused, 32 fail delivery (retried once), 33 find the provider down.</p>
${items || '<p>No text messages yet.</p>'}</body></html>`);
  });

  app.post('/dev/sms/stop', async (request, reply) => {
    const simulator = options.services.africasTalking.simulator;
    const phone = (request.body as { phone?: unknown } | null)?.phone;
    if (!simulator)
      return reply.status(404).send({ status: false, err_msg: 'Africa’s Talking is not simulated.' });
    if (typeof phone !== 'string') return reply.status(400).send({ status: false, err_msg: 'Send {phone}.' });
    await simulator.optOut(phone);
    return { status: true };
  });
}
