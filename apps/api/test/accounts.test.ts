import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outboxEmails, refreshTokens, users, verifications } from '../src/db/schema';
import {
  call,
  latestCode,
  latestMailId,
  latestResetMail,
  loginUser,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from './accounts-helpers';
import { buildTestApp, PRODUCTION_TEST_ENV } from './helpers';

describe('accounts', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const signUp = async (email = uniqueEmail()) => {
    const response = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Otieno', lastName: 'Odhiambo' },
    });
    expect(response.statusCode).toBe(200);
    return { email, registrationId: response.json().result.data as string };
  };
  const verify = (registrationId: string, registrationCode: string) =>
    call(ctx, 'user', 'registration', 'registrationValidation', { registrationId, registrationCode });

  it('signs up with an e-mailed code, sets a password, signs in, reads the profile and signs out', async () => {
    const { email, registrationId } = await signUp();
    const mail = (await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)))[0];
    expect(mail?.subject).toMatch(/verification code/);
    expect(mail?.html).toContain(await latestCode(ctx, email));

    expect((await verify(registrationId, await latestCode(ctx, email))).statusCode).toBe(200);
    const set = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId,
      username: email,
      password: PASSWORD,
    });
    expect(set.statusCode).toBe(200);

    const session = await loginUser(ctx, email);
    expect(session.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.user).toMatchObject({ email, names: { firstName: 'Otieno', lastName: 'Odhiambo' } });
    expect(JSON.stringify(session)).not.toMatch(/argon2|passwordHash/);

    const details = await call(
      ctx,
      'client',
      'client',
      'getClientDetails',
      {},
      { accesstoken: session.accessToken },
    );
    expect(details.json().result.data).toMatchObject({ email, kraPin: 'N/A' });

    expect(
      (await call(ctx, 'client', 'logout', 'logout', {}, { accesstoken: session.accessToken })).statusCode,
    ).toBe(200);
    const after = await call(
      ctx,
      'client',
      'client',
      'getClientDetails',
      {},
      { accesstoken: session.accessToken },
    );
    expect(after.statusCode).toBe(403);
    const refresh = await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(403);
  });

  it('stores passwords as argon2id and never returns them', async () => {
    const email = await registerUser(ctx);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(PASSWORD);
  });

  it('answers a sign-up with a registered e-mail like any sign-up (no USER_EXIST), and never signs it up', async () => {
    const email = await registerUser(ctx);
    const response = await call(ctx, 'user', 'registration', 'createUser', {
      email: email.toUpperCase(),
      names: { firstName: 'Other', lastName: 'Person' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, result: { data: expect.any(String) } });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.firstName).toBe('Wanjiru');
  });

  it('stores codes hashed', async () => {
    const { email, registrationId } = await signUp();
    const code = await latestCode(ctx, email);
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, registrationId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it('accepts a code once: verifying the same code twice fails the second time', async () => {
    const { email, registrationId } = await signUp();
    const code = await latestCode(ctx, email);
    expect((await verify(registrationId, code)).statusCode).toBe(200);
    const again = await verify(registrationId, code);
    expect(again.statusCode).toBe(400);
  });

  it('expires codes after 10 minutes', async () => {
    const { email, registrationId } = await signUp();
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.verificationId, registrationId));
    const response = await verify(registrationId, await latestCode(ctx, email));
    expect(response.statusCode).toBe(400);
    expect(response.json().err_code).toBe('EMAIL_TOKEN_EXPIRED');
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, registrationId));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(0);
  });

  it('sets a 10-minute lifetime on new codes', async () => {
    const { registrationId } = await signUp();
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, registrationId));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(9.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('kills a code after 5 wrong tries: even the right code then fails until a new one is sent', async () => {
    const { email, registrationId } = await signUp();
    const code = await latestCode(ctx, email);
    const wrong = code === '0000' ? '1111' : '0000';
    const codes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      codes.push((await verify(registrationId, wrong)).json().err_code);
    expect(codes).toEqual([
      'EMAIL_TOKEN_ERROR',
      'EMAIL_TOKEN_ERROR',
      'EMAIL_TOKEN_ERROR',
      'EMAIL_TOKEN_ERROR',
      'EMAIL_TOKEN_EXPIRED',
    ]);
    expect((await verify(registrationId, code)).json().err_code).toBe('EMAIL_TOKEN_EXPIRED');

    const resend = await call(ctx, 'user', 'registration', 'resendRegistrationCode', { registrationId });
    expect(resend.statusCode).toBe(200);
    const fresh = await latestCode(ctx, email);
    expect((await verify(registrationId, fresh)).statusCode).toBe(200);
  });

  it('resend really sends a new code and the old one dies', async () => {
    const { email, registrationId } = await signUp();
    const first = await latestCode(ctx, email);
    const before = (await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)))
      .length;
    await call(ctx, 'user', 'registration', 'resendRegistrationCode', { registrationId });
    const after = (await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)))
      .length;
    expect(after).toBe(before + 1);
    const second = await latestCode(ctx, email);
    if (first !== second) expect((await verify(registrationId, first)).statusCode).toBe(400);
    expect((await verify(registrationId, second)).statusCode).toBe(200);
  });

  it('answers wrong credentials with err_code 2, the same whichever part was wrong', async () => {
    const email = await registerUser(ctx);
    const wrongPassword = await call(ctx, 'user', 'auth', 'login', {
      username: email,
      password: 'Wrong-pass-1',
      loginDevice: {},
    });
    const unknownUser = await call(ctx, 'user', 'auth', 'login', {
      username: uniqueEmail('nobody'),
      password: PASSWORD,
      loginDevice: {},
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: false,
        err_code: 2,
        err_msg: 'Invalid e-mail or password.',
        errors: [],
      });
    }
  });

  it('rotates refresh tokens, and reusing an old one after the grace window revokes the whole session', async () => {
    const session = await loginUser(ctx, await registerUser(ctx));
    const first = await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().result.data as { accessToken: string; refreshToken: string };
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    // 31 seconds later (the grace window for tabs refreshing at once is 30 s).
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where(eq(refreshTokens.tokenHash, createHash('sha256').update(session.refreshToken).digest('hex')));

    const replay = await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: session.refreshToken });
    expect(replay.statusCode).toBe(403);
    // The thief's replay cost the family: the legitimate newer tokens are dead too.
    expect(
      (await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: rotated.refreshToken })).statusCode,
    ).toBe(403);
    const secured = await call(
      ctx,
      'client',
      'client',
      'getClientDetails',
      {},
      { accesstoken: rotated.accessToken },
    );
    expect(secured.statusCode).toBe(403);
  });

  it('answers a forgot-password request the same whether or not the e-mail exists', async () => {
    const email = await registerUser(ctx);
    const known = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: email });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: unknownEmail });
    expect(known.statusCode).toBe(unknown.statusCode);
    const shape = (body: { status: boolean; result: { data: Record<string, string> } }) => ({
      status: body.status,
      keys: Object.keys(body.result.data),
      refIsUuid: /^[0-9a-f-]{36}$/.test(body.result.data.forgotPasswordSystemRef ?? ''),
    });
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    expect(
      await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, unknownEmail)),
    ).toHaveLength(0);
  });

  it('resets a password with the e-mailed code, revoking every session, and signs in with the new one', async () => {
    const email = await registerUser(ctx);
    const session = await loginUser(ctx, email);
    const after = await latestMailId(ctx, email);
    const request = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: email });
    const forgotPasswordSystemRef = request.json().result.data.forgotPasswordSystemRef as string;
    const mail = await latestResetMail(ctx, email, { after });
    const validation = await call(ctx, 'user', 'auth', 'forgotPasswordValidation', {
      forgotPasswordSystemRef,
      code: mail.code,
      key: mail.key,
    });
    expect(validation.statusCode).toBe(200);
    const reset = await call(ctx, 'user', 'auth', 'resetPasswordRequest', {
      forgotPasswordSystemRef,
      newPassword: 'Nairobi-Rain-7',
    });
    expect(reset.statusCode).toBe(200);

    expect(
      (await call(ctx, 'client', 'client', 'getClientDetails', {}, { accesstoken: session.accessToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: session.refreshToken })).statusCode,
    ).toBe(403);
    const old = await call(ctx, 'user', 'auth', 'login', {
      username: email,
      password: PASSWORD,
      loginDevice: {},
    });
    expect(old.statusCode).toBe(401);
    const fresh = await loginUser(ctx, email, 'Nairobi-Rain-7');
    expect(fresh.accessToken).toBeTruthy();
    const [verification] = await ctx.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, forgotPasswordSystemRef));
    expect(verification?.status).toBe('COMPLETED');
  });

  it('refuses to set a password before the code is verified, or a short one', async () => {
    const { email, registrationId } = await signUp();
    const early = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId,
      username: email,
      password: PASSWORD,
    });
    expect(early.statusCode).toBe(400);
    await verify(registrationId, await latestCode(ctx, email));
    const short = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId,
      username: email,
      password: 'short',
    });
    expect(short.json().errors).toContainEqual({
      field: 'password',
      message: 'Password must be at least 8 characters long',
    });
    const wrongUser = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId,
      username: uniqueEmail('intruder'),
      password: PASSWORD,
    });
    expect(wrongUser.statusCode).toBe(400);
  });

  it('reads and updates KYC with the spec rules, only for the signed-in client', async () => {
    const session = await loginUser(ctx, await registerUser(ctx));
    const headers = { accesstoken: session.accessToken };
    const bad = await call(
      ctx,
      'client',
      'client',
      'updateClient',
      { kraPin: '123', phone: '12345', address: 'short', clientType: 'x' },
      headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'kraPin', message: 'Please enter a valid KRA PIN (e.g., A123456789X)' },
        {
          field: 'phone',
          message: 'Please enter a valid Kenyan phone number (e.g., 0712345678 or +254712345678)',
        },
        { field: 'address', message: 'Address must be at least 10 characters long' },
        { field: 'clientType', message: 'Account type must be one of: INDIVIDUAL, CORPORATE.' },
      ]),
    );
    // A value in the wrong form is never reported as missing (issue 28); only a missing one is.
    const kyc = { kraPin: 'A123456789Z', phone: '0712345678', address: 'Kindaruma Road, Kilimani, Nairobi' };
    const lowerCase = await call(
      ctx,
      'client',
      'client',
      'updateClient',
      { ...kyc, clientType: 'individual' },
      headers,
    );
    expect(lowerCase.statusCode).toBe(400);
    expect(lowerCase.json().errors).toEqual([
      { field: 'clientType', message: 'Account type must be one of: INDIVIDUAL, CORPORATE.' },
    ]);
    const inSwahili = await call(
      ctx,
      'client',
      'client',
      'updateClient',
      { ...kyc, clientType: 'individual' },
      { ...headers, 'accept-language': 'sw' },
    );
    expect(inSwahili.json().errors).toEqual([
      { field: 'clientType', message: 'Aina ya akaunti iwe mojawapo ya: INDIVIDUAL, CORPORATE.' },
    ]);
    const none = await call(ctx, 'client', 'client', 'updateClient', kyc, headers);
    expect(none.json().errors).toEqual([{ field: 'clientType', message: 'Account type is required' }]);
    // The phone in each form people write it.
    for (const phone of ['+254 712 345 678', '712345678', '254712345678', '0712-345-678', '0112 345 678']) {
      const saved = await call(
        ctx,
        'client',
        'client',
        'updateClient',
        { ...kyc, phone, clientType: 'INDIVIDUAL' },
        headers,
      );
      expect(saved.statusCode, `${phone}: ${saved.body}`).toBe(200);
      expect(saved.json().result.data.phone).toBe(phone.startsWith('0112') ? '0112345678' : '0712345678');
    }
    const good = await call(
      ctx,
      'client',
      'client',
      'updateClient',
      {
        kraPin: 'a123456789z',
        phone: '0712 345 678',
        address: 'Kindaruma Road, Kilimani, Nairobi',
        clientType: 'INDIVIDUAL',
      },
      headers,
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().result.data).toMatchObject({
      kraPin: 'A123456789Z',
      phone: '0712345678',
      clientType: 'INDIVIDUAL',
    });

    const other = await loginUser(ctx, await registerUser(ctx));
    const theirs = await call(
      ctx,
      'client',
      'client',
      'getClientDetails',
      {},
      { accesstoken: other.accessToken },
    );
    expect(theirs.json().result.data.kraPin).toBe('N/A');
    expect((await call(ctx, 'client', 'client', 'updateClient', {}, {})).statusCode).toBe(403);
  });

  it('shows the outbox newest first at /dev/outbox and as a page at /dev/mailbox', async () => {
    const { email } = await signUp();
    const outbox = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    const mails = outbox.json() as Array<{
      to: string;
      subject: string;
      text: string;
      html: string;
      sentAt: string;
    }>;
    expect(mails[0]).toMatchObject({ to: email, subject: expect.stringContaining('verification code') });
    expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(mails.at(-1)!.sentAt));
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
  });
});

describe('rate limits on accounts', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(() => ctx.app.close());

  it('limits sign-in attempts per account and IP', async () => {
    const email = await registerUser(ctx);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (
          await call(ctx, 'user', 'auth', 'login', {
            username: email,
            password: 'Wrong-pass-1',
            loginDevice: {},
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // From the same IP even the right password waits now (other IPs: accounts-hardening.test.ts).
    expect(
      (await call(ctx, 'user', 'auth', 'login', { username: email, password: PASSWORD, loginDevice: {} }))
        .statusCode,
    ).toBe(429);
  });

  it('limits code resends to one every 30 seconds', async () => {
    const email = uniqueEmail();
    const created = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'A', lastName: 'B' },
    });
    const registrationId = created.json().result.data;
    expect(
      (await call(ctx, 'user', 'registration', 'resendRegistrationCode', { registrationId })).statusCode,
    ).toBe(200);
    const second = await call(ctx, 'user', 'registration', 'resendRegistrationCode', { registrationId });
    expect(second.statusCode).toBe(429);
    expect(second.json().err_code).toBe('RATE_LIMITED');
  });

  it('limits sign-ups per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push(
        (
          await call(ctx, 'user', 'registration', 'createUser', {
            email: uniqueEmail('flood'),
            names: { firstName: 'A', lastName: 'B' },
          })
        ).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });
});

describe('production', () => {
  it('does not serve the dev outbox', async () => {
    const ctx = await buildTestApp({
      seed: false,
      env: {
        ...PRODUCTION_TEST_ENV,
      },
    });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await ctx.app.close();
    }
  });
});
