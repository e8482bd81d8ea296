import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outboxEmails, refreshTokens, sessions, verifications } from '../src/db/schema';
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
import { buildTestApp, envelope } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const wrongCodeFor = (code: string) => (code === '0000' ? '1111' : '0000');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A gateway call from a given client IP (the socket address; no proxy is trusted in tests). */
function callFrom(ctx: Ctx, remoteAddress: string, resource: string, action: string, data: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    remoteAddress,
    payload: envelope('user', resource, action, data),
  });
}

const attackerIp = (index: number) => `10.9.${index >> 8}.${index & 255}`;

async function codeRows(ctx: Ctx, verificationId: string) {
  return ctx.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.verificationId, verificationId));
}

describe('one-time codes are counted atomically', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // The per-IP code limit would stop the flood first; this is about the database's count.
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '1000' } });
  });
  afterAll(() => ctx.app.close());

  it('400 concurrent wrong guesses of a reset code, then the right code: refused, at most 5 guesses ever compared', async () => {
    const email = await registerUser(ctx);
    const after = await latestMailId(ctx, email);
    const request = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: email });
    const forgotPasswordSystemRef = request.json().result.data.forgotPasswordSystemRef as string;
    // With the e-mailed link's key, as only someone reading the mailbox has it.
    const { code, key } = await latestResetMail(ctx, email, { after });
    // From many addresses, as a botnet would: no per-IP limit is what stops it.
    const guess = (value: string, index = 0) =>
      callFrom(ctx, attackerIp(index), 'auth', 'forgotPasswordValidation', {
        forgotPasswordSystemRef,
        code: value,
        key,
      });

    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, index) => guess(wrongCodeFor(code), index)),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const compared = answers.filter((answer) => answer.json().errors.length > 0);
    expect(compared.length).toBeLessThanOrEqual(5);

    const right = await guess(code);
    expect(right.statusCode).toBe(400);
    expect(right.json().err_code).toBe('EMAIL_TOKEN_EXPIRED');
    const [row] = await codeRows(ctx, forgotPasswordSystemRef);
    expect(row!.attempts).toBeLessThanOrEqual(5);
    expect(row!.attempts).toBe(5);
    const [verification] = await ctx.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, forgotPasswordSystemRef));
    expect(verification?.status).toBe('PENDING');
  });

  it('100 concurrent guesses of a sign-up code, the right one among them: at most 5 compared', async () => {
    const email = uniqueEmail();
    const created = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Akinyi', lastName: 'Otieno' },
    });
    const registrationId = created.json().result.data as string;
    const code = await latestCode(ctx, email);
    const guesses = Array.from({ length: 100 }, (_, index) => (index === 50 ? code : wrongCodeFor(code)));
    const answers = await Promise.all(
      guesses.map((registrationCode, index) =>
        callFrom(ctx, attackerIp(index), 'registration', 'registrationValidation', {
          registrationId,
          registrationCode,
        }),
      ),
    );
    // A compared guess answers 200 or names the wrong code; the rest were refused uncompared.
    const compared = answers.filter((answer) => answer.statusCode === 200 || answer.json().errors.length > 0);
    expect(compared.length).toBeLessThanOrEqual(5);
    const [row] = await codeRows(ctx, registrationId);
    expect(row!.attempts).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('still accepts the right code on the fifth try, and refuses it on the sixth', async () => {
    const email = uniqueEmail();
    const created = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Akinyi', lastName: 'Otieno' },
    });
    const registrationId = created.json().result.data as string;
    const code = await latestCode(ctx, email);
    const verify = (registrationCode: string) =>
      call(ctx, 'user', 'registration', 'registrationValidation', { registrationId, registrationCode });
    for (let attempt = 0; attempt < 4; attempt += 1) await verify(wrongCodeFor(code));
    expect((await verify(code)).statusCode).toBe(200);
  });
});

describe('sign-in throttling cannot lock the owner out', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(() => ctx.app.close());

  const login = (ip: string, username: string, password: string) =>
    callFrom(ctx, ip, 'auth', 'login', { username, password, loginDevice: {} });

  it('10 wrong passwords from IP A, then the right password from IP B signs in (slowed, not refused)', async () => {
    const email = await registerUser(ctx);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await login('10.0.0.1', email, 'Wrong-pass-1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await login('10.0.0.1', email, PASSWORD)).statusCode).toBe(429);

    const startedAt = Date.now();
    const owner = await login('10.0.0.2', email, PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().result.data.accessToken).toBeTruthy();
    // After many failures the account is slowed down for everyone (OWASP), by a bounded delay.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
  });

  it('a success resets the account-and-IP count', async () => {
    const email = await registerUser(ctx);
    for (let attempt = 0; attempt < 9; attempt += 1)
      expect((await login('10.0.1.1', email, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await login('10.0.1.1', email, PASSWORD)).statusCode).toBe(200);
    // Without the reset these would be tries 11 and 12 from this IP.
    expect((await login('10.0.1.1', email, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await login('10.0.1.1', email, 'Wrong-pass-1')).statusCode).toBe(401);
  });

  it('31 failed sign-ins from one IP across accounts: the 31st is refused; other IPs are not', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1)
      statuses.push((await login('10.0.2.1', uniqueEmail('guess'), 'Wrong-pass-1')).statusCode);
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
    expect((await login('10.0.2.2', uniqueEmail('guess'), 'Wrong-pass-1')).statusCode).toBe(401);
  });

  it('successful sign-ins do not use up an IP shared by many people (carrier NAT)', async () => {
    const email = await registerUser(ctx);
    for (let attempt = 0; attempt < 35; attempt += 1)
      expect((await login('10.0.3.1', email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset answers the same for unknown e-mails', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const requestReset = async (username: string) => {
    const response = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username });
    expect(response.statusCode).toBe(200);
    return response.json().result.data.forgotPasswordSystemRef as string;
  };
  const check = async (forgotPasswordSystemRef: string, code: string) => {
    const response = await call(ctx, 'user', 'auth', 'forgotPasswordValidation', {
      forgotPasswordSystemRef,
      code,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('a code for an unknown e-mail answers exactly like one for a real e-mail: without the link, nothing is compared for either', async () => {
    const email = await registerUser(ctx);
    const after = await latestMailId(ctx, email);
    const realRef = await requestReset(email);
    const { code } = await latestResetMail(ctx, email, { after });
    const unknownEmail = uniqueEmail('ghost');
    const decoyRef = await requestReset(unknownEmail);

    const real: unknown[] = [];
    const decoy: unknown[] = [];
    for (const guess of [wrongCodeFor(code), code, wrongCodeFor(code)]) {
      real.push(await check(realRef, guess));
      decoy.push(await check(decoyRef, guess));
    }
    expect(decoy).toEqual(real);
    expect(real.map((answer) => (answer as { body: { err_code: string } }).body.err_code)).toEqual([
      'RESET_LINK_REQUIRED',
      'RESET_LINK_REQUIRED',
      'RESET_LINK_REQUIRED',
    ]);
    // Neither code was tried.
    expect((await codeRows(ctx, decoyRef)).map((row) => row.attempts)).toEqual([0]);
    expect((await codeRows(ctx, realRef)).map((row) => row.attempts)).toEqual([0]);

    // A resend answers alike; only the real address gets mail.
    const resend = (forgotPasswordSystemRef: string) =>
      call(ctx, 'user', 'auth', 'resendForgotPasswordCode', { forgotPasswordSystemRef });
    expect((await resend(realRef)).json()).toEqual((await resend(decoyRef)).json());
    expect(await check(decoyRef, code)).toEqual(await check(realRef, code));
    expect(
      await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, unknownEmail)),
    ).toEqual([]);
  });

  it('a reset request does the same database work for an unknown e-mail as for a real one', async () => {
    const email = await registerUser(ctx);
    const realRef = await requestReset(email);
    const decoyRef = await requestReset(uniqueEmail('ghost'));
    const work = async (ref: string) => ({
      verifications: (
        await ctx.database.db.select({ n: count() }).from(verifications).where(eq(verifications.id, ref))
      )[0]?.n,
      codes: (await codeRows(ctx, ref)).map((row) => ({
        attempts: row.attempts,
        consumed: row.consumedAt !== null,
        hashed: /^[0-9a-f]{64}$/.test(row.codeHash),
        lifetimeMinutes: Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000),
      })),
    });
    expect(await work(decoyRef)).toEqual(await work(realRef));
    // The real mail is sent after the answer (neither answer waits on the mail server), and arrives.
    expect(await latestCode(ctx, email)).toMatch(/^\d{4}$/);
  });
});

describe('refresh tokens: two tabs at once', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const refresh = (refreshToken: string) => call(ctx, 'user', 'auth', 'refreshToken', { refreshToken });
  const details = (accesstoken: string) =>
    call(ctx, 'client', 'client', 'getClientDetails', {}, { accesstoken });

  it('two concurrent refreshes of one token both succeed with the same new refresh token; the session stays', async () => {
    const session = await loginUser(ctx, await registerUser(ctx));
    const [first, second] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(first!.statusCode).toBe(200);
    expect(second!.statusCode).toBe(200);
    const a = first!.json().result.data;
    const b = second!.json().result.data;
    expect(a.refreshToken).toBe(b.refreshToken);
    expect(a.refreshToken).not.toBe(session.refreshToken);
    expect((await details(a.accessToken)).statusCode).toBe(200);
    expect((await details(b.accessToken)).statusCode).toBe(200);

    // The successor is stored encrypted, never in the clear.
    const [used] = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(session.refreshToken)));
    expect(used?.successorToken).toBeTruthy();
    expect(used?.successorToken).not.toContain(a.refreshToken);

    const next = await refresh(a.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await details(next.json().result.data.accessToken)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, used!.sessionId));
    expect(row?.revokedAt).toBeNull();
  });

  it('reusing a used refresh token after the grace window revokes the whole session', async () => {
    const session = await loginUser(ctx, await registerUser(ctx));
    const rotated = (await refresh(session.refreshToken)).json().result.data;
    expect((await refresh(session.refreshToken)).json().result.data.refreshToken).toBe(rotated.refreshToken);
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where(eq(refreshTokens.tokenHash, hashOf(session.refreshToken)));
    expect((await refresh(session.refreshToken)).statusCode).toBe(403);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(403);
    expect((await details(rotated.accessToken)).statusCode).toBe(403);
  });
});

describe('setting the first password signs the user in', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const verifiedSignUp = async () => {
    const email = uniqueEmail();
    const created = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Wambui', lastName: 'Njoroge' },
    });
    const registrationId = created.json().result.data as string;
    await call(ctx, 'user', 'registration', 'registrationValidation', {
      registrationId,
      registrationCode: await latestCode(ctx, email),
    });
    return { email, registrationId };
  };

  it("answers login's {user, accessToken, refreshToken, expiresIn} beside the user fields it answered before", async () => {
    const { email, registrationId } = await verifiedSignUp();
    const set = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId,
      username: email,
      password: PASSWORD,
      loginDevice: { name: 'Chrome on Android' },
    });
    expect(set.statusCode).toBe(200);
    const data = set.json().result.data;
    const user = { email, names: { firstName: 'Wambui', lastName: 'Njoroge' }, status: 'ACTIVE' };
    expect(data).toMatchObject({ ...user, id: expect.any(String), role: 'client' });
    expect(data.user).toMatchObject({ ...user, id: data.id });
    expect(data.expiresIn).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash/);

    const profile = await call(
      ctx,
      'client',
      'client',
      'getClientDetails',
      {},
      { accesstoken: data.accessToken },
    );
    expect(profile.json().result.data).toMatchObject({ email, kraPin: 'N/A' });
    expect(
      (await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: data.refreshToken })).statusCode,
    ).toBe(200);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, data.id));
    expect(session?.device).toMatchObject({ name: 'Chrome on Android' });
  });

  it('sets the password once: a second call is refused and opens no session', async () => {
    const { email, registrationId } = await verifiedSignUp();
    const input = { registrationId, username: email, password: PASSWORD };
    const answers = await Promise.all([
      call(ctx, 'user', 'registration', 'setPassword', input),
      call(ctx, 'user', 'registration', 'setPassword', input),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const userId = answers.find((answer) => answer.statusCode === 200)!.json().result.data.id as string;
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });
});

describe('a password over the maximum says so', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const tooLong = `Aa1!${'x'.repeat(197)}`;
  const expected = { field: 'password', message: 'Password must be at most 200 characters.' };

  it('on sign-in, set-password and reset, with only that message', async () => {
    const signIn = await call(ctx, 'user', 'auth', 'login', {
      username: uniqueEmail(),
      password: tooLong,
      loginDevice: {},
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().errors).toEqual([expected]);

    const setPassword = await call(ctx, 'user', 'registration', 'setPassword', {
      registrationId: '00000000-0000-4000-8000-000000000000',
      username: uniqueEmail(),
      password: tooLong,
    });
    expect(setPassword.statusCode).toBe(400);
    expect(setPassword.json().errors).toEqual([expected]);

    const reset = await call(ctx, 'user', 'auth', 'resetPasswordRequest', {
      forgotPasswordSystemRef: '00000000-0000-4000-8000-000000000000',
      newPassword: tooLong,
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual([{ ...expected, field: 'newPassword' }]);
  });

  it('accepts exactly 200 characters', async () => {
    const email = await registerUser(ctx);
    const password = tooLong.slice(0, 200);
    const after = await latestMailId(ctx, email);
    const forgotPasswordSystemRef = (
      await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: email })
    ).json().result.data.forgotPasswordSystemRef;
    const mail = await latestResetMail(ctx, email, { after });
    await call(ctx, 'user', 'auth', 'forgotPasswordValidation', {
      forgotPasswordSystemRef,
      code: mail.code,
      key: mail.key,
    });
    expect(
      (
        await call(ctx, 'user', 'auth', 'resetPasswordRequest', {
          forgotPasswordSystemRef,
          newPassword: password,
        })
      ).statusCode,
    ).toBe(200);
    expect((await loginUser(ctx, email, password)).accessToken).toBeTruthy();
  });
});
