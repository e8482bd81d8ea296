import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  parseStkCallback,
  parseTransactionStatusResult,
  payoutStatusOutcome,
} from '../../mpesa/daraja-client';
import { openDebit, parseRatibaCallback, RATIBA_CALLBACK_ANSWER, sealDebit } from '../../mpesa/ratiba';
import type { Services } from '../../services';
import { issueMissingCertificates } from '../certificate/service';
import { backfillLedger } from '../ledger/backfill';
import { standingOrderHandlerOf } from './payables';
import { handleStkCallback, type PaymentContext, reconcilePendingPayments, repairIssuance } from './service';

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The M-Pesa callback endpoint, the reconciler of pending payments, the start-up ledger backfill and
 * repair of issuance (the simulator's phone page, /dev/mpesa, is with the other dev tools).
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
    services.metrics.mpesaResults.inc({ operation: 'stk_callback', code: callback.resultCode.slice(0, 24) });
    // Answer Safaricom at once; the settlement is idempotent and runs right after.
    // From Safaricom's callback addresses the callback is believed; from anywhere else a success is
    // first confirmed with M-Pesa's STK query (handleStkCallback).
    const trusted = services.mpesa.isTrustedCallbackSource(request.ip);
    setImmediate(() => {
      handleStkCallback(context, callback, { trusted })
        .then((result) => {
          const detail = {
            checkoutRequestId: callback.checkoutRequestId,
            resultCode: callback.resultCode,
            result,
            trusted,
            from: request.ip,
          };
          // A success for a CheckoutRequestID we never created may still be someone's money: say so loudly.
          if (result === 'unknown' && callback.resultCode === '0')
            request.log.error(
              { ...detail, receipt: callback.receiptNumber },
              'M-Pesa success callback for an unknown payment',
            );
          else request.log.info(detail, 'M-Pesa callback');
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'M-Pesa callback failed'));
    });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });

  // M-Pesa Ratiba (standing orders): the approval, decline or cancellation of a standing order and
  // each debit's result. Answered at once whatever the body (Daraja retries anything else); a body
  // we cannot read is logged and dropped. From outside Safaricom's callback addresses a successful
  // debit pays nothing until M-Pesa's Transaction Status confirms it (the answer comes to
  // /ratiba/status, the debit sealed in its URL); everything else is passed on as it came.
  const handleRatiba = (event: NonNullable<ReturnType<typeof parseRatibaCallback>>, log = app.log) =>
    standingOrderHandlerOf()(context, event)
      .then(() =>
        log.info(
          { kind: event.kind, responseRefId: event.responseRefId, transactionId: event.transactionId },
          'M-Pesa Ratiba event',
        ),
      )
      .catch((error: unknown) => log.error({ err: error }, 'M-Pesa Ratiba event failed'));

  app.post('/v2/api/mpesa/ratiba/:secret', async (request, reply) => {
    const { secret } = request.params as { secret: string };
    if (!sameSecret(secret, services.mpesa.callbackSecret)) {
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const event = parseRatibaCallback(request.body);
    if (!event) {
      request.log.warn({ from: request.ip }, 'M-Pesa Ratiba callback we cannot read: dropped');
      return RATIBA_CALLBACK_ANSWER;
    }
    services.metrics.mpesaResults.inc({ operation: 'ratiba_callback', code: event.resultCode.slice(0, 24) });
    const trusted = services.mpesa.isTrustedCallbackSource(request.ip);
    setImmediate(() => {
      if (event.kind !== 'debit' || !event.ok || trusted) return void handleRatiba(event, request.log);
      const initiator = services.mpesa.b2c;
      if (!initiator) {
        request.log.error(
          { transactionId: event.transactionId, from: request.ip },
          'M-Pesa Ratiba debit from outside Safaricom cannot be confirmed (no Transaction Status initiator): dropped',
        );
        return;
      }
      const seal = new URLSearchParams(sealDebit(event, services.tokenSecret)).toString();
      services.mpesa.client
        .transactionStatus({
          initiatorName: initiator.initiatorName,
          securityCredential: initiator.securityCredential,
          shortcode: services.mpesa.ratiba.shortcode,
          transactionId: event.transactionId,
          resultUrl: `${services.mpesa.ratiba.statusResultUrl()}?${seal}`,
          queueTimeoutUrl: services.mpesa.ratiba.statusTimeoutUrl(),
          remarks: 'Standing order debit',
          occasion: (event.reference ?? event.responseRefId).slice(0, 100),
        })
        .then(() =>
          request.log.info(
            { transactionId: event.transactionId, from: request.ip },
            'M-Pesa Ratiba debit from outside Safaricom: asked Transaction Status',
          ),
        )
        .catch((error: unknown) =>
          request.log.error(
            { err: error, transactionId: event.transactionId },
            'M-Pesa Ratiba debit could not be confirmed with Transaction Status',
          ),
        );
    });
    return RATIBA_CALLBACK_ANSWER;
  });

  /** Transaction Status about a debit: only a Completed answer naming its receipt and amount pays it. */
  app.post('/v2/api/mpesa/ratiba/:kind/:secret', async (request, reply) => {
    const { kind, secret } = request.params as { kind: string; secret: string };
    if (!['status', 'status-timeout'].includes(kind) || !sameSecret(secret, services.mpesa.callbackSecret)) {
      return reply
        .status(404)
        .send({ status: false, err_code: 'NOT_FOUND', err_msg: 'Not found.', errors: [] });
    }
    const answer = parseTransactionStatusResult(request.body);
    const event = kind === 'status' ? openDebit(request.query, services.tokenSecret) : null;
    const confirmed =
      answer !== null &&
      event !== null &&
      payoutStatusOutcome(answer) === 'paid' &&
      answer.receiptNo === event.transactionId &&
      answer.amount !== null &&
      Math.round(answer.amount * 100) === event.amount;
    if (confirmed) setImmediate(() => void handleRatiba(event, request.log));
    else
      request.log.warn(
        {
          kind,
          transactionId: event?.transactionId ?? null,
          transactionStatus: answer?.transactionStatus ?? null,
          receipt: answer?.receiptNo ?? null,
          from: request.ip,
        },
        'M-Pesa Ratiba debit not confirmed by Transaction Status: nothing paid',
      );
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });

  // Reconciliation waits for the start-up work below, whichever order the hooks run in.
  let startedUp: () => void = () => undefined;
  const startup = new Promise<void>((resolve) => {
    startedUp = resolve;
  });
  services.jobs.every({
    name: 'payment-reconcile',
    intervalMs: config.RECONCILE_INTERVAL_MS,
    run: async () => {
      await startup;
      await reconcilePendingPayments(context);
    },
  });
  app.addHook('onReady', async () => {
    // Money that moved before the ledger existed is posted first (idempotent), then issuance repaired.
    await backfillLedger(db, app.log).catch((error: unknown) =>
      app.log.error({ err: error }, 'ledger backfill failed'),
    );
    await repairIssuance(context).catch((error: unknown) =>
      app.log.error({ err: error }, 'issuance repair failed'),
    );
    // Motor policies issued before certificates existed get theirs (idempotent).
    await issueMissingCertificates(db)
      .then((issued) => issued > 0 && app.log.info({ issued }, 'motor certificates backfilled'))
      .catch((error: unknown) => app.log.error({ err: error }, 'certificate backfill failed'));
    startedUp();
  });
}
