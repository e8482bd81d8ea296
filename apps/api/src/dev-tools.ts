import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { motorCertificates } from './db/schema';
import { devUssdPlugin } from './dev-ussd';
import { listOutbox } from './mail/mailer';
import { runLoanJobs } from './modules/loan/jobs';
import { runMonthlyJobs } from './modules/monthly/jobs';
import { movePolicyEnd, sendRenewalReminders } from './modules/renewal/service';
import type { Services } from './services';
import { registerDevSms } from './sms/dev-page';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:46rem;margin:1.5rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}`;

/**
 * Sends a page and returns the reply: an async handler that sends without returning it races its
 * own resolution, and once compression applies (over 1 KB) the browser gets an empty body.
 */
function sendPage(reply: FastifyReply, title: string, body: string, style = PAGE_STYLE): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Bima Portal</title>
<style>${style}</style></head>
<body>${body}</body></html>`);
}

/**
 * Development only, and only when the server listens on loopback (app.ts decides): the local
 * outbox, so a person trying the portal can read their codes (`GET /dev/outbox` as JSON, newest
 * first, and `GET /dev/mailbox`), the text messages (`GET /dev/sms`), and the Daraja simulator's phone (`/dev/mpesa`).
 */
export async function devToolsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  app.get('/dev/outbox', async () => listOutbox(options.db));

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await listOutbox(options.db);
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toLocaleString('en-KE'))}</p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('\n');
    return sendPage(
      reply,
      'Mailbox',
      `<h1>Mailbox</h1><p>E-mail the portal sent while no SMTP server is configured (development only), newest first.</p>
${items || '<p>No e-mail yet.</p>'}`,
    );
  });

  // Every text queued, with its delivery state (sms/dev-page.ts).
  registerDevSms(app, options);

  const simulator = options.services.mpesa.simulator;
  if (simulator) registerSimulatorPhone(app, simulator, options.config);
  registerClock(app, options);
  registerPolicyDates(app, options);
  registerDmvicControls(app, options.services);
  // The USSD phone (issue 32): drives POST /v2/api/ussd as Africa's Talking does.
  await app.register(devUssdPlugin, { config: options.config });
}

/**
 * `POST /dev/dmvic` `{down: true|false, registrationNumber?}`: takes the local DMVIC simulator down
 * (every call answers 503; with a plate, only the calls about that vehicle) or brings it back, so a person or a Playwright journey can see a certificate wait ("being
 * issued") and then be issued; `GET /dev/dmvic` answers whether it is down and what it issued.
 * Development only; 404 when DMVIC is the real one.
 */
function registerDmvicControls(app: FastifyInstance, services: Services): void {
  let down = false;
  app.get('/dev/dmvic', async (_request, reply) => {
    const simulator = services.dmvic.simulator;
    if (!simulator) return reply.status(404).send({ status: false, err_msg: 'DMVIC is not simulated.' });
    return {
      down,
      issued: simulator.issued().map((item) => ({
        certificateNumber: item.certificateNumber,
        policyNumber: item.policyNumber,
        registrationNumber: item.registrationNumber,
        status: item.status,
      })),
    };
  });
  app.post('/dev/dmvic', async (request, reply) => {
    const simulator = services.dmvic.simulator;
    if (!simulator) return reply.status(404).send({ status: false, err_msg: 'DMVIC is not simulated.' });
    const body = (request.body ?? {}) as { down?: unknown; registrationNumber?: unknown };
    const plate = body.registrationNumber;
    if (typeof body.down !== 'boolean' || (plate !== undefined && typeof plate !== 'string'))
      return reply.status(400).send({
        status: false,
        err_msg: 'Send {down: true|false} and, for one vehicle only, its registrationNumber.',
      });
    if (plate !== undefined) {
      // One vehicle's calls only: a journey's outage leaves everyone else's purchases alone.
      if (body.down) simulator.goDown('unavailable', plate);
      else simulator.goUp(plate);
      return { down, registrationNumber: plate, vehicleDown: body.down };
    }
    down = body.down;
    if (down) simulator.goDown();
    else simulator.goUp();
    return { down };
  });
}

/**
 * `/dev/clock`: the business clock (services.clock) that loans' due dates and jobs read. GET answers
 * it; POST `{days}` moves it on by whole days (or `{reset: true}` back to the system's time) and runs
 * the loan jobs, the simulator's due standing-order debits and the monthly job at once, so a person
 * or a Playwright journey can see a month pass. Never in production (the clock refuses to move
 * there, and this page is not served).
 */
function registerClock(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): void {
  const { clock } = options.services;
  const describe = () => ({
    now: clock.now().toISOString(),
    today: clock.today(),
    offsetMs: clock.offsetMs(),
  });
  app.get('/dev/clock', async () => describe());
  app.post('/dev/clock', async (request, reply) => {
    const body = (request.body ?? {}) as { days?: unknown; reset?: unknown };
    if (body.reset === true) clock.reset();
    else if (Number.isInteger(body.days) && Math.abs(body.days as number) <= 800)
      clock.advance((body.days as number) * 86_400_000);
    else
      return reply.status(400).send({ status: false, err_msg: 'Send {days: whole days} or {reset: true}.' });
    const jobs = await runLoanJobs({
      db: options.db,
      services: options.services,
      config: options.config,
      log: app.log,
    });
    // Paying monthly (issue 31): the simulator's standing orders debit the months now due (their
    // callbacks pay them), then the monthly job reminds, lapses and cancels by the new date.
    await options.services.mpesa.simulator?.runStandingOrders();
    const monthly = await runMonthlyJobs({ db: options.db, services: options.services, log: app.log });
    return { ...describe(), jobs, monthly };
  });
}

/**
 * `POST /dev/policies/ends-in` `{policyNumber, days}`: moves a policy so that it ends `days` days from
 * today (negative: ended that long ago) and runs the renewal reminders for today at once, so a person
 * or a Playwright journey can reach a policy's renewal window (issue 14) or its expiry. Development
 * only, on loopback, like every route here; the reminders are the job's own, each stage once.
 */
function registerPolicyDates(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): void {
  app.post('/dev/policies/ends-in', async (request, reply) => {
    const body = (request.body ?? {}) as { policyNumber?: unknown; days?: unknown };
    if (
      typeof body.policyNumber !== 'string' ||
      !Number.isInteger(body.days) ||
      Math.abs(body.days as number) > 800
    )
      return reply.status(400).send({ status: false, err_msg: 'Send {policyNumber, days: whole days}.' });
    const moved = await movePolicyEnd(options.db, {
      policyNumber: body.policyNumber,
      daysFromToday: body.days as number,
    });
    if (!moved) return reply.status(404).send({ status: false, err_msg: 'No such policy.' });
    // Its motor certificate moves with it, here and at the local DMVIC (whose records the
    // simulator's `issued()` holds): a renewal then starts after the cover DMVIC knows.
    const [certificate] = await options.db
      .update(motorCertificates)
      .set({ startDate: moved.startDate, endDate: moved.endDate })
      .where(eq(motorCertificates.policyId, moved.id))
      .returning({ number: motorCertificates.certificateNumber });
    const atDmvic = options.services.dmvic.simulator
      ?.issued()
      .find((item) => certificate?.number && item.certificateNumber === certificate.number);
    if (atDmvic) {
      atDmvic.commencingDate = moved.startDate;
      atDmvic.expiringDate = moved.endDate;
    }
    const reminders = await sendRenewalReminders(
      { db: options.db, services: options.services, log: app.log },
      { stages: options.config.RENEWAL_REMINDER_DAYS },
    );
    return { ...moved, reminders };
  });
}

type Simulator = NonNullable<Services['mpesa']['simulator']>;

/** `/dev/mpesa`: the prompts the simulator sent to phones, each to accept or cancel as the customer. */
function registerSimulatorPhone(app: FastifyInstance, simulator: Simulator, config: Config): void {
  // The phone page's buttons are plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get('/dev/mpesa', async (_request, reply) => {
    const items = simulator
      .prompts()
      .map(
        (
          prompt,
        ) => `<article><h2>Pay KES ${prompt.amount.toLocaleString('en-KE')} to ${escapeHtml(prompt.accountReference)}?</h2>
<p class="meta">Phone ${escapeHtml(prompt.phone)} · ${escapeHtml(new Date(prompt.createdAt).toLocaleTimeString('en-KE'))} · outcome ${escapeHtml(prompt.outcome)}</p>
${
  prompt.state === 'waiting'
    ? `<form method="post" action="/dev/mpesa/${encodeURIComponent(prompt.checkoutRequestId)}/accept"><button>Accept (enter PIN)</button></form>
<form method="post" action="/dev/mpesa/${encodeURIComponent(prompt.checkoutRequestId)}/cancel"><button class="cancel">Cancel</button></form>`
    : `<p>Answered: ${escapeHtml(prompt.result?.desc ?? '')}${prompt.result?.receipt ? ` · receipt ${escapeHtml(prompt.result.receipt)}` : ''}</p>`
}</article>`,
      )
      .join('\n');
    return sendPage(
      reply,
      'M-Pesa simulator',
      `<h1>M-Pesa simulator</h1><p>Payment prompts sent to phones (development only), newest first. Accept or cancel one as the customer would on the phone; unanswered prompts follow the outcome set by the phone's last two digits after ${config.MPESA_SIMULATOR_DELAY_MS / 1000} s.</p>
${items || '<p>No payment prompts yet.</p>'}`,
      `body{font-family:system-ui,sans-serif;max-width:32rem;margin:1.5rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#475569;font-size:.85rem}form{display:inline}button{margin:.25rem .5rem 0 0;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#15803d;color:#fff;font-weight:600}
button.cancel{background:#b91c1c}`,
    );
  });

  app.post('/dev/mpesa/:checkoutRequestId/:decision', async (request, reply) => {
    const { checkoutRequestId, decision } = request.params as { checkoutRequestId: string; decision: string };
    if (decision !== 'accept' && decision !== 'cancel') return reply.status(404).send({ status: false });
    simulator.answer(checkoutRequestId, decision === 'accept');
    return reply.redirect('/dev/mpesa', 303);
  });
}
