import { IDENTITY_MAX_ATTEMPTS, type IdentityCheckView } from '@bima/domain/identity';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, identityChecks, users } from '../src/db/schema';
import { readStoredZip } from '../src/lib/zip';
import { loginUser, PASSWORD, registerUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import {
  CLIENT_KYC,
  fullVehicle,
  invoiceFor,
  kenyaToday,
  MPESA_TEST_ENV,
  payForPolicy,
  waitUntil,
} from './purchase-helpers';
import { type Headers, recommendationToClient, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Verified identity (issue 30) against the identity simulator (Smile ID's protocol, the sample
 * register of apps/api/src/identity/simulator.ts). Every client here is registered as Wanjiru Kamau.
 */
describe('identity checks (IPRS, KRA PIN) with consent, never blocking a sale', () => {
  let ctx: Ctx;
  const simulator = () => ctx.app.services.identity.simulator!;

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: { ...MPESA_TEST_ENV, IDENTITY_TIMEOUT_MS: '1500', IDENTITY_RETRY_INTERVAL_MS: '200' },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  /** A new client (Wanjiru Kamau) with KYC holding this ID number and KRA PIN. */
  async function clientWith(kyc: { idNumber?: string; kraPin?: string } = {}) {
    const email = await registerUser(ctx);
    const headers: Headers = { accesstoken: (await loginUser(ctx, email)).accessToken };
    const saved = await send(ctx, 'client/client/updateClient', { ...CLIENT_KYC, ...kyc }, headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { headers, userId: user!.id };
  }

  const start = async (headers: Headers, data: Record<string, unknown> = { consent: true }) =>
    send(ctx, 'client/identity/startChecks', data, headers);

  const checksOf = (body: { result: { data: { checks: IdentityCheckView[] } } }) =>
    Object.fromEntries(body.result.data.checks.map((check) => [check.document, check]));

  const listChecks = async (headers: Headers) =>
    checksOf((await send(ctx, 'client/identity/listChecks', {}, headers)).body);

  /** Moves the business clock past the next attempt and runs the retry job now. */
  async function nextRetry() {
    ctx.app.services.clock.advance(40 * 60_000);
    await ctx.app.services.jobs.kick('identity-check-retry');
  }

  it('asks nothing without consent: 400, and no call reaches the provider', async () => {
    const { headers } = await clientWith();
    const before = simulator().requests;
    for (const data of [{}, { consent: false }, { consent: 'yes' }]) {
      const refused = await start(headers, data);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Tick the box to agree to the identity check.');
    }
    expect(simulator().requests).toBe(before);
    expect(await listChecks(headers)).toEqual({});
  });

  it('verifies an ID and a KRA PIN the register holds under those names, with the consent kept per check', async () => {
    const { headers, userId } = await clientWith({ idNumber: '27000001', kraPin: 'A270000001K' });
    const started = await start(headers, { consent: true, dateOfBirth: '1990-04-12', channel: 'kyc' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const checks = checksOf(started.body);
    expect(checks.ID).toMatchObject({
      state: 'verified',
      fields: [],
      idType: 'NATIONAL_ID',
      maskedNumber: '•••••001',
    });
    expect(checks.KRA_PIN).toMatchObject({ state: 'verified', fields: [] });

    const rows = await ctx.database.db.select().from(identityChecks).where(eq(identityChecks.userId, userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.consentChannel).toBe('kyc');
      expect(row.consentText).toContain('Data Protection Act');
      expect(row.consentAt).toBeInstanceOf(Date);
      expect(row.resultCode).toBe('1012');
    }
    const [consent] = await ctx.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.purpose, 'identity_check')));
    expect(consent?.granted).toBe(true);

    // The same details again: the document is not asked about twice.
    const before = simulator().requests;
    await start(headers, { consent: true, dateOfBirth: '1990-04-12' });
    expect(simulator().requests).toBe(before);
  });

  it('names what differs: the names of someone else’s ID, a wrong date of birth, an unknown number', async () => {
    const someoneElse = await clientWith({ idNumber: '27000002', kraPin: 'A270000002K' });
    const checks = checksOf((await start(someoneElse.headers)).body);
    expect(checks.ID).toMatchObject({ state: 'mismatch', fields: ['firstName', 'lastName'] });
    expect(checks.KRA_PIN).toMatchObject({ state: 'mismatch', fields: ['firstName', 'lastName'] });

    const wrongBirthday = await clientWith({ idNumber: '27000001' });
    const byDate = checksOf(
      (await start(wrongBirthday.headers, { consent: true, dateOfBirth: '1991-04-12' })).body,
    );
    expect(byDate.ID).toMatchObject({ state: 'mismatch', fields: ['dateOfBirth'] });

    const unknown = await clientWith({ idNumber: '27000404', kraPin: 'A270000404K' });
    const notFound = checksOf((await start(unknown.headers)).body);
    expect(notFound.ID).toMatchObject({ state: 'mismatch', fields: ['idNumber'] });
    expect(notFound.KRA_PIN).toMatchObject({ state: 'mismatch', fields: ['kraPin'] });

    // Corrected (the client's own ID after all): a new check replaces the mismatch.
    const corrected = await send(
      ctx,
      'client/client/updateClient',
      { ...CLIENT_KYC, idNumber: '27000001', kraPin: 'A270000001K' },
      unknown.headers,
    );
    expect(corrected.status).toBe(200);
    const after = checksOf((await start(unknown.headers)).body);
    expect(after.ID?.state).toBe('verified');
    expect(after.KRA_PIN?.state).toBe('verified');
  });

  it('IPRS down: the check waits, the purchase still pays and issues, and the job verifies it once IPRS is back', async () => {
    const { headers } = await clientWith();
    simulator().setOutage(true);
    try {
      const started = await start(headers);
      expect(started.status).toBe(200);
      const checks = checksOf(started.body);
      expect(checks.ID).toMatchObject({ state: 'retrying', attempts: 1 });
      expect(checks.ID?.nextAttemptAt).not.toBeNull();

      const { invoiceSystemRef } = await invoiceFor(ctx, headers);
      const policyNumber = await payForPolicy(ctx, headers, invoiceSystemRef);
      expect(policyNumber).toBeTruthy();
      expect((await listChecks(headers)).ID?.state).toBe('retrying');
    } finally {
      simulator().setOutage(false);
    }
    await nextRetry();
    const verified = await waitUntil(
      () => listChecks(headers),
      (checks) => checks.ID?.state === 'verified' && checks.KRA_PIN?.state === 'verified',
    );
    expect(verified.ID).toMatchObject({ state: 'verified', attempts: 2, nextAttemptAt: null });
  });

  it(`after ${IDENTITY_MAX_ATTEMPTS} unanswered attempts a check goes to staff review, and an admin decides it`, async () => {
    const { headers } = await clientWith({ idNumber: '27000503' });
    expect(checksOf((await start(headers)).body).ID).toMatchObject({ state: 'retrying', attempts: 1 });
    for (let attempt = 2; attempt <= IDENTITY_MAX_ATTEMPTS; attempt += 1) {
      await nextRetry();
      const seen = await waitUntil(
        () => listChecks(headers),
        (checks) => (checks.ID?.attempts ?? 0) >= attempt,
      );
      expect(seen.ID?.attempts).toBe(attempt);
    }
    const reviewed = await listChecks(headers);
    expect(reviewed.ID).toMatchObject({
      state: 'staff_review',
      attempts: IDENTITY_MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    // No more attempts once in review.
    const before = simulator().requests;
    await nextRetry();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(simulator().requests).toBe(before);

    const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    const queue = await send(ctx, 'admin/identity/listReviewChecks', {}, admin);
    expect(queue.status).toBe(200);
    const item = queue.body.result.data.items.find((entry: { id: number }) => entry.id === reviewed.ID!.id);
    expect(item).toMatchObject({ state: 'staff_review', client: { names: 'Wanjiru Kamau' } });
    expect(item.resultText).toContain('ID Authority Unavailable');

    const noNote = await send(
      ctx,
      'admin/identity/decideCheck',
      { checkId: item.id, decision: 'approve', note: '' },
      admin,
    );
    expect(noNote.status).toBe(400);
    const approved = await send(
      ctx,
      'admin/identity/decideCheck',
      { checkId: item.id, decision: 'approve', note: 'Saw the original ID at the branch' },
      admin,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.result.data).toMatchObject({
      state: 'verified',
      reviewNote: 'Saw the original ID at the branch',
    });
    expect((await listChecks(headers)).ID?.state).toBe('verified');
    const again = await send(
      ctx,
      'admin/identity/decideCheck',
      { checkId: item.id, decision: 'reject', note: 'Changed my mind' },
      admin,
    );
    expect(again.status).toBe(409);
  });

  it('asks the register no more once the client withdraws their consent: staff decide', async () => {
    const { headers } = await clientWith({ idNumber: '27000503' });
    expect(checksOf((await start(headers)).body).ID?.state).toBe('retrying');
    const withdrawn = await send(
      ctx,
      'client/privacy/setConsent',
      { purpose: 'identity_check', granted: false },
      headers,
    );
    expect(withdrawn.status).toBe(200);
    const before = simulator().requests;
    await nextRetry();
    const moved = await waitUntil(
      () => listChecks(headers),
      (checks) => checks.ID?.state === 'staff_review',
    );
    expect(moved.ID).toMatchObject({ state: 'staff_review', attempts: 1 });
    expect(simulator().requests).toBe(before);
  });

  it('counts a register that does not answer in time as unavailable, without holding the client', async () => {
    const { headers } = await clientWith({ idNumber: '27000408' });
    const started = Date.now();
    const checks = checksOf((await start(headers)).body);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(checks.ID).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(checks.KRA_PIN?.state).toBe('verified');
  });

  it('shows a client only their own checks, and staff by role', async () => {
    const mine = await clientWith({ idNumber: '27000001', kraPin: 'A270000001K' });
    const theirs = await clientWith({ idNumber: '27000002' });
    await start(mine.headers);
    await start(theirs.headers);
    const seen = await send(ctx, 'client/identity/listChecks', {}, mine.headers);
    expect(seen.body.result.data.checks).toHaveLength(2);
    expect(seen.body.result.data.checks.every((check: IdentityCheckView) => check.state === 'verified')).toBe(
      true,
    );

    // A client is not staff; staff are not clients.
    expect((await send(ctx, 'admin/identity/listReviewChecks', {}, mine.headers)).status).toBe(403);
    const underwriter = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    expect((await send(ctx, 'admin/identity/listReviewChecks', {}, underwriter)).status).toBe(403);
    expect((await send(ctx, 'client/identity/startChecks', { consent: true }, underwriter)).status).toBe(403);

    // The insured's status beside a policy: the admin sees it; an insurer only on its own policies.
    const { invoiceSystemRef } = await invoiceFor(ctx, mine.headers);
    const policyNumber = await payForPolicy(ctx, mine.headers, invoiceSystemRef);
    const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    const byAdmin = await send(
      ctx,
      'backoffice/identity/insuredVerifications',
      { policyNumbers: [policyNumber] },
      admin,
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.result.data.items).toEqual([
      {
        policyNumber,
        checks: expect.arrayContaining([
          expect.objectContaining({ document: 'ID', state: 'verified' }),
          expect.objectContaining({ document: 'KRA_PIN', state: 'verified' }),
        ]),
      },
    ]);
    // The sample underwriter is Jubilee's; the test policy is APA's: left out.
    const byOtherInsurer = await send(
      ctx,
      'backoffice/identity/insuredVerifications',
      { policyNumbers: [policyNumber] },
      underwriter,
    );
    expect(byOtherInsurer.status).toBe(200);
    expect(byOtherInsurer.body.result.data.items).toEqual([]);
    expect(
      (
        await send(
          ctx,
          'backoffice/identity/insuredVerifications',
          { policyNumbers: [policyNumber] },
          mine.headers,
        )
      ).status,
    ).toBe(403);
  });

  it("shows a broker or agent the insured's status on its own clients' policies only (the policies its firm brought)", async () => {
    const insuredVerifications = (policyNumbers: string[], headers: Headers) =>
      send(ctx, 'backoffice/identity/insuredVerifications', { policyNumbers }, headers);
    // Savannah's broker recommends APA cover; the client (their ID checked, verified) buys it.
    const { headers } = await clientWith({ idNumber: '27000001', kraPin: 'A270000001K' });
    await start(headers);
    const today = kenyaToday();
    const recommendation = await recommendationToClient(ctx, headers, {
      today,
      items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: today }],
      note: 'APA Plus suits your Harrier.',
    });
    const systemQuotationRef = recommendation.quotations[0].systemQuotationRef as string;
    const completed = await send(
      ctx,
      'client/quotation/completeQuotationDetails',
      {
        systemQuotationRef,
        vehicleDetails: { ...fullVehicle, registrationNumber: undefined, chassisNumber: undefined },
      },
      headers,
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const accepted = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef },
      headers,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const brought = await payForPolicy(ctx, headers, accepted.body.result.data.invoiceSystemRef);
    // The same client's own purchase, with no intermediary.
    const { invoiceSystemRef } = await invoiceFor(ctx, headers);
    const direct = await payForPolicy(ctx, headers, invoiceSystemRef);

    const savannah = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    const seen = await insuredVerifications([brought, direct], savannah);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.result.data.items).toEqual([
      {
        policyNumber: brought,
        checks: expect.arrayContaining([
          expect.objectContaining({ document: 'ID', state: 'verified', maskedNumber: '•••••001' }),
          expect.objectContaining({ document: 'KRA_PIN', state: 'verified' }),
        ]),
      },
    ]);
    // Another broker's firm, and an agent's, see nothing of Savannah's client, whatever they ask.
    for (const other of [SAMPLE.brokerB, SAMPLE.agent]) {
      const theirs = await insuredVerifications([brought, direct], (await signInAs(ctx, other)).headers);
      expect(theirs.status).toBe(200);
      expect(theirs.body.result.data.items).toEqual([]);
    }
    // The firm's commission statement lists the policy the status is shown beside.
    const statement = await send(ctx, 'intermediary/commission/getStatement', {}, savannah);
    expect(
      statement.body.result.data.items.map((item: { policyNumber: string }) => item.policyNumber),
    ).toContain(brought);
  });

  it('gives the checks in the client’s copy of their data, and erases them when they close their account', async () => {
    const { headers, userId } = await clientWith({ idNumber: '27000001', kraPin: 'A270000001K' });
    await start(headers);
    const copy = await ctx.app.inject({ method: 'GET', url: '/v2/api/privacy/export', headers });
    expect(copy.statusCode).toBe(200);
    const data = JSON.parse(
      readStoredZip(copy.rawPayload)
        .find((entry) => entry.name === 'my-data.json')!
        .data.toString('utf8'),
    );
    expect(data.identityChecks).toEqual([
      expect.objectContaining({
        document: 'ID',
        idNumber: '27000001',
        state: 'verified',
        consentChannel: 'kyc',
      }),
      expect.objectContaining({ document: 'KRA_PIN', idNumber: 'A270000001K', state: 'verified' }),
    ]);
    const held = () => ctx.database.db.select().from(identityChecks).where(eq(identityChecks.userId, userId));
    expect(await held()).toHaveLength(2);
    const closed = await send(
      ctx,
      'client/privacy/closeAccount',
      { password: PASSWORD, confirm: true },
      headers,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await held()).toEqual([]);
  });
});
