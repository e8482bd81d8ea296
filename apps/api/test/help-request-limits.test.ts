import { addCalendarDays } from '@bima/domain';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intermediaries, mailQueue, notifications, users } from '../src/db/schema';
import { kenyaToday } from '../src/lib/dates';
import { latestCode, uniqueEmail } from './accounts-helpers';
import { buildTestApp, type TestContext } from './helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signedInClient, signInAs } from './staff-helpers';

/**
 * Issue 27: help requests amplified into e-mail (60 requests → 549 e-mails in 6 s). A client sends
 * a bounded number a day; a firm is told of a bounded number an hour by e-mail, the rest reach its
 * inbox and the app's notifications only.
 */

function helpRequest(entityRefs: number[], email: string) {
  return {
    entityRefs,
    expiry: addCalendarDays(kenyaToday(), 7),
    status: 'PENDING',
    remarks: 'Please quote comprehensive cover for my Toyota Axio.',
    clientDetails: { names: { firstName: 'Wanjiru', lastName: 'Kamau' }, email, kraPin: 'A123456789Z' },
    riskDetails: { value: 150_000_000, chassisNumber: 'NZE1410001234567X', regNo: 'KDA 123A' },
  };
}

const lastMailId = async (ctx: TestContext) =>
  (await ctx.database.db.select({ id: mailQueue.id }).from(mailQueue)).reduce(
    (max, row) => Math.max(max, row.id),
    0,
  );

const mailsSince = (ctx: TestContext, after: number) =>
  ctx.database.db.select().from(mailQueue).where(gt(mailQueue.id, after));

const clientEmailOf = async (ctx: TestContext, headers: Headers) =>
  (await send(ctx, 'client/client/getClientDetails', {}, headers)).body.result.data.email as string;

describe('help requests per client', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => ctx.app.close());

  it('takes 5 a day from one client, however many arrive at once, and sends no e-mail for the rest', async () => {
    const client = await signedInClient(ctx);
    const email = await clientEmailOf(ctx, client);
    const everyActive = (await send(ctx, 'underwriting/quotation/listIntermediaries')).body.result.data
      .map((firm: { id: number }) => firm.id)
      .slice(0, 10) as number[];
    const primaries = (
      await ctx.database.db
        .select({ primaryEmail: intermediaries.primaryEmail })
        .from(intermediaries)
        .where(inArray(intermediaries.id, everyActive))
    ).map((firm) => firm.primaryEmail);
    const before = await lastMailId(ctx);
    // The attack: 60 requests to every firm at once.
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        send(ctx, 'underwriting/quotation/createHelpRequest', helpRequest(everyActive, email), client),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(55);
    expect(refused[0]!.body).toEqual({
      status: false,
      err_code: 'RATE_LIMITED',
      err_msg: 'You can send at most 5 help requests a day. Please try again in 24 hours.',
      errors: [],
    });
    // E-mail only for the 5 taken: each a confirmation to the client, and its mails to each firm.
    const mails = await mailsSince(ctx, before);
    const confirmations = mails.filter((mail) => mail.to === email);
    expect(confirmations).toHaveLength(5);
    for (const address of primaries)
      expect(
        mails.filter((mail) => mail.to === address),
        address,
      ).toHaveLength(5);
  });

  it('says when to try again, in Swahili too, with Retry-After; signing out or another address starts no new day', async () => {
    const client = await signedInClient(ctx);
    const email = await clientEmailOf(ctx, client);
    const tana = await firmId(ctx, FIRM.tana);
    for (let index = 0; index < 5; index += 1) {
      const sent = await send(
        ctx,
        'underwriting/quotation/createHelpRequest',
        helpRequest([tana], email),
        client,
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const swahili = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { ...client, 'accept-language': 'sw' },
      payload: {
        service: { name: 'underwriting', version: 'v1' },
        resource: { name: 'quotation', version: 'v1' },
        action: { name: 'createHelpRequest', version: 'v1' },
        data: helpRequest([tana], email),
      },
    });
    expect(swahili.statusCode).toBe(429);
    expect(swahili.json().err_msg).toBe(
      'Unaweza kutuma maombi ya msaada yasiyozidi 5 kwa siku. Tafadhali jaribu tena baada ya saa 24.',
    );
    const retryAfter = Number(swahili.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);

    // Another address on the form: still this account's day.
    const otherAddress = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      helpRequest([tana], uniqueEmail('other')),
      client,
    );
    expect(otherAddress.status).toBe(429);
    // Signed out, with the account's address verified by code: still this address's day.
    const asked = await send(ctx, 'underwriting/quotation/requestHelpCode', { email });
    expect(asked.status).toBe(200);
    const code = await latestCode(ctx, email);
    const signedOut = await send(ctx, 'underwriting/quotation/createHelpRequest', {
      ...helpRequest([tana], email),
      verificationRef: asked.body.result.data.verificationRef,
      code,
    });
    expect(signedOut.status).toBe(429);
    // Another client is not held by this one's day.
    const other = await signedInClient(ctx);
    const theirs = await send(
      ctx,
      'underwriting/quotation/createHelpRequest',
      helpRequest([tana], await clientEmailOf(ctx, other)),
      other,
    );
    expect(theirs.status).toBe(200);
  });
});

describe('help request e-mails per firm', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR: '3',
      },
    });
  });
  afterAll(() => ctx.app.close());

  it('e-mails a firm about its first requests of the hour, says so in the last, and keeps the rest in its inbox and the app', async () => {
    const savannah = await firmId(ctx, FIRM.savannah);
    const [firm] = await ctx.database.db
      .select({ primaryEmail: intermediaries.primaryEmail })
      .from(intermediaries)
      .where(eq(intermediaries.id, savannah));
    const staff = await ctx.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.intermediaryId, savannah), eq(users.status, 'ACTIVE')));
    const firmAddresses = [firm!.primaryEmail, ...staff.map((member) => member.email)];
    const before = await lastMailId(ctx);
    const notifiedBefore = (
      await ctx.database.db.select({ id: notifications.id }).from(notifications)
    ).reduce((max, row) => Math.max(max, row.id), 0);

    // Eight clients, a request each (each within its own day's budget).
    const refs: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const client = await signedInClient(ctx);
      const sent = await send(
        ctx,
        'underwriting/quotation/createHelpRequest',
        helpRequest([savannah], await clientEmailOf(ctx, client)),
        client,
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      refs.push(sent.body.result.data.requestSystemRef);
    }

    const toFirm = (await mailsSince(ctx, before)).filter((mail) => firmAddresses.includes(mail.to));
    const toPrimary = toFirm.filter((mail) => mail.to === firm!.primaryEmail);
    // The firm's own address: the first 3 requests, the third saying the rest wait in the inbox.
    expect(toPrimary.map((mail) => mail.subject)).toEqual(
      refs.slice(0, 3).map((ref) => `New quotation request ${ref} on Bima Portal`),
    );
    expect(toPrimary[2]!.text).toContain(
      'You will get no e-mail about further new requests for up to an hour',
    );
    expect(toPrimary[0]!.text).not.toContain('You will get no e-mail');
    // Each member's own address: at most those 3 too.
    for (const member of staff)
      expect(toFirm.filter((mail) => mail.to === member.email).length).toBeLessThanOrEqual(3);
    expect(toFirm.length).toBeLessThanOrEqual(3 * firmAddresses.length);

    // All 8 are in the firm's inbox, and every member was notified in the app of each.
    const broker = staff[0]!;
    const inApp = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, broker.id),
          eq(notifications.kind, 'help_request_received'),
          gt(notifications.id, notifiedBefore),
        ),
      );
    for (const ref of refs)
      expect(
        inApp.some((row) => JSON.stringify(row.title).includes(ref)),
        `notified of ${ref}`,
      ).toBe(true);
    const inbox = await send(
      ctx,
      'intermediary/request/listRequests',
      { page: 1, pageSize: 50 },
      (await signInAs(ctx, SAMPLE.brokerA)).headers,
    );
    expect(inbox.status).toBe(200);
    const listed = inbox.body.result.data.items.map(
      (item: { requestSystemRef: string }) => item.requestSystemRef,
    );
    for (const ref of refs) expect(listed).toContain(ref);
  });
});
