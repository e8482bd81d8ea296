import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from '../src/db/schema';
import type { Language } from '../src/lib/language';
import type { EmailMessage } from '../src/mail/templates';
import * as templates from '../src/mail/templates';
import { notify } from '../src/modules/notification/service';
import { call, latestCode, PASSWORD, uniqueEmail } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { giveKyc, invoiceFor, pay, waitUntil } from './purchase-helpers';
import { send } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const SUMMARY = {
  requestSystemRef: 'HR-2026-0001',
  clientName: 'Amina Otieno',
  clientEmail: 'amina@example.co.ke',
  vehicleValue: 150_000_000,
  regNo: 'KDA 123A',
  chassisNumber: 'JTDBR32E720123456',
  expiry: '2026-12-05',
  remarks: 'Comprehensive please.',
};

/** Every e-mail template with sample input: a template missing here (a new one) fails the test below. */
const SAMPLES: Record<string, (language: Language) => EmailMessage> = {
  registrationCodeEmail: (language) =>
    templates.registrationCodeEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      code: '4821',
      minutes: 10,
      language,
    }),
  passwordResetCodeEmail: (language) =>
    templates.passwordResetCodeEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      code: '4821',
      minutes: 10,
      language,
      link: 'https://bima.example/insurance/otp?reset=r&key=k',
    }),
  codesPausedEmail: (language) => templates.codesPausedEmail({ to: 'a@b.ke', firstName: 'Amina', language }),
  signUpAttemptEmail: (language) =>
    templates.signUpAttemptEmail({ to: 'a@b.ke', firstName: 'Amina', language }),
  signInPausedEmail: (language) =>
    templates.signInPausedEmail({ to: 'a@b.ke', firstName: 'Amina', minutes: 60, language }),
  policyIssuedEmail: (language) =>
    templates.policyIssuedEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      policyNumber: 'POL/2026/0001',
      productName: 'Jubilee Motor Private',
      startDate: '2026-01-05',
      endDate: '2027-01-04',
      attachments: [],
      hasCertificate: true,
      language,
    }),
  staffInvitationEmail: (language) =>
    templates.staffInvitationEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      code: '4821',
      hours: 72,
      role: 'intermediary',
      organisation: 'Savannah Insurance Brokers',
      invitationRef: '00000000-0000-4000-8000-000000000000',
      acceptUrl: 'https://bima.example/accept-invitation',
      language,
    }),
  helpRequestCodeEmail: (language) =>
    templates.helpRequestCodeEmail({ to: 'a@b.ke', code: '4821', minutes: 10, language }),
  helpRequestToIntermediaryEmail: (language) =>
    templates.helpRequestToIntermediaryEmail({
      to: 'a@b.ke',
      intermediaryNames: 'Savannah Insurance Brokers',
      summary: SUMMARY,
      requestUrl: 'https://bima.example/staff/requests/1',
      language,
    }),
  helpRequestConfirmationEmail: (language) =>
    templates.helpRequestConfirmationEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      summary: SUMMARY,
      intermediaryNames: ['Savannah Insurance Brokers'],
      language,
    }),
  recommendationEmail: (language) =>
    templates.recommendationEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      intermediaryNames: 'Savannah Insurance Brokers',
      requestSystemRef: 'HR-2026-0001',
      note: 'Our best two.',
      products: [{ productName: 'Jubilee Motor Private', underwriter: 'Jubilee', premium: 4_500_050 }],
      reviewUrl: 'https://bima.example/review/1',
      needsAccount: true,
      language,
    }),
  notificationEmail: (language) =>
    templates.notificationEmail({
      to: 'a@b.ke',
      firstName: 'Amina',
      // The notification's own title and body come already in the recipient's language.
      title: language === 'sw' ? 'Dai limefungwa' : 'Claim closed',
      body: language === 'sw' ? 'Dai lako limefungwa.' : 'Your claim is closed.',
      url: 'https://bima.example/newportal/claims/1',
      profileUrl: 'https://bima.example/newportal/profile',
      language,
    }),
  productInterestEmail: (language) =>
    templates.productInterestEmail({
      to: 'a@b.ke',
      productName: 'Marine',
      homeUrl: 'https://bima.example/',
      language,
    }),
  emailChangeCodeEmail: (language) =>
    templates.emailChangeCodeEmail({
      to: 'new@example.com',
      firstName: 'Wanjiru',
      code: '4821',
      minutes: 10,
      language,
    }),
  emailChangedNoticeEmail: (language) =>
    templates.emailChangedNoticeEmail({
      to: 'old@example.com',
      firstName: 'Wanjiru',
      newEmail: 'new@example.com',
      language,
    }),
  passwordChangedEmail: (language) =>
    templates.passwordChangedEmail({ to: 'wanjiru@example.com', firstName: 'Wanjiru', language }),
  passwordSetupLinkEmail: (language) =>
    templates.passwordSetupLinkEmail({
      to: 'wanjiru@example.com',
      firstName: 'Wanjiru',
      url: 'https://bima.example/password-setup?token=abc',
      hours: 72,
      language,
    }),
  productAvailableEmail: (language) =>
    templates.productAvailableEmail({
      to: 'a@b.ke',
      productName: 'Marine',
      quoteUrl: 'https://bima.example/marine',
      language,
    }),
};

/** English words that must not be left in a Swahili e-mail. */
const ENGLISH = /\b(Hello|Your|your|expires|Thank you|You can|Open|Review|attached|invited|request)\b/;

describe('e-mail templates in English and Swahili', () => {
  it('has a sample of every template', () => {
    const names = Object.entries(templates)
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Email'))
      .map(([name]) => name)
      .sort();
    expect(names).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(Object.keys(SAMPLES))('%s has Swahili: its own words, html lang="sw"', (name) => {
    const english = SAMPLES[name]!('en');
    const swahili = SAMPLES[name]!('sw');
    expect(english.html).toContain('<html lang="en">');
    expect(swahili.html).toContain('<html lang="sw">');
    expect(swahili.subject).not.toBe(english.subject);
    expect(swahili.text).not.toBe(english.text);
    expect(swahili.text).not.toMatch(ENGLISH);
    expect(swahili.html).not.toMatch(ENGLISH);
  });

  it('writes amounts and dates for Kenya in each language', () => {
    const policy = SAMPLES.policyIssuedEmail!;
    expect(policy('en').text).toContain('from 5 January 2026 to 4 January 2027');
    expect(policy('sw').text).toContain('kuanzia 5 Januari 2026 hadi 4 Januari 2027');
    expect(SAMPLES.recommendationEmail!('sw').text).toContain('KES 45,000.50');
    expect(SAMPLES.helpRequestConfirmationEmail!('sw').text).toContain('Thamani ya gari: KES 1,500,000');
    expect(SAMPLES.helpRequestConfirmationEmail!('sw').text).toContain('Jibu kabla ya: 5 Desemba 2026');
  });
});

describe('e-mails and notifications in the recipient’s language', () => {
  let ctx: Ctx;
  const mailsTo = (to: string) => ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  const languageOfUser = async (email: string) =>
    (await ctx.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]
      ?.language;

  /** Signs up and signs in with the portal in `language`; answers the e-mail and the session headers. */
  async function signUpIn(language: Language) {
    const email = uniqueEmail(`lang-${language}`);
    const headers = { 'accept-language': language };
    const created = await call(
      ctx,
      'user',
      'registration',
      'createUser',
      { email, names: { firstName: 'Amina', lastName: 'Otieno' } },
      headers,
    );
    const registrationId = created.json().result.data as string;
    await call(
      ctx,
      'user',
      'registration',
      'registrationValidation',
      { registrationId, registrationCode: await latestCode(ctx, email) },
      headers,
    );
    await call(
      ctx,
      'user',
      'registration',
      'setPassword',
      { registrationId, username: email, password: PASSWORD },
      headers,
    );
    const login = await call(
      ctx,
      'user',
      'auth',
      'login',
      { username: email, password: PASSWORD, loginDevice: {} },
      headers,
    );
    return { email, headers: { ...headers, accesstoken: login.json().result.data.accessToken as string } };
  }

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
  });
  afterAll(() => ctx.app.close());

  it('a Swahili sign-up gets Swahili codes, policy e-mail and its DMVIC certificate, in-app too; English stays English', async () => {
    const swahili = await signUpIn('sw');
    const english = await signUpIn('en');
    expect(await languageOfUser(swahili.email)).toBe('sw');
    expect(await languageOfUser(english.email)).toBe('en');

    const [swCode] = await mailsTo(swahili.email);
    expect(swCode!.subject).toMatch(/^Msimbo wako wa uthibitishaji wa Bima Portal: \d{4}$/);
    expect(swCode!.html).toContain('<html lang="sw">');
    const [enCode] = await mailsTo(english.email);
    expect(enCode!.subject).toMatch(/^Your Bima Portal verification code: \d{4}$/);

    for (const person of [swahili, english]) {
      await giveKyc(ctx, person.headers); // the KYC a motor purchase needs before it is invoiced
      const invoice = await invoiceFor(ctx, person.headers);
      expect((await pay(ctx, person.headers, invoice.invoiceSystemRef, '254712345678')).statusCode).toBe(200);
    }
    // The policy e-mail and the payment e-mail are queued by separate steps: wait for both.
    const swMails = await waitUntil(
      () => mailsTo(swahili.email),
      (rows) =>
        rows.some((row) => row.subject.startsWith('Sera yako ya bima')) &&
        rows.some((row) => row.subject.startsWith('Malipo ya')),
      30_000,
    );
    const swPolicy = swMails.find((row) => row.subject.startsWith('Sera yako ya bima'))!;
    expect(swPolicy.subject).toMatch(/^Sera yako ya bima .+ sasa inatumika$/);
    expect(swPolicy.text).toContain('Asante kwa malipo yako.');
    expect(swPolicy.attachments).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^policy-schedule-/),
        expect.stringMatching(/^receipt-/),
      ]),
    );
    // DMVIC's certificate follows in its own e-mail, in Swahili, its PDF attached.
    const swCertificate = (
      await waitUntil(
        () => mailsTo(swahili.email),
        (rows) => rows.some((row) => /^Cheti C\d{8} kiko tayari$/.test(row.subject)),
        30_000,
      )
    ).find((row) => /^Cheti C\d{8} kiko tayari$/.test(row.subject))!;
    expect(swCertificate.text).toContain('Cheti cha bima cha DMVIC cha sera');
    expect(swCertificate.attachments).toEqual([expect.stringMatching(/^certificate-C\d{8}\.pdf$/)]);
    const swPayment = swMails.find((row) => row.subject.startsWith('Malipo ya'));
    expect(swPayment?.subject).toMatch(/^Malipo ya KES [\d,]+ yamepokelewa$/);
    expect(swPayment?.text).toContain('Ifungue kwenye Bima Portal');

    const enPolicy = (
      await waitUntil(
        () => mailsTo(english.email),
        (rows) => rows.some((row) => row.subject.includes('is active')),
        30_000,
      )
    ).find((row) => row.subject.includes('is active'))!;
    expect(enPolicy.text).toContain('Thank you for your payment.');
    expect(enPolicy.html).toContain('<html lang="en">');

    const listed = (await send(ctx, 'platform/notification/listNotifications', {}, swahili.headers)).body
      .result.data;
    const titles: string[] = listed.items.map((item: { title: string }) => item.title);
    expect(titles).toHaveLength(3);
    expect(titles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Sera ya bima .+ imetolewa$/),
        expect.stringMatching(/^Malipo ya KES [\d,]+ yamepokelewa$/),
        expect.stringMatching(/^Cheti C\d{8} kiko tayari$/),
      ]),
    );
  }, 90_000);

  it('a password reset code follows the stored language', async () => {
    const swahili = await signUpIn('sw');
    // Asked from a page without a language of ours: the account's language decides.
    await call(ctx, 'user', 'auth', 'forgotPasswordRequest', { username: swahili.email });
    const mails = await waitUntil(
      () => mailsTo(swahili.email),
      (rows) => rows.some((row) => row.subject.includes('kubadilisha nenosiri')),
    );
    expect(mails.some((row) => row.subject.startsWith('Msimbo wako wa kubadilisha nenosiri'))).toBe(true);
  });

  it('user/profile/setLanguage: signed in only, en or sw, and what follows is in that language', async () => {
    const anonymous = await send(ctx, 'user/profile/setLanguage', { language: 'sw' });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.body.status).toBe(false);

    const person = await signUpIn('en');
    const invalid = await send(ctx, 'user/profile/setLanguage', { language: 'fr' }, person.headers);
    expect(invalid.status).toBe(400);
    expect(invalid.body.err_msg).toBe('Choose English or Kiswahili.');
    const invalidInSwahili = await send(
      ctx,
      'user/profile/setLanguage',
      { language: 'fr' },
      { ...person.headers, 'accept-language': 'sw' },
    );
    expect(invalidInSwahili.body.err_msg).toBe('Chagua Kiingereza au Kiswahili.');

    const set = await send(ctx, 'user/profile/setLanguage', { language: 'sw' }, person.headers);
    expect(set.status).toBe(200);
    expect(set.body.result.data).toEqual({ language: 'sw' });
    expect(await languageOfUser(person.email)).toBe('sw');

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, person.email));
    await notify(ctx.database.db, {
      userId: user!.id,
      kind: 'claim_status_changed',
      title: { en: 'Claim closed', sw: 'Dai limefungwa' },
      body: { en: 'Your claim is closed.', sw: 'Dai lako limefungwa.' },
      link: '/newportal/claims/1',
      email: { baseUrl: 'https://bima.example' },
    });
    const listed = (await send(ctx, 'platform/notification/listNotifications', {}, person.headers)).body
      .result.data;
    expect(listed.items[0]).toMatchObject({ title: 'Dai limefungwa', body: 'Dai lako limefungwa.' });
    const mail = await waitUntil(
      () => mailsTo(person.email),
      (rows) => rows.some((row) => row.subject === 'Dai limefungwa'),
    );
    const closed = mail.find((row) => row.subject === 'Dai limefungwa')!;
    expect(closed.html).toContain('<html lang="sw">');
    expect(closed.text).toContain('Habari Amina,');
    expect(closed.text).toContain('Unaweza kuzima barua pepe hizi kwenye wasifu wako');

    // The next sign-in records the portal's language again.
    await call(
      ctx,
      'user',
      'auth',
      'login',
      { username: person.email, password: PASSWORD, loginDevice: {} },
      { 'accept-language': 'en' },
    );
    expect(await languageOfUser(person.email)).toBe('en');
  });
});
