import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notifications, policies, policyReminders, users } from '../src/db/schema';
import { daysBetween, dueStage, sendRenewalReminders } from '../src/modules/renewal/service';
import { policyFor } from './claims-helpers';
import { buildTestApp } from './helpers';
import { plusDays } from './purchase-helpers';
import { type Headers, send, signedInClient } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const STAGES = [30, 14, 3];

describe('renewal stages', () => {
  it('counts calendar days and picks the nearest stage reached', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2027-01-02')).toBe(0);
    expect(dueStage(45, STAGES)).toBeNull();
    expect(dueStage(30, STAGES)).toBe(30);
    expect(dueStage(20, STAGES)).toBe(30);
    expect(dueStage(14, STAGES)).toBe(14);
    expect(dueStage(5, STAGES)).toBe(14);
    expect(dueStage(3, STAGES)).toBe(3);
    expect(dueStage(0, STAGES)).toBe(3);
    expect(dueStage(-1, STAGES)).toBeNull();
  });
});

describe('renewal reminders: in the app and by e-mail, once per stage', () => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000', MPESA_SIMULATOR_DELAY_MS: '40' },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  const run = (today: string) =>
    sendRenewalReminders(
      { db: ctx.database.db, services: ctx.app.services, log: ctx.app.log },
      { stages: STAGES, today },
    );

  async function boughtPolicy(headers: Headers) {
    const policyNumber = await policyFor(ctx, headers);
    const [policy] = await ctx.database.db
      .select({ id: policies.id, endDate: policies.endDate, userId: policies.userId })
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, policy!.userId));
    return { policyNumber, ...policy!, email: user!.email };
  }

  const renewalNotices = (userId: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'renewal_due')));

  const renewalMails = async (email: string) =>
    (await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, email))).filter((mail) =>
      mail.subject.includes('ends'),
    );

  it('reminds 30, 14 and 3 days before the end, each once, and nothing after the end', async () => {
    const client = await signedInClient(ctx);
    const policy = await boughtPolicy(client);

    // A year away: nothing yet (the job already ran when the app started).
    expect(await renewalNotices(policy.userId)).toHaveLength(0);

    await run(plusDays(policy.endDate, -20));
    let notices = await renewalNotices(policy.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`Policy ${policy.policyNumber} ends in 20 days`);
    expect(notices[0]!.link).toBe(`/newportal/products/${policy.id}`);
    expect(notices[0]!.body).toContain('Renew before then');
    const mails = await renewalMails(policy.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/newportal/products/${policy.id}`);

    // The same day again, and the next day: still within the 30-day stage, nothing new.
    await run(plusDays(policy.endDate, -20));
    await run(plusDays(policy.endDate, -19));
    expect(await renewalNotices(policy.userId)).toHaveLength(1);

    await run(plusDays(policy.endDate, -14));
    await run(plusDays(policy.endDate, -3));
    await run(plusDays(policy.endDate, -1));
    await run(plusDays(policy.endDate, 1));
    notices = await renewalNotices(policy.userId);
    expect(notices.map((notice) => notice.title).sort()).toEqual(
      [
        `Policy ${policy.policyNumber} ends in 14 days`,
        `Policy ${policy.policyNumber} ends in 20 days`,
        `Policy ${policy.policyNumber} ends in 3 days`,
      ].sort(),
    );
    expect(await renewalMails(policy.email)).toHaveLength(3);
    const stages = await ctx.database.db
      .select({ daysBefore: policyReminders.daysBefore })
      .from(policyReminders)
      .where(eq(policyReminders.policyId, policy.id));
    expect(stages.map((row) => row.daysBefore).sort((a, b) => a - b)).toEqual([3, 14, 30]);
  }, 90_000);

  it('sends a late-found policy only its current stage, once even when runs overlap, and honours the e-mail switch', async () => {
    const client = await signedInClient(ctx);
    const switched = await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'renewal_due', email: false }] },
      client,
    );
    expect(switched.status).toBe(200);
    const policy = await boughtPolicy(client);

    const today = plusDays(policy.endDate, -1);
    await Promise.all([run(today), run(today), run(today)]);
    const notices = await renewalNotices(policy.userId);
    expect(notices.map((notice) => notice.title)).toEqual([`Policy ${policy.policyNumber} ends tomorrow`]);
    // Switched off by e-mail: in the app only.
    expect(await renewalMails(policy.email)).toHaveLength(0);
  }, 90_000);
});
