import { fitsOneSegment } from '@bima/domain/sms';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  motorCertificates,
  policies,
  smsQueue,
  users,
  ussdPhones,
  ussdSessions,
} from '../src/db/schema';
import { fitScreen, USSD_LOCKOUT_MS } from '../src/modules/ussd/engine';
import { USSD_SCREEN_MAX } from '../src/modules/ussd/menu';
import { USSD_MENUS } from '../src/modules/ussd/menus';
import { PLATE_SCREEN } from '../src/modules/ussd/menus/plate';
import { POLICIES_SCREEN } from '../src/modules/ussd/menus/policies';
import { USSD_SCREEN, ussdLockoutSms } from '../src/modules/ussd/messages';
import { buildTestApp, PRODUCTION_TEST_ENV, type TestContext } from './helpers';
import { CLIENT_KYC, invoiceFor, newSignedInClient, payForPolicy, waitUntil } from './purchase-helpers';
import { dial, postUssd, type UssdScreen } from './ussd-helpers';

const ID_DIGITS = CLIENT_KYC.idNumber.slice(-4);
let nextPhone = 700_300_000 + Math.floor(Math.random() * 90_000);
const newPhone = () => `+254${++nextPhone}`;

/** Every screen the engine sends fits Africa's Talking's 182 characters. */
function fits(screen: UssdScreen): UssdScreen {
  expect(screen.status).toBe(200);
  expect(screen.screen.length, screen.screen).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  return screen;
}

/** A phone that has dialled before in `language` (the language screen is behind it). */
async function knownPhone(ctx: TestContext, language: 'en' | 'sw' = 'en') {
  const phone = newPhone();
  await ctx.database.db.insert(ussdPhones).values({ phone, language });
  return phone;
}

describe('USSD engine and menus 1 (plate) and 2 (my policies)', () => {
  let ctx: TestContext;
  let clientPhone: string;
  let clientId: string;
  let plate: string;
  let certificateNumber: string;

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
    const client = await newSignedInClient(ctx);
    clientId = client.userId;
    // Four motor policies: two screens of my policies.
    for (let index = 0; index < 4; index++) {
      const invoice = await invoiceFor(ctx, client.headers);
      await payForPolicy(ctx, client.headers, invoice.invoiceSystemRef);
    }
    const [first] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.userId, clientId))
      .limit(1);
    const certificate = await waitUntil(
      async () =>
        (
          await ctx.database.db
            .select()
            .from(motorCertificates)
            .where(
              and(eq(motorCertificates.policyId, first!.id), isNotNull(motorCertificates.certificateNumber)),
            )
        )[0],
      (row) => row !== undefined,
      20_000,
    );
    plate = certificate!.registrationNumber;
    certificateNumber = certificate!.certificateNumber!;
    clientPhone = newPhone();
    await ctx.database.db
      .update(users)
      .set({ phone: clientPhone, phoneVerifiedAt: new Date() })
      .where(eq(users.id, clientId));
  }, 120_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  it('has every screen in English and Kiswahili, each within 182 characters', () => {
    const texts = [
      ...Object.entries(USSD_SCREEN),
      ...Object.entries(PLATE_SCREEN),
      ...Object.entries(POLICIES_SCREEN),
      ...USSD_MENUS.map((menu) => [menu.id, menu.label] as const),
    ];
    // The screens made from values, with the longest values they show.
    const longest = { en: 'not yet started', sw: 'bado haijaanza' };
    const made: [string, unknown][] = [
      ['idWrong', USSD_SCREEN.idWrong(2)],
      ['none', PLATE_SCREEN.none('KCA 123A')],
      [
        'found',
        PLATE_SCREEN.found({
          plate: 'KCA 123A',
          state: longest,
          ends: { en: '30 September 2027', sw: '30 Septemba 2027' },
          insurer: 'I'.repeat(60),
          number: 'C12345678',
        }),
      ],
      ['title', POLICIES_SCREEN.title(10, 10)],
      [
        'detail',
        POLICIES_SCREEN.detail({
          policyNumber: 'BIMA/07/2026/000123',
          reference: 'KCA 123A Motor Private',
          insurer: 'I'.repeat(40),
          state: longest,
          ends: { en: '30 September 2027', sw: '30 Septemba 2027' },
          certificate: 'C12345678',
        }),
      ],
    ];
    for (const [name, value] of [...texts, ...made]) {
      if (typeof value === 'function') continue;
      if (typeof value === 'string') {
        expect(value.length, name).toBeLessThanOrEqual(USSD_SCREEN_MAX);
        continue;
      }
      const { en, sw } = value as { en: string; sw: string };
      expect(en, name).toBeTruthy();
      expect(sw, name).toBeTruthy();
      expect(en.length, name).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(sw.length, name).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    }
  });

  it('asks a new phone its language once, remembers it, and switches it from the main menu', async () => {
    const phone = newPhone();
    const session = await dial(ctx.app, { phone });
    expect(fits(session.first)).toMatchObject({ type: 'con', screen: USSD_SCREEN.chooseLanguage });
    const swahili = fits(await session.answer('2'));
    // Not a client's phone: only the plate check and the quote, in Kiswahili.
    expect(swahili.type).toBe('con');
    expect(swahili.screen).toBe(
      ['Bima Portal', `1. ${PLATE_SCREEN.label.sw}`, `5. ${USSD_MENUS[4]!.label.sw}`, '6. English'].join(
        '\n',
      ),
    );
    // The next dial skips the language screen.
    const again = await dial(ctx.app, { phone });
    expect(fits(again.first).screen).toContain(`1. ${PLATE_SCREEN.label.sw}`);
    const english = fits(await again.answer('6'));
    expect(english.screen).toContain(`1. ${PLATE_SCREEN.label.en}`);
    expect(english.screen).toContain('6. Kiswahili');
    const [row] = await ctx.database.db.select().from(ussdPhones).where(eq(ussdPhones.phone, phone));
    expect(row?.language).toBe('en');
    // A number not on the menu (the personal menu 2 is not offered to this phone) says so.
    const refused = fits(await again.answer('2'));
    expect(refused.screen.split('\n')[0]).toBe(USSD_SCREEN.notAChoice.en);
  });

  it('checks a plate: a wrong plate asked again, then the certificate’s state, end date and insurer (END)', async () => {
    const session = await dial(ctx.app, { phone: await knownPhone(ctx) });
    expect(fits(await session.answer('1'))).toMatchObject({ type: 'con', screen: PLATE_SCREEN.ask.en });
    expect(fits(await session.answer('KC 12'))).toMatchObject({
      type: 'con',
      screen: PLATE_SCREEN.notAPlate.en,
    });
    const spaced = plate.replace(/^([A-Z]{3})/, '$1 ').toLowerCase();
    const answer = fits(await session.answer(spaced));
    expect(answer.type).toBe('end');
    expect(answer.screen).toMatch(
      new RegExp(
        `^${plate.slice(0, 3)} ${plate.slice(3)}\\nCover: valid\\nEnds: \\d+ \\w+ \\d{4}\\nInsurer: .+\\nCertificate ${certificateNumber}$`,
      ),
    );
    // The session is over: a repeat of the last request answers the same END, nothing more.
    expect(await session.repeat()).toEqual(answer);
  });

  it('checks a plate in Kiswahili, and a plate without cover says so', async () => {
    const session = await dial(ctx.app, { phone: await knownPhone(ctx, 'sw') });
    expect((await session.answer('1')).screen).toBe(PLATE_SCREEN.ask.sw);
    const answer = fits(await session.answer(plate));
    expect(answer.type).toBe('end');
    expect(answer.screen).toContain('Bima: inatumika');
    expect(answer.screen).toContain('Inaisha: ');
    const other = await dial(ctx.app, { phone: await knownPhone(ctx) });
    await other.answer('1');
    expect(fits(await other.answer('KZZ 999Z'))).toEqual({
      type: 'end',
      screen: PLATE_SCREEN.none('KZZ 999Z').en,
      status: 200,
    });
  });

  it('goes back to the main menu with 0, and answers a repeated request with the same screen', async () => {
    const session = await dial(ctx.app, { phone: await knownPhone(ctx) });
    const main = session.first;
    await session.answer('1');
    const ask = await session.repeat();
    expect(ask.screen).toBe(PLATE_SCREEN.ask.en);
    expect(await session.answer('0')).toEqual(main);
  });

  it('shows a client’s policies after the ID check, three a screen with "9. More", and one policy to its END', async () => {
    const session = await dial(ctx.app, { phone: clientPhone });
    // The client's phone dials for the first time: the language, then the whole main menu.
    const main = fits(await session.answer('1'));
    expect(main.screen.split('\n')).toEqual([
      'Bima Portal',
      ...USSD_MENUS.map((menu, index) => `${index + 1}. ${menu.label.en}`),
      '6. Kiswahili',
    ]);
    expect(fits(await session.answer('2'))).toMatchObject({ type: 'con', screen: USSD_SCREEN.idPrompt.en });
    const first = fits(await session.answer(ID_DIGITS));
    const lines = first.screen.split('\n');
    expect(lines[0]).toBe(POLICIES_SCREEN.title(1, 2).en);
    expect(lines.slice(1, 4)).toHaveLength(3);
    for (const line of lines.slice(1, 4)) expect(line).toMatch(/^\d\. .+: active to \d{2}\/\d{2}\/\d{4}$/);
    expect(lines.slice(4)).toEqual(['9. More', '0. Back']);
    const second = fits(await session.answer('9'));
    expect(second.screen.split('\n')[0]).toBe(POLICIES_SCREEN.title(2, 2).en);
    expect(second.screen).not.toContain('9. More');
    const detail = fits(await session.answer('1'));
    expect(detail.type).toBe('end');
    const [oldest] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.userId, clientId))
      .orderBy(policies.id)
      .limit(1);
    expect(detail.screen).toContain(`Policy ${oldest!.policyNumber}`);
    expect(detail.screen).toMatch(/State: active\nEnds: \d+ \w+ \d{4}/);
    expect(detail.screen).toContain(`Certificate ${certificateNumber}`);
  });

  it('does not ask the ID digits of a client whose ID number the portal does not have', async () => {
    const other = await newSignedInClient(ctx);
    await ctx.database.db.update(clients).set({ idNumber: null }).where(eq(clients.userId, other.userId));
    const phone = newPhone();
    await ctx.database.db
      .update(users)
      .set({ phone, phoneVerifiedAt: new Date() })
      .where(eq(users.id, other.userId));
    await ctx.database.db.insert(ussdPhones).values({ phone, language: 'sw' });
    const session = await dial(ctx.app, { phone });
    expect(await session.answer('2')).toMatchObject({ type: 'end', screen: USSD_SCREEN.noIdNumber.sw });
  });

  it('takes an answer sent twice at once only once: the twin gets the same screen', async () => {
    const phone = await knownPhone(ctx);
    const session = await dial(ctx.app, { phone });
    await session.answer('1');
    const fields = {
      sessionId: session.sessionId,
      serviceCode: '*384*123#',
      phoneNumber: phone,
      text: `1*${plate}`,
    };
    const [one, two] = await Promise.all([postUssd(ctx.app, fields), postUssd(ctx.app, fields)]);
    expect(one.type).toBe('end');
    expect(two).toEqual(one);
    // One plate check counted against the phone, not two.
    const counted = await ctx.app.services.counters.hit(`certificate-check:phone:${phone}`, 10 * 60_000);
    expect(counted.count).toBe(2);
  });

  it('ends the session after three wrong ID digits and tells the client by SMS', async () => {
    const session = await dial(ctx.app, { phone: clientPhone });
    await session.answer('2');
    const wrong = fits(await session.answer('0000'));
    expect(wrong.screen).toBe(USSD_SCREEN.idWrong(2).en);
    // The network's retry of the same answer is not a second try.
    expect(await session.repeat()).toEqual(wrong);
    expect((await session.answer('1111')).screen).toBe(USSD_SCREEN.idWrong(1).en);
    const locked = fits(await session.answer('2222'));
    expect(locked).toMatchObject({ type: 'end', screen: USSD_SCREEN.idLocked.en });
    const texts = await ctx.database.db.select().from(smsQueue).where(eq(smsQueue.kind, 'ussd_lockout'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: clientPhone, userId: clientId });
    expect(texts[0]!.text).toContain('*384*123#');
    // One text message (a client reads it in the account's language: English here).
    expect(fitsOneSegment(texts[0]!.text)).toBe(true);
    expect(fitsOneSegment(ussdLockoutSms('*384*123#').sw)).toBe(true);
    // The right digits after the END change nothing: the session is over.
    expect(await session.answer(ID_DIGITS)).toMatchObject({ type: 'end' });
    // Dialling again does not give three more guesses (nor another text): the personal menus stay
    // shut for an hour; the plate check still works.
    const again = await dial(ctx.app, { phone: clientPhone });
    expect(fits(await again.answer('2'))).toMatchObject({ type: 'end', screen: USSD_SCREEN.idLockedFor.en });
    const plateCheck = await dial(ctx.app, { phone: clientPhone });
    expect((await plateCheck.answer('1')).screen).toBe(PLATE_SCREEN.ask.en);
    await plateCheck.answer('0');
    expect(
      await ctx.database.db.select().from(smsQueue).where(eq(smsQueue.kind, 'ussd_lockout')),
    ).toHaveLength(1);
    // An hour later the ID digits are asked again.
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: new Date(Date.now() - USSD_LOCKOUT_MS - 1000) })
      .where(eq(ussdSessions.sessionId, session.sessionId));
    const later = await dial(ctx.app, { phone: clientPhone });
    expect((await later.answer('2')).screen).toBe(USSD_SCREEN.idPrompt.en);
    await later.answer('0');
  });

  it('shows the policies in Kiswahili, and asks the ID digits once a session', async () => {
    const session = await dial(ctx.app, { phone: clientPhone });
    const swahili = await session.answer('6');
    expect(swahili.screen).toContain(`2. ${POLICIES_SCREEN.label.sw}`);
    expect((await session.answer('2')).screen).toBe(USSD_SCREEN.idPrompt.sw);
    const list = fits(await session.answer(ID_DIGITS));
    expect(list.screen.split('\n')[0]).toBe(POLICIES_SCREEN.title(1, 2).sw);
    expect(list.screen).toMatch(/: inatumika hadi \d{2}\/\d{2}\/\d{4}\n/);
    expect(list.screen).toContain('9. Zaidi\n0. Rudi');
    await session.answer('0');
    // Back on the main menu and into the policies again: no second ID check in the same session.
    expect((await session.answer('2')).screen).toBe(list.screen);
    const detail = fits(await session.answer('2'));
    expect(detail.type).toBe('end');
    expect(detail.screen).toMatch(/^Bima \S+\n.+\nKampuni: .+\nHali: inatumika\nInaisha: \d+ \w+ \d{4}/);
    await ctx.database.db.update(ussdPhones).set({ language: 'en' }).where(eq(ussdPhones.phone, clientPhone));
  });

  it('takes the answers a dial already carries (*384*123*1#) one by one', async () => {
    const known = await postUssd(ctx.app, {
      sessionId: `ATUid_short_${nextPhone}`,
      serviceCode: '*384*123#',
      phoneNumber: await knownPhone(ctx),
      text: '1',
    });
    expect(known).toMatchObject({ type: 'con', screen: PLATE_SCREEN.ask.en });
    // A phone's first dial: the language first, then the menu.
    const phone = newPhone();
    const first = await postUssd(ctx.app, {
      sessionId: `ATUid_first_${nextPhone}`,
      serviceCode: '*384*123#',
      phoneNumber: phone,
      text: '2*1',
    });
    expect(first).toMatchObject({ type: 'con', screen: PLATE_SCREEN.ask.sw });
  });

  it('refuses a screen over 182 characters in tests and cuts it in production', () => {
    const long = { type: 'con' as const, screen: 'x'.repeat(USSD_SCREEN_MAX + 1) };
    const log = ctx.app.log;
    expect(() => fitScreen({ config: ctx.config, log }, long)).toThrow(/183 characters/);
    const cut = fitScreen({ config: { ...ctx.config, NODE_ENV: 'production' }, log }, long);
    expect(cut.screen).toHaveLength(USSD_SCREEN_MAX);
    expect(
      fitScreen({ config: ctx.config, log }, { type: 'end', screen: 'x'.repeat(USSD_SCREEN_MAX) }).screen,
    ).toHaveLength(USSD_SCREEN_MAX);
  });

  it('offers to continue a session the network dropped less than 5 minutes ago, and starts again when asked', async () => {
    const phone = await knownPhone(ctx);
    const dropped = await dial(ctx.app, { phone });
    await dropped.answer('1');
    // 200 s without an answer: Africa's Talking ended it.
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: ago(200) })
      .where(eq(ussdSessions.sessionId, dropped.sessionId));
    const again = await dial(ctx.app, { phone });
    expect(fits(again.first)).toMatchObject({ type: 'con', screen: USSD_SCREEN.resume.en });
    expect(await again.answer('1')).toMatchObject({ type: 'con', screen: PLATE_SCREEN.ask.en });
    const done = await again.answer(plate);
    expect(done.type).toBe('end');
    expect(done.screen).toContain('Cover: valid');
    const [row] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, again.sessionId));
    expect(row?.resumedFrom).toBe(dropped.sessionId);

    // Start again (a later dial, dropped in turn): the main menu.
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: ago(250) })
      .where(eq(ussdSessions.sessionId, again.sessionId));
    const other = await dial(ctx.app, { phone });
    await other.answer('1');
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: ago(200) })
      .where(eq(ussdSessions.sessionId, other.sessionId));
    const fresh = await dial(ctx.app, { phone });
    expect(fresh.first.screen).toBe(USSD_SCREEN.resume.en);
    expect((await fresh.answer('2')).screen).toContain(`1. ${PLATE_SCREEN.label.en}`);

    // Older than 5 minutes: no offer.
    const old = await dial(ctx.app, { phone });
    await old.answer('1');
    await ctx.database.db
      .update(ussdSessions)
      .set({ updatedAt: ago(301) })
      .where(eq(ussdSessions.sessionId, old.sessionId));
    expect((await dial(ctx.app, { phone })).first.screen).toContain(`1. ${PLATE_SCREEN.label.en}`);
  });
});

describe('USSD limits and the Africa’s Talking guard', () => {
  let ctx: TestContext;
  const secret = 'ussd-callback-secret-long-enough-0123456789';

  beforeAll(async () => {
    ctx = await buildTestApp({
      seed: false,
      env: { USSD_REQUESTS_PER_MINUTE: '3', AFRICASTALKING_CALLBACK_SECRET: secret },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  it('ends with a clear message once a phone is over its requests a minute, not a 500', async () => {
    const phone = newPhone();
    const session = await dial(ctx.app, { phone });
    await session.answer('1');
    await session.answer('1');
    const over = await session.answer('KCA 123A');
    expect(over).toEqual({ type: 'end', screen: USSD_SCREEN.tooMany.en, status: 200 });
    // Another phone is not held up.
    expect((await dial(ctx.app, { phone: newPhone() })).first.type).toBe('con');
  });

  it('takes requests from outside loopback only with the callback secret', async () => {
    const from = '196.201.214.10';
    const without = await dial(ctx.app, { phone: newPhone(), remoteAddress: from });
    expect(without.first.status).toBe(404);
    const wrong = await dial(ctx.app, {
      phone: newPhone(),
      remoteAddress: from,
      url: `/v2/api/ussd/${'x'.repeat(43)}`,
    });
    expect(wrong.first.status).toBe(404);
    const right = await dial(ctx.app, {
      phone: newPhone(),
      remoteAddress: from,
      url: `/v2/api/ussd/${secret}`,
    });
    expect(right.first).toMatchObject({ status: 200, type: 'con', screen: USSD_SCREEN.chooseLanguage });
  });

  it('answers a request without its fields with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/ussd',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/^END /);
  });
});

describe('USSD in production', () => {
  it('answers only Africa’s Talking: the secret in the path, even from loopback', async () => {
    const secret = 'production-ussd-secret-0123456789abcdef';
    const ctx = await buildTestApp({
      seed: false,
      env: {
        ...PRODUCTION_TEST_ENV,
        AFRICASTALKING_USERNAME: 'bima',
        AFRICASTALKING_API_KEY: 'at-key',
        AFRICASTALKING_SENDER_ID: 'BIMA',
        AFRICASTALKING_CALLBACK_SECRET: secret,
      },
    });
    try {
      expect((await dial(ctx.app, { phone: newPhone() })).first.status).toBe(404);
      const right = await dial(ctx.app, { phone: newPhone(), url: `/v2/api/ussd/${secret}` });
      expect(right.first).toMatchObject({ status: 200, type: 'con', screen: USSD_SCREEN.chooseLanguage });
    } finally {
      await ctx.app.close();
    }
  });
});
