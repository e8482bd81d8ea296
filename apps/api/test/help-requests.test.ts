import { addCalendarDays, HELP_REQUEST_MESSAGES, INBOX_MESSAGES, NUMBER_MESSAGES } from '@bima/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  helpRequestIntermediaries,
  helpRequests,
  intermediaries,
  oneTimeCodes,
  outboxEmails,
} from '../src/db/schema';
import { kenyaToday } from '../src/lib/dates';
import { latestCode, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { CLIENT_KYC } from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const today = kenyaToday();

/** A valid help request (spec-2 §3) to the given intermediaries. */
function helpRequest(entityRefs: number[], email: string, overrides: Record<string, unknown> = {}) {
  return {
    entityRefs,
    expiry: addCalendarDays(today, 7),
    status: 'PENDING',
    remarks: 'Please quote comprehensive cover for my Toyota Axio.',
    clientDetails: { names: { firstName: 'Wanjiru', lastName: "Ng'ang'a" }, email, kraPin: 'a123456789z' },
    riskDetails: { value: 150_000_000, chassisNumber: 'nze1410001234567x', regNo: 'kda 123a' },
    ...overrides,
  };
}

describe('help requests to intermediaries', () => {
  let ctx: Ctx;
  let client: Headers;
  let clientEmail: string;
  let savannah: number;
  let tana: number;
  let pwani: number;
  let brokerA: Headers;
  let brokerB: Headers;
  let agent: Headers;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    client = await signedInClient(ctx);
    clientEmail = (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data.email;
    savannah = await firmId(ctx, FIRM.savannah);
    tana = await firmId(ctx, FIRM.tana);
    pwani = await firmId(ctx, FIRM.pwani);
    brokerA = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    brokerB = (await signInAs(ctx, SAMPLE.brokerB)).headers;
    agent = (await signInAs(ctx, SAMPLE.agent)).headers;
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  const create = (data: unknown, headers: Headers = client) =>
    send(ctx, 'underwriting/quotation/createHelpRequest', data, headers);

  /** The inbox row of a request for one firm. */
  async function rowOf(requestSystemRef: string, intermediaryId: number): Promise<number> {
    const [row] = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(
        and(
          eq(helpRequests.requestSystemRef, requestSystemRef),
          eq(helpRequestIntermediaries.intermediaryId, intermediaryId),
        ),
      );
    if (!row) throw new Error(`no row of ${requestSystemRef} for ${intermediaryId}`);
    return row.id;
  }

  const newestMailTo = async (to: string) =>
    (
      await ctx.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.to, to))
        .orderBy(desc(outboxEmails.id))
        .limit(1)
    )[0];

  it('answers the help form’s data: ACTIVE intermediaries, and a signed-in client’s KYC to prefill', async () => {
    const list = (await send(ctx, 'underwriting/quotation/listIntermediaries')).body.result.data;
    const anonymous = await send(ctx, 'underwriting/quotation/helpEntities');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data).toEqual({ intermediaries: list, prefill: null });
    for (const item of anonymous.body.result.data.intermediaries) expect(item.status).toBe('ACTIVE');

    const signedIn = await send(ctx, 'underwriting/quotation/helpEntities', {}, client);
    expect(signedIn.body.result.data.prefill).toEqual({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: clientEmail,
      // The test client has given the KYC a purchase needs (staff-helpers' signedInClient).
      kraPin: CLIENT_KYC.kraPin,
    });
    await send(
      ctx,
      'client/client/updateClient',
      {
        kraPin: 'A987654321B',
        phone: '0712345678',
        address: 'Ngong Road, Nairobi',
        clientType: 'INDIVIDUAL',
      },
      client,
    );
    const withKyc = await send(ctx, 'underwriting/quotation/helpEntities', {}, client);
    expect(withKyc.body.result.data.prefill.kraPin).toBe('A987654321B');
    // Staff have no KYC to prefill.
    expect(
      (await send(ctx, 'underwriting/quotation/helpEntities', {}, brokerA)).body.result.data.prefill,
    ).toBeNull();
  });

  it('validates the form with the spec’s messages', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [];
    const m = HELP_REQUEST_MESSAGES;
    const valid = helpRequest([savannah], clientEmail);
    const withClient = (patch: Record<string, unknown>) => ({
      clientDetails: { ...valid.clientDetails, ...patch },
    });
    const withNames = (patch: Record<string, unknown>) =>
      withClient({ names: { ...valid.clientDetails.names, ...patch } });
    const withRisk = (patch: Record<string, unknown>) => ({
      riskDetails: { ...valid.riskDetails, ...patch },
    });
    cases.push(
      [
        'first name missing',
        withNames({ firstName: '' }),
        'clientDetails.names.firstName',
        m.firstNameRequired,
      ],
      [
        'first name digits',
        withNames({ firstName: 'Wanj1ru' }),
        'clientDetails.names.firstName',
        m.firstNameLetters,
      ],
      ['last name missing', withNames({ lastName: ' ' }), 'clientDetails.names.lastName', m.lastNameRequired],
      [
        'last name symbols',
        withNames({ lastName: 'Kamau!' }),
        'clientDetails.names.lastName',
        m.lastNameLetters,
      ],
      ['email missing', withClient({ email: '' }), 'clientDetails.email', 'Email address is required'],
      [
        'email invalid',
        withClient({ email: 'wanjiru@' }),
        'clientDetails.email',
        'Please enter a valid email address',
      ],
      ['KRA PIN missing', withClient({ kraPin: '' }), 'clientDetails.kraPin', 'KRA PIN is required'],
      [
        'KRA PIN invalid',
        withClient({ kraPin: 'A12345' }),
        'clientDetails.kraPin',
        'Please enter a valid KRA PIN (e.g., A123456789Z)',
      ],
      ['value missing', withRisk({ value: undefined }), 'riskDetails.value', 'Vehicle value is required'],
      ['value empty', withRisk({ value: '' }), 'riskDetails.value', 'Vehicle value is required'],
      // A value in the wrong form says so, never "required" (issue 28).
      ['value not a number', withRisk({ value: 'lots' }), 'riskDetails.value', NUMBER_MESSAGES.amountInvalid],
      ['value zero', withRisk({ value: 0 }), 'riskDetails.value', 'Vehicle value must be greater than 0'],
      [
        'value negative',
        withRisk({ value: -10 }),
        'riskDetails.value',
        'Vehicle value must be greater than 0',
      ],
      ['plate missing', withRisk({ regNo: '' }), 'riskDetails.regNo', 'Registration number is required'],
      [
        'plate invalid',
        withRisk({ regNo: 'K 12' }),
        'riskDetails.regNo',
        'Please enter a valid registration number (e.g., KBC 123A)',
      ],
      [
        'chassis missing',
        withRisk({ chassisNumber: '' }),
        'riskDetails.chassisNumber',
        'Chassis number is required',
      ],
      [
        'chassis short',
        withRisk({ chassisNumber: 'NZE141' }),
        'riskDetails.chassisNumber',
        'Chassis number should be 17 characters long',
      ],
      ['expiry missing', { expiry: '' }, 'expiry', 'Expiry date is required'],
      ['expiry past', { expiry: addCalendarDays(today, -1) }, 'expiry', 'Expiry date cannot be in the past'],
      ['expiry not a date', { expiry: '2027-02-30' }, 'expiry', m.expiryNotADate],
      ['remarks missing', { remarks: '' }, 'remarks', 'Query description is required'],
      ['remarks short', { remarks: 'Quote me' }, 'remarks', 'Description must be at least 10 characters'],
      ['no intermediary', { entityRefs: [] }, 'entityRefs', 'Please select at least one intermediary'],
      [
        'intermediaries missing',
        { entityRefs: undefined },
        'entityRefs',
        'Please select at least one intermediary',
      ],
    );
    for (const [label, patch, field, message] of cases) {
      const { status, body } = await create({ ...valid, ...patch });
      expect(status, label).toBe(400);
      expect(body.errors, label).toEqual([{ field, message }]);
    }
    const empty = await create({});
    expect(empty.status).toBe(400);
    const messages = empty.body.errors.map((error: { message: string }) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please select at least one intermediary',
        'Expiry date is required',
        'Query description is required',
        'First name is required',
        'Last name is required',
        'Email address is required',
        'KRA PIN is required',
        'Vehicle value is required',
        'Chassis number is required',
        'Registration number is required',
      ]),
    );
  });

  it('refuses intermediaries that are unknown or not ACTIVE, naming them', async () => {
    const pending = await firmId(ctx, FIRM.kilimaPending);
    const suspended = await firmId(ctx, FIRM.barakaSuspended);
    const { status, body } = await create(helpRequest([savannah, pending, suspended, 999_999], clientEmail));
    expect(status).toBe(400);
    expect(body.err_code).toBe('INTERMEDIARY_UNAVAILABLE');
    expect(body.err_msg).toBe(
      HELP_REQUEST_MESSAGES.intermediariesUnavailable([
        `Kilima Insurance Brokers (id ${pending})`,
        `Baraka Insurance Agency (id ${suspended})`,
        'id 999999',
      ]),
    );
    expect(body.errors[0].field).toBe('entityRefs');
  });

  it('a signed-in client sends directly: one request, one row per firm, a mail to each and a confirmation', async () => {
    const sent = await create(helpRequest([savannah, tana, savannah], clientEmail, { expiry: today }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { requestSystemRef } = sent.body.result.data;
    expect(sent.body.result.data).toEqual({
      requestSystemRef: expect.stringMatching(/^HR-/),
      status: 'PENDING',
      intermediaries: [
        { id: savannah, intermediaryNames: 'Savannah Insurance Brokers' },
        { id: tana, intermediaryNames: 'Tana Insurance Brokers' },
      ],
    });
    const [stored] = await ctx.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.requestSystemRef, requestSystemRef));
    expect(stored).toMatchObject({
      riskValue: 150_000_000,
      clientKraPin: 'A123456789Z',
      regNo: 'KDA 123A',
      chassisNumber: 'NZE1410001234567X',
      clientLastName: "Ng'ang'a",
      expiry: today,
      verificationId: null,
    });
    expect(stored!.userId).not.toBeNull();

    const toSavannah = await newestMailTo('info@savannah-brokers.example');
    expect(toSavannah?.subject).toContain(requestSystemRef);
    expect(toSavannah?.text).toContain(`/staff/requests/${await rowOf(requestSystemRef, savannah)}`);
    expect(toSavannah?.text).toContain('KES 1,500,000');
    expect(toSavannah?.text).toContain('Please quote comprehensive cover');
    const toTana = await newestMailTo('info@tana-brokers.example');
    expect(toTana?.text).toContain(`/staff/requests/${await rowOf(requestSystemRef, tana)}`);
    const confirmation = await newestMailTo(clientEmail);
    expect(confirmation?.subject).toContain(requestSystemRef);
    expect(confirmation?.text).toContain('Savannah Insurance Brokers, Tana Insurance Brokers');
  });

  it('a signed-out visitor (or staff) needs the e-mailed code, for the same address, once', async () => {
    const email = uniqueEmail('visitor');
    const data = helpRequest([tana], email);
    for (const headers of [{}, brokerA]) {
      const withoutCode = await create(data, headers);
      expect(withoutCode.status).toBe(400);
      expect(withoutCode.body).toMatchObject({
        err_code: 'VERIFICATION_REQUIRED',
        err_msg: HELP_REQUEST_MESSAGES.verificationRequired,
      });
    }

    const noEmail = await send(ctx, 'underwriting/quotation/requestHelpCode', {});
    expect(noEmail.body.err_msg).toBe('Email address is required');
    const asked = await send(ctx, 'underwriting/quotation/requestHelpCode', { email: email.toUpperCase() });
    expect(asked.status).toBe(200);
    const { verificationRef } = asked.body.result.data;
    const code = await latestCode(ctx, email);

    const otherAddress = await create(
      { ...helpRequest([tana], uniqueEmail('other')), verificationRef, code },
      {},
    );
    expect(otherAddress.status).toBe(400);
    expect(otherAddress.body.err_msg).toBe(HELP_REQUEST_MESSAGES.verificationEmailMismatch);
    const wrong = await create({ ...data, verificationRef, code: code === '0000' ? '1111' : '0000' }, {});
    expect(wrong.status).toBe(400);
    expect(wrong.body.err_code).toBe('EMAIL_TOKEN_ERROR');

    const sent = await create({ ...data, verificationRef, code }, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [stored] = await ctx.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.requestSystemRef, sent.body.result.data.requestSystemRef));
    expect(stored).toMatchObject({ userId: null, verificationId: verificationRef, clientEmail: email });

    const reused = await create({ ...data, verificationRef, code }, {});
    expect(reused.status).toBe(400);
    expect(reused.body.err_code).toBe('EMAIL_TOKEN_EXPIRED');
  });

  it('a code dies after five wrong tries, counted atomically', async () => {
    const email = uniqueEmail('guesser');
    const { verificationRef } = (await send(ctx, 'underwriting/quotation/requestHelpCode', { email })).body
      .result.data;
    const code = await latestCode(ctx, email);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const data = helpRequest([tana], email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => create({ ...data, verificationRef, code: wrongCode }, {})),
    );
    for (const guess of guesses) expect(guess.status).toBe(400);
    const [live] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, verificationRef));
    expect(live!.attempts).toBe(5);
    const late = await create({ ...data, verificationRef, code }, {});
    expect(late.status).toBe(400);
    expect(late.body.err_code).toBe('EMAIL_TOKEN_EXPIRED');
  });

  it('the inbox: each firm sees its own rows, another firm’s answer 404, an admin sees all', async () => {
    const sent = await create(helpRequest([savannah, tana], clientEmail));
    const { requestSystemRef } = sent.body.result.data;
    const rowA = await rowOf(requestSystemRef, savannah);
    const rowB = await rowOf(requestSystemRef, tana);

    const inboxA = await send(ctx, 'intermediary/request/listRequests', {}, brokerA);
    expect(inboxA.status).toBe(200);
    const itemA = inboxA.body.result.data.items.find((item: { id: number }) => item.id === rowA);
    expect(itemA).toEqual({
      id: rowA,
      requestSystemRef,
      status: 'PENDING',
      expiry: addCalendarDays(today, 7),
      createdAt: expect.any(String),
      client: { names: { firstName: 'Wanjiru', lastName: "Ng'ang'a" }, email: clientEmail },
      risk: { value: 150_000_000, regNo: 'KDA 123A' },
      intermediary: { id: savannah, intermediaryNames: 'Savannah Insurance Brokers' },
    });
    for (const item of inboxA.body.result.data.items) expect(item.intermediary.id).toBe(savannah);
    expect(inboxA.body.result.data.newCount).toBeGreaterThanOrEqual(1);
    expect(inboxA.body.result.data).toMatchObject({ page: 1, pageSize: 20 });

    const inboxB = await send(ctx, 'intermediary/request/listRequests', {}, brokerB);
    const idsB = inboxB.body.result.data.items.map((item: { id: number }) => item.id);
    expect(idsB).toContain(rowB);
    expect(idsB).not.toContain(rowA);
    const inboxAgent = await send(ctx, 'intermediary/request/listRequests', {}, agent);
    expect(inboxAgent.body.result.data.items.map((item: { id: number }) => item.id)).not.toContain(rowA);

    // Another firm's request does not exist for them: 404, not 403.
    for (const action of ['getRequest', 'startReview']) {
      const foreign = await send(ctx, `intermediary/request/${action}`, { id: rowA }, brokerB);
      expect(foreign.status, action).toBe(404);
      expect(foreign.body.err_msg).toBe(INBOX_MESSAGES.notFound);
    }
    const details = await send(ctx, 'intermediary/request/getRequest', { id: rowA }, brokerA);
    expect(details.body.result.data).toMatchObject({
      id: rowA,
      status: 'PENDING',
      remarks: 'Please quote comprehensive cover for my Toyota Axio.',
      client: { email: clientEmail, kraPin: 'A123456789Z' },
      risk: { value: 150_000_000, regNo: 'KDA 123A', chassisNumber: 'NZE1410001234567X' },
      history: [
        { from: null, status: 'PENDING', at: expect.any(String), by: { names: { firstName: 'Wanjiru' } } },
      ],
    });
    const asAdmin = await send(ctx, 'intermediary/request/listRequests', { pageSize: 100 }, admin);
    const adminIds = asAdmin.body.result.data.items.map((item: { id: number }) => item.id);
    expect(adminIds).toEqual(expect.arrayContaining([rowA, rowB]));
    expect((await send(ctx, 'intermediary/request/getRequest', { id: rowB }, admin)).status).toBe(200);

    for (const [data, message] of [
      [{ status: 'DONE' }, 'Unknown request status.'],
      [{ page: 0 }, expect.any(String)],
    ] as const) {
      const bad = await send(ctx, 'intermediary/request/listRequests', data, brokerA);
      expect(bad.status).toBe(400);
      expect(bad.body.err_msg).toEqual(message);
    }
    const noId = await send(ctx, 'intermediary/request/getRequest', {}, brokerA);
    expect(noId.body.err_msg).toBe('Request id is required.');
  });

  it('moves PENDING → IN_REVIEW once; any other transition is a 409', async () => {
    const { requestSystemRef } = (await create(helpRequest([savannah], clientEmail))).body.result.data;
    const row = await rowOf(requestSystemRef, savannah);
    const before = (await send(ctx, 'intermediary/request/listRequests', {}, brokerA)).body.result.data
      .newCount;

    const started = await send(ctx, 'intermediary/request/startReview', { id: row }, brokerA);
    expect(started.status).toBe(200);
    expect(started.body.result.data.status).toBe('IN_REVIEW');
    expect(started.body.result.data.history).toEqual([
      expect.objectContaining({ from: null, status: 'PENDING' }),
      expect.objectContaining({
        from: 'PENDING',
        status: 'IN_REVIEW',
        by: { names: { firstName: 'Kamau', lastName: 'Mwangi' } },
      }),
    ]);
    const after = (await send(ctx, 'intermediary/request/listRequests', {}, brokerA)).body.result.data;
    expect(after.newCount).toBe(before - 1);
    const inReview = await send(ctx, 'intermediary/request/listRequests', { status: 'IN_REVIEW' }, brokerA);
    expect(inReview.body.result.data.items.map((item: { id: number }) => item.id)).toContain(row);
    const pending = await send(ctx, 'intermediary/request/listRequests', { status: 'PENDING' }, brokerA);
    expect(pending.body.result.data.items.map((item: { id: number }) => item.id)).not.toContain(row);

    const again = await send(ctx, 'intermediary/request/startReview', { id: row }, brokerA);
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe('This request can no longer be reviewed.');

    // Later states (set as the quotation steps will set them) cannot go back to review either.
    for (const status of ['QUOTED', 'ACCEPTED', 'REJECTED']) {
      await ctx.database.db
        .update(helpRequestIntermediaries)
        .set({ status })
        .where(eq(helpRequestIntermediaries.id, row));
      const refused = await send(ctx, 'intermediary/request/startReview', { id: row }, brokerA);
      expect(refused.status, status).toBe(409);
      expect(refused.body.err_msg).toBe(INBOX_MESSAGES.cannotReview);
      expect(
        (await send(ctx, 'intermediary/request/getRequest', { id: row }, brokerA)).body.result.data.status,
      ).toBe(status);
    }

    const log = await send(
      ctx,
      'admin/audit/listAuditLog',
      { action: 'intermediary/request/startReview' },
      admin,
    );
    expect(log.body.result.data.items[0]).toMatchObject({
      entityType: 'help_request_intermediary',
      entityId: String(row),
      actor: { email: SAMPLE.brokerA, role: 'intermediary' },
      details: { from: 'PENDING', to: 'IN_REVIEW' },
    });
  });

  it('a request past its expiry reads EXPIRED (pending or in review) and can no longer be reviewed', async () => {
    const { requestSystemRef } = (await create(helpRequest([savannah, tana], clientEmail, { expiry: today })))
      .body.result.data;
    const pendingRow = await rowOf(requestSystemRef, savannah);
    const reviewedRow = await rowOf(requestSystemRef, tana);
    expect((await send(ctx, 'intermediary/request/startReview', { id: reviewedRow }, brokerB)).status).toBe(
      200,
    );
    // Today is still in time; the day after the expiry is not.
    expect(
      (await send(ctx, 'intermediary/request/getRequest', { id: pendingRow }, brokerA)).body.result.data
        .status,
    ).toBe('PENDING');
    await ctx.database.db
      .update(helpRequests)
      .set({ expiry: addCalendarDays(today, -1) })
      .where(eq(helpRequests.requestSystemRef, requestSystemRef));

    for (const [row, headers] of [
      [pendingRow, brokerA],
      [reviewedRow, brokerB],
    ] as const) {
      const details = await send(ctx, 'intermediary/request/getRequest', { id: row }, headers);
      expect(details.body.result.data.status).toBe('EXPIRED');
      const expired = await send(ctx, 'intermediary/request/listRequests', { status: 'EXPIRED' }, headers);
      expect(expired.body.result.data.items.map((item: { id: number }) => item.id)).toContain(row);
      const pending = await send(ctx, 'intermediary/request/listRequests', { status: 'PENDING' }, headers);
      expect(pending.body.result.data.items.map((item: { id: number }) => item.id)).not.toContain(row);
    }
    const refused = await send(ctx, 'intermediary/request/startReview', { id: pendingRow }, brokerA);
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toBe(INBOX_MESSAGES.cannotReview);
    // Stored states are untouched: EXPIRED is read, never written.
    const stored = await ctx.database.db
      .select({ status: helpRequestIntermediaries.status })
      .from(helpRequestIntermediaries)
      .where(eq(helpRequestIntermediaries.id, pendingRow));
    expect(stored[0]!.status).toBe('PENDING');
  });

  it('a suspended firm’s open requests read SUSPENDED, and again PENDING once it is approved', async () => {
    const { requestSystemRef } = (await create(helpRequest([pwani], clientEmail))).body.result.data;
    const row = await rowOf(requestSystemRef, pwani);
    const read = async () =>
      (await send(ctx, 'intermediary/request/getRequest', { id: row }, admin)).body.result.data.status;
    expect(await read()).toBe('PENDING');
    await send(ctx, 'admin/intermediary/suspendIntermediary', { id: pwani, reason: 'Licence lapsed' }, admin);
    expect(await read()).toBe('SUSPENDED');
    const suspended = await send(ctx, 'intermediary/request/listRequests', { status: 'SUSPENDED' }, admin);
    expect(suspended.body.result.data.items.map((item: { id: number }) => item.id)).toContain(row);
    expect((await send(ctx, 'intermediary/request/startReview', { id: row }, admin)).status).toBe(409);
    // New requests to it are refused while it is suspended.
    expect((await create(helpRequest([pwani], clientEmail))).status).toBe(400);

    await send(ctx, 'admin/intermediary/approveIntermediary', { id: pwani }, admin);
    expect(await read()).toBe('PENDING');
    const [firm] = await ctx.database.db.select().from(intermediaries).where(eq(intermediaries.id, pwani));
    expect(firm!.status).toBe('ACTIVE');
  });
});
