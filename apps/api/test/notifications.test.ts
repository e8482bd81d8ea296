import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequestIntermediaries, helpRequests, mailQueue, outboxEmails, users } from '../src/db/schema';
import { retryDelayMs } from '../src/mail/queue';
import { notify } from '../src/modules/notification/service';
import { buildTestApp } from './helpers';
import { invoiceFor, kenyaToday, pay, plusDays, waitUntil } from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

async function userIdOf(ctx: Ctx, headers: Headers): Promise<string> {
  const email = (await send(ctx, 'client/client/getClientDetails', {}, headers)).body.result.data.email;
  return userIdByEmail(ctx, email);
}

async function userIdByEmail(ctx: Ctx, email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function emailOf(ctx: Ctx, userId: string): Promise<string> {
  const [row] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

const mailsTo = (ctx: Ctx, to: string) =>
  ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

const list = (ctx: Ctx, headers: Headers, data: Record<string, unknown> = {}) =>
  send(ctx, 'platform/notification/listNotifications', data, headers);

describe('notifications: the centre, events and e-mail preferences', () => {
  let ctx: Ctx;
  let client: Headers;
  let clientId: string;
  let otherClient: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
        MAIL_QUEUE_INTERVAL_MS: '100',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    client = await signedInClient(ctx);
    clientId = await userIdOf(ctx, client);
    otherClient = await signedInClient(ctx);
  });
  afterAll(() => ctx.app.close());

  it('tells the client of the payment and the policy, in the app and by e-mail', async () => {
    const invoice = await invoiceFor(ctx, client);
    expect((await pay(ctx, client, invoice.invoiceSystemRef, '254712345678')).statusCode).toBe(200);
    const listed = await waitUntil(
      async () => (await list(ctx, client)).body.result.data,
      (data) => data.total >= 2,
      30_000,
    );
    expect(listed.unread).toBe(2);
    // Newest first: the policy is issued in the payment's transaction, after the payment is recorded.
    expect(listed.items.map((item: { kind: string }) => item.kind)).toEqual([
      'policy_issued',
      'payment_received',
    ]);
    expect(listed.items[1]).toMatchObject({
      isRead: false,
      link: `/newportal/invoice/${invoice.invoiceSystemRef}`,
      title: expect.stringMatching(/^Payment of KES [\d,]+ received$/),
    });
    expect(listed.items[0].link).toMatch(/^\/newportal\/products\/\d+$/);
    const email = await emailOf(ctx, clientId);
    const mails = await waitUntil(
      () => mailsTo(ctx, email),
      (rows) =>
        rows.some((row) => row.subject.startsWith('Payment of')) &&
        rows.some((row) => row.subject.includes('is active')),
      15_000,
    );
    const paymentMail = mails.find((row) => row.subject.startsWith('Payment of'))!;
    expect(paymentMail.text).toContain(`/newportal/invoice/${invoice.invoiceSystemRef}`);
    expect(paymentMail.html).toContain('Open on Bima Portal');
    // The policy documents went through the queue with their attachments (a motor policy: its certificate too).
    const policyMail = mails.find((row) => row.subject.includes('is active'))!;
    expect(policyMail.attachments).toHaveLength(3);
  });

  it('pages newest first, filters the unread, and marks one or all read; another user gets 404', async () => {
    const owner = await signedInClient(ctx);
    const ownerId = await userIdOf(ctx, owner);
    for (let index = 1; index <= 25; index += 1) {
      await notify(ctx.database.db, {
        userId: ownerId,
        kind: 'renewal_due',
        title: `Notice ${index}`,
        body: 'Something to read.',
        link: '/newportal/products',
      });
    }
    const first = (await list(ctx, owner, { page: 1, pageSize: 10 })).body.result.data;
    expect(first).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 10 });
    expect(first.items.map((item: { title: string }) => item.title).slice(0, 2)).toEqual([
      'Notice 25',
      'Notice 24',
    ]);
    const third = (await list(ctx, owner, { page: 3, pageSize: 10 })).body.result.data;
    expect(third.items.map((item: { title: string }) => item.title)).toEqual([
      'Notice 5',
      'Notice 4',
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);

    const target = first.items[0].id as number;
    // Someone else's notification: 404, for a client and for staff, and nothing changes.
    expect((await send(ctx, 'platform/notification/markRead', { id: target }, otherClient)).status).toBe(404);
    const broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    expect((await send(ctx, 'platform/notification/markRead', { id: target }, broker)).status).toBe(404);
    expect(
      (await list(ctx, otherClient)).body.result.data.items.some(
        (item: { id: number }) => item.id === target,
      ),
    ).toBe(false);
    expect((await send(ctx, 'platform/notification/markRead', { id: target }, {})).status).toBe(403);

    const marked = await send(ctx, 'platform/notification/markRead', { id: target }, owner);
    expect(marked.status).toBe(200);
    expect(marked.body.result.data).toMatchObject({ notification: { id: target, isRead: true }, unread: 24 });
    // Again: the same answer, still read.
    expect(
      (await send(ctx, 'platform/notification/markRead', { id: target }, owner)).body.result.data.unread,
    ).toBe(24);
    const unreadOnly = (await list(ctx, owner, { unreadOnly: true, pageSize: 50 })).body.result.data;
    expect(unreadOnly.total).toBe(24);
    expect(unreadOnly.items.some((item: { id: number }) => item.id === target)).toBe(false);
    expect((await send(ctx, 'platform/notification/getUnreadCount', {}, owner)).body.result.data.unread).toBe(
      24,
    );

    expect((await send(ctx, 'platform/notification/markAllRead', {}, owner)).body.result.data).toEqual({
      marked: 24,
      unread: 0,
    });
    expect((await send(ctx, 'platform/notification/getUnreadCount', {}, owner)).body.result.data.unread).toBe(
      0,
    );
    expect((await list(ctx, owner, { unreadOnly: true })).body.result.data.total).toBe(0);
  });

  it("respects the client's e-mail preferences; in-app notifications stay on", async () => {
    const person = await signedInClient(ctx);
    const personId = await userIdOf(ctx, person);
    const email = await emailOf(ctx, personId);
    const before = (await send(ctx, 'platform/notification/getPreferences', {}, person)).body.result.data;
    expect(before.preferences).toContainEqual({
      kind: 'payment_received',
      email: true,
      sms: true,
      inApp: true,
    });
    expect(
      before.preferences.some((preference: { kind: string }) => preference.kind === 'help_request_received'),
    ).toBe(false);

    const bad = await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'not_a_kind', email: false }] },
      person,
    );
    expect(bad.status).toBe(400);
    // A preference must switch the e-mail or the text message.
    const neither = await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'payment_received' }] },
      person,
    );
    expect(neither.status).toBe(400);

    const updated = await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'payment_received', email: false }] },
      person,
    );
    expect(updated.status).toBe(200);
    // Only the e-mail was named: the text message stays on.
    expect(updated.body.result.data.preferences).toContainEqual({
      kind: 'payment_received',
      email: false,
      sms: true,
      inApp: true,
    });

    const invoice = await invoiceFor(ctx, person);
    expect((await pay(ctx, person, invoice.invoiceSystemRef, '254712345678')).statusCode).toBe(200);
    // The policy's e-mail is still wanted: once it is there, the payment's would have been too.
    const mails = await waitUntil(
      () => mailsTo(ctx, email),
      (rows) => rows.some((row) => row.subject.includes('is active')),
      30_000,
    );
    await ctx.app.services.mailer.drain();
    expect(mails.some((row) => row.subject.startsWith('Payment of'))).toBe(false);
    expect((await mailsTo(ctx, email)).some((row) => row.subject.startsWith('Payment of'))).toBe(false);
    const queued = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    expect(queued.some((row) => row.subject.startsWith('Payment of'))).toBe(false);
    const kinds = (await list(ctx, person)).body.result.data.items.map((item: { kind: string }) => item.kind);
    expect(kinds).toContain('payment_received');

    // Switching the policy's e-mail off too: the next policy comes without its documents by e-mail.
    await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'policy_issued', email: false }] },
      person,
    );
    const second = await invoiceFor(ctx, person);
    await pay(ctx, person, second.invoiceSystemRef, '254712345678');
    await waitUntil(
      async () => (await list(ctx, person)).body.result.data.total,
      (total) => total >= 4,
      30_000,
    );
    await ctx.app.services.mailer.drain();
    expect((await mailsTo(ctx, email)).filter((row) => row.subject.includes('is active'))).toHaveLength(1);
  });

  it("tells the firm's users of a help request and of the client's decision", async () => {
    const savannah = await firmId(ctx, FIRM.savannah);
    const broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    const beforeCount = (await send(ctx, 'platform/notification/getUnreadCount', {}, broker)).body.result.data
      .unread;
    const clientEmail = (await send(ctx, 'client/client/getClientDetails', {}, client)).body.result.data
      .email;
    const created = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      {
        entityRefs: [savannah],
        clientDetails: {
          names: { firstName: 'Akinyi', lastName: 'Otieno' },
          email: clientEmail,
          kraPin: 'A123456789Z',
        },
        expiry: plusDays(kenyaToday(), 7),
        status: 'PENDING',
        remarks: 'Please quote comprehensive cover for my Harrier.',
        riskDetails: { value: 150_000_000, chassisNumber: 'JTEBU5JR5K5123456', regNo: 'KDA 123B' },
      },
      client,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [row] = await ctx.database.db
      .select({ id: helpRequestIntermediaries.id })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.requestSystemRef, created.body.result.data.requestSystemRef));
    const staffList = (await list(ctx, broker)).body.result.data;
    expect(staffList.unread).toBe(beforeCount + 1);
    expect(staffList.items[0]).toMatchObject({
      kind: 'help_request_received',
      link: `/staff/requests/${row!.id}`,
      title: `New help request ${created.body.result.data.requestSystemRef}`,
    });
    // Another firm's broker is not told.
    const other = (await signInAs(ctx, SAMPLE.brokerB)).headers;
    expect(
      (await list(ctx, other)).body.result.data.items.some(
        (item: { link: string }) => item.link === `/staff/requests/${row!.id}`,
      ),
    ).toBe(false);

    const sent = await send(
      ctx,
      'intermediary/recommendation/sendRecommendation',
      {
        requestId: row!.id,
        items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: kenyaToday() }],
        note: 'APA covers your Harrier fully with a good excess.',
      },
      broker,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const recommendationId = sent.body.result.data.id as number;
    const received = (await list(ctx, client)).body.result.data.items[0];
    expect(received).toMatchObject({
      kind: 'recommendation_received',
      link: `/newportal/client-quotation-review/${recommendationId}`,
    });
    // Its e-mail is the recommendation itself, sent by the mail queue right after the commit: wait
    // for the queue to deliver it rather than race it.
    const isRecommendation = (mail: { subject: string }) =>
      mail.subject.includes('sent you a recommendation');
    const delivered = await waitUntil(
      () => mailsTo(ctx, clientEmail),
      (mails) => mails.some(isRecommendation),
      15_000,
    );
    expect(delivered.some(isRecommendation)).toBe(true);

    const rejected = await send(
      ctx,
      'underwriting/quotation/acceptOrRejectQuotationRequest',
      { id: recommendationId, decision: 'REJECT', reason: 'The premium is more than I can pay this year.' },
      client,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await list(ctx, broker)).body.result.data.items[0]).toMatchObject({
      kind: 'recommendation_rejected',
      link: `/staff/requests/${row!.id}`,
      body: expect.stringContaining('The premium is more than I can pay this year.'),
    });
  });

  it('keeps the mail queue to admins', async () => {
    expect((await send(ctx, 'admin/mailQueue/listMailQueue', {}, client)).status).toBe(403);
    const broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
    expect((await send(ctx, 'admin/mailQueue/listMailQueue', {}, broker)).status).toBe(403);
    const admin = (await signInAs(ctx, SAMPLE.admin)).headers;
    const all = await send(ctx, 'admin/mailQueue/listMailQueue', { filter: 'sent' }, admin);
    expect(all.status).toBe(200);
    expect(all.body.result.data.total).toBeGreaterThan(0);
    expect(all.body.result.data.items[0]).toMatchObject({ status: 'sent', isFailing: false });
    const sentId = all.body.result.data.items[0].id;
    expect((await send(ctx, 'admin/mailQueue/retryMail', { id: sentId }, admin)).status).toBe(409);
    expect((await send(ctx, 'admin/mailQueue/retryMail', { id: 999_999 }, admin)).status).toBe(404);
  });
});

describe('mail queue backoff', () => {
  it.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [4, 800],
    [5, 1000],
    [40, 1000],
  ])('after %i failed attempts it waits %i ms (base 100, max 1000)', (attempts, wait) => {
    expect(retryDelayMs(attempts, 100, 1000)).toBe(wait);
  });
});
