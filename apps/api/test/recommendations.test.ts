import { addCalendarDays, COVER_DATE_MESSAGES, RECOMMENDATION_MESSAGES as M } from '@bima/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commissions,
  helpRequestIntermediaries,
  helpRequests,
  invoices,
  outboxEmails,
  quotations,
  recommendations,
} from '../src/db/schema';
import { kenyaToday } from '../src/lib/dates';
import { call, loginUser, PASSWORD, registerUser, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { fullVehicle, pay, waitUntil } from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const today = kenyaToday();

function helpRequest(entityRefs: number[], email: string) {
  return {
    entityRefs,
    expiry: addCalendarDays(today, 7),
    status: 'PENDING',
    remarks: 'Please recommend comprehensive cover for my Toyota Harrier.',
    clientDetails: { names: { firstName: 'Achieng', lastName: 'Otieno' }, email, kraPin: 'A123456789Z' },
    riskDetails: { value: 150_000_000, chassisNumber: 'JTEBU5JR5K5123456', regNo: 'KDA 123B' },
  };
}

/** APA Plus with its PVT benefit for KES 1.5M: 75,000 + 3,750 = 78,750, levies 395, total 79,145. */
const APA = {
  productSystemRef: 'APA-MP-PLUS',
  additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-PVT' }],
  coverPeriod: 365,
  startDate: today,
};
const JUBILEE = { productSystemRef: 'JUB-MP-ELITE', coverPeriod: 365, startDate: today };

describe('recommendations and commission', () => {
  let ctx: Ctx;
  let client: Headers;
  let clientEmail: string;
  let otherClient: Headers;
  let savannah: number;
  let tana: number;
  let brokerA: Headers;
  let brokerB: Headers;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
        // One client sends the chain's eight requests (help-request-limits.test.ts holds the day's limit).
        HELP_REQUESTS_PER_CLIENT_PER_DAY: '100',
      },
    });
    // The M-Pesa simulator calls back over HTTP.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    client = await signedInClient(ctx);
    otherClient = await signedInClient(ctx);
    clientEmail = (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data.email;
    savannah = await firmId(ctx, FIRM.savannah);
    tana = await firmId(ctx, FIRM.tana);
    brokerA = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    brokerB = (await signInAs(ctx, SAMPLE.brokerB)).headers;
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  /** Sends a help request as the client; answers each firm's row id. */
  async function requestTo(firms: number[]) {
    const created = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      helpRequest(firms, clientEmail),
      client,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ref = created.body.result.data.requestSystemRef as string;
    const rows = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id, intermediaryId: helpRequestIntermediaries.intermediaryId })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.requestSystemRef, ref));
    return Object.fromEntries(rows.map((row) => [row.intermediaryId, row.id])) as Record<number, number>;
  }

  const sendRecommendation = (requestId: number, items: unknown[] = [APA, JUBILEE], headers = brokerA) =>
    send(
      ctx,
      'intermediary/recommendation/sendRecommendation',
      { requestId, items, note: 'Both cover your Harrier fully; APA includes political violence.' },
      headers,
    );

  it('runs the whole chain: price, send, read, accept, pay, policy with the broker, commission', async () => {
    const rows = await requestTo([savannah, tana]);
    const rowA = rows[savannah]!;
    expect((await send(ctx, 'intermediary/request/startReview', { id: rowA }, brokerA)).status).toBe(200);

    // Broker A prices products for the request's vehicle value.
    const priced = await send(
      ctx,
      'intermediary/recommendation/priceProducts',
      {
        requestId: rowA,
        productSystemRefs: ['APA-MP-PLUS', 'NO-SUCH-PRODUCT'],
        choices: [{ productSystemRef: 'APA-MP-PLUS', additionalBenefits: APA.additionalBenefits }],
      },
      brokerA,
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.result.data).toMatchObject({
      vehicleValue: 150_000_000,
      quotes: [
        { productSystemRef: 'APA-MP-PLUS', ok: true, quote: { total: 7_914_500, subtotal: 7_875_000 } },
        { productSystemRef: 'NO-SUCH-PRODUCT', ok: false, message: 'This product is no longer available.' },
      ],
    });

    // Broker B cannot see or act on A's row.
    for (const [path, data] of [
      ['intermediary/request/getRequest', { id: rowA }],
      ['intermediary/recommendation/priceProducts', { requestId: rowA, productSystemRefs: ['APA-MP-PLUS'] }],
      [
        'intermediary/recommendation/sendRecommendation',
        { requestId: rowA, items: [APA], note: 'Not my request to answer.' },
      ],
    ] as const) {
      expect((await send(ctx, path, data, brokerB)).status, path).toBe(404);
    }

    const sent = await sendRecommendation(rowA);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const recommendation = sent.body.result.data;
    expect(recommendation).toMatchObject({ status: 'SENT', requestStatus: 'QUOTED' });
    expect(recommendation.quotations).toHaveLength(2);
    const apa = recommendation.quotations.find(
      (quotation: { productSystemRef: string }) => quotation.productSystemRef === 'APA-MP-PLUS',
    );
    expect(apa.premium).toBe(7_914_500);
    const other = recommendation.quotations.find(
      (quotation: { productSystemRef: string }) => quotation.productSystemRef === 'JUB-MP-ELITE',
    );

    // Stored with the firm and the purchase type; the client is mailed the review link.
    const stored = await ctx.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, apa.systemQuotationRef));
    expect(stored[0]).toMatchObject({
      purchaseType: 'recommendation',
      intermediaryId: savannah,
      total: 7_914_500,
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, clientEmail))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(mail?.text).toContain(`/review/${recommendation.id}`);

    // Sending twice is not allowed.
    const again = await sendRecommendation(rowA);
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe(M.cannotQuote);

    // The client lists and reads it; another client cannot.
    const list = await send(ctx, 'underwriting/quotation/clientQuotationRequest', {}, client);
    expect(list.status).toBe(200);
    expect(list.body.result.data.items[0]).toMatchObject({
      id: recommendation.id,
      status: 'SENT',
      intermediary: { id: savannah, intermediaryNames: 'Savannah Insurance Brokers' },
      note: expect.stringContaining('political violence'),
    });
    expect(list.body.result.data.items[0].quotations).toHaveLength(2);

    // The client follows the request itself: each firm's status and the recommendation it produced.
    const mine = await send(ctx, 'client/helpRequest/listHelpRequests', { page: 1, pageSize: 5 }, client);
    expect(mine.status).toBe(200);
    expect(mine.body.result.data).toMatchObject({ page: 1, pageSize: 5 });
    const [followed] = mine.body.result.data.items;
    expect(followed).toMatchObject({
      requestSystemRef: expect.any(String),
      createdAt: expect.any(String),
      risk: { value: 150_000_000, regNo: 'KDA 123B' },
      intermediaries: [
        {
          intermediaryNames: 'Savannah Insurance Brokers',
          status: 'QUOTED',
          recommendations: [{ id: recommendation.id, status: 'SENT', systemRef: expect.any(String) }],
        },
        { intermediaryNames: 'Tana Insurance Brokers', status: 'PENDING', recommendations: [] },
      ],
    });
    // Another client sees none of it; a page beyond the last is empty.
    expect(
      (await send(ctx, 'client/helpRequest/listHelpRequests', {}, otherClient)).body.result.data,
    ).toMatchObject({ items: [], total: 0 });
    const total = mine.body.result.data.total as number;
    expect(
      (await send(ctx, 'client/helpRequest/listHelpRequests', { page: total + 1, pageSize: 1 }, client)).body
        .result.data.items,
    ).toEqual([]);
    expect((await send(ctx, 'client/helpRequest/listHelpRequests', {}, brokerA)).status).toBe(403);
    const details = await send(
      ctx,
      'underwriting/quotation/getQuotationDetails',
      { id: recommendation.id },
      client,
    );
    expect(details.status).toBe(200);
    const fullApa = details.body.result.data.quotations.find(
      (quotation: { productSystemRef: string }) => quotation.productSystemRef === 'APA-MP-PLUS',
    );
    expect(fullApa).toMatchObject({
      premium: 7_914_500,
      purchaseType: 'recommendation',
      breakdown: { total: 7_914_500 },
    });
    expect(
      (await send(ctx, 'underwriting/quotation/getQuotationDetails', { id: recommendation.id }, otherClient))
        .status,
    ).toBe(404);
    expect(
      (await send(ctx, 'underwriting/quotation/clientQuotationRequest', {}, otherClient)).body.result.data
        .items,
    ).toEqual([]);
    expect(
      (
        await send(
          ctx,
          'underwriting/quotation/acceptReccommendation',
          { id: recommendation.id, systemQuotationRef: apa.systemQuotationRef },
          otherClient,
        )
      ).status,
    ).toBe(404);

    // A recommended quotation is not invoiced around the acceptance.
    const direct = await send(
      ctx,
      'underwriting/quotation/completeQuotation',
      { systemQuotationRef: apa.systemQuotationRef },
      client,
    );
    expect(direct.status).toBe(409);
    expect(direct.body.err_msg).toBe(M.acceptFirst);

    // A rate with a half cent to round: 78,750 × 9.99 % = 7,867.125 → KES 7,867.13 (half up).
    expect(
      (await send(ctx, 'admin/commission/setRate', { classCode: '07', rateBps: 999 }, admin)).status,
    ).toBe(200);

    // The recommendation holds the request's plate and chassis only: accepting it (which invoices
    // it) is refused, naming what the client must give first; nothing changes.
    expect(fullApa.missingDetails.map((missing: { field: string }) => missing.field)).toEqual(
      expect.arrayContaining(['vehicleDetails.make', 'vehicleDetails.engineNumber']),
    );
    const early = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef: apa.systemQuotationRef },
      client,
    );
    expect(early.status).toBe(409);
    expect(early.body.err_code).toBe('RISK_DETAILS_MISSING');
    expect(early.body.errors).toContainEqual({
      field: 'vehicleDetails.make',
      message: 'Vehicle make is required',
    });
    const completed = await send(
      ctx,
      'client/quotation/completeQuotationDetails',
      {
        systemQuotationRef: apa.systemQuotationRef,
        vehicleDetails: { ...fullVehicle, registrationNumber: undefined, chassisNumber: undefined },
      },
      client,
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.result.data).toMatchObject({
      missingDetails: [],
      vehicle: { make: 'Toyota', registrationNumber: 'KDA123B', chassisNumber: 'JTEBU5JR5K5123456' },
    });

    const accepted = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef: apa.systemQuotationRef },
      client,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.result.data).toMatchObject({
      id: recommendation.id,
      status: 'ACCEPTED',
      systemQuotationRef: apa.systemQuotationRef,
      amount: 7_914_500,
      invoiceStatus: 'UNPAID',
    });
    const invoiceSystemRef = accepted.body.result.data.invoiceSystemRef as string;

    // Accepting the same quotation again answers the same invoice; the other one or a rejection is 409.
    const repeat = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef: apa.systemQuotationRef },
      client,
    );
    expect(repeat.body.result.data.invoiceSystemRef).toBe(invoiceSystemRef);
    const second = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef: other.systemQuotationRef },
      client,
    );
    expect(second.status).toBe(409);
    expect(second.body.err_msg).toBe(M.alreadyAccepted);
    const reject = await send(
      ctx,
      'underwriting/quotation/acceptOrRejectQuotationRequest',
      { id: recommendation.id, decision: 'REJECT', reason: 'Changed my mind about it.' },
      client,
    );
    expect(reject.status).toBe(409);
    expect(reject.body.err_msg).toBe(M.alreadyAccepted);

    const request = await send(ctx, 'intermediary/request/getRequest', { id: rowA }, brokerA);
    expect(request.body.result.data).toMatchObject({
      status: 'ACCEPTED',
      recommendation: { status: 'ACCEPTED', rejectionReason: null },
    });

    // Pay through the simulator; the policy records broker A and its commission.
    const started = await pay(ctx, client, invoiceSystemRef, '254712345678');
    expect(started.statusCode, started.body).toBe(200);
    const paid = await waitUntil(
      async () =>
        (
          await ctx.database.db
            .select({ status: invoices.status })
            .from(invoices)
            .where(eq(invoices.invoiceSystemRef, invoiceSystemRef))
        )[0]?.status,
      (status) => status === 'PAID',
    );
    expect(paid).toBe('PAID');
    const policies = await waitUntil(
      async () =>
        (await send(ctx, 'client/policy/listPolicies', {}, client)).body.result.data as Array<{
          policyNumber: string;
        }>,
      (list) => list.length > 0,
    );
    const policy = await send(
      ctx,
      'client/policy/getPolicy',
      { policyNumber: policies[0]!.policyNumber },
      client,
    );
    expect(policy.body.result.data).toMatchObject({
      intermediary: { id: savannah, intermediaryNames: 'Savannah Insurance Brokers' },
      premium: 7_914_500, // cents (issue 29)
    });

    const [commission] = await ctx.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.intermediaryId, savannah));
    expect(commission).toMatchObject({ classCode: '07', premium: 7_875_000, rateBps: 999, amount: 786_713 });

    const statement = await send(ctx, 'intermediary/commission/getStatement', {}, brokerA);
    expect(statement.status).toBe(200);
    expect(statement.body.result.data.items).toHaveLength(1);
    expect(statement.body.result.data.items[0]).toMatchObject({
      policyNumber: policies[0]!.policyNumber,
      client: { email: clientEmail },
      classCode: '07',
      premium: 7_875_000,
      rateBps: 999,
      commission: 786_713,
    });
    expect(statement.body.result.data.totals).toMatchObject({
      count: 1,
      premium: 7_875_000,
      commission: 786_713,
    });
    // Broker B's statement is its own (empty), even when asking for A's firm; an admin picks the firm.
    const other_ = await send(ctx, 'intermediary/commission/getStatement', { firmId: savannah }, brokerB);
    expect(other_.body.result.data.items).toEqual([]);
    const byAdmin = await send(ctx, 'intermediary/commission/getStatement', { firmId: savannah }, admin);
    expect(byAdmin.body.result.data.totals.commission).toBe(786_713);
    const before = await send(
      ctx,
      'intermediary/commission/getStatement',
      { to: addCalendarDays(today, -1) },
      brokerA,
    );
    expect(before.body.result.data.items).toEqual([]);

    expect(
      (await send(ctx, 'admin/commission/setRate', { classCode: '07', rateBps: 1000 }, admin)).status,
    ).toBe(200);
  });

  it('lets the client reject with a reason that the broker sees; then no transition is allowed', async () => {
    const rowA = (await requestTo([savannah]))[savannah]!;
    const sent = await sendRecommendation(rowA, [APA]);
    expect(sent.status).toBe(200);
    const { id, quotations: items } = sent.body.result.data;
    const reject = (data: Record<string, unknown>) =>
      send(
        ctx,
        'underwriting/quotation/acceptOrRejectQuotationRequest',
        { id, decision: 'REJECT', ...data },
        client,
      );

    for (const [data, message] of [
      [{}, M.reasonRequired],
      [{ reason: '   ' }, M.reasonRequired],
      [{ reason: 'Too dear' }, M.reasonTooShort],
      [{ reason: 'x'.repeat(501) }, M.reasonTooLong],
      [{ reason: 'The premium is above my budget.', decision: 'ACCEPT' }, M.decisionRequired],
    ] as const) {
      const answer = await reject(data);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errors.map((error: { message: string }) => error.message)).toContain(message);
    }

    const rejected = await reject({ reason: 'The premium is above my budget.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.result.data).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The premium is above my budget.',
    });
    const seen = await send(ctx, 'intermediary/request/getRequest', { id: rowA }, brokerA);
    expect(seen.body.result.data).toMatchObject({
      status: 'REJECTED',
      recommendation: { status: 'REJECTED', rejectionReason: 'The premium is above my budget.' },
    });
    expect(seen.body.result.data.history.map((event: { status: string }) => event.status)).toEqual([
      'PENDING',
      'QUOTED',
      'REJECTED',
    ]);

    const again = await reject({ reason: 'The premium is above my budget.' });
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe(M.alreadyRejected);
    const accept = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id, systemQuotationRef: items[0].systemQuotationRef },
      client,
    );
    expect(accept.status).toBe(409);
    expect(accept.body.err_msg).toBe(M.alreadyRejected);
  });

  it('refuses an expired quotation (QUOTATION_EXPIRED, nothing changes) and an expired request (409)', async () => {
    const rowA = (await requestTo([savannah]))[savannah]!;
    const sent = await sendRecommendation(rowA, [APA]);
    const { id, quotations: items } = sent.body.result.data;
    await ctx.database.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(quotations.systemQuotationRef, items[0].systemQuotationRef));
    const accept = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id, systemQuotationRef: items[0].systemQuotationRef },
      client,
    );
    expect(accept.status).toBe(409);
    expect(accept.body.err_code).toBe('QUOTATION_EXPIRED');
    const [stored] = await ctx.database.db.select().from(recommendations).where(eq(recommendations.id, id));
    expect(stored?.status).toBe('SENT');

    // A request past its expiry reads EXPIRED and cannot be quoted.
    const rows = await requestTo([savannah]);
    const [row] = await ctx.database.db
      .select({ helpRequestId: helpRequestIntermediaries.helpRequestId })
      .from(helpRequestIntermediaries)
      .where(eq(helpRequestIntermediaries.id, rows[savannah]!));
    await ctx.database.db
      .update(helpRequests)
      .set({ expiry: addCalendarDays(today, -1) })
      .where(eq(helpRequests.id, row!.helpRequestId));
    const expired = await sendRecommendation(rows[savannah]!, [APA]);
    expect(expired.status).toBe(409);
    expect(expired.body.err_msg).toBe(M.cannotQuote);
  });

  it('sends a signed-out visitor’s request to the account of the verified e-mail, or to a pending account its sign-up completes', async () => {
    const rows = await requestTo([savannah, tana]);
    const [row] = await ctx.database.db
      .select({ helpRequestId: helpRequestIntermediaries.helpRequestId })
      .from(helpRequestIntermediaries)
      .where(eq(helpRequestIntermediaries.id, rows[savannah]!));
    await ctx.database.db
      .update(helpRequests)
      .set({ userId: null })
      .where(eq(helpRequests.id, row!.helpRequestId));
    const linked = await sendRecommendation(rows[savannah]!, [APA]);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const [stored] = await ctx.database.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.id, linked.body.result.data.id));
    expect(stored?.clientEmail).toBe(clientEmail);

    // No account for the e-mail: a pending client account takes it; signing up with that e-mail
    // completes the same account and finds the recommendation waiting.
    const newEmail = uniqueEmail('visitor');
    await ctx.database.db
      .update(helpRequests)
      .set({ clientEmail: newEmail })
      .where(eq(helpRequests.id, row!.helpRequestId));
    const forVisitor = await sendRecommendation(rows[tana]!, [APA], brokerB);
    expect(forVisitor.status, JSON.stringify(forVisitor.body)).toBe(200);
    const mail = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, newEmail))
      .orderBy(desc(outboxEmails.id));
    expect(mail[0]?.text).toContain(`sign up on Bima Portal with this e-mail address (${newEmail})`);
    // Its link sets the new account's password, then opens the review.
    expect(mail[0]?.text).toMatch(
      new RegExp(
        `/password-setup\\?token=[A-Za-z0-9_-]{43}&next=%2Freview%2F${forVisitor.body.result.data.id}\\n`,
      ),
    );
    const beforeSignUp = await call(ctx, 'user', 'auth', 'login', {
      username: newEmail,
      password: PASSWORD,
      loginDevice: {},
    });
    expect(beforeSignUp.statusCode).toBe(401);
    await registerUser(ctx, newEmail);
    const signedUp = await loginUser(ctx, newEmail);
    const visitor = { accesstoken: signedUp.accessToken };
    const listed = await send(ctx, 'underwriting/quotation/clientQuotationRequest', {}, visitor);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.result.data)).toContain(forVisitor.body.result.data.systemRef);
    const details = await send(
      ctx,
      'underwriting/quotation/getQuotationDetails',
      { id: forVisitor.body.result.data.id },
      visitor,
    );
    expect(details.status).toBe(200);

    // An e-mail that belongs to staff cannot receive one.
    const staffRows = await requestTo([savannah]);
    const [staffRow] = await ctx.database.db
      .select({ helpRequestId: helpRequestIntermediaries.helpRequestId })
      .from(helpRequestIntermediaries)
      .where(eq(helpRequestIntermediaries.id, staffRows[savannah]!));
    await ctx.database.db
      .update(helpRequests)
      .set({ userId: null, clientEmail: SAMPLE.admin })
      .where(eq(helpRequests.id, staffRow!.helpRequestId));
    const toStaff = await sendRecommendation(staffRows[savannah]!, [APA]);
    expect(toStaff.status).toBe(409);
    expect(toStaff.body.err_code).toBe('CLIENT_UNAVAILABLE');
    expect(toStaff.body.err_msg).toBe(M.clientUnavailable(SAMPLE.admin));
  });

  it('validates the recommendation with clear messages and refuses bounds outside the product', async () => {
    const rowA = (await requestTo([savannah]))[savannah]!;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ items: [] }, 'items', M.productsRequired],
      [{ items: [APA, APA] }, 'items.1', M.productTwice],
      [{ note: '  ' }, 'note', M.noteRequired],
      [{ items: [{ ...APA, startDate: '2020-13-01' }] }, 'items.0.startDate', COVER_DATE_MESSAGES.notADate],
    ];
    for (const [change, field, message] of cases) {
      const answer = await send(
        ctx,
        'intermediary/recommendation/sendRecommendation',
        { requestId: rowA, items: [APA], note: 'A fine note.', ...change },
        brokerA,
      );
      expect(answer.status, message).toBe(400);
      const errors = answer.body.errors as Array<{ field: string; message: string }>;
      expect(errors, field).toContainEqual({ field, message });
    }
    const pastStart = await sendRecommendation(rowA, [{ ...APA, startDate: addCalendarDays(today, -3) }]);
    expect(pastStart.status).toBe(400);
    expect(pastStart.body.errors[0].field).toBe('items.0.startDate');
    const badExcess = await sendRecommendation(rowA, [
      { ...APA, excesses: [{ id: 'no-such-excess', amount: 1 }] },
    ]);
    expect(badExcess.status).toBe(400);
    expect(badExcess.body.errors[0].field).toMatch(/^items\.0\./);
    // A vehicle request is answered with motor private products: a fire cover would be issued
    // without its risk (and was numbered and certified as motor).
    const fire = await sendRecommendation(rowA, [
      { ...APA, productSystemRef: 'CIC-FD-DOM', additionalBenefits: [] },
    ]);
    expect(fire.status).toBe(400);
    expect(fire.body.errors[0]).toEqual({ field: 'items.0.productSystemRef', message: M.motorPrivateOnly });
    // Nothing was sent: the request is still open.
    const [stored] = await ctx.database.db
      .select({ status: helpRequestIntermediaries.status })
      .from(helpRequestIntermediaries)
      .where(and(eq(helpRequestIntermediaries.id, rowA)));
    expect(stored?.status).toBe('PENDING');
    const unknown = await send(
      ctx,
      'underwriting/quotation/getQuotationDetails',
      { id: 2_147_483_000 },
      client,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_msg).toBe(M.notFound);
  });

  it('prices the add-ons a client asked for per product (limits, excesses) and sends them at that price (issue 26)', async () => {
    const rows = await requestTo([savannah]);
    const row = rows[savannah]!;
    const addOns = {
      productSystemRef: 'JUB-MP-ELITE',
      additionalBenefits: [
        { benefitSystemRef: 'JUB-MP-ELITE-PVT' },
        { benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', params: { limit: 10_000_000 } },
      ],
      excesses: [{ id: 'collision', amount: 5_000_000 }],
    };
    const priceWith = (choices: unknown[]) =>
      send(
        ctx,
        'intermediary/recommendation/priceProducts',
        { requestId: row, productSystemRefs: ['JUB-MP-ELITE', 'APA-MP-PLUS'], choices },
        brokerA,
      );
    const alone = await priceWith([]);
    const withAddOns = await priceWith([addOns]);
    expect(withAddOns.status, JSON.stringify(withAddOns.body)).toBe(200);
    const [jubilee, apa] = withAddOns.body.result.data.quotes;
    // Windscreen above its inbuilt KES 50,000 at 10 % of the extra limit: KES 5,000 more.
    const windscreen = jubilee.quote.benefits.find(
      (line: { benefitSystemRef: string }) => line.benefitSystemRef === 'JUB-MP-ELITE-WINDSCREEN',
    );
    expect(windscreen).toMatchObject({ limit: 10_000_000, premium: 500_000 });
    expect(jubilee.quote.excesses).toContainEqual({
      id: 'collision',
      name: 'Collision',
      amount: 5_000_000,
      discount: 0,
    });
    expect(jubilee.quote.total).toBeGreaterThan(alone.body.result.data.quotes[0].quote.total);
    // The other product, without choices, is priced alone.
    expect(apa.quote.total).toBe(alone.body.result.data.quotes[1].quote.total);

    // A limit out of the product's range is refused for that product only, naming the field.
    const tooHigh = await priceWith([
      {
        ...addOns,
        additionalBenefits: [{ benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', params: { limit: 90_000_000 } }],
      },
    ]);
    expect(tooHigh.status).toBe(200);
    expect(tooHigh.body.result.data.quotes[0]).toMatchObject({
      ok: false,
      errors: [{ field: 'productSystemRefs.0.additionalBenefits.0.limit' }],
    });
    expect(tooHigh.body.result.data.quotes[1].ok).toBe(true);

    // Sent with the add-ons, the client's quotation is the price the broker saw, with its lines.
    const sent = await sendRecommendation(row, [{ ...addOns, coverPeriod: 365, startDate: today }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [quotation] = sent.body.result.data.quotations;
    // The quote and the quotation's premium, both in cents (issue 29).
    expect(quotation.premium).toBe(jubilee.quote.total);
    const [stored] = await ctx.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, quotation.systemQuotationRef));
    expect(stored?.selectedBenefits.map((benefit) => benefit.benefitSystemRef)).toEqual([
      'JUB-MP-ELITE-PVT',
      'JUB-MP-ELITE-WINDSCREEN',
    ]);
    expect(stored?.excesses.map((excess) => excess.id)).toEqual(['collision']);
  });

  it('keeps the new actions to their roles', async () => {
    const underwriter = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    for (const headers of [client, underwriter, {}]) {
      expect(
        (
          await send(
            ctx,
            'intermediary/recommendation/priceProducts',
            { requestId: 1, productSystemRefs: ['X'] },
            headers,
          )
        ).status,
      ).toBe(403);
      expect((await send(ctx, 'intermediary/commission/getStatement', {}, headers)).status).toBe(403);
    }
    for (const headers of [brokerA, admin, {}]) {
      expect((await send(ctx, 'underwriting/quotation/clientQuotationRequest', {}, headers)).status).toBe(
        403,
      );
      expect(
        (
          await send(
            ctx,
            'underwriting/quotation/acceptReccommendation',
            { id: 1, systemQuotationRef: 'X' },
            headers,
          )
        ).status,
      ).toBe(403);
    }
  });
});
