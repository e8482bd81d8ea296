import { GATEWAY_ERROR_CODES } from '@bima/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresCounters } from '../src/cluster/counters';
import { AppError } from '../src/gateway/errors';
import { createPdfService } from '../src/modules/pdf-renderers';
import { accidentClaim, policyFor } from './claims-helpers';
import { buildTestApp, openTestDatabase, type TestContext } from './helpers';
import { kenyaToday, MPESA_TEST_ENV, newSignedInClient, waitUntil } from './purchase-helpers';
import { send } from './staff-helpers';

/**
 * Issue 27: the PDF routes had no limit. Every PDF download (statements, policy schedules, receipts,
 * certificates, claim forms) counts against one budget per user; past it, 429 with Retry-After.
 */
describe('PDF downloads are limited per user', () => {
  const LIMIT = 4;
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof newSignedInClient>>;
  let documents: { schedule: string; receipt: string; certificate: string };
  let claimFormUrl: string;
  let statement: { pdf: string; csv: string };

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { ...MPESA_TEST_ENV, PDF_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await newSignedInClient(ctx);
    const policyNumber = await policyFor(ctx, owner.headers);
    // The certificate's PDF is DMVIC's, there once the issuing job has had it from DMVIC (seconds).
    const policy = await waitUntil(
      () => send(ctx, 'client/policy/getPolicy', { policyNumber }, owner.headers),
      (answer) => answer.status !== 200 || Boolean(answer.body.result.data.documents.certificate),
      45_000,
    );
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    documents = policy.body.result.data.documents;
    expect(documents.certificate).toBeTruthy();
    const reported = await send(
      ctx,
      'client/claim/reportClaim',
      accidentClaim(policyNumber, kenyaToday()),
      owner.headers,
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const claim = await send(
      ctx,
      'client/claim/getClaim',
      { id: reported.body.result.data.id },
      owner.headers,
    );
    claimFormUrl = claim.body.result.data.claimFormUrl;
    statement = (await send(ctx, 'client/account/getStatement', {}, owner.headers)).body.result.data
      .downloads;
  });
  afterAll(() => ctx.app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('answers 429 with Retry-After past the limit, on every PDF route, and for that user only', async () => {
    for (const url of [documents.schedule, documents.receipt, documents.certificate, claimFormUrl]) {
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
    }
    // The budget is spent: each PDF route refuses, with the usual error body and Retry-After.
    for (const url of [
      statement.pdf,
      documents.schedule,
      documents.receipt,
      documents.certificate,
      claimFormUrl,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60, `Retry-After ${seconds}`).toBe(true);
      expect(refused.json()).toEqual({
        status: false,
        err_code: GATEWAY_ERROR_CODES.rateLimited,
        err_msg: `Too many requests. Please try again in ${seconds} seconds.`,
        errors: [],
      });
    }
    // In Swahili for a Swahili browser.
    const swahili = await get(statement.pdf, { 'accept-language': 'sw-KE,sw;q=0.9' });
    expect(swahili.statusCode).toBe(429);
    expect(swahili.json().err_msg).toMatch(
      /^Maombi ni mengi mno\. Tafadhali jaribu tena baada ya sekunde \d+\.$/,
    );
    // The statement as CSV is no PDF: it still downloads.
    expect((await get(statement.csv)).statusCode).toBe(200);
    // Another user's downloads are their own.
    const other = await newSignedInClient(ctx);
    const theirs = (await send(ctx, 'client/account/getStatement', {}, other.headers)).body.result.data
      .downloads;
    expect((await get(theirs.pdf)).statusCode).toBe(200);
  });
});

describe('the PDF download budget on the shared counters', () => {
  it('holds across instances and against parallel downloads', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      // Two instances counting in the same PostgreSQL table (as they would in Redis).
      const counters = createPostgresCounters(database);
      const first = createPdfService({ counters, downloadsPerMinute: 10, workers: 0 });
      const second = createPdfService({ counters, downloadsPerMinute: 10, workers: 0 });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 25 }, (_, index) => (index % 2 === 0 ? first : second).countDownload('user-1')),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refusals).toHaveLength(15);
      for (const refusal of refusals) {
        const error = (refusal as PromiseRejectedResult).reason as AppError;
        expect(error).toBeInstanceOf(AppError);
        expect(error.statusCode).toBe(429);
        expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      }
      await expect(first.countDownload('user-2')).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
