import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogueProducts, mailQueue } from '../src/db/schema';
import { uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { createStaffUser, type Headers, send, signedInClient } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe("coming soon: 'Tell me when it's available'", () => {
  let ctx: Ctx;
  let admin: Headers;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' } });
    admin = (await createStaffUser(ctx, null)).headers;
  });
  afterAll(() => ctx.app.close());

  const register = (routeName: string, email: string) =>
    send(ctx, 'underwriting/catalogue/registerInterest', { routeName, email });
  const mailsTo = (email: string) => ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, email));
  const counts = async (name: string) => {
    const { body } = await send(ctx, 'admin/catalogue/listInterest', { pageSize: 100 }, admin);
    return body.result.data.items.find((item: { name: string }) => item.name === name);
  };

  it('records interest once per product and e-mail, confirming by e-mail the first time', async () => {
    const email = uniqueEmail('marine');
    const first = await register('marine', `  ${email.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect(first.body.result.data).toEqual({ registered: true, productName: 'Marine' });
    const again = await register('marine', email);
    expect(again.body.result.data).toEqual(first.body.result.data);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('We will tell you when Marine is available');
    expect((await counts('Marine')).waiting).toBeGreaterThanOrEqual(1);
  });

  it('refuses available and unknown products and a bad e-mail, with clear messages', async () => {
    const available = await register('motor-private', uniqueEmail());
    expect(available.status).toBe(409);
    expect(available.body.err_msg).toBe('Motor Private is not coming soon: it is available now.');
    expect((await register('flying-carpets', uniqueEmail())).status).toBe(404);
    const bad = await register('marine', 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'email', message: 'Please enter a valid email address' });
  });

  it('only admins see the counts and notify; notifying waits until the product is available', async () => {
    const client = await signedInClient(ctx);
    expect((await send(ctx, 'admin/catalogue/listInterest', {}, client)).status).toBe(403);
    const [group] = await ctx.database.db
      .select({ id: catalogueProducts.id })
      .from(catalogueProducts)
      .where(eq(catalogueProducts.routeName, 'group-life'));
    await register('group-life', uniqueEmail('group'));
    const early = await send(ctx, 'admin/catalogue/notifyInterest', { catalogueProductId: group!.id }, admin);
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toBe('Group Life is not available yet: tell people once it is live.');
  });

  it('tells each waiting person once when the product goes live, however many times it runs at once', async () => {
    const emails = [uniqueEmail('annuity'), uniqueEmail('annuity'), uniqueEmail('annuity')];
    for (const email of emails) await register('annuities', email);
    const [annuities] = await ctx.database.db
      .update(catalogueProducts)
      .set({ available: true, comingSoon: false })
      .where(eq(catalogueProducts.routeName, 'annuities'))
      .returning({ id: catalogueProducts.id });
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        send(ctx, 'admin/catalogue/notifyInterest', { catalogueProductId: annuities!.id }, admin),
      ),
    );
    for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
    const told = runs.map((run) => run.body.result.data.notified as number);
    expect(told.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const email of emails) {
      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Annuities is now available',
        'We will tell you when Annuities is available',
      ]);
    }
    expect(await counts('Annuities')).toMatchObject({ waiting: 0, notified: 3, available: true });
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'admin/catalogue/notifyInterest'),
          like(auditLog.entityId, String(annuities!.id)),
        ),
      );
    expect(audited).toHaveLength(3);
  });
});
