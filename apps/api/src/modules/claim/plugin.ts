import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { parseB2cResult, parseTransactionStatusResult } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import {
  handleB2cCallback,
  handlePayoutStatusResult,
  type PayoutReconcileContext,
  reconcilePendingPayouts,
} from './service';

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

const KINDS = ['result', 'timeout', 'status', 'status-timeout'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Daraja's answers about claim payouts, all under the STK callback's secret:
 * `POST /v2/api/mpesa/b2c/result/<secret>` (B2C ResultURL), `/b2c/timeout/<secret>` (its
 * QueueTimeOutURL), `/b2c/status/<secret>` (the Transaction Status query's ResultURL) and
 * `/b2c/status-timeout/<secret>` (its QueueTimeOutURL). Answered at once; each answer is applied
 * idempotently right after — a B2C result from outside Safaricom's callback addresses only once
 * M-Pesa's Transaction Status confirms it (handleB2cCallback). Also the payout reconciler: on start and every PAYOUT_RECONCILE_INTERVAL_MS.
 */
export async function claimPayoutPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { db, services, config } = options;
  const reconcileContext: PayoutReconcileContext = {
    db,
    services,
    log: app.log,
    queryAfterMs: config.PAYOUT_QUERY_AFTER_MS,
    unresolvedAfterMs: config.PAYOUT_UNRESOLVED_AFTER_MS,
  };
  app.post('/v2/api/mpesa/b2c/:kind/:secret', async (request, reply) => {
    const { kind, secret } = request.params as { kind: string; secret: string };
    if (!KINDS.includes(kind as Kind) || !sameSecret(secret, services.mpesa.callbackSecret)) {
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const context = { ...reconcileContext, log: request.log };
    // From Safaricom's callback addresses an answer is believed; from anywhere else a B2C result is
    // confirmed with M-Pesa's Transaction Status first, and only answers to our own queries count.
    const trusted = services.mpesa.isTrustedCallbackSource(request.ip);
    if (kind === 'status' || kind === 'status-timeout') {
      const answer = parseTransactionStatusResult(request.body);
      if (!answer)
        return reply
          .status(400)
          .send({ ResultCode: 1, ResultDesc: 'Rejected: not a transaction status result' });
      setImmediate(() => {
        handlePayoutStatusResult(context, answer, kind === 'status' ? 'result' : 'timeout', { trusted })
          .then((outcome) => {
            const detail = {
              conversationId: answer.conversationId,
              resultCode: answer.resultCode,
              transactionStatus: answer.transactionStatus,
              outcome,
              trusted,
              from: request.ip,
            };
            if (outcome === 'unknown' && answer.transactionStatus === 'Completed')
              request.log.error(
                { ...detail, receipt: answer.receiptNo },
                'Transaction Status says paid for a payout we cannot find',
              );
            else request.log.info(detail, 'Transaction Status result');
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'Transaction Status result failed'));
      });
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    }
    const result = parseB2cResult(request.body);
    if (!result) return reply.status(400).send({ ResultCode: 1, ResultDesc: 'Rejected: not a B2C result' });
    setImmediate(() => {
      handleB2cCallback(context, result, kind as 'result' | 'timeout', { trusted })
        .then((outcome) => {
          const detail = {
            originatorConversationId: result.originatorConversationId,
            resultCode: result.resultCode,
            outcome,
            trusted,
            from: request.ip,
          };
          if (outcome === 'unknown') request.log.error(detail, 'B2C result for an unknown payout');
          else request.log.info(detail, 'B2C result');
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'B2C result failed'));
    });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });

  // The payout reconciler, as the STK one: a job once per cluster per interval.
  services.jobs.every({
    name: 'payout-reconcile',
    intervalMs: config.PAYOUT_RECONCILE_INTERVAL_MS,
    run: () => reconcilePendingPayouts(reconcileContext),
  });
}
