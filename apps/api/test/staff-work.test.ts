import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCalendarDays } from '@bima/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, helpRequestIntermediaries, helpRequests, underwriters } from '../src/db/schema';
import { APA_UNDERWRITER, accidentClaim, policyFor } from './claims-helpers';
import { buildTestApp } from './helpers';
import { kenyaToday } from './purchase-helpers';
import {
  FIRM,
  firmId,
  type Headers,
  recommendationToClient,
  SAMPLE,
  send,
  signedInClient,
  signInAs,
} from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const dataDir = mkdtempSync(join(tmpdir(), 'bima-staff-work-test-'));
const DAY = 86_400_000;

describe('staff/dashboard/getWork: the work waiting for each role, within its organisation', () => {
  let ctx: Ctx;
  let client: Headers;
  let policyNumber: string;
  const today = kenyaToday();

  const workOf = async (headers: Headers) => {
    const answer = await send(ctx, 'staff/dashboard/getWork', {}, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const staff = async (email: string) => (await signInAs(ctx, email)).headers;
  /** A claim reported through the API on the client's APA policy, then dated `daysAgo` back. */
  const claimReported = async (daysAgo: number) => {
    const reported = await send(ctx, 'client/claim/reportClaim', accidentClaim(policyNumber, today), client);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const id = reported.body.result.data.id as number;
    await ctx.database.db
      .update(claims)
      .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
      .where(eq(claims.id, id));
    return id;
  };
  /** A client's help request to these firms, through the API; answers its rows by firm id. */
  const helpRequestTo = async (firms: number[]) => {
    const created = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      {
        entityRefs: firms,
        expiry: addCalendarDays(today, 7),
        status: 'PENDING',
        remarks: 'Please recommend comprehensive cover for my Toyota Harrier.',
        clientDetails: {
          names: { firstName: 'Achieng', lastName: 'Otieno' },
          email: (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data.email,
          kraPin: 'A123456789Z',
        },
        riskDetails: { value: 150_000_000, chassisNumber: 'JTEBU5JR5K5123456', regNo: 'KDA 123B' },
      },
      client,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rows = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id, firm: helpRequestIntermediaries.intermediaryId })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.requestSystemRef, created.body.result.data.requestSystemRef));
    return new Map(rows.map((row) => [row.firm, row.id]));
  };

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        MPESA_SIMULATOR_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    client = await signedInClient(ctx);
    policyNumber = await policyFor(ctx, client);
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("an underwriter counts their insurer's open claims by age, not another insurer's nor closed ones", async () => {
    const apa = await staff(APA_UNDERWRITER);
    const jubilee = await staff(SAMPLE.underwriter);
    const before = await workOf(apa);
    expect(before.role).toBe('underwriter');

    const fresh = await claimReported(1);
    await claimReported(10);
    await claimReported(7);
    const old = await claimReported(45);
    // A claim of another insurer (Jubilee's) and a closed one do not count for APA.
    const [jubileeRow] = await ctx.database.db
      .select({ id: underwriters.id })
      .from(underwriters)
      .where(sql`${underwriters.name} ilike '%jubilee%'`);
    const elsewhere = await claimReported(2);
    await ctx.database.db
      .update(claims)
      .set({ underwriterId: jubileeRow!.id })
      .where(eq(claims.id, elsewhere));
    const closed = await claimReported(3);
    await ctx.database.db.update(claims).set({ status: 'DECLINED' }).where(eq(claims.id, closed));

    const after = await workOf(apa);
    expect(after.openClaims).toEqual({
      under7Days: before.openClaims.under7Days + 1,
      from7To30Days: before.openClaims.from7To30Days + 2,
      over30Days: before.openClaims.over30Days + 1,
      total: before.openClaims.total + 4,
    });
    expect(after.reportedClaims).toBe(before.reportedClaims + 4);
    const jubileeWork = await workOf(jubilee);
    expect(jubileeWork.openClaims.total).toBe(1);
    expect(jubileeWork.openClaims.under7Days).toBe(1);

    // Each count links to the desk filtered the same way: the same claims, and only those.
    const desk = async (age: string) =>
      (await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 50, open: true, age }, apa)).body.result
        .data;
    const under7 = await desk('under7Days');
    expect(under7.total).toBe(after.openClaims.under7Days);
    expect(under7.items.map((claim: { id: number }) => claim.id)).toContain(fresh);
    expect((await desk('over30Days')).items.map((claim: { id: number }) => claim.id)).toEqual([old]);
    expect((await desk('from7To30Days')).total).toBe(after.openClaims.from7To30Days);
    const refused = await send(ctx, 'claims/desk/listClaims', { page: 1, pageSize: 5, age: 'ancient' }, apa);
    expect(refused.status).toBe(400);

    // An admin sees every insurer's open claims.
    const admin = await workOf(await staff(SAMPLE.admin));
    expect(admin.openClaims.total).toBeGreaterThanOrEqual(after.openClaims.total + 1);
  });

  it("a broker counts their firm's unanswered requests by age and the recommendations awaiting clients; another firm's are not theirs", async () => {
    const savannah = await firmId(ctx, FIRM.savannah);
    const tana = await firmId(ctx, FIRM.tana);
    const brokerA = await staff(SAMPLE.brokerA);
    const brokerB = await staff(SAMPLE.brokerB);
    const beforeA = await workOf(brokerA);
    const beforeB = await workOf(brokerB);
    expect(beforeA.role).toBe('intermediary');

    const both = await helpRequestTo([savannah, tana]);
    await helpRequestTo([tana]);
    // Savannah's copy of the first came in 10 days ago.
    await ctx.database.db
      .update(helpRequestIntermediaries)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(helpRequestIntermediaries.id, both.get(savannah)!));
    // An answered request (a recommendation sent) is not waiting any more: it awaits the client.
    await recommendationToClient(ctx, client, {
      today,
      items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: today }],
      note: 'APA Plus suits your Harrier.',
    });

    const afterA = await workOf(brokerA);
    expect(afterA.waitingRequests).toEqual({
      ...beforeA.waitingRequests,
      from7To30Days: beforeA.waitingRequests.from7To30Days + 1,
      total: beforeA.waitingRequests.total + 1,
    });
    expect(afterA.awaitingRecommendations).toBe(beforeA.awaitingRecommendations + 1);
    const afterB = await workOf(brokerB);
    expect(afterB.waitingRequests.under7Days).toBe(beforeB.waitingRequests.under7Days + 2);
    expect(afterB.waitingRequests.total).toBe(beforeB.waitingRequests.total + 2);
    expect(afterB.awaitingRecommendations).toBe(beforeB.awaitingRecommendations);

    // Past its expiry a request is no longer waiting.
    await ctx.database.db
      .update(helpRequests)
      .set({ expiry: addCalendarDays(today, -1) })
      .where(
        eq(
          helpRequests.id,
          sql`(select help_request_id from help_request_intermediaries where id = ${both.get(savannah)!})`,
        ),
      );
    expect((await workOf(brokerA)).waitingRequests.total).toBe(beforeA.waitingRequests.total);
  });

  it('a lender counts their applications waiting for a decision; an admin the portal queues; a client is refused', async () => {
    const lender = await workOf(await staff(SAMPLE.lender));
    expect(lender).toMatchObject({ role: 'lender', waitingApplications: { total: expect.any(Number) } });

    const adminHeaders = await staff(SAMPLE.admin);
    const before = await workOf(adminHeaders);
    const invited = await send(
      ctx,
      'admin/staff/inviteStaff',
      {
        email: `new.admin.${Date.now()}@bimaportal.co.ke`,
        firstName: 'Neema',
        lastName: 'Wafula',
        role: 'admin',
      },
      adminHeaders,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const after = await workOf(adminHeaders);
    expect(after).toMatchObject({
      role: 'admin',
      pendingInvitations: before.pendingInvitations + 1,
      failingMail: expect.any(Number),
      failedJobs: expect.any(Number),
      pendingFirms: expect.any(Number),
      openReceipts: expect.any(Number),
    });
    // The sample data has one firm awaiting approval (Kilima).
    expect(after.pendingFirms).toBeGreaterThanOrEqual(1);

    expect((await send(ctx, 'staff/dashboard/getWork', {}, client)).status).toBe(403);
    expect((await send(ctx, 'staff/dashboard/getWork', {})).status).toBe(403);
  });
});
