import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { parseStkCallback } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { type PaymentContext, reconcilePendingPayments, repairIssuance, settlePayment } from './service';

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The M-Pesa callback endpoint, the reconciler of pending payments, the start-up repair of
 * issuance and, outside production, the simulator's phone page at /dev/mpesa.
 */
export async function paymentPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { db, services, config } = options;
  const context: PaymentContext = { db, services, log: app.log };

  app.post('/v2/api/mpesa/callback/:secret', async (request, reply) => {
    const { secret } = request.params as { secret: string };
    if (!sameSecret(secret, services.mpesa.callbackSecret)) {
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const callback = parseStkCallback(request.body);
    if (!callback)
      return reply.status(400).send({ ResultCode: 1, ResultDesc: 'Rejected: not an STK callback' });
    // Answer Safaricom at once; the settlement is idempotent and runs right after.
    setImmediate(() => {
      settlePayment(context, callback)
        .then((result) =>
          request.log.info({ checkoutRequestId: callback.checkoutRequestId, result }, 'M-Pesa callback'),
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'M-Pesa callback failed'));
    });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = reconcilePendingPayments(context).catch((error: unknown) =>
      app.log.error({ err: error }, 'reconciler failed'),
    );
  };
  app.addHook('onReady', async () => {
    await repairIssuance(context).catch((error: unknown) =>
      app.log.error({ err: error }, 'issuance repair failed'),
    );
    tick();
    timer = setInterval(tick, config.RECONCILE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });

  if (config.NODE_ENV === 'production' || !services.mpesa.simulator) return;
  const simulator = services.mpesa.simulator;
  // The phone page's buttons are plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get('/dev/mpesa', async (_request, reply) => {
    const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const items = simulator
      .prompts()
      .map(
        (
          prompt,
        ) => `<article><h2>Pay KES ${prompt.amount.toLocaleString('en-KE')} to ${escapeHtml(prompt.accountReference)}?</h2>
<p class="meta">Phone ${escapeHtml(prompt.phone)} · ${escapeHtml(new Date(prompt.createdAt).toLocaleTimeString('en-KE'))} · outcome ${escapeHtml(prompt.outcome)}</p>
${
  prompt.state === 'waiting'
    ? `<form method="post" action="/dev/mpesa/${encodeURIComponent(prompt.checkoutRequestId)}/accept"><button>Accept (enter PIN)</button></form>
<form method="post" action="/dev/mpesa/${encodeURIComponent(prompt.checkoutRequestId)}/cancel"><button class="cancel">Cancel</button></form>`
    : `<p>Answered: ${escapeHtml(prompt.result?.desc ?? '')}${prompt.result?.receipt ? ` · receipt ${escapeHtml(prompt.result.receipt)}` : ''}</p>`
}</article>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>M-Pesa simulator · Bima Portal</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1.5rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#475569;font-size:.85rem}form{display:inline}button{margin:.25rem .5rem 0 0;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#15803d;color:#fff;font-weight:600}
button.cancel{background:#b91c1c}</style></head>
<body><h1>M-Pesa simulator</h1><p>Payment prompts sent to phones (development only), newest first. Accept or cancel one as the customer would on the phone; unanswered prompts follow the outcome set by the phone's last two digits after ${config.MPESA_SIMULATOR_DELAY_MS / 1000} s.</p>
${items || '<p>No payment prompts yet.</p>'}</body></html>`);
  });

  app.post('/dev/mpesa/:checkoutRequestId/:decision', async (request, reply) => {
    const { checkoutRequestId, decision } = request.params as { checkoutRequestId: string; decision: string };
    if (decision !== 'accept' && decision !== 'cancel') return reply.status(404).send({ status: false });
    simulator.answer(checkoutRequestId, decision === 'accept');
    return reply.redirect('/dev/mpesa', 303);
  });
}
