import { randomUUID } from 'node:crypto';
import { STAFF_MESSAGES, type StaffRole } from '@bima/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../src/auth/tokens';
import { outboxEmails, users } from '../src/db/schema';
import { seedSampleData } from '../src/db/seed';
import { allActions } from '../src/modules';
import { findSampleStaffWithSamplePassword } from '../src/modules/staff/seed';
import { SAMPLE_STAFF, SAMPLE_STAFF_PASSWORD } from '../src/modules/staff/seed-data';
import { latestCode, loginUser, PASSWORD, registerUser, uniqueEmail } from './accounts-helpers';
import { buildTestApp, openTestDatabase, TEST_JWT_SECRET } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Who may call each staff action. A staff action added without a line here fails the first test
 * below, and every line is then checked against every role.
 */
const STAFF_ACTION_ROLES: Record<string, StaffRole[]> = {
  'admin/mailQueue/listMailQueue': ['admin'],
  'admin/lender/listLenders': ['admin'],
  'lender/pricing/listTables': ['lender'],
  'lender/pricing/publishTable': ['lender'],
  'admin/mailQueue/retryMail': ['admin'],
  'admin/smsQueue/listSmsQueue': ['admin'],
  'admin/smsQueue/retrySms': ['admin'],
  'admin/jobs/listJobs': ['admin'],
  'admin/jobs/retryJob': ['admin'],
  'claims/desk/listClaims': ['admin', 'intermediary', 'underwriter'],
  'claims/desk/getClaim': ['admin', 'intermediary', 'underwriter'],
  'claims/desk/listAssessors': ['admin', 'underwriter'],
  'claims/desk/appointAssessor': ['admin', 'underwriter'],
  'claims/desk/requestDocuments': ['admin', 'underwriter'],
  'claims/desk/recordAssessment': ['admin', 'underwriter'],
  'claims/desk/approveClaim': ['admin', 'underwriter'],
  'claims/desk/declineClaim': ['admin', 'underwriter'],
  'claims/desk/settleClaim': ['admin', 'underwriter'],
  'claims/desk/resolvePayout': ['admin', 'underwriter'],
  'claims/desk/closeClaim': ['admin', 'underwriter'],
  'admin/audit/listAuditLog': ['admin'],
  'admin/commission/listRates': ['admin'],
  'admin/catalogue/listInterest': ['admin'],
  'admin/catalogue/notifyInterest': ['admin'],
  'admin/commission/setRate': ['admin'],
  'admin/identity/decideCheck': ['admin'],
  'admin/identity/listReviewChecks': ['admin'],
  'admin/intermediary/approveIntermediary': ['admin'],
  'admin/intermediary/createIntermediary': ['admin'],
  'admin/intermediary/listIntermediaries': ['admin'],
  'admin/intermediary/suspendIntermediary': ['admin'],
  'admin/staff/disableStaff': ['admin'],
  'admin/staff/enableStaff': ['admin'],
  'admin/staff/inviteStaff': ['admin'],
  'admin/staff/listStaff': ['admin'],
  'backoffice/policy/searchPolicies': ['underwriter', 'admin'],
  'backoffice/certificate/certificateDesk': ['underwriter', 'admin'],
  'backoffice/certificate/retryCertificate': ['underwriter', 'admin'],
  'backoffice/identity/insuredVerifications': ['intermediary', 'underwriter', 'admin'],
  'chat/conversation/startWithClient': ['intermediary'],
  'backoffice/product/getProduct': ['underwriter', 'admin'],
  'backoffice/product/getProductVersion': ['underwriter', 'admin'],
  'backoffice/product/listProductVersions': ['underwriter', 'admin'],
  'backoffice/product/listMonthlyTerms': ['underwriter', 'admin'],
  'backoffice/product/listProducts': ['underwriter', 'admin'],
  'backoffice/product/publishMonthlyTerms': ['underwriter', 'admin'],
  'backoffice/product/setProductActive': ['underwriter', 'admin'],
  'backoffice/product/updateProduct': ['underwriter', 'admin'],
  'intermediary/assessment/getShared': ['intermediary'],
  'intermediary/assessment/listShared': ['intermediary'],
  'intermediary/commission/getStatement': ['intermediary', 'admin'],
  'intermediary/recommendation/priceProducts': ['intermediary', 'admin'],
  'intermediary/recommendation/sendRecommendation': ['intermediary', 'admin'],
  'intermediary/request/getRequest': ['intermediary', 'admin'],
  'intermediary/request/listRequests': ['intermediary', 'admin'],
  'intermediary/request/startReview': ['intermediary', 'admin'],
  'lender/application/listApplications': ['lender'],
  'lender/application/getApplication': ['lender'],
  'lender/application/approveApplication': ['lender'],
  'lender/application/declineApplication': ['lender'],
  'payments/unallocatedReceipt/listUnallocatedReceipts': ['admin'],
  'payments/unallocatedReceipt/resolveReceipt': ['admin'],
  'staff/account/getProfile': ['intermediary', 'underwriter', 'admin', 'lender'],
  'staff/dashboard/getWork': ['intermediary', 'underwriter', 'admin', 'lender'],
};

/** Inputs that change nothing when allowed: an unknown id (404) or an invalid body (400). */
const UNKNOWN_ID = 2_147_483_000;
const HARMLESS_INPUT: Record<string, unknown> = {
  'admin/mailQueue/retryMail': { id: 999_999 },
  'admin/smsQueue/retrySms': { id: 999_999 },
  'admin/jobs/retryJob': { id: '00000000-0000-4000-8000-000000000000' },
  'backoffice/policy/searchPolicies': { query: 'NO-SUCH-POLICY' },
  'payments/unallocatedReceipt/resolveReceipt': {
    receiptSystemRef: 'RCT-NONE',
    resolution: 'REFUNDED',
    note: 'Role table probe',
  },
  'backoffice/product/getProduct': { productSystemRef: 'NO-SUCH-PRODUCT' },
  'backoffice/product/getProductVersion': { productSystemRef: 'NO-SUCH-PRODUCT', version: 1 },
  'backoffice/product/listProductVersions': { productSystemRef: 'NO-SUCH-PRODUCT' },
  'backoffice/product/listMonthlyTerms': { productSystemRef: 'NO-SUCH-PRODUCT' },
  'backoffice/product/publishMonthlyTerms': {
    productSystemRef: 'NO-SUCH-PRODUCT',
    enabled: true,
    loadingBps: 1_000,
    graceDays: 14,
  },
  'backoffice/product/setProductActive': {
    productSystemRef: 'NO-SUCH-PRODUCT',
    expectedVersion: 1,
    active: false,
  },
  'backoffice/product/updateProduct': { productSystemRef: 'NO-SUCH-PRODUCT' },
  'admin/commission/setRate': { classCode: 'ZZ', rateBps: 1 },
  'admin/intermediary/approveIntermediary': { id: UNKNOWN_ID },
  'admin/intermediary/suspendIntermediary': { id: UNKNOWN_ID, reason: 'Role table probe' },
  'admin/staff/disableStaff': { userId: randomUUID() },
  'admin/staff/enableStaff': { userId: randomUUID() },
  'intermediary/request/getRequest': { id: UNKNOWN_ID },
  'chat/conversation/startWithClient': { requestId: UNKNOWN_ID },
  'intermediary/request/startReview': { id: UNKNOWN_ID },
  'lender/application/getApplication': { loanRef: 'LN-NONE' },
  'lender/application/approveApplication': { loanRef: 'LN-NONE' },
  'lender/application/declineApplication': { loanRef: 'LN-NONE', reason: 'Role table probe' },
  'intermediary/recommendation/priceProducts': { requestId: UNKNOWN_ID, productSystemRefs: ['APA-MP-PLUS'] },
  'intermediary/recommendation/sendRecommendation': {
    requestId: UNKNOWN_ID,
    items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: '2030-01-01' }],
    note: 'Role table probe',
  },
};

const pathOf = (action: { service: string; resource: string; action: string }) =>
  `${action.service}/${action.resource}/${action.action}`;

describe('staff roles and sign-in', () => {
  let ctx: Ctx;
  const personas: Record<
    'anonymous' | 'client' | 'intermediaryA' | 'intermediaryB' | 'underwriter' | 'admin' | 'lender',
    Headers
  > = {
    anonymous: {},
    client: {},
    intermediaryA: {},
    intermediaryB: {},
    underwriter: {},
    admin: {},
    lender: {},
  };
  const roleOf = {
    anonymous: null,
    client: 'client',
    intermediaryA: 'intermediary',
    intermediaryB: 'intermediary',
    underwriter: 'underwriter',
    admin: 'admin',
    lender: 'lender',
  } as const;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    personas.client = await signedInClient(ctx);
    personas.intermediaryA = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    personas.intermediaryB = (await signInAs(ctx, SAMPLE.brokerB)).headers;
    personas.underwriter = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    personas.admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    personas.lender = (await signInAs(ctx, SAMPLE.lender)).headers;
  });
  afterAll(() => ctx.app.close());

  it('signs every role in on user/auth/login; the answer and the token carry the role', async () => {
    const cases: Array<[string, string, string]> = [
      [SAMPLE.admin, SAMPLE_STAFF_PASSWORD, 'admin'],
      [SAMPLE.brokerA, SAMPLE_STAFF_PASSWORD, 'intermediary'],
      [SAMPLE.agent, SAMPLE_STAFF_PASSWORD, 'intermediary'],
      [SAMPLE.underwriter, SAMPLE_STAFF_PASSWORD, 'underwriter'],
      [SAMPLE.lender, SAMPLE_STAFF_PASSWORD, 'lender'],
      [await registerUser(ctx), PASSWORD, 'client'],
    ];
    for (const [email, password, role] of cases) {
      const session = await loginUser(ctx, email, password);
      expect(session, email).toMatchObject({ role, user: { email, role } });
      expect(verifyAccessToken(session.accessToken, TEST_JWT_SECRET)?.role).toBe(role);
      const refreshed = await send(ctx, 'user/auth/refreshToken', { refreshToken: session.refreshToken });
      expect(refreshed.body.result.data.role).toBe(role);
    }
    const wrong = await send(ctx, 'user/auth/login', {
      username: SAMPLE.admin,
      password: 'Not-The-Password-1',
    });
    expect(wrong.status).toBe(401);
  });

  it('declares every staff action with its roles, and every action with an auth level', () => {
    const declared = allActions.filter((action) => action.auth === 'staff');
    expect(
      Object.fromEntries(declared.map((action) => [pathOf(action), [...(action.roles ?? [])].sort()])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(STAFF_ACTION_ROLES).map(([path, roles]) => [path, [...roles].sort()]),
      ),
    );
    for (const action of allActions)
      expect(['public', 'signedIn', 'client', 'staff'], pathOf(action)).toContain(action.auth);
  });

  it('lets each role call only its staff actions: the others answer 403 (table over every staff action)', async () => {
    for (const [path, roles] of Object.entries(STAFF_ACTION_ROLES)) {
      for (const [persona, headers] of Object.entries(personas)) {
        const role = roleOf[persona as keyof typeof roleOf];
        const { status, body } = await send(ctx, path, HARMLESS_INPUT[path] ?? {}, headers);
        const label = `${path} as ${persona}`;
        if (role && (roles as string[]).includes(role)) {
          expect(status, `${label}: ${JSON.stringify(body)}`).not.toBe(403);
          expect(status, label).toBeLessThan(500);
        } else {
          expect(status, label).toBe(403);
          expect(body.err_code, label).toBe('FORBIDDEN');
          if (role) expect(body.err_msg, label).toBe(STAFF_MESSAGES.forbidden);
        }
      }
    }
  });

  it('keeps staff from client-only actions (403), and lets clients call them', async () => {
    const clientActions = allActions.filter((action) => action.auth === 'client');
    expect(clientActions.length).toBeGreaterThan(10);
    for (const action of clientActions) {
      const path = pathOf(action);
      for (const persona of ['intermediaryA', 'underwriter', 'admin', 'lender'] as const) {
        const { status, body } = await send(ctx, path, {}, personas[persona]);
        expect(status, `${path} as ${persona}`).toBe(403);
        expect(body.err_msg).toBe(STAFF_MESSAGES.forbidden);
      }
      expect((await send(ctx, path, {}, personas.client)).status, path).not.toBe(403);
    }
  });

  it('answers the staff member their profile with their firm or insurer', async () => {
    const broker = await send(ctx, 'staff/account/getProfile', {}, personas.intermediaryA);
    expect(broker.body.result.data).toMatchObject({
      email: SAMPLE.brokerA,
      role: 'intermediary',
      status: 'ACTIVE',
      intermediary: { id: await firmId(ctx, FIRM.savannah), intermediaryNames: 'Savannah Insurance Brokers' },
      underwriter: null,
    });
    const underwriter = await send(ctx, 'staff/account/getProfile', {}, personas.underwriter);
    expect(underwriter.body.result.data).toMatchObject({
      role: 'underwriter',
      intermediary: null,
      underwriter: { id: 'jubilee', name: 'Jubilee Insurance' },
    });
  });

  it('lets staff sign out with the one logout action (signedIn)', async () => {
    const { headers } = await signInAs(ctx, SAMPLE.brokerB);
    expect((await send(ctx, 'staff/account/getProfile', {}, headers)).status).toBe(200);
    expect((await send(ctx, 'client/logout/logout', {}, headers)).status).toBe(200);
    expect((await send(ctx, 'staff/account/getProfile', {}, headers)).status).toBe(403);
  });
});

describe('admin invitations', () => {
  let ctx: Ctx;
  let admin: Headers;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  /** The invitation reference and code of the newest mail to an address. */
  async function invitationOf(email: string) {
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const ref = mail?.text.match(/Invitation reference: ([0-9a-f-]{36})/)?.[1];
    if (!mail || !ref) throw new Error(`no invitation mailed to ${email}`);
    return { ref, code: await latestCode(ctx, email), mail };
  }

  const invite = (data: Record<string, unknown>) => send(ctx, 'admin/staff/inviteStaff', data, admin);

  it('invitation → code → password → signed in with the role; the invitation works once', async () => {
    const email = uniqueEmail('broker');
    const riftValley = await firmId(ctx, FIRM.riftValley);
    const invited = await invite({
      email,
      firstName: 'Chebet',
      lastName: 'Kiprono',
      role: 'intermediary',
      intermediaryId: riftValley,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.result.data).toMatchObject({
      email,
      role: 'intermediary',
      status: 'INVITED',
      intermediary: { id: riftValley, intermediaryNames: 'Rift Valley Risk Advisers' },
    });
    const { ref, code, mail } = await invitationOf(email);
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(`Invitation reference: ${ref}`);
    expect(mail.text).toMatch(/\/password-setup\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('Rift Valley Risk Advisers');

    // Not yet: no password, no sign-in.
    expect((await send(ctx, 'user/auth/login', { username: email, password: PASSWORD })).status).toBe(401);
    // The sign-up path does not take an invitation.
    const viaSignUp = await send(ctx, 'user/registration/setPassword', {
      registrationId: ref,
      username: email,
      password: PASSWORD,
    });
    expect(viaSignUp.status).toBe(400);

    const wrong = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: ref,
      code: code === '0000' ? '1111' : '0000',
      password: PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.err_code).toBe('EMAIL_TOKEN_ERROR');

    const accepted = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: ref,
      code,
      password: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.result.data).toMatchObject({
      signedIn: true,
      role: 'intermediary',
      user: { email, role: 'intermediary', status: 'ACTIVE' },
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const inbox = await send(
      ctx,
      'intermediary/request/listRequests',
      {},
      { accesstoken: accepted.body.result.data.accessToken },
    );
    expect(inbox.status).toBe(200);

    const session = await loginUser(ctx, email, PASSWORD);
    expect(session.role).toBe('intermediary');

    const again = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: ref,
      code,
      password: PASSWORD,
    });
    expect(again.status).toBe(400);
    expect(again.body.err_msg).toBe(STAFF_MESSAGES.invitationInvalid);

    const log = await send(ctx, 'admin/audit/listAuditLog', { entityType: 'user' }, admin);
    expect(log.body.result.data.items.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['admin/staff/inviteStaff', 'user/registration/acceptInvitation']),
    );
  });

  it('invites underwriters and admins with their own roles', async () => {
    for (const [role, extra, check] of [
      ['underwriter', { underwriterId: 'apa' }, { underwriter: { id: 'apa', name: 'APA Insurance' } }],
      ['admin', {}, { intermediary: null, underwriter: null }],
    ] as const) {
      const email = uniqueEmail(role);
      expect((await invite({ email, firstName: 'Njeri', lastName: 'Mutua', role, ...extra })).status).toBe(
        200,
      );
      const { ref, code } = await invitationOf(email);
      const accepted = await send(ctx, 'user/registration/acceptInvitation', {
        invitationRef: ref,
        code,
        password: PASSWORD,
      });
      expect(accepted.body.result.data.role).toBe(role);
      const profile = await send(
        ctx,
        'staff/account/getProfile',
        {},
        { accesstoken: accepted.body.result.data.accessToken },
      );
      expect(profile.body.result.data).toMatchObject({ role, ...check });
    }
  });

  it('keeps the password of an invitee whose firm is not approved, but signs them in only once it is', async () => {
    const email = uniqueEmail('pending');
    const kilima = await firmId(ctx, FIRM.kilimaPending);
    await invite({
      email,
      firstName: 'Otieno',
      lastName: 'Were',
      role: 'intermediary',
      intermediaryId: kilima,
    });
    const { ref, code } = await invitationOf(email);
    const accepted = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: ref,
      code,
      password: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.data).toMatchObject({
      signedIn: false,
      message: STAFF_MESSAGES.firmPending,
      role: 'intermediary',
    });
    expect(accepted.body.result.data.accessToken).toBeUndefined();
    const refused = await send(ctx, 'user/auth/login', { username: email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ err_code: 2, err_msg: STAFF_MESSAGES.firmPending });
  });

  it('re-inviting a still-invited address kills the old code; any other account is a 409', async () => {
    const email = uniqueEmail('again');
    await invite({ email, firstName: 'Amina', lastName: 'Ali', role: 'admin' });
    const first = await invitationOf(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await invite({ email, firstName: 'Amina', lastName: 'Ali', role: 'admin' })).status).toBe(200);
    const second = await invitationOf(email);
    expect(second.ref).not.toBe(first.ref);
    const old = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: first.ref,
      code: first.code,
      password: PASSWORD,
    });
    expect(old.status).toBe(400);

    const client = await registerUser(ctx);
    for (const taken of [client, SAMPLE.admin]) {
      const conflict = await invite({ email: taken, firstName: 'Amina', lastName: 'Ali', role: 'admin' });
      expect(conflict.status).toBe(409);
      expect(conflict.body).toMatchObject({ err_code: 'USER_EXIST', err_msg: STAFF_MESSAGES.emailTaken });
    }
    // A still-invited staff address cannot be taken by a client sign-up (answered like any sign-up,
    // so it tells nobody the address is registered).
    const signUp = await send(ctx, 'user/registration/createUser', {
      email,
      names: { firstName: 'Amina', lastName: 'Ali' },
    });
    expect(signUp.status).toBe(200);
    const [still] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect({ role: still?.role, status: still?.status }).toEqual({ role: 'admin', status: 'INVITED' });
  });

  it('invites a lender user for a lender: signed in, it works that lender’s applications', async () => {
    const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    const listed = await send(ctx, 'admin/lender/listLenders', { page: 1, pageSize: 10 }, admin);
    expect(listed.status).toBe(200);
    const sample = (listed.body.result.data.items as Array<{ id: number; name: string }>).find((lender) =>
      lender.name.startsWith('Mavuno Premium Finance'),
    );
    expect(sample).toBeDefined();
    expect(listed.body.result.data).toMatchObject({ page: 1, pageSize: 10, totalPages: 1 });
    const email = uniqueEmail('lender');
    expect(
      (
        await invite({
          email,
          firstName: 'Atieno',
          lastName: 'Odhiambo',
          role: 'lender',
          lenderId: sample!.id,
        })
      ).status,
    ).toBe(200);
    const { ref, code } = await invitationOf(email);
    const accepted = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: ref,
      code,
      password: PASSWORD,
    });
    expect(accepted.body.result.data.role).toBe('lender');
    const headers = { accesstoken: accepted.body.result.data.accessToken };
    const profile = await send(ctx, 'staff/account/getProfile', {}, headers);
    expect(profile.body.result.data).toMatchObject({
      role: 'lender',
      lender: { id: sample!.id, name: sample!.name },
      intermediary: null,
      underwriter: null,
    });
    const queue = await send(ctx, 'lender/application/listApplications', { page: 1, pageSize: 5 }, headers);
    expect(queue.status).toBe(200);
    // Only admins see the lenders.
    expect((await send(ctx, 'admin/lender/listLenders', { page: 1, pageSize: 10 }, headers)).status).toBe(
      403,
    );
  });

  it('checks the invitation with clear messages', async () => {
    const fieldErrors = async (data: Record<string, unknown>) => {
      const { status, body } = await invite(data);
      expect(status, JSON.stringify(body)).toBe(400);
      return Object.fromEntries(
        (body.errors as Array<{ field: string; message: string }>).map((error) => [
          error.field,
          error.message,
        ]),
      );
    };
    expect(await fieldErrors({})).toMatchObject({
      email: 'Email address is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      role: STAFF_MESSAGES.roleRequired,
    });
    const person = { email: uniqueEmail('check'), firstName: 'Wairimu', lastName: 'Gathoni' };
    expect(await fieldErrors({ ...person, email: 'not-an-email', firstName: 'W4iri' })).toMatchObject({
      email: 'Please enter a valid email address',
      firstName: 'First name should only contain letters',
    });
    expect(await fieldErrors({ ...person, role: 'client' })).toMatchObject({
      role: STAFF_MESSAGES.roleRequired,
    });
    expect(await fieldErrors({ ...person, role: 'intermediary' })).toEqual({
      intermediaryId: STAFF_MESSAGES.intermediaryRequired,
    });
    expect(await fieldErrors({ ...person, role: 'underwriter' })).toEqual({
      underwriterId: STAFF_MESSAGES.underwriterRequired,
    });
    expect(await fieldErrors({ ...person, role: 'admin', intermediaryId: 1, underwriterId: 'apa' })).toEqual({
      intermediaryId: STAFF_MESSAGES.intermediaryOnlyForRole,
      underwriterId: STAFF_MESSAGES.underwriterOnlyForRole,
    });
    expect(await fieldErrors({ ...person, role: 'intermediary', intermediaryId: UNKNOWN_ID })).toEqual({
      intermediaryId: STAFF_MESSAGES.intermediaryNotFound,
    });
    expect(await fieldErrors({ ...person, role: 'underwriter', underwriterId: 'nobody' })).toEqual({
      underwriterId: STAFF_MESSAGES.underwriterNotFound,
    });
    expect(await fieldErrors({ ...person, role: 'lender' })).toEqual({
      lenderId: STAFF_MESSAGES.lenderRequired,
    });
    expect(await fieldErrors({ ...person, role: 'admin', lenderId: 1 })).toEqual({
      lenderId: STAFF_MESSAGES.lenderOnlyForRole,
    });
    expect(await fieldErrors({ ...person, role: 'lender', lenderId: UNKNOWN_ID })).toEqual({
      lenderId: STAFF_MESSAGES.lenderNotFound,
    });

    const accept = await send(ctx, 'user/registration/acceptInvitation', {});
    expect(accept.status).toBe(400);
    expect(accept.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'invitationRef', message: 'Invitation reference is required.' },
        { field: 'code', message: 'Please enter a valid 4-digit code' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
    const weak = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: randomUUID(),
      code: '1234',
      password: 'short',
    });
    expect(weak.body.errors).toContainEqual({
      field: 'password',
      message: 'Password must be at least 8 characters long',
    });
    const unknown = await send(ctx, 'user/registration/acceptInvitation', {
      invitationRef: randomUUID(),
      code: '1234',
      password: PASSWORD,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg).toBe(STAFF_MESSAGES.invitationInvalid);
  });

  it('lists staff by page, role and search', async () => {
    const page = await send(ctx, 'admin/staff/listStaff', { page: 1, pageSize: 2 }, admin);
    expect(page.body.result.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.body.result.data.items).toHaveLength(2);
    expect(page.body.result.data.total).toBeGreaterThanOrEqual(SAMPLE_STAFF.length);

    const underwriters = await send(
      ctx,
      'admin/staff/listStaff',
      { role: 'underwriter', search: 'bimaportal' },
      admin,
    );
    const emails = underwriters.body.result.data.items.map((item: { email: string }) => item.email);
    expect(emails).toEqual(
      expect.arrayContaining(['underwriter.jubilee@bimaportal.co.ke', 'underwriter.apa@bimaportal.co.ke']),
    );
    for (const item of underwriters.body.result.data.items) expect(item.role).toBe('underwriter');

    const found = await send(ctx, 'admin/staff/listStaff', { search: 'SAVANNAH-brokers' }, admin);
    expect(found.body.result.data.items.map((item: { email: string }) => item.email)).toEqual([
      SAMPLE.brokerA,
    ]);
    // Clients are never staff.
    const all = await send(ctx, 'admin/staff/listStaff', { pageSize: 100 }, admin);
    for (const item of all.body.result.data.items) expect(item.role).not.toBe('client');

    for (const bad of [{ page: 0 }, { pageSize: 500 }, { role: 'client' }, { status: 'GONE' }]) {
      expect((await send(ctx, 'admin/staff/listStaff', bad, admin)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('disabling a staff user ends their sessions at once and refuses sign-in until enabled', async () => {
    const agent = await signInAs(ctx, SAMPLE.agent);
    expect((await send(ctx, 'intermediary/request/listRequests', {}, agent.headers)).status).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, SAMPLE.agent));

    const disabled = await send(
      ctx,
      'admin/staff/disableStaff',
      { userId: row!.id, reason: 'Left the firm' },
      admin,
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.result.data).toMatchObject({ status: 'DISABLED', disabledAt: expect.any(String) });
    expect((await send(ctx, 'intermediary/request/listRequests', {}, agent.headers)).status).toBe(403);
    expect((await send(ctx, 'user/auth/refreshToken', { refreshToken: agent.refreshToken })).status).toBe(
      403,
    );
    const login = await send(ctx, 'user/auth/login', {
      username: SAMPLE.agent,
      password: SAMPLE_STAFF_PASSWORD,
    });
    expect(login.status).toBe(401);
    expect(login.body.err_msg).toBe(STAFF_MESSAGES.accountDisabled);

    const twice = await send(ctx, 'admin/staff/disableStaff', { userId: row!.id }, admin);
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe(STAFF_MESSAGES.alreadyDisabled);

    const enabled = await send(ctx, 'admin/staff/enableStaff', { userId: row!.id }, admin);
    expect(enabled.body.result.data.status).toBe('ACTIVE');
    expect((await signInAs(ctx, SAMPLE.agent)).headers.accesstoken).toBeTruthy();
    expect((await send(ctx, 'admin/staff/enableStaff', { userId: row!.id }, admin)).status).toBe(409);

    const log = await send(ctx, 'admin/audit/listAuditLog', { action: 'admin/staff/disableStaff' }, admin);
    expect(log.body.result.data.items[0]).toMatchObject({
      action: 'admin/staff/disableStaff',
      entityType: 'user',
      entityId: row!.id,
      actor: { email: SAMPLE.admin, role: 'admin' },
      details: {
        from: 'ACTIVE',
        to: 'DISABLED',
        reason: 'Left the firm',
        sessionsRevoked: expect.any(Number),
      },
    });
  });

  it('refuses to disable oneself (409), a client or an unknown user (404), and a malformed id (400)', async () => {
    const [me] = await ctx.database.db.select().from(users).where(eq(users.email, SAMPLE.admin));
    const self = await send(ctx, 'admin/staff/disableStaff', { userId: me!.id }, admin);
    expect(self.status).toBe(409);
    expect(self.body.err_msg).toBe(STAFF_MESSAGES.cannotDisableSelf);
    const clientEmail = await registerUser(ctx);
    const [client] = await ctx.database.db.select().from(users).where(eq(users.email, clientEmail));
    expect((await send(ctx, 'admin/staff/disableStaff', { userId: client!.id }, admin)).status).toBe(404);
    expect((await send(ctx, 'admin/staff/disableStaff', { userId: randomUUID() }, admin)).status).toBe(404);
    const malformed = await send(ctx, 'admin/staff/disableStaff', { userId: 'abc' }, admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_msg).toBe(STAFF_MESSAGES.staffNotFound);
  });
});

describe('sample staff accounts', () => {
  it('are seeded only when asked (never in production), and production can find them by their password', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      await seedSampleData(database.db, { sampleStaff: false });
      expect(await database.db.select().from(users)).toEqual([]);
      expect(await findSampleStaffWithSamplePassword(database.db)).toEqual([]);
      await seedSampleData(database.db, { sampleStaff: true });
      await seedSampleData(database.db, { sampleStaff: true });
      const seeded = await database.db.select().from(users);
      expect(seeded.map((user) => user.email).sort()).toEqual(
        SAMPLE_STAFF.map((staff) => staff.email).sort(),
      );
      expect((await findSampleStaffWithSamplePassword(database.db)).sort()).toEqual(
        SAMPLE_STAFF.map((staff) => staff.email).sort(),
      );
    } finally {
      await database.close();
    }
  });
});
