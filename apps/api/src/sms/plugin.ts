import { parseKenyanPhone } from '@bima/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { africasTalkingCaller } from '../africastalking/callback-guard';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { smsOptOuts } from '../db/schema';
import type { Services } from '../services';
import { recordDeliveryReport } from './queue';

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });

/** E.164 for a phone as Africa's Talking writes it (+2547…), Kenyan or not. */
function e164(phone: string): string | null {
  const kenyan = parseKenyanPhone(phone);
  if (kenyan) return kenyan.e164;
  const compact = phone.replace(/[\s-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/**
 * The SMS worker and Africa's Talking's SMS callbacks:
 * - the worker starts with the app (sends what an earlier run left queued), runs shortly after any
 *   text is queued here and as the `sms-queue` job about every SMS_QUEUE_INTERVAL_MS once per cluster;
 * - `POST /v2/api/sms/delivery/<secret>`: delivery reports (form fields id, status, phoneNumber,
 *   networkCode, failureReason, retryCount), recorded on the text; a failed one is sent again once;
 * - `POST /v2/api/sms/opt-out/<secret>`: STOP replies (senderId, phoneNumber) → sms_opt_outs.
 * Both only from Africa's Talking (`africasTalkingCaller`); anyone else gets 404.
 */
export async function smsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { db, services, config } = options;
  services.jobs.every({
    name: 'sms-queue',
    intervalMs: config.SMS_QUEUE_INTERVAL_MS,
    run: () => services.sms.drain(),
  });
  app.addHook('onReady', async () => {
    services.sms.start();
  });
  app.addHook('onClose', async () => {
    await services.sms.stop();
  });

  // Africa's Talking posts its callbacks as HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const fieldsOf = (body: unknown): Record<string, string> => {
    if (!body || typeof body !== 'object') return {};
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
    return fields;
  };

  app.post('/v2/api/sms/delivery/:secret', async (request, reply) => {
    const { secret } = request.params as { secret: string };
    if (!africasTalkingCaller(request, services.africasTalking, secret)) return notFound(reply);
    const fields = fieldsOf(request.body);
    if (!fields.id || !fields.status)
      return reply.status(400).send({ status: false, err_msg: 'A delivery report has an id and a status.' });
    const result = await recordDeliveryReport(db, {
      id: fields.id,
      status: fields.status,
      phoneNumber: fields.phoneNumber ?? null,
      failureReason: fields.failureReason || null,
    });
    request.log.info({ messageId: fields.id, status: fields.status, result }, 'SMS delivery report');
    return { status: true, result };
  });

  app.post('/v2/api/sms/opt-out/:secret', async (request, reply) => {
    const { secret } = request.params as { secret: string };
    if (!africasTalkingCaller(request, services.africasTalking, secret)) return notFound(reply);
    const fields = fieldsOf(request.body);
    const phone = e164(fields.phoneNumber ?? '');
    if (!phone) return reply.status(400).send({ status: false, err_msg: 'An opt-out names a phoneNumber.' });
    await db
      .insert(smsOptOuts)
      .values({ phone, senderId: fields.senderId || null })
      .onConflictDoUpdate({ target: smsOptOuts.phone, set: { senderId: fields.senderId || null } });
    request.log.info({ senderId: fields.senderId }, 'SMS opt-out (STOP)');
    return { status: true };
  });
}
