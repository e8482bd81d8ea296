import { and, desc, eq, gt, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outboxEmails } from '../src/db/schema';
import { call, latestMailId, loginUser, PASSWORD, registerUser, uniqueEmail } from './accounts-helpers';
import { buildTestApp, envelope } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const HOUR = 3_600_000;
const wrongCodeFor = (code: string) => (code === '0000' ? '1111' : '0000');
const attackerIp = (index: number) => `10.7.${index >> 8}.${index & 255}`;

function callFrom(ctx: Ctx, remoteAddress: string, resource: string, action: string, data: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    remoteAddress,
    payload: envelope('user', resource, action, data),
  });
}

/**
 * The newest mail to an address after `after` whose text is like `textLike`, polled: mails are
 * sent after the answer, and a "codes paused" notice may land in between.
 */
async function mailAfter(ctx: Ctx, email: string, after: number, textLike = '%') {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), gt(outboxEmails.id, after), like(outboxEmails.text, textLike)))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Asks a reset and reads its e-mail: the reference, the code and the link's key. */
async function askReset(ctx: Ctx, email: string) {
  const after = await latestMailId(ctx, email);
  const answer = await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: email });
  const ref = answer.json().result.data.forgotPasswordSystemRef as string;
  const mail = await mailAfter(ctx, email, after, '%/insurance/otp?%');
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/insurance/otp');
  expect(link.searchParams.get('reset')).toBe(ref);
  return { ref, code: mail.text.match(/\b(\d{4})\b/)![1]!, key: link.searchParams.get('key')! };
}

const pausedMails = (ctx: Ctx, email: string) =>
  ctx.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email), like(outboxEmails.subject, '%paused%')));

describe('one-time codes: a budget per account on the business clock', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // Per-IP limits would stop a single test client first; this is about the account's budget.
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '1000' } });
  });
  afterEach(() => ctx.app.services.clock.reset());
  afterAll(() => ctx.app.close());

  const check = (ip: string, input: { ref: string; code: string; key?: string }) =>
    callFrom(ctx, ip, 'auth', 'forgotPasswordValidation', {
      forgotPasswordSystemRef: input.ref,
      code: input.code,
      key: input.key,
    });

  it('30 parallel wrong guesses over six references from 30 addresses: exactly 10 compared, then even the right code is refused for a day; the owner is told once', async () => {
    const email = await registerUser(ctx);
    const resets: Awaited<ReturnType<typeof askReset>>[] = [];
    for (let index = 0; index < 6; index += 1) resets.push(await askReset(ctx, email));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const reset = resets[index % 6]!;
        return check(attackerIp(index), { ...reset, code: wrongCodeFor(reset.code) });
      }),
    );
    const compared = answers.filter((answer) => answer.statusCode === 400);
    const paused = answers.filter((answer) => answer.statusCode === 429);
    expect(compared.length).toBe(10);
    expect(paused.length).toBe(20);
    expect(paused.every((answer) => answer.json().err_code === 'CODES_PAUSED')).toBe(true);

    // A new reference with the right code and key: refused uncompared, its code untouched.
    const fresh = await askReset(ctx, email);
    const right = await check('10.7.9.9', fresh);
    expect(right.statusCode).toBe(429);
    expect(right.json().err_code).toBe('CODES_PAUSED');
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, fresh.ref));
    expect(row?.attempts).toBe(0);
    await expect.poll(async () => (await pausedMails(ctx, email)).length).toBe(1);

    // 23 hours later of the business clock it is still paused; after a day it is over.
    ctx.app.services.clock.advance(23 * HOUR);
    const stillPaused = await askReset(ctx, email);
    expect((await check('10.7.9.9', stillPaused)).json().err_code).toBe('CODES_PAUSED');
    ctx.app.services.clock.advance(HOUR + 60_000);
    const after = await askReset(ctx, email);
    expect((await check('10.7.9.9', after)).statusCode).toBe(200);
    expect((await pausedMails(ctx, email)).length).toBe(1);
  });

  it('the right code is still accepted after 9 wrong ones, and right codes do not use the budget', async () => {
    const email = await registerUser(ctx);
    for (let index = 0; index < 3; index += 1) {
      const reset = await askReset(ctx, email);
      for (let attempt = 0; attempt < 3; attempt += 1)
        expect((await check('10.7.8.1', { ...reset, code: wrongCodeFor(reset.code) })).statusCode).toBe(400);
    }
    for (let index = 0; index < 3; index += 1) {
      const reset = await askReset(ctx, email);
      expect((await check('10.7.8.1', reset)).statusCode).toBe(200);
    }
    const last = await askReset(ctx, email);
    expect((await check('10.7.8.1', { ...last, code: wrongCodeFor(last.code) })).statusCode).toBe(400);
    expect((await check('10.7.8.1', last)).json().err_code).toBe('CODES_PAUSED');
  });

  it('a reset code is compared only with the key of the e-mailed link, and a missing key costs no try', async () => {
    const email = await registerUser(ctx);
    const reset = await askReset(ctx, email);
    for (const key of [undefined, 'x'.repeat(43)]) {
      const answer = await check('10.7.7.1', { ...reset, key });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().err_code).toBe('RESET_LINK_REQUIRED');
    }
    const [row] = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.verificationId, reset.ref));
    expect(row?.attempts).toBe(0);
    expect((await check('10.7.7.1', reset)).statusCode).toBe(200);
  });

  it('a reset reference dies 15 minutes after it was asked (business clock), resends included', async () => {
    const email = await registerUser(ctx);
    const reset = await askReset(ctx, email);
    ctx.app.services.clock.advance(16 * 60_000);
    const answer = await check('10.7.6.1', reset);
    expect(answer.json().err_code).toBe('EMAIL_TOKEN_EXPIRED');
    const after = await latestMailId(ctx, email);
    await call(ctx, 'user', 'auth', 'resendForgotPasswordCode', { forgotPasswordSystemRef: reset.ref });
    expect(await latestMailId(ctx, email)).toBe(after);
  });

  it('a reset reference takes 5 tries in all: a resent code brings no new ones', async () => {
    const email = await registerUser(ctx);
    const reset = await askReset(ctx, email);
    for (let attempt = 0; attempt < 4; attempt += 1)
      await check('10.7.5.1', { ...reset, code: wrongCodeFor(reset.code) });
    const after = await latestMailId(ctx, email);
    await call(ctx, 'user', 'auth', 'resendForgotPasswordCode', { forgotPasswordSystemRef: reset.ref });
    const mail = await mailAfter(ctx, email, after);
    const code = mail.text.match(/\b(\d{4})\b/)![1]!;
    const key = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('key')!;
    expect((await check('10.7.5.1', { ref: reset.ref, key, code: wrongCodeFor(code) })).json().err_code).toBe(
      'EMAIL_TOKEN_EXPIRED',
    );
    expect((await check('10.7.5.1', { ref: reset.ref, key, code })).json().err_code).toBe(
      'EMAIL_TOKEN_EXPIRED',
    );
  });

  it('e-mail and phone change codes share the account budget: 10 wrong e-mail codes pause the phone code', async () => {
    const email = await registerUser(ctx);
    const { accessToken } = await loginUser(ctx, email);
    const profile = (action: string, data: unknown) =>
      call(ctx, 'client', 'profile', action, data, { accesstoken: accessToken });
    const statuses: number[] = [];
    for (let change = 0; change < 3; change += 1) {
      const asked = await profile('requestEmailChange', { email: uniqueEmail('new') });
      const { changeRef } = asked.json().result.data as { changeRef: string };
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await profile('confirmEmailChange', { changeRef, code: '0000' })).statusCode);
      ctx.app.services.clock.advance(31_000);
    }
    // 10 compared (one of them may have been the right code by chance: 1 in 10,000), then paused.
    expect(statuses.slice(0, 10).every((status) => status === 400 || status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const phone = await profile('requestPhoneChange', { phone: '+254712345678' });
    const { changeRef } = phone.json().result.data as { changeRef: string };
    const confirmed = await profile('confirmPhoneChange', { changeRef, code: '1234' });
    expect(confirmed.statusCode).toBe(429);
    expect(confirmed.json().err_code).toBe('CODES_PAUSED');
  });

  it('sign-up codes have the budget too: 10 wrong, then the right code is refused', async () => {
    const email = uniqueEmail();
    const created = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Akinyi', lastName: 'Otieno' },
    });
    const registrationId = created.json().result.data as string;
    const verify = (registrationCode: string) =>
      call(ctx, 'user', 'registration', 'registrationValidation', { registrationId, registrationCode });
    let code = '';
    for (let round = 0; round < 3; round += 1) {
      const before = await latestMailId(ctx, email);
      if (round > 0) {
        // The resend burst limit runs on the system's time; this test is not about it.
        await ctx.app.services.counters.delete([`resend:burst:${registrationId}`]);
        await call(ctx, 'user', 'registration', 'resendRegistrationCode', { registrationId });
      }
      code = (await mailAfter(ctx, email, round === 0 ? 0 : before)).text.match(/\b(\d{4})\b/)![1]!;
      // Each code takes 5 tries; a resent one brings fresh tries, but not past the account's 10.
      if (round < 2)
        for (let attempt = 0; attempt < 5; attempt += 1)
          expect((await verify(wrongCodeFor(code))).statusCode).toBe(400);
    }
    const right = await verify(code);
    expect(right.statusCode).toBe(429);
    expect(right.json().err_code).toBe('CODES_PAUSED');
  });
});

describe('password guessing: a per-account cap parallel requests cannot outrun', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(() => ctx.app.close());

  const login = (ip: string, username: string, password: string) =>
    callFrom(ctx, ip, 'auth', 'login', { username, password, loginDevice: {} });

  it('30 addresses × 3 parallel wrong passwords: at most 20 compared; the owner is paused, told once, and a reset lets them in', async () => {
    const email = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, index) => login(attackerIp(index % 30), email, `Wrong-pass-${index}`)),
    );
    const compared = answers.filter((answer) => answer.statusCode === 401);
    const paused = answers.filter((answer) => answer.statusCode === 429);
    expect(compared.length).toBeLessThanOrEqual(20);
    expect(compared.length + paused.length).toBe(90);
    expect(paused.every((answer) => answer.json().err_code === 'ACCOUNT_SIGN_IN_PAUSED')).toBe(true);

    // The right password is not compared either, from a fresh address.
    const owner = await login('10.8.0.1', email, PASSWORD);
    expect(owner.statusCode).toBe(429);
    await expect
      .poll(
        async () =>
          (
            await ctx.database.db
              .select()
              .from(outboxEmails)
              .where(and(eq(outboxEmails.to, email), like(outboxEmails.subject, 'Too many wrong passwords%')))
          ).length,
      )
      .toBe(1);

    // The owner resets the password through the e-mailed link and signs in at once.
    const reset = await askReset(ctx, email);
    expect(
      (
        await call(ctx, 'user', 'auth', 'forgotPasswordValidation', {
          forgotPasswordSystemRef: reset.ref,
          code: reset.code,
          key: reset.key,
        })
      ).statusCode,
    ).toBe(200);
    await call(ctx, 'user', 'auth', 'resetPasswordRequest', {
      forgotPasswordSystemRef: reset.ref,
      newPassword: 'Mvua-Nairobi-9',
    });
    expect((await login('10.8.0.1', email, 'Mvua-Nairobi-9')).statusCode).toBe(200);
  });
});

describe('sign-up does not tell who is registered', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const signUp = (email: string) =>
    call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Baraka', lastName: 'Mutua' },
    });

  it('answers a registered address exactly as a new one, mails the owner a notice instead of a code, and its code checks answer alike', async () => {
    const registered = await registerUser(ctx);
    const fresh = uniqueEmail('fresh');
    const before = await latestMailId(ctx, registered);
    const taken = await signUp(registered);
    const open = await signUp(fresh);
    expect(taken.statusCode).toBe(open.statusCode);
    expect(taken.statusCode).toBe(200);
    const shape = (body: { result: { data: string } }) => ({
      ...body,
      result: { ...body.result, data: typeof body.result.data },
    });
    expect(shape(taken.json())).toEqual(shape(open.json()));

    const notice = await mailAfter(ctx, registered, before);
    expect(notice.subject).toBe('Someone tried to sign up to Bima Portal with your address');
    expect(notice.text).not.toMatch(/\b\d{4}\b/);

    const verify = (registrationId: string) =>
      call(ctx, 'user', 'registration', 'registrationValidation', {
        registrationId,
        registrationCode: '0000',
      });
    const codeOfFresh = (await mailAfter(ctx, fresh, 0)).text.match(/\b(\d{4})\b/)![1]!;
    const wrong = codeOfFresh === '0000' ? '1111' : '0000';
    const takenCheck = await call(ctx, 'user', 'registration', 'registrationValidation', {
      registrationId: taken.json().result.data,
      registrationCode: wrong,
    });
    const openCheck = await call(ctx, 'user', 'registration', 'registrationValidation', {
      registrationId: open.json().result.data,
      registrationCode: wrong,
    });
    expect(takenCheck.json()).toEqual(openCheck.json());
    expect(verify).toBeDefined();
    const resendTaken = await call(ctx, 'user', 'registration', 'resendRegistrationCode', {
      registrationId: taken.json().result.data,
    });
    const resendOpen = await call(ctx, 'user', 'registration', 'resendRegistrationCode', {
      registrationId: open.json().result.data,
    });
    expect(resendTaken.json()).toEqual(resendOpen.json());
  });
});
