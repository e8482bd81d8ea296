import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AfricasTalkingSimulator,
  AT_SIMULATOR_CREDENTIALS,
  startAfricasTalkingSimulator,
} from '../src/africastalking/simulator';
import { smsOptOuts, smsQueue, users, ussdPhones, ussdSessions } from '../src/db/schema';
import { enqueueSms } from '../src/sms/queue';
import type { SmsClient } from '../src/sms/sender';
import { createSmsService } from '../src/sms/worker';
import { loginUser, PASSWORD, registerUser } from './accounts-helpers';
import { buildTestApp, PRODUCTION_TEST_ENV } from './helpers';
import { waitUntil } from './purchase-helpers';
import { createStaffUser, send } from './staff-helpers';
import { dial } from './ussd-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

let phoneSeq = 100;
/** A fresh Kenyan number ending in `suffix` (the simulator's outcome digits). */
const phone = (suffix = '00') => `+2547${String(10_000 + phoneSeq++).padStart(6, '0')}${suffix}`;

describe('the SMS queue through the Africa’s Talking simulator', () => {
  let ctx: Ctx;
  const rowsTo = async (to: string) =>
    ctx.database.db.select().from(smsQueue).where(eq(smsQueue.to, to)).orderBy(smsQueue.id);
  const devSms = async (to: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/dev/sms?to=${encodeURIComponent(to)}` })).json() as Array<{
      to: string;
      text: string;
      status: string;
      deliveryStatus: string | null;
      retryOf: number | null;
    }>;

  beforeAll(async () => {
    ctx = await buildTestApp({
      seed: false,
      env: {
        AFRICASTALKING_SIMULATOR_DELIVERY_MS: '20',
        SMS_RETRY_BASE_MS: '60000',
        SMS_RETRY_MAX_MS: '600000',
      },
    });
    // Delivery reports and STOP replies come back over HTTP, as from Africa's Talking.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.app.close());

  it('sends a queued text, keeps its messageId and records the delivery report', async () => {
    const to = phone('00');
    await enqueueSms(ctx.database.db, { to, text: 'Payment received: KES 1,500.', kind: 'payment_received' });
    await ctx.app.services.sms.drain();
    const [sent] = await rowsTo(to);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent?.providerMessageId).toMatch(/^ATXid_/);
    // The simulated phone got it.
    const simulator = ctx.app.services.africasTalking.simulator!;
    expect(simulator.inbox(to).map((message) => message.text)).toEqual(['Payment received: KES 1,500.']);
    const [delivered] = await waitUntil(
      () => rowsTo(to),
      (rows) => rows[0]?.deliveryStatus === 'Success',
    );
    expect(delivered?.deliveredAt).not.toBeNull();
    expect((await devSms(to))[0]).toMatchObject({ status: 'sent', deliveryStatus: 'Success' });
  });

  it('sends a phone code at once through the queue, so /dev/sms shows it', async () => {
    const to = phone('01');
    await ctx.app.services.sms.send({ to, text: 'Your Bima Portal code is 4321.' });
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'direct' });
    expect((await devSms(to))[0]).toMatchObject({ text: 'Your Bima Portal code is 4321.', status: 'sent' });
  });

  it('keeps a text the provider cannot take queued, retrying with a doubling wait', async () => {
    const to = phone('33'); // the simulated provider answers 500
    await enqueueSms(ctx.database.db, { to, text: 'Renewal due', kind: 'renewal_due' });
    await ctx.app.services.sms.drain();
    let [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('500');
    const waitedMs = (r: typeof row) => r!.nextAttemptAt.getTime() - Date.now();
    expect(waitedMs(row)).toBeGreaterThan(50_000);
    expect(waitedMs(row)).toBeLessThanOrEqual(60_000);
    // Not due yet: a drain leaves it alone.
    await ctx.app.services.sms.drain();
    expect((await rowsTo(to))[0]?.attempts).toBe(1);
    // Due: tried again, and the next wait is twice as long.
    await ctx.database.db.update(smsQueue).set({ nextAttemptAt: sql`now()` }).where(eq(smsQueue.to, to));
    await ctx.app.services.sms.drain();
    [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(waitedMs(row)).toBeGreaterThan(110_000);
    expect(waitedMs(row)).toBeLessThanOrEqual(120_000);
    expect(ctx.app.services.africasTalking.simulator!.inbox(to)).toEqual([]);
  });

  it('marks a number refused at send failed at once', async () => {
    const to = phone('31');
    await enqueueSms(ctx.database.db, { to, text: 'Claim received', kind: 'claim_received' });
    await ctx.app.services.sms.drain();
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toContain('InvalidPhoneNumber');
  });

  it('sends a text whose delivery failed once more, then shows it failed', async () => {
    const to = phone('32'); // delivered: Failed, every time
    await enqueueSms(ctx.database.db, { to, text: 'Claim paid', kind: 'claim_paid', dedupeKey: `t:${to}` });
    await ctx.app.services.sms.drain();
    // The report of the first comes back Failed: a retry is queued (and sent by the worker).
    const rows = await waitUntil(
      () => rowsTo(to),
      (found) => found.length === 2 && found[1]?.deliveryStatus === 'Failed',
    );
    expect(rows[0]).toMatchObject({
      status: 'sent',
      deliveryStatus: 'Failed',
      deliveryFailureReason: 'DeliveryFailure',
    });
    expect(rows[1]).toMatchObject({ retryOf: rows[0]!.id, status: 'failed', text: 'Claim paid' });
    expect(rows[1]?.lastError).toContain('Failed');
    // Never a third time, however long we wait.
    await ctx.app.services.africasTalking.simulator!.settled();
    await ctx.app.services.sms.drain();
    expect(await rowsTo(to)).toHaveLength(2);
    expect((await devSms(to)).map((item) => item.status)).toEqual(['failed', 'sent']);
  });

  it('records a repeated delivery report once (one retry only)', async () => {
    const to = phone('00');
    const row = await enqueueSms(ctx.database.db, { to, text: 'x', kind: 'direct' });
    await ctx.database.db
      .update(smsQueue)
      .set({ status: 'sent', providerMessageId: `ATXid_manual_${to}` })
      .where(eq(smsQueue.id, row!.id));
    const report = `id=ATXid_manual_${encodeURIComponent(to)}&status=Failed&phoneNumber=${encodeURIComponent(to)}&networkCode=63902&failureReason=AbsentSubscriber&retryCount=0`;
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/api/sms/delivery/any',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: report,
      });
    expect((await post()).json()).toMatchObject({ result: 'retried' });
    expect((await post()).json()).toMatchObject({ result: 'recorded' });
    const rows = await rowsTo(to);
    expect(rows.filter((item) => item.retryOf === row!.id)).toHaveLength(1);
  });

  it('records a STOP reply from the opt-out callback', async () => {
    const to = phone('00');
    await ctx.app.services.africasTalking.simulator!.optOut(to);
    const [optOut] = await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to));
    expect(optOut).toMatchObject({ phone: to });
    // Africa's Talking may write the number without its +: stored E.164 all the same.
    const other = phone('00');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/sms/opt-out/whatever',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `senderId=BIMA&phoneNumber=${other.slice(1)}`,
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, other));
    expect(stored).toMatchObject({ senderId: 'BIMA' });
  });

  it('answers 404 to a caller that is not Africa’s Talking, and takes the one with the secret', async () => {
    const to = phone('00');
    const stranger = {
      remoteAddress: '41.90.64.10',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    const payload = `senderId=BIMA&phoneNumber=${encodeURIComponent(to)}`;
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/sms/opt-out/not-the-secret',
      payload,
      ...stranger,
    });
    expect(wrong.statusCode).toBe(404);
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/sms/delivery/not-the-secret',
      payload: 'id=x&status=Success',
      ...stranger,
    });
    expect(report.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to))).toEqual([]);
    const secret = ctx.app.services.africasTalking.callbackSecret;
    const right = await ctx.app.inject({
      method: 'POST',
      url: `/v2/api/sms/opt-out/${secret}`,
      payload,
      ...stranger,
    });
    expect(right.statusCode).toBe(200);
    // The URLs to register with Africa's Talking carry the secret.
    expect(ctx.app.services.africasTalking.deliveryReportUrl()).toMatch(
      new RegExp(`/v2/api/sms/delivery/${secret}$`),
    );
  });

  it('answers 400, not 500, to a delivery report without an id', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/sms/delivery/x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=Success',
    });
    expect(response.statusCode).toBe(400);
  });

  it('shows admins the failing texts and lets them retry one', async () => {
    const admin = (await createStaffUser(ctx, null)).headers;
    const listed = await send(ctx, 'admin/smsQueue/listSmsQueue', { filter: 'failing' }, admin);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const items = listed.body.result.data.items as Array<{
      id: number;
      to: string;
      status: string;
      isFailing: boolean;
      deliveryStatus: string | null;
      retryOf: number | null;
    }>;
    expect(listed.body.result.data.failing).toBe(items.length);
    // The refused number and the retry whose delivery failed again; not the texts that went out.
    expect(items.some((item) => item.to.endsWith('31') && item.status === 'failed')).toBe(true);
    expect(
      items.some(
        (item) => item.to.endsWith('32') && item.retryOf !== null && item.deliveryStatus === 'Failed',
      ),
    ).toBe(true);
    expect(items.every((item) => item.isFailing && !item.to.endsWith('00'))).toBe(true);

    // A text that failed while the number could not take it goes out when retried.
    const to = phone('00');
    const row = await enqueueSms(ctx.database.db, { to, text: 'Policy issued', kind: 'policy_issued' });
    await ctx.database.db
      .update(smsQueue)
      .set({ status: 'failed', attempts: 1, lastError: 'provider 403 InvalidPhoneNumber' })
      .where(eq(smsQueue.id, row!.id));
    const retried = await send(ctx, 'admin/smsQueue/retrySms', { id: row!.id }, admin);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.result.data).toMatchObject({
      id: row!.id,
      status: 'sent',
      attempts: 2,
      isFailing: false,
    });
    expect(ctx.app.services.africasTalking.simulator!.inbox(to)).toHaveLength(1);
    // Sent: a second retry is refused.
    expect((await send(ctx, 'admin/smsQueue/retrySms', { id: row!.id }, admin)).status).toBe(409);
    // Admins only.
    expect((await send(ctx, 'admin/smsQueue/listSmsQueue', {}, {})).status).toBe(403);
  });

  it('deletes the texts of an account whose personal data is erased', async () => {
    const email = await registerUser(ctx);
    const { accessToken } = await loginUser(ctx, email);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const to = phone('00');
    await ctx.database.db
      .update(users)
      .set({ phone: to, phoneVerifiedAt: new Date() })
      .where(eq(users.id, user!.id));
    await enqueueSms(ctx.database.db, {
      to,
      text: 'Your policy P-1 is issued.',
      kind: 'policy_issued',
      userId: user!.id,
    });
    await ctx.app.services.sms.send({ to, text: 'Your Bima Portal code is 1234.' });
    await ctx.app.services.sms.drain();
    expect(await rowsTo(to)).toHaveLength(2);
    // The phone dialled USSD too: its session and its language are about the person.
    const dialled = await dial(ctx.app, { phone: to });
    await dialled.answer('2');
    const ussdOf = async () => [
      ...(await ctx.database.db.select().from(ussdSessions).where(eq(ussdSessions.phone, to))),
      ...(await ctx.database.db.select().from(ussdPhones).where(eq(ussdPhones.phone, to))),
    ];
    expect(await ussdOf()).toHaveLength(2);
    const closed = await send(
      ctx,
      'client/privacy/closeAccount',
      { password: PASSWORD, confirm: true },
      { accesstoken: accessToken },
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await rowsTo(to)).toEqual([]);
    expect(await ussdOf()).toEqual([]);
  });

  it('sends each text once when two instances drain the same queue', async () => {
    const sent: string[] = [];
    const simulatorClient = (name: string): SmsClient => ({
      transport: 'simulator',
      async send(message) {
        sent.push(message.to);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return { outcome: 'sent', messageId: `two-${name}-${message.to}`, status: 'Success', cost: null };
      },
    });
    const log = pino({ level: 'silent' });
    const workers = ['a', 'b'].map((name) =>
      createSmsService({
        db: ctx.database.db,
        log,
        client: simulatorClient(name),
        retryBaseMs: 1000,
        retryMaxMs: 1000,
      }),
    );
    await ctx.app.services.sms.stop();
    const phones = Array.from({ length: 30 }, () => phone('00'));
    for (const to of phones)
      await enqueueSms(ctx.database.db, { to, text: 'Instalment due', kind: 'instalment_due' });
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(sent.filter((to) => phones.includes(to)).sort()).toEqual([...phones].sort());
    for (const to of phones) expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('an Africa’s Talking account configured (here the simulator as its own server, as in the cluster)', () => {
  let ctx: Ctx;
  let simulator: AfricasTalkingSimulator;
  const secret = 'cluster-secret-0123456789abcdef';
  beforeAll(async () => {
    let origin = '';
    simulator = await startAfricasTalkingSimulator({
      deliveryReportUrl: () => `${origin}/v2/api/sms/delivery/${secret}`,
      optOutUrl: () => `${origin}/v2/api/sms/opt-out/${secret}`,
      deliveryDelayMs: 10,
    });
    ctx = await buildTestApp({
      seed: false,
      env: {
        AFRICASTALKING_BASE_URL: simulator.baseUrl,
        AFRICASTALKING_USERNAME: AT_SIMULATOR_CREDENTIALS.username,
        AFRICASTALKING_API_KEY: AT_SIMULATOR_CREDENTIALS.apiKey,
        AFRICASTALKING_SENDER_ID: 'BIMA',
        AFRICASTALKING_CALLBACK_SECRET: secret,
      },
    });
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx.app.close();
    await simulator.close();
  });

  it('sends through the configured address with the account, and takes its delivery reports', async () => {
    expect(ctx.app.services.sms.transport).toBe('africastalking');
    expect(ctx.app.services.africasTalking.simulator).toBeNull();
    const to = phone('00');
    await enqueueSms(ctx.database.db, { to, text: 'Claim received', kind: 'claim_received' });
    await ctx.app.services.sms.drain();
    expect(simulator.inbox(to)).toMatchObject([{ text: 'Claim received', from: 'BIMA' }]);
    const [row] = await waitUntil(
      () => ctx.database.db.select().from(smsQueue).where(eq(smsQueue.to, to)),
      (rows) => rows[0]?.deliveryStatus === 'Success',
    );
    expect(row).toMatchObject({ status: 'sent', providerMessageId: simulator.inbox(to)[0]!.messageId });
  });
});

describe('the SMS callbacks in production', () => {
  const secret = 'production-sms-secret-0123456789abcdef';
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({
      seed: false,
      env: {
        ...PRODUCTION_TEST_ENV,
        AFRICASTALKING_USERNAME: 'bima',
        AFRICASTALKING_API_KEY: 'at-key',
        AFRICASTALKING_SENDER_ID: 'BIMA',
        AFRICASTALKING_CALLBACK_SECRET: secret,
        AFRICASTALKING_CALLBACK_IP_RANGES: '52.48.0.0/16',
      },
    });
  });
  afterAll(() => ctx.app.close());

  const optOut = (url: string, remoteAddress: string, to: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `senderId=BIMA&phoneNumber=${encodeURIComponent(to)}`,
    });

  it('takes them only with the secret, from Africa’s Talking’s addresses; no simulator, no /dev/sms', async () => {
    const to = phone('00');
    expect(ctx.app.services.africasTalking.simulator).toBeNull();
    // Loopback is nothing special in production.
    expect((await optOut('/v2/api/sms/opt-out/guess', '127.0.0.1', to)).statusCode).toBe(404);
    // The secret from elsewhere than the configured ranges.
    expect((await optOut(`/v2/api/sms/opt-out/${secret}`, '41.90.64.10', to)).statusCode).toBe(404);
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/sms/delivery/guess',
      remoteAddress: '52.48.1.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=x&status=Failed',
    });
    expect(report.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to))).toEqual([]);
    expect((await optOut(`/v2/api/sms/opt-out/${secret}`, '52.48.1.2', to)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to))).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/sms' })).statusCode).toBe(404);
  });
});
