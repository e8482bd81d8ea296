import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema';
import { claimDue } from '../src/mail/queue';
import { call, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { waitUntil } from './purchase-helpers';
import { createStaffUser, send } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const queuedTo = async (ctx: Ctx, to: string) =>
  (await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, to)))[0];

describe('the mail queue through an SMTP outage', () => {
  const received: Array<{ to: string[]; raw: string }> = [];
  let refuse = new Set<string>();
  let port: number;
  let smtp: SMTPServer | null = null;
  let ctx: Ctx;
  let admin: Record<string, string>;

  const startSmtp = async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address)) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(port, '127.0.0.1');
    await once(smtp.server, 'listening');
  };

  beforeAll(async () => {
    port = await freePort();
    ctx = await buildTestApp({
      seed: false,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_QUEUE_INTERVAL_MS: '100',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '400',
      },
    });
    admin = (await createStaffUser(ctx, null)).headers;
  });
  afterAll(async () => {
    await ctx.app.close();
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  });

  it('keeps a sign-up code queued while the mail server is down, retries with backoff, and sends it once when it is back', async () => {
    const email = uniqueEmail('outage');
    const response = await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Akinyi', lastName: 'Wekesa' },
    });
    // The sign-up is not refused for a mail-server outage: the code waits in the queue.
    expect(response.statusCode).toBe(200);
    const first = await queuedTo(ctx, email);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // The worker tries again and again, further apart each time.
    const failing = await waitUntil(
      () => queuedTo(ctx, email),
      (row) => (row?.attempts ?? 0) >= 4,
      20_000,
    );
    expect(failing!.status).toBe('pending');
    expect(failing!.attempts).toBeGreaterThanOrEqual(4);

    // Admins see it among the failing messages.
    const listed = await send(ctx, 'admin/mailQueue/listMailQueue', { filter: 'failing' }, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.result.data.items).toContainEqual(
      expect.objectContaining({
        to: email,
        status: 'pending',
        isFailing: true,
        lastError: expect.any(String),
      }),
    );
    expect(listed.body.result.data.failing).toBeGreaterThanOrEqual(1);

    await startSmtp();
    const sent = await waitUntil(
      () => queuedTo(ctx, email),
      (row) => row?.status === 'sent',
      20_000,
    );
    expect(sent!.status).toBe('sent');
    const delivered = received.filter((mail) => mail.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toMatch(/Subject: Your Bima Portal verification code: \d{4}/);
    expect(delivered[0]!.raw).toContain('text/plain');
    expect(delivered[0]!.raw).toContain('text/html');
  });

  it('keeps a message the server refuses for good (5xx) as failed until an admin retries it', async () => {
    if (!smtp) await startSmtp();
    const email = uniqueEmail('refused');
    refuse = new Set([email]);
    await call(ctx, 'user', 'registration', 'createUser', {
      email,
      names: { firstName: 'Baraka', lastName: 'Mwangi' },
    });
    const failed = await waitUntil(
      () => queuedTo(ctx, email),
      (row) => row?.status === 'failed',
      10_000,
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.lastError).toMatch(/550|unavailable/i);
    // Not tried again on its own.
    await ctx.app.services.mailer.drain();
    expect((await queuedTo(ctx, email))!.attempts).toBe(1);

    refuse = new Set();
    const retried = await send(ctx, 'admin/mailQueue/retryMail', { id: failed!.id }, admin);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.result.data).toMatchObject({ id: failed!.id, status: 'sent', attempts: 2 });
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });
});

describe('claiming queued mail', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false, env: { MAIL_QUEUE_INTERVAL_MS: '600000' } });
    await ctx.app.ready();
    // The app's own worker sweeps once when it starts, on its own connection, and so does the
    // `mail-queue` job (queued at start, run whenever pg-boss hands it over): both stopped (and their
    // sweeps awaited), the claims below are the only ones — on PostgreSQL a sweep could otherwise take
    // a batch (it did, once the SMS queue's job was added beside it and the start-up timing moved).
    await ctx.app.services.jobs.stop();
    await ctx.app.services.mailer.stop();
  });
  afterAll(() => ctx.app.close());

  it('never hands one message to two workers (FOR UPDATE SKIP LOCKED)', async () => {
    const to = uniqueEmail('claim');
    // Straight into the table, so no worker is woken: the claims below are the only ones.
    await ctx.database.db.insert(mailQueue).values(
      Array.from({ length: 20 }, (_, index) => ({
        to,
        subject: `Message ${index}`,
        text: 'Hello',
        html: '<p>Hello</p>',
      })),
    );
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => claimDue(ctx.database.db, { limit: 5 })),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(20);
    const rest = await claimDue(ctx.database.db, { limit: 50 });
    expect(ids.length + rest.length).toBe(20);
    expect(rest.every((row) => !ids.includes(row.id))).toBe(true);
    // A claimed message is leased: claiming again finds nothing due.
    expect(await claimDue(ctx.database.db, { limit: 50 })).toHaveLength(0);
  });
});
