import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, claimPayoutQueries, claimSettlements, notifications } from '../src/db/schema';
import {
  type ClaimContext,
  handleB2cResult,
  handlePayoutStatusResult,
  reconcilePendingPayouts,
} from '../src/modules/claim/service';
import { parseB2cResult, type TransactionStatusResult } from '../src/mpesa/daraja-client';
import { accidentClaim, approveThroughDesk, deskHeaders, policyFor } from './claims-helpers';
import { buildTestApp } from './helpers';
import { kenyaToday, waitUntil } from './purchase-helpers';
import { type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** An answer as if it came from one of Safaricom's callback addresses (believed as it comes). */
const SAFARICOM = { trusted: true };

const dataDir = mkdtempSync(join(tmpdir(), 'bima-payouts-test-'));
const DAY_MS = 24 * 3_600_000;

/**
 * Claim payouts whose B2C result never comes: the reconciler asks Daraja's Transaction Status (the
 * simulator answers from what it did with the payout), settles or frees the claim exactly once, and
 * leaves a payout with no definitive answer to the desk.
 */
describe('claim payouts: Transaction Status reconciliation', () => {
  let ctx: Ctx;
  let owner: Headers;
  let desk: Headers;
  let policyNumber: string;
  let context: ClaimContext;

  const claimOf = async (id: number) =>
    (await send(ctx, 'claims/desk/getClaim', { id }, desk)).body.result.data;
  const settlementsOf = (id: number) =>
    ctx.database.db
      .select()
      .from(claimSettlements)
      .where(eq(claimSettlements.claimId, id))
      .orderBy(claimSettlements.id);
  const eventsOf = async (id: number, event: string) =>
    (await claimOf(id)).timeline.filter((step: { event: string }) => step.event === event);
  const simulator = () => ctx.app.services.mpesa.simulator!;
  const payoutOf = (originatorConversationId: string) =>
    simulator()
      .payouts()
      .find((payout) => payout.originatorConversationId === originatorConversationId)!;

  /** An approved claim (KES 175,000 after the excess) with an M-Pesa payout started to `phone`. */
  const settleTo = async (phone: string) => {
    const reported = await send(
      ctx,
      'client/claim/reportClaim',
      accidentClaim(policyNumber, kenyaToday()),
      owner,
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const id = reported.body.result.data.id as number;
    await approveThroughDesk(ctx, desk, id, 200_000_00);
    const started = await send(ctx, 'claims/desk/settleClaim', { id, method: 'mpesa', phone }, desk);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [settlement] = await settlementsOf(id);
    return { id, settlement: settlement! };
  };

  /** A Transaction Status answer as parsed from Daraja's Result, about a payout. */
  const statusAnswer = (
    originatorConversationId: string,
    transactionStatus: string,
    receiptNo: string | null,
  ): TransactionStatusResult => ({
    originatorConversationId: 'replayed-query',
    conversationId: 'AG_replayed_query',
    resultCode: '0',
    resultDesc: 'The service request is processed successfully.',
    transactionStatus,
    receiptNo,
    amount: 175_000,
    transactionOriginatorConversationId: originatorConversationId,
    transactionConversationId: null,
    creditPartyName: null,
    finalisedTime: null,
  });

  const settledNotifications = async (id: number) =>
    (
      await ctx.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.link, `/newportal/claims/${id}`),
            eq(notifications.kind, 'claim_status_changed'),
          ),
        )
    ).filter((row) => row.title.endsWith(' settled'));

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        MPESA_SIMULATOR_DELAY_MS: '40',
        MPESA_SIMULATOR_B2C_DELAY_MS: '40',
        PAYOUT_RECONCILE_INTERVAL_MS: '200',
        PAYOUT_QUERY_AFTER_MS: '400',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    context = { db: ctx.database.db, services: ctx.app.services, log: ctx.app.log };
    owner = await signedInClient(ctx);
    policyNumber = await policyFor(ctx, owner);
    desk = await deskHeaders(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles a payout whose result is lost (05) exactly once, with the receipt Transaction Status gives', async () => {
    const { id, settlement } = await settleTo('254712345605');
    const settled = await waitUntil(
      () => claimOf(id),
      (claim) => claim.status === 'SETTLED',
      20_000,
    );
    expect(settled.status).toBe('SETTLED');
    const payout = payoutOf(settlement.originatorConversationId!);
    expect(payout.state).toBe('paid');
    expect(settled.settlements).toEqual([
      expect.objectContaining({
        status: 'success',
        statusLabel: 'Paid',
        amount: 175_000_00,
        reference: payout.transactionId,
        checks: expect.any(Number),
      }),
    ]);
    expect(settled.settlements[0].checks).toBeGreaterThanOrEqual(1);
    const [event] = await eventsOf(id, 'settled');
    expect(event.note).toBe(
      `KES 175,000 paid to M-Pesa 254712345605, receipt ${payout.transactionId} (confirmed by M-Pesa’s transaction status)`,
    );
    // Daraja was asked by our OriginatorConversationID and answered Completed.
    expect(
      simulator()
        .statusQueries()
        .filter((query) => query.payoutOriginatorConversationId === settlement.originatorConversationId)
        .map((query) => query.answer),
    ).toContain('Completed');
    const queries = await ctx.database.db
      .select()
      .from(claimPayoutQueries)
      .where(eq(claimPayoutQueries.settlementId, settlement.id));
    expect(queries.some((query) => query.transactionStatus === 'Completed' && query.answeredAt)).toBe(true);

    // The status answer again, then the payout's own result arriving late: nothing changes.
    expect(
      await handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Completed', payout.transactionId),
        'result',
        SAFARICOM,
      ),
    ).toBe('duplicate');
    expect(await handleB2cResult(context, parseB2cResult(payout.result)!, 'result')).toBe('duplicate');
    const late = await fetch(ctx.app.services.mpesa.b2c!.resultUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payout.result),
    });
    expect(late.status).toBe(200);
    // A failure answer after the money was confirmed changes nothing either.
    expect(
      await handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Failed', null),
        'result',
        SAFARICOM,
      ),
    ).toBe('duplicate');
    await ctx.app.services.mailer.drain();
    expect(await eventsOf(id, 'settled')).toHaveLength(1);
    expect(await settlementsOf(id)).toEqual([
      expect.objectContaining({ status: 'success', reference: payout.transactionId }),
    ]);
    expect(await settledNotifications(id)).toHaveLength(1);
  }, 40_000);

  it('settles once when the late result and status answers arrive together', async () => {
    const { id, settlement } = await settleTo('254712345605');
    const payout = await waitUntil(
      async () => payoutOf(settlement.originatorConversationId!),
      (entry) => entry.state === 'paid',
      10_000,
    );
    const outcomes = await Promise.all([
      handleB2cResult(context, parseB2cResult(payout.result)!, 'result'),
      handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Completed', payout.transactionId),
        'result',
        SAFARICOM,
      ),
      handleB2cResult(context, parseB2cResult(payout.result)!, 'result'),
      handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Completed', payout.transactionId),
        'result',
        SAFARICOM,
      ),
    ]);
    // The background reconciler may have got there first; either way, once.
    expect(outcomes.filter((outcome) => outcome === 'settled').length).toBeLessThanOrEqual(1);
    expect(
      outcomes.filter((outcome) => outcome !== 'settled').every((outcome) => outcome === 'duplicate'),
    ).toBe(true);
    expect((await claimOf(id)).status).toBe('SETTLED');
    expect(await eventsOf(id, 'settled')).toHaveLength(1);
    expect(await settlementsOf(id)).toEqual([
      expect.objectContaining({ status: 'success', reference: payout.transactionId }),
    ]);
  }, 40_000);

  it('marks a payout failed when Transaction Status says it failed (07); the desk can pay again; late answers change nothing', async () => {
    const { id, settlement } = await settleTo('254712345607');
    const rows = await waitUntil(
      () => settlementsOf(id),
      (list) => list[0]?.status !== 'pending',
      20_000,
    );
    expect(rows[0]).toMatchObject({ status: 'failed', resultCode: 'Failed' });
    const claim = await claimOf(id);
    expect(claim.status).toBe('APPROVED');
    expect(claim.settlements[0]).toMatchObject({
      status: 'failed',
      statusLabel: 'Not paid',
      resultDesc: 'Not paid: M-Pesa’s transaction status is Failed.',
    });
    expect(claim.timeline.at(-1)).toMatchObject({
      event: 'settlement_failed',
      note: 'Payout not made: M-Pesa’s transaction status is Failed; nothing was paid',
    });
    expect(claim.actions.settle).toBe(true);

    // Late: the payout's own failure result, and the status answer again.
    const payout = payoutOf(settlement.originatorConversationId!);
    expect(await handleB2cResult(context, parseB2cResult(payout.result)!, 'result')).toBe('duplicate');
    expect(
      await handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Failed', null),
        'result',
        SAFARICOM,
      ),
    ).toBe('duplicate');
    expect(await eventsOf(id, 'settlement_failed')).toHaveLength(1);

    const again = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const settled = await waitUntil(
      () => claimOf(id),
      (value) => value.status === 'SETTLED',
      10_000,
    );
    expect(settled.settlements.map((entry: { status: string }) => entry.status)).toEqual([
      'failed',
      'success',
    ]);
  }, 40_000);

  it('keeps a payout M-Pesa cannot account for (08) pending and blocking, then unresolved for the desk at the deadline', async () => {
    const { id, settlement } = await settleTo('254712345608');
    // Asked about, M-Pesa finds nothing: still pending, asked again later.
    const row = await waitUntil(
      async () => (await settlementsOf(id))[0]!,
      (value) => value.queryAttempts >= 2 && (value.resultDesc ?? '').includes('could not be found'),
      20_000,
    );
    expect(row).toMatchObject({ status: 'pending' });
    expect(row.nextQueryAt!.getTime()).toBeGreaterThan(row.lastQueriedAt!.getTime());
    const pending = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(pending.status).toBe(409);
    expect(pending.body.err_code).toBe('CLAIM_PAYOUT_PENDING');

    // A day later with no definitive answer: unresolved, still blocking every payout, M-Pesa or garage.
    await reconcilePendingPayouts({
      ...context,
      queryAfterMs: 400,
      unresolvedAfterMs: DAY_MS,
      now: () => new Date(Date.now() + DAY_MS + 60_000),
    });
    const unresolved = await claimOf(id);
    expect(unresolved.status).toBe('APPROVED');
    expect(unresolved.settlements[0]).toMatchObject({
      status: 'unresolved',
      statusLabel: 'Not confirmed by M-Pesa: check the M-Pesa statement before paying again',
      resultDesc:
        'No answer from M-Pesa within 24 hours: it may have been paid. Check the M-Pesa statement and record what it shows before paying again.',
    });
    expect(unresolved.timeline.at(-1)).toMatchObject({
      event: 'settlement_unresolved',
      note: 'M-Pesa has not confirmed the payout of KES 175,000 to M-Pesa 254712345608 within 24 hours. It may have been paid: no new payout until the M-Pesa statement is checked and the result recorded.',
    });
    expect(unresolved.actions).toMatchObject({ settle: false, resolvePayout: true });
    const mpesa = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(mpesa.status).toBe(409);
    expect(mpesa.body.err_code).toBe('CLAIM_PAYOUT_UNRESOLVED');
    expect(mpesa.body.err_msg).toBe(
      'M-Pesa has not confirmed whether the last payout of this claim was paid: check the M-Pesa statement and record what it shows before paying again.',
    );
    const garage = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'garage', garageName: 'Kenya Autoworks Ltd', reference: 'RTGS-1' },
      desk,
    );
    expect(garage.status).toBe(409);

    // The desk checks the M-Pesa statement: another insurer's staff cannot, a vague note is refused.
    const jubilee = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    const note = 'Not on the B2C utility account statement for the day.';
    expect(
      (await send(ctx, 'claims/desk/resolvePayout', { id, outcome: 'not_paid', note }, jubilee)).status,
    ).toBe(404);
    const vague = await send(ctx, 'claims/desk/resolvePayout', { id, outcome: 'not_paid', note: 'no' }, desk);
    expect(vague.status).toBe(400);
    const resolved = await send(ctx, 'claims/desk/resolvePayout', { id, outcome: 'not_paid', note }, desk);
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.result.data.settlements[0]).toMatchObject({
      status: 'failed',
      statusLabel: 'Not paid',
    });
    expect(resolved.body.result.data.actions).toMatchObject({ settle: true, resolvePayout: false });
    expect(resolved.body.result.data.timeline.at(-1)).toMatchObject({
      event: 'settlement_failed',
      note: expect.stringContaining(`not on the M-Pesa statement, checked by`),
    });
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'claim.payout_resolved'), eq(auditLog.entityId, String(id))));
    expect(audited).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ settlementId: settlement.id, outcome: 'not_paid', note }),
      }),
    ]);
    expect(
      (await send(ctx, 'claims/desk/resolvePayout', { id, outcome: 'not_paid', note }, desk)).status,
    ).toBe(409);

    const again = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await waitUntil(
      () => claimOf(id),
      (value) => value.status === 'SETTLED',
      10_000,
    );
  }, 60_000);

  it('settles an unresolved payout the desk finds paid on the statement; later answers change nothing', async () => {
    const { id, settlement } = await settleTo('254712345608');
    await waitUntil(
      async () => (await settlementsOf(id))[0]!,
      (value) => value.queryAttempts >= 1,
      20_000,
    );
    await reconcilePendingPayouts({
      ...context,
      queryAfterMs: 400,
      unresolvedAfterMs: DAY_MS,
      now: () => new Date(Date.now() + DAY_MS + 60_000),
    });
    expect((await settlementsOf(id))[0]!.status).toBe('unresolved');
    const resolved = await send(
      ctx,
      'claims/desk/resolvePayout',
      { id, outcome: 'paid', receipt: 'tjk4h7q2zp' },
      desk,
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.result.data.status).toBe('SETTLED');
    expect(resolved.body.result.data.settlements[0]).toMatchObject({
      status: 'success',
      reference: 'TJK4H7Q2ZP',
    });
    expect(
      await handlePayoutStatusResult(
        context,
        statusAnswer(settlement.originatorConversationId!, 'Failed', null),
        'result',
        SAFARICOM,
      ),
    ).toBe('duplicate');
    expect(await eventsOf(id, 'settled')).toHaveLength(1);
  }, 40_000);

  it('still settles an unresolved payout when M-Pesa confirms it later', async () => {
    const { id } = await settleTo('254712345605');
    // Past the deadline before any answer came: unresolved, and asked about in the same pass.
    await reconcilePendingPayouts({
      ...context,
      queryAfterMs: 400,
      unresolvedAfterMs: DAY_MS,
      now: () => new Date(Date.now() + DAY_MS + 60_000),
    });
    const settled = await waitUntil(
      () => claimOf(id),
      (claim) => claim.status === 'SETTLED',
      20_000,
    );
    expect(settled.status).toBe('SETTLED');
    expect(settled.timeline.map((step: { event: string }) => step.event)).toEqual(
      expect.arrayContaining(['settlement_unresolved', 'settled']),
    );
    expect(await eventsOf(id, 'settled')).toHaveLength(1);
  }, 40_000);

  it('keeps a payout whose request got no acknowledgement (09) pending, and settles it once M-Pesa confirms it', async () => {
    const { id, settlement } = await settleTo('254712345609');
    // Not failed on a guess: M-Pesa took it, though we never heard so.
    expect(settlement).toMatchObject({ status: 'pending', conversationId: null });
    expect(settlement.resultDesc).toBe(
      'M-Pesa did not answer the payout request: checking its status with M-Pesa.',
    );
    const again = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(again.status).toBe(409);
    const settled = await waitUntil(
      () => claimOf(id),
      (claim) => claim.status === 'SETTLED',
      20_000,
    );
    expect(settled.status).toBe('SETTLED');
    expect(settled.settlements).toEqual([
      expect.objectContaining({
        status: 'success',
        reference: payoutOf(settlement.originatorConversationId!).transactionId,
      }),
    ]);
    expect(
      simulator()
        .payouts()
        .filter((payout) => payout.phone === '254712345609'),
    ).toHaveLength(1);
  }, 40_000);

  it('takes Transaction Status answers only on the secret route, and ignores answers about other transactions', async () => {
    const url = ctx.app.services.mpesa.b2c!.statusResultUrl();
    expect(url).toMatch(/\/v2\/api\/mpesa\/b2c\/status\/[^/]+$/);
    const post = (target: string, body: unknown) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(url.replace(/[^/]+$/, 'wrong-secret'), {})).status).toBe(404);
    expect((await post(url, { a: 1 })).status).toBe(400);
    const unknown = await post(url, {
      Result: {
        ResultType: 0,
        ResultCode: 1,
        ResultDesc: 'x',
        OriginatorConversationID: 'a',
        ConversationID: 'b',
      },
    });
    expect(unknown.status).toBe(200);
    expect((await post(ctx.app.services.mpesa.b2c!.statusTimeoutUrl(), { a: 1 })).status).toBe(400);

    // A query answer that names another transaction than the payout it was asked about is no answer.
    const { id, settlement } = await settleTo('254712345608');
    const [query] = await waitUntil(
      () =>
        ctx.database.db
          .select()
          .from(claimPayoutQueries)
          .where(eq(claimPayoutQueries.settlementId, settlement.id)),
      (rows) => rows.length > 0,
      20_000,
    );
    expect(
      await handlePayoutStatusResult(
        context,
        {
          ...statusAnswer('someone-else', 'Completed', 'TJK0000001'),
          conversationId: query!.conversationId,
        },
        'result',
        SAFARICOM,
      ),
    ).toBe('mismatch');
    expect((await claimOf(id)).status).toBe('APPROVED');
  }, 40_000);
});
