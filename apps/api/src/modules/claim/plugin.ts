import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { parseB2cResult } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { handleB2cResult } from './service';

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Daraja B2C's answers about claim payouts: `POST /v2/api/mpesa/b2c/result/<secret>` (ResultURL) and
 * `/v2/api/mpesa/b2c/timeout/<secret>` (QueueTimeOutURL), the same secret as the STK callback.
 * Answered at once; the result is applied idempotently right after.
 */
export async function claimPayoutPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  const { db, services } = options;
  app.post('/v2/api/mpesa/b2c/:kind/:secret', async (request, reply) => {
    const { kind, secret } = request.params as { kind: string; secret: string };
    if ((kind !== 'result' && kind !== 'timeout') || !sameSecret(secret, services.mpesa.callbackSecret)) {
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const result = parseB2cResult(request.body);
    if (!result) return reply.status(400).send({ ResultCode: 1, ResultDesc: 'Rejected: not a B2C result' });
    setImmediate(() => {
      handleB2cResult(db, request.log, result, kind)
        .then((outcome) => {
          const detail = {
            originatorConversationId: result.originatorConversationId,
            resultCode: result.resultCode,
            outcome,
          };
          if (outcome === 'unknown') request.log.error(detail, 'B2C result for an unknown payout');
          else request.log.info(detail, 'B2C result');
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'B2C result failed'));
    });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
}
