import { PROFILE_MESSAGES } from '@bima/domain/profile';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, outboxEmails, smsQueue } from '../src/db/schema';
import {
  call,
  latestCode,
  latestMailId,
  loginUser,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from './accounts-helpers';
import { buildTestApp } from './helpers';

describe('Profile › User Profile', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => ctx.app.close());

  const profile = (token: string, action: string, data: unknown = {}) =>
    call(ctx, 'client', 'profile', action, data, { accesstoken: token });

  const signedInClient = async () => {
    const email = await registerUser(ctx);
    const session = await loginUser(ctx, email);
    return { email, token: session.accessToken, refreshToken: session.refreshToken };
  };

  const latestSmsCode = async (phone: string) => {
    const [sms] = await ctx.database.db
      .select()
      .from(smsQueue)
      .where(eq(smsQueue.to, phone))
      .orderBy(desc(smsQueue.id))
      .limit(1);
    const code = sms?.text.match(/\b(\d{4})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    // Queued and sent like every text, as what it is (the staff view and /dev/sms show it).
    expect(sms).toMatchObject({ kind: 'phone_code', status: 'sent' });
    return code;
  };

  it('needs a signed-in client for every action', async () => {
    for (const action of [
      'getProfile',
      'updateNames',
      'requestEmailChange',
      'changePassword',
      'signOutOtherDevices',
    ]) {
      const response = await call(ctx, 'client', 'profile', action, {});
      expect(response.statusCode, action).toBe(403);
    }
  });

  it('updates the names with the spec-2 rules and records it in the audit log', async () => {
    const { token } = await signedInClient();
    const bad = await profile(token, 'updateNames', { names: { firstName: 'W4njiru', lastName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'names.firstName', message: 'First name should only contain letters' },
        { field: 'names.lastName', message: 'Last name is required' },
      ]),
    );
    const good = await profile(token, 'updateNames', {
      names: { firstName: " Ng'ang'a ", lastName: 'Wanjiru-Kamau' },
    });
    expect(good.statusCode).toBe(200);
    const saved = good.json().result.data;
    expect(saved.names).toEqual({ firstName: "Ng'ang'a", lastName: 'Wanjiru-Kamau' });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client/profile/updateNames'), eq(auditLog.entityId, saved.id)));
    expect(entry?.actorRole).toBe('client');
  });

  it('changes the e-mail with a code sent to the new address and tells the old one', async () => {
    const { email, token } = await signedInClient();
    const newEmail = uniqueEmail('moved');
    const asked = await profile(token, 'requestEmailChange', { email: newEmail.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    const { changeRef } = asked.json().result.data;
    const code = await latestCode(ctx, newEmail);

    const wrong = await profile(token, 'confirmEmailChange', {
      changeRef,
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err_code).toBe('EMAIL_TOKEN_ERROR');
    const beforeNotice = await latestMailId(ctx, email);

    const done = await profile(token, 'confirmEmailChange', { changeRef, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().result.data.email).toBe(newEmail);
    expect(await latestMailId(ctx, email)).toBeGreaterThan(beforeNotice);
    const [notice] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(notice?.text).toContain(newEmail);

    // The code is single use, and the new address signs in.
    expect((await profile(token, 'confirmEmailChange', { changeRef, code })).statusCode).toBe(400);
    expect((await loginUser(ctx, newEmail)).accessToken).toBeTruthy();
  });

  it('refuses an e-mail that another account has, or the same one, or a bad one', async () => {
    const { email, token } = await signedInClient();
    const other = await registerUser(ctx);
    const taken = await profile(token, 'requestEmailChange', { email: other });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ err_code: 'USER_EXIST', errors: [{ field: 'email' }] });
    const same = await profile(token, 'requestEmailChange', { email });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: 'email', message: PROFILE_MESSAGES.sameEmail }]);
    const invalid = await profile(token, 'requestEmailChange', { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].message).toBe('Please enter a valid email address');
  });

  it("does not let one client confirm another client's change", async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const newEmail = uniqueEmail('theirs');
    const asked = await profile(first.token, 'requestEmailChange', { email: newEmail });
    const { changeRef } = asked.json().result.data;
    const stolen = await profile(second.token, 'confirmEmailChange', {
      changeRef,
      code: await latestCode(ctx, newEmail),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().err_msg).toBe(PROFILE_MESSAGES.changeNotPending);
  });

  it('changes the phone (any country) after the texted code, in E.164', async () => {
    const { token } = await signedInClient();
    const invalid = await profile(token, 'requestPhoneChange', { country: 'UG', phone: '12345' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ field: 'phone', message: PROFILE_MESSAGES.phoneInvalid }]);
    const unknownCountry = await profile(token, 'requestPhoneChange', { country: 'ZZ', phone: '0772123456' });
    expect(unknownCountry.statusCode).toBe(400);

    const asked = await profile(token, 'requestPhoneChange', { country: 'UG', phone: '0772 123 456' });
    expect(asked.statusCode).toBe(200);
    const { changeRef, phone } = asked.json().result.data;
    expect(phone).toBe('+256772123456');
    const unchanged = await profile(token, 'getProfile');
    expect(unchanged.json().result.data.phone).toBeNull();

    const code = await latestSmsCode(phone);
    const wrong = await profile(token, 'confirmPhoneChange', {
      changeRef,
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.json()).toMatchObject({
      err_code: 'EMAIL_TOKEN_ERROR',
      errors: [{ field: 'code', message: 'The code is not correct. Check the text message and try again.' }],
    });
    const done = await profile(token, 'confirmPhoneChange', { changeRef, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().result.data).toMatchObject({
      phone: '+256772123456',
      phoneVerifiedAt: expect.any(String),
    });
  });

  it('has one phone of record: the KYC phone is the profile phone, and a verified Kenyan phone is the KYC phone', async () => {
    const { token } = await signedInClient();
    const kyc = (phone: string) =>
      call(
        ctx,
        'client',
        'client',
        'updateClient',
        { phone, kraPin: 'A123456789X', clientType: 'INDIVIDUAL', address: 'Moi Avenue, Nairobi' },
        { accesstoken: token },
      );
    const shown = async () => (await profile(token, 'getProfile')).json().result.data;
    const kycPhone = async () =>
      (await call(ctx, 'client', 'client', 'getClientDetails', {}, { accesstoken: token })).json().result.data
        .phone;
    const verify = async (phone: string) => {
      const asked = await profile(token, 'requestPhoneChange', { country: 'KE', phone });
      expect(asked.statusCode).toBe(200);
      const { changeRef, phone: e164 } = asked.json().result.data;
      const done = await profile(token, 'confirmPhoneChange', { changeRef, code: await latestSmsCode(e164) });
      expect(done.statusCode).toBe(200);
    };
    expect((await shown()).phone).toBeNull();

    // The KYC's phone is the account's, not yet verified (the profile said "No phone number yet.").
    expect((await kyc('0712 345 678')).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ phone: '+254712345678', phoneVerifiedAt: null });

    // Confirming it by text verifies that same number; a new Kenyan number becomes the KYC phone too.
    await verify('0712345678');
    expect(await shown()).toMatchObject({ phone: '+254712345678', phoneVerifiedAt: expect.any(String) });
    await verify('0722000111');
    expect(await kycPhone()).toBe('0722000111');

    // The KYC saved with the verified number keeps it verified; with another, that is the phone, unverified.
    await kyc('0722000111');
    expect(await shown()).toMatchObject({ phone: '+254722000111', phoneVerifiedAt: expect.any(String) });
    await kyc('0733000222');
    expect(await shown()).toMatchObject({ phone: '+254733000222', phoneVerifiedAt: null });
    expect(await kycPhone()).toBe('0733000222');
  });

  it('shows the KYC phone of an account whose KYC was saved before it set the account phone', async () => {
    const { token } = await signedInClient();
    const { id } = (await profile(token, 'getProfile')).json().result.data;
    // The client row is made at registration; its phone written as the KYC wrote it before this change.
    await ctx.database.db.update(clients).set({ phone: '0712345678' }).where(eq(clients.userId, id));
    expect((await profile(token, 'getProfile')).json().result.data).toMatchObject({
      phone: '+254712345678',
      phoneVerifiedAt: null,
    });
  });

  it('changes the password with the current one and signs out the other sessions only', async () => {
    // Setting the first password signed in once already: with `other`, two sessions besides this one.
    const { email, token } = await signedInClient();
    const other = await loginUser(ctx, email);
    const newPassword = 'Another-Safari-2027!';

    const wrong = await profile(token, 'changePassword', { currentPassword: 'Wrong-123!', newPassword });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: PROFILE_MESSAGES.currentPasswordWrong },
    ]);
    const weak = await profile(token, 'changePassword', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toEqual({
      field: 'newPassword',
      message: 'Password must be at least 8 characters long',
    });

    const changed = await profile(token, 'changePassword', { currentPassword: PASSWORD, newPassword });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result.data).toEqual({ changed: true, otherSessionsSignedOut: 2 });

    expect((await profile(token, 'getProfile')).statusCode).toBe(200);
    expect((await profile(other.accessToken, 'getProfile')).statusCode).toBe(403);
    const refresh = await call(ctx, 'user', 'auth', 'refreshToken', { refreshToken: other.refreshToken });
    expect(refresh.statusCode).toBe(403);

    const oldLogin = await call(ctx, 'user', 'auth', 'login', {
      username: email,
      password: PASSWORD,
      loginDevice: {},
    });
    expect(oldLogin.statusCode).toBe(401);
    expect((await loginUser(ctx, email, newPassword)).accessToken).toBeTruthy();
  });

  it('signs out of the other devices and keeps this one', async () => {
    // Three other sessions: the one setting the first password opened, and two more.
    const { email, token } = await signedInClient();
    const second = await loginUser(ctx, email);
    const third = await loginUser(ctx, email);
    const answer = await profile(token, 'signOutOtherDevices');
    expect(answer.json().result.data).toEqual({ otherSessionsSignedOut: 3 });
    expect((await profile(token, 'getProfile')).statusCode).toBe(200);
    expect((await profile(second.accessToken, 'getProfile')).statusCode).toBe(403);
    expect((await profile(third.accessToken, 'getProfile')).statusCode).toBe(403);
  });
});

describe('KYC identity (updateClient) and the real code limits', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { AUTH_RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => ctx.app.close());

  const KYC = {
    phone: '0712345678',
    kraPin: 'A123456789X',
    clientType: 'INDIVIDUAL',
    address: 'Moi Avenue, Nairobi',
  };

  it('stores nationality, ID type and number, checked against each other', async () => {
    const email = await registerUser(ctx);
    const { accessToken } = await loginUser(ctx, email);
    const update = (data: unknown) =>
      call(ctx, 'client', 'client', 'updateClient', data, { accesstoken: accessToken });

    const citizensOnly = await update({
      ...KYC,
      nationality: 'UG',
      idType: 'NATIONAL_ID',
      idNumber: '12345678',
    });
    expect(citizensOnly.statusCode).toBe(400);
    expect(citizensOnly.json().errors).toEqual([
      { field: 'idType', message: PROFILE_MESSAGES.nationalIdCitizensOnly },
    ]);
    const badPassport = await update({ ...KYC, nationality: 'UG', idType: 'PASSPORT', idNumber: 'B12-45' });
    expect(badPassport.json().errors).toEqual([
      { field: 'idNumber', message: PROFILE_MESSAGES.passportInvalid },
    ]);

    const saved = await update({ ...KYC, nationality: 'ug', idType: 'PASSPORT', idNumber: 'b1234567' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.data).toMatchObject({
      nationality: 'UG',
      idType: 'PASSPORT',
      idNumber: 'B1234567',
    });

    // A caller from before the identity existed keeps it; a National ID needs the stored nationality to be Kenyan.
    const older = await update(KYC);
    expect(older.json().result.data).toMatchObject({ nationality: 'UG', idType: 'PASSPORT' });
    const mismatch = await update({ ...KYC, idType: 'NATIONAL_ID', idNumber: '12345678' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].field).toBe('idType');
  });

  it('limits how often codes are sent', async () => {
    const { accessToken: token } = await loginUser(ctx, await registerUser(ctx));
    const profile = (accessToken: string, action: string, data: unknown) =>
      call(ctx, 'client', 'profile', action, data, { accesstoken: accessToken });
    expect((await profile(token, 'requestEmailChange', { email: uniqueEmail('a') })).statusCode).toBe(200);
    const again = await profile(token, 'requestEmailChange', { email: uniqueEmail('b') });
    expect(again.statusCode).toBe(429);
  });
});
