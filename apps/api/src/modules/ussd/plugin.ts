import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { africasTalkingCaller } from '../../africastalking/callback-guard';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { handleUssdRequest, type UssdRequest } from './engine';
import { USSD_SCREEN } from './messages';

/** The longest `text` (all answers of a session) and ids we read; Africa's Talking's are far shorter. */
const FIELD_MAX = 1000;

/**
 * Africa's Talking's USSD callback: `POST /v2/api/ussd` (and `/v2/api/ussd/<secret>`, the URL to
 * register with Africa's Talking), form fields sessionId, serviceCode, phoneNumber, networkCode and
 * text; answered `text/plain` `CON …` or `END …`. Only Africa's Talking's requests are taken
 * (africasTalkingCaller: its addresses and/or the secret; loopback outside production).
 */
export async function ussdPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { db, services, config } = options;

  // Africa's Talking posts an HTML form; read here only (the plugin's own scope).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply, secret: string | undefined) => {
    if (!africasTalkingCaller(request, services.africasTalking, secret)) {
      request.log.warn({ from: request.ip }, 'USSD request not from Africa’s Talking: refused');
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const ussd = readRequest(request.body);
    reply.type('text/plain; charset=utf-8');
    if (!ussd) {
      return reply
        .status(400)
        .send('END The request could not be read (sessionId, serviceCode, phoneNumber, text).');
    }
    try {
      const answer = await handleUssdRequest({ db, services, config, log: request.log }, ussd);
      return reply.send(`${answer.type === 'con' ? 'CON' : 'END'} ${answer.screen}`);
    } catch (error) {
      // Never a 500 to the network: the caller sees a closing screen, the log has the fault.
      request.log.error({ err: error, sessionId: ussd.sessionId }, 'USSD step failed');
      return reply.send(`END ${USSD_SCREEN.unavailable.en}\n${USSD_SCREEN.unavailable.sw}`);
    }
  };

  app.post('/v2/api/ussd', (request, reply) => handle(request, reply, undefined));
  app.post('/v2/api/ussd/:secret', (request, reply) =>
    handle(request, reply, (request.params as { secret: string }).secret),
  );
}

function readRequest(body: unknown): UssdRequest | null {
  if (!body || typeof body !== 'object') return null;
  const field = (name: string) => {
    const value = (body as Record<string, unknown>)[name];
    return typeof value === 'string' && value.length <= FIELD_MAX ? value : undefined;
  };
  const sessionId = field('sessionId');
  const phoneNumber = field('phoneNumber');
  const serviceCode = field('serviceCode');
  const text = field('text') ?? '';
  if (!sessionId || !phoneNumber || !serviceCode) return null;
  return { sessionId, phoneNumber, serviceCode, networkCode: field('networkCode') ?? null, text };
}
