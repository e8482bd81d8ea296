import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, notifications, users, ussdSessions } from '../src/db/schema';
import { USSD_SCREEN_MAX } from '../src/modules/ussd/menu';
import { CLAIM_SCREENS } from '../src/modules/ussd/menus/claim';
import { USSD_SCREEN } from '../src/modules/ussd/messages';
import { APA_UNDERWRITER, deskHeaders, policyFor } from './claims-helpers';
import { buildTestApp } from './helpers';
import { CLIENT_KYC, kenyaToday, plusDays } from './purchase-helpers';
import { type Headers, send, signedInClient } from './staff-helpers';
import { dial } from './ussd-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The last 4 digits of the test clients' ID number (CLIENT_KYC). */
const ID_DIGITS = CLIENT_KYC.idNumber.slice(-4);

let nextPhone = 700_100_000 + Math.floor(Math.random() * 90_000);
const newPhone = () => `+254${++nextPhone}`;

/** Makes `phone` the client's verified phone (as Profile's code check leaves it). */
async function verifyPhone(ctx: Ctx, headers: Headers, phone: string) {
  const token = headers.accesstoken ?? '';
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
  ).sub;
  await ctx.database.db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
}

describe('USSD menu 4, Claim: first notice of a motor claim and a claim status', () => {
  let ctx: Ctx;
  let owner: Headers;
  let phone: string;
  let policyNumber: string;

  /** Dials, chooses the language on the first dial of the phone, then Claim and the ID digits. */
  async function toClaimMenu(caller: string, language: '1' | '2' | null) {
    const session = await dial(ctx.app, { phone: caller });
    if (language) await session.answer(language);
    await session.answer('4');
    const screen = await session.answer(ID_DIGITS);
    return { session, screen };
  }

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        MPESA_SIMULATOR_DELAY_MS: '40',
        USSD_REQUESTS_PER_MINUTE: '1000',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signedInClient(ctx);
    policyNumber = await policyFor(ctx, owner);
    phone = newPhone();
    await verifyPhone(ctx, owner, phone);
  }, 90_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  it('every screen exists in English and Kiswahili and fits a USSD screen', () => {
    for (const [name, text] of Object.entries(CLAIM_SCREENS)) {
      expect(text.en, name).not.toBe('');
      expect(text.sw, name).not.toBe('');
      expect(text.sw, name).not.toBe(text.en);
      expect(text.en.length, name).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(text.sw.length, name).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    }
  });

  it('reports a theft (OB number asked, a wrong one refused) to its END; the claim opens in the portal and the insurer is told', async () => {
    const { session, screen } = await toClaimMenu(phone, '1');
    expect(screen).toMatchObject({ type: 'con', screen: CLAIM_SCREENS.start.en });
    // One policy in cover: straight to what happened.
    expect(await session.answer('1')).toMatchObject({ type: 'con', screen: CLAIM_SCREENS.whatHappened.en });
    expect((await session.answer('9')).screen).toContain(CLAIM_SCREENS.invalid.en);
    expect((await session.answer('2')).screen).toBe(CLAIM_SCREENS.when.en);
    // A day to come is refused, the date as typed is taken.
    const tomorrow = plusDays(kenyaToday(), 1);
    const [y, m, d] = tomorrow.split('-');
    expect((await session.answer(`${d}/${m}/${y}`)).screen).toContain(CLAIM_SCREENS.badDate.en);
    expect((await session.answer('1')).screen).toBe(CLAIM_SCREENS.where.en);
    expect((await session.answer('Tom Mboya Street, Nairobi')).screen).toBe(CLAIM_SCREENS.ob.en);
    expect((await session.answer('#')).screen).toContain(CLAIM_SCREENS.badOb.en);
    const confirm = await session.answer('OB 14/29/11/2026');
    expect(confirm.type).toBe('con');
    expect(confirm.screen).toMatch(
      /^Theft, [A-Z]{3} \d{3}[A-Z], \d+ \w+ \d{4}, Tom Mboya Street, Nairobi\n1\. Report\n2\. Cancel$/,
    );

    const done = await session.answer('1');
    expect(done.type).toBe('end');
    const ref = /Claim (\S+) reported/.exec(done.screen)?.[1];
    expect(ref, done.screen).toBeTruthy();

    // The portal shows it to the client, as reported from the portal.
    const listed = await send(ctx, 'client/claim/listClaims', { page: 1, pageSize: 10 }, owner);
    const claim = listed.body.result.data.items.find((row: { claimRef: string }) => row.claimRef === ref);
    expect(claim).toMatchObject({
      type: 'theft',
      status: 'REPORTED',
      place: 'Tom Mboya Street, Nairobi',
      policyNumber,
    });
    const [row] = await ctx.database.db.select().from(claims).where(eq(claims.claimRef, ref!));
    expect(row).toMatchObject({ obNumber: 'OB 14/29/11/2026', incidentDate: kenyaToday() });
    // The insurer's claims staff were told (bell), as for a claim reported in the portal.
    const told = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.email, APA_UNDERWRITER));
    expect(told.map((item: { title: unknown }) => JSON.stringify(item.title)).join()).toContain(ref!);
  });

  it("tells a claim's status, and the new one after the desk moves it", async () => {
    const { session } = await toClaimMenu(phone, null);
    const screen = await session.answer('2');
    expect(screen.type).toBe('end');
    expect(screen.screen).toMatch(/^Claim \S+ \(Theft\), reported \d+ \w+ \d{4}: reported\.$/);

    const [row] = await ctx.database.db.select().from(claims).where(eq(claims.type, 'theft'));
    const desk = await deskHeaders(ctx);
    const asked = await send(ctx, 'claims/desk/requestDocuments', { id: row!.id, documents: ['keys'] }, desk);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const again = await toClaimMenu(phone, null);
    expect((await again.session.answer('2')).screen).toMatch(/: waiting for documents\.$/);
  });

  it('in Kiswahili: an accident (a day before the cover asked again, no OB number asked); cancelling reports nothing, confirming does', async () => {
    const client = await signedInClient(ctx);
    await policyFor(ctx, client);
    const swPhone = newPhone();
    await verifyPhone(ctx, client, swPhone);
    const before = (await ctx.database.db.select().from(claims)).length;

    const { session, screen } = await toClaimMenu(swPhone, '2');
    expect(screen.screen).toBe(CLAIM_SCREENS.start.sw);
    await session.answers('1', '1');
    // Yesterday is before this policy (bought today) began: asked again, not refused at the end.
    expect((await session.answer('2')).screen).toBe(
      `Tarehe ya tukio ni kabla ya bima yako kuanza.\n${CLAIM_SCREENS.when.sw}`,
    );
    await session.answer('1');
    const confirm = await session.answer('Thika Road, Roysambu');
    expect(confirm.screen).toMatch(/^Ajali, .+, Roysambu\n1\. Ripoti\n2\. Ghairi$/);
    expect(await session.answer('2')).toMatchObject({ type: 'end', screen: CLAIM_SCREENS.cancelled.sw });
    expect((await ctx.database.db.select().from(claims)).length).toBe(before);

    const second = await toClaimMenu(swPhone, null);
    const done = await second.session.answers('1', '1', '1', 'Thika Road, Roysambu', '1');
    expect(done.type).toBe('end');
    expect(done.screen).toMatch(/^Dai \S+ limeripotiwa\. /);
    const [row] = await ctx.database.db
      .select()
      .from(claims)
      .where(eq(claims.claimRef, /Dai (\S+) /.exec(done.screen)![1]!));
    expect(row).toMatchObject({ type: 'accident', incidentDate: kenyaToday(), obNumber: null });
    expect(row!.description).toContain('Thika Road, Roysambu');
  });

  it('"Something else" sends the caller to the portal; a client with no policy in cover is told so', async () => {
    const { session } = await toClaimMenu(phone, null);
    await session.answer('1');
    const other = await session.answer('5');
    expect(other.type).toBe('end');
    expect(other.screen).toContain(`${CLAIM_SCREENS.somethingElse.en} `);
    expect(other.screen).toMatch(/\/newportal\/claims$/);

    const client = await signedInClient(ctx);
    const bare = newPhone();
    await verifyPhone(ctx, client, bare);
    const none = await toClaimMenu(bare, '1');
    expect(await none.session.answer('1')).toMatchObject({ type: 'end', screen: CLAIM_SCREENS.noPolicy.en });
    const noClaims = await toClaimMenu(bare, null);
    expect(await noClaims.session.answer('2')).toMatchObject({
      type: 'end',
      screen: CLAIM_SCREENS.noClaims.en,
    });
  });

  it('a long place is cut on the confirm screen (never past 182 characters), the choices kept', async () => {
    const { session } = await toClaimMenu(phone, null);
    await session.answers('1', '4', '1');
    const place =
      `Along the Nairobi–Mombasa highway, ${'near the weighbridge after the junction '.repeat(5)}`.slice(
        0,
        200,
      );
    const confirm = await session.answer(place);
    expect(confirm.type).toBe('con');
    expect(confirm.screen.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(confirm.screen).toMatch(/^Windscreen, .+…\n1\. Report\n2\. Cancel$/);
    expect(await session.answer('2')).toMatchObject({ type: 'end', screen: CLAIM_SCREENS.cancelled.en });
  });

  it('a report the network dropped at "where" is continued on the next dial and reported once', async () => {
    const before = (await ctx.database.db.select().from(claims)).length;
    const { session: dropped } = await toClaimMenu(phone, null);
    expect((await dropped.answers('1', '4', '1')).screen).toBe(CLAIM_SCREENS.where.en);
    // 200 s without an answer: Africa's Talking ended the session (the earlier tests' sessions are older).
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: new Date(Date.now() - 600_000) })
      .where(and(eq(ussdSessions.phone, phone), ne(ussdSessions.sessionId, dropped.sessionId)));
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: new Date(Date.now() - 200_000) })
      .where(eq(ussdSessions.sessionId, dropped.sessionId));

    const again = await dial(ctx.app, { phone });
    expect(again.first.screen).toBe(USSD_SCREEN.resume.en);
    expect(await again.answer('1')).toMatchObject({ type: 'con', screen: CLAIM_SCREENS.where.en });
    expect((await again.answer('Mombasa Road, Syokimau')).screen).toMatch(
      /^Windscreen, .+, Syokimau\n1\. Report/,
    );
    const done = await again.answer('1');
    expect(done.screen).toMatch(/^Claim \S+ reported\./);
    // The network sends the last request again: the same screen, no second claim.
    expect(await again.repeat()).toMatchObject({ type: 'end', screen: done.screen });
    const after = await ctx.database.db.select().from(claims);
    expect(after.length).toBe(before + 1);
    expect(after.find((row) => row.place === 'Mombasa Road, Syokimau')).toMatchObject({ type: 'windscreen' });
  });

  it('is not offered to a phone that is not a client’s verified phone', async () => {
    const stranger = await dial(ctx.app, { phone: newPhone() });
    const menu = await stranger.answer('1');
    expect(menu.screen).not.toContain('Claim');
    expect((await stranger.answer('4')).screen).not.toBe(CLAIM_SCREENS.start.en);
  });
});
