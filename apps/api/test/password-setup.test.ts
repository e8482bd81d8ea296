import { PASSWORD_SETUP_MESSAGES as M } from '@bima/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, outboxEmails, users, verifications } from '../src/db/schema';
import { createAccountSetupLink } from '../src/modules/password-setup/service';
import { loginUser, PASSWORD, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const TOKEN = /\/password-setup\?token=([A-Za-z0-9_-]{43})/;

describe('password setup from an e-mailed link (/password-setup?token=…)', () => {
  let ctx: Ctx;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100' } });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  });
  afterAll(() => ctx.app.close());

  async function newestMail(email: string) {
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  }

  async function inviteBroker() {
    const email = uniqueEmail('invited');
    const invited = await send(
      ctx,
      'admin/staff/inviteStaff',
      {
        email,
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        role: 'intermediary',
        intermediaryId: await firmId(ctx, FIRM.riftValley),
      },
      admin,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const token = (await newestMail(email)).text.match(TOKEN)?.[1];
    if (!token) throw new Error('no link in the invitation');
    return { email, token };
  }

  it('an invited staff member sets a password from the link once and is signed in with the role', async () => {
    const { email, token } = await inviteBroker();
    // Only the hash is stored.
    const stored = await ctx.database.db.select().from(verifications).where(eq(verifications.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const checked = await send(ctx, 'user/registration/checkPasswordSetup', { token });
    expect(checked.body.result.data).toEqual({ state: 'valid', email, firstName: 'Wanjiru', area: 'staff' });

    const weak = await send(ctx, 'user/registration/setUpPassword', { token, password: 'abc12' });
    expect(weak.status).toBe(400);

    const done = await send(ctx, 'user/registration/setUpPassword', { token, password: PASSWORD });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.data).toMatchObject({
      signedIn: true,
      role: 'intermediary',
      user: { email, status: 'ACTIVE' },
      accessToken: expect.any(String),
    });
    expect((await loginUser(ctx, email, PASSWORD)).role).toBe('intermediary');

    const again = await send(ctx, 'user/registration/setUpPassword', { token, password: 'Another-2026!' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ err_code: 'EMAIL_TOKEN_ERROR', err_msg: M.linkUsed });
    expect((await send(ctx, 'user/registration/checkPasswordSetup', { token })).body.result.data.state).toBe(
      'used',
    );
    const log = await send(ctx, 'admin/audit/listAuditLog', { entityType: 'user' }, admin);
    expect(log.body.result.data.items.map((entry: { action: string }) => entry.action)).toContain(
      'user/registration/setUpPassword',
    );
  });

  it('an expired link is refused, says so, and a new link goes to the same address (the old dies)', async () => {
    const { email, token } = await inviteBroker();
    await ctx.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.email, email));
    const refused = await send(ctx, 'user/registration/setUpPassword', { token, password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ err_code: 'EMAIL_TOKEN_EXPIRED', err_msg: M.linkExpired });
    expect(
      (await send(ctx, 'user/registration/checkPasswordSetup', { token })).body.result.data,
    ).toMatchObject({
      state: 'expired',
      area: 'staff',
    });

    const asked = await send(ctx, 'user/registration/requestPasswordSetupLink', { token });
    expect(asked.body.result.data).toEqual({ sent: true, state: 'expired' });
    const fresh = (await newestMail(email)).text.match(TOKEN)?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    // The new link works; the old one, once the password is set, says it was used.
    expect(
      (await send(ctx, 'user/registration/checkPasswordSetup', { token: fresh })).body.result.data.state,
    ).toBe('valid');
    const done = await send(ctx, 'user/registration/setUpPassword', { token: fresh, password: PASSWORD });
    expect(done.status).toBe(200);
    const late = await send(ctx, 'user/registration/requestPasswordSetupLink', { token });
    expect(late.body.result.data).toEqual({ sent: false, state: 'used' });
  });

  it('a client account made for someone sets its password from its link and becomes a client', async () => {
    const email = uniqueEmail('visitor');
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email, firstName: 'Achieng', lastName: 'Otieno' })
      .returning();
    const url = await createAccountSetupLink(ctx.database.db, ctx, {
      userId: user!.id,
      email,
      next: '/review/1',
      now: new Date(),
    });
    expect(url).toMatch(/\/password-setup\?token=[A-Za-z0-9_-]{43}&next=%2Freview%2F1$/);
    const token = url.match(TOKEN)![1]!;
    expect(
      (await send(ctx, 'user/registration/checkPasswordSetup', { token })).body.result.data,
    ).toMatchObject({
      state: 'valid',
      area: 'client',
    });
    const done = await send(ctx, 'user/registration/setUpPassword', { token, password: PASSWORD });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.data).toMatchObject({
      signedIn: true,
      user: { role: 'client', status: 'ACTIVE' },
    });
    const record = await ctx.database.db.select().from(clients).where(eq(clients.userId, user!.id));
    expect(record).toHaveLength(1);
  });

  it('unknown and malformed tokens get clear answers, never a 500', async () => {
    const unknown = 'A'.repeat(43);
    expect(
      (await send(ctx, 'user/registration/checkPasswordSetup', { token: unknown })).body.result.data,
    ).toEqual({
      state: 'invalid',
    });
    const refused = await send(ctx, 'user/registration/setUpPassword', {
      token: unknown,
      password: PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.err_msg).toBe(M.linkUnknown);
    const malformed = await send(ctx, 'user/registration/checkPasswordSetup', { token: 'short' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain(M.linkIncomplete);
    const none = await send(ctx, 'user/registration/requestPasswordSetupLink', {});
    expect(none.status).toBe(400);
  });
});
