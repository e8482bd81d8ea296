import { smsLength } from '@bima/domain/sms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, policies, users } from '../src/db/schema';
import { runArrearsProcess, sendInstalmentReminders } from '../src/modules/loan/jobs';
import { runMonthlyJobs } from '../src/modules/monthly/jobs';
import { sendRenewalReminders } from '../src/modules/renewal/service';
import { accidentClaim, approveThroughDesk, deskHeaders } from './claims-helpers';
import { buildListeningTestApp } from './helpers';
import {
  completeQuotation,
  createQuotation,
  invoiceFor,
  kenyaToday,
  MPESA_TEST_ENV,
  newSignedInClient,
  payForPolicy,
  plusDays,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { send, signInAs } from './staff-helpers';

/*
 * The notifications people need without the portal open go by text message too (issue 32): each
 * kind's text lands in the SMS outbox (`/dev/sms`) in the account's language, on its verified phone
 * only, one segment; a kind switched off in Profile, or a phone that replied STOP, gets none.
 */

type Ctx = Awaited<ReturnType<typeof buildListeningTestApp>>;
type Language = 'en' | 'sw';
interface Text {
  to: string;
  text: string;
  kind: string;
}

const LENDER = 'lender@mavuno-finance.example';
const DAY = 86_400_000;

let phonesMade = 0;
/** A Kenyan mobile number of its own (never ending 31–33: the simulator's failing phones). */
const nextPhone = () => {
  phonesMade += 1;
  return `+254790${String(phonesMade + process.pid * 100).slice(-4)}50`;
};

describe('notification texts (issue 32)', () => {
  let ctx: Ctx;
  const context = () => ({
    db: ctx.database.db,
    services: ctx.app.services,
    log: ctx.app.log,
    config: ctx.config,
  });
  const clock = () => ctx.app.services.clock;

  beforeAll(async () => {
    ctx = await buildListeningTestApp({
      ...MPESA_TEST_ENV,
      LOAN_GRACE_DAYS: '7',
      LOAN_NOTICE_DAYS: '7',
      LOAN_REMINDER_DAYS: '7,1',
    });
  }, 120_000);
  afterAll(async () => {
    clock().reset();
    await ctx.app.close();
  });

  /** A new signed-in client with KYC, in `language`, with a phone (verified unless told). */
  async function client(language: Language, options: { verified?: boolean } = {}) {
    const made = await newSignedInClient(ctx);
    const phone = nextPhone();
    await ctx.database.db
      .update(users)
      .set({ language, phone, phoneVerifiedAt: options.verified === false ? null : new Date() })
      .where(eq(users.id, made.userId));
    return { ...made, phone, language };
  }

  /** The texts of one phone in the outbox, as /dev/sms answers them. */
  async function textsTo(phone: string): Promise<Text[]> {
    const response = await ctx.app.inject({ method: 'GET', url: `/dev/sms?to=${encodeURIComponent(phone)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Text[];
  }
  const textsOfKind = async (phone: string, kind: string) =>
    (await textsTo(phone)).filter((text) => text.kind === kind).map((text) => text.text);

  /** Every text one segment of GSM-7. */
  const oneSegment = (texts: Text[]) => {
    for (const text of texts)
      expect(smsLength(text.text), text.text).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  };

  const WORDS = {
    en: {
      paid: 'we received your payment of KES',
      issued: (policy: string) => `policy ${policy} is issued.`,
      certificateFollows: 'The certificate number follows by SMS.',
      certificate: (policy: string) =>
        new RegExp(`motor certificate [A-Z]\\d{8} of policy ${policy} is issued by DMVIC`),
      claimReceived: (ref: string) => `we received your claim ${ref}.`,
      assessment: (ref: string) => `your claim ${ref} is under assessment.`,
      approved: (ref: string) => `your claim ${ref} is approved.`,
      claimPaid: (ref: string) => `your claim ${ref} is paid: KES`,
      renewal: (policy: string) => `policy ${policy} (`,
      instalmentDue: (loan: string) => `loan ${loan} instalment 2 of KES`,
      instalmentMissed: (loan: string) => `loan ${loan} instalment 2 is missed`,
      monthDue: (policy: string) => `policy ${policy} month 2 (KES`,
      monthMissed: (policy: string) => `policy ${policy} month 2 is not paid; cover stopped.`,
    },
    sw: {
      paid: 'tumepokea malipo yako ya KES',
      issued: (policy: string) => `sera ${policy} imetolewa.`,
      certificateFollows: 'Nambari ya cheti itafuata kwa SMS.',
      certificate: (policy: string) =>
        new RegExp(`cheti cha gari [A-Z]\\d{8} cha sera ${policy} kimetolewa na DMVIC`),
      claimReceived: (ref: string) => `tumepokea dai lako ${ref}.`,
      assessment: (ref: string) => `dai lako ${ref} linatathminiwa.`,
      approved: (ref: string) => `dai lako ${ref} limeidhinishwa.`,
      claimPaid: (ref: string) => `dai lako ${ref} limelipwa: KES`,
      renewal: (policy: string) => `sera ${policy} (`,
      instalmentDue: (loan: string) => `mkopo ${loan} awamu ya 2 ya KES`,
      instalmentMissed: (loan: string) => `mkopo ${loan} awamu ya 2 haijalipwa`,
      monthDue: (policy: string) => `sera ${policy} mwezi wa 2 (KES`,
      monthMissed: (policy: string) => `sera ${policy} mwezi wa 2 haujalipwa; bima imesimama.`,
    },
  } as const;

  for (const language of ['en', 'sw'] as const) {
    const words = WORDS[language];

    it(`${language}: payment received, policy issued, claim received, status changed, paid, renewal due`, async () => {
      const owner = await client(language);
      const invoice = await invoiceFor(ctx, owner.headers);
      const policyNumber = await payForPolicy(ctx, owner.headers, invoice.invoiceSystemRef);
      expect((await textsOfKind(owner.phone, 'payment_received')).join('\n')).toContain(words.paid);
      const issued = await textsOfKind(owner.phone, 'policy_issued');
      expect(issued.join('\n')).toContain(`${words.issued(policyNumber)} ${words.certificateFollows}`);
      // DMVIC issues the motor certificate moments later (the issuing job): its number is texted.
      const withCertificate = await waitUntil(
        () => textsOfKind(owner.phone, 'policy_issued'),
        (texts) => texts.some((text) => words.certificate(policyNumber).test(text)),
      );
      expect(withCertificate.join('\n')).toMatch(words.certificate(policyNumber));

      const reported = await send(
        ctx,
        'client/claim/reportClaim',
        accidentClaim(policyNumber, kenyaToday()),
        owner.headers,
      );
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      const { id, claimRef } = reported.body.result.data as { id: number; claimRef: string };
      const desk = await deskHeaders(ctx);
      await approveThroughDesk(ctx, desk, id, 150_000_00);
      const settled = await send(
        ctx,
        'claims/desk/settleClaim',
        { id, method: 'garage', garageName: 'Kenya Autoworks Ltd', reference: 'RTGS-7' },
        desk,
      );
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      const claimTexts = (await textsOfKind(owner.phone, 'claim_status_changed')).join('\n');
      expect(claimTexts).toContain(words.claimReceived(claimRef));
      expect(claimTexts).toContain(words.assessment(claimRef));
      expect(claimTexts).toContain(words.approved(claimRef));
      // KES 150,000 assessed less the policy's KES 25,000 collision excess: what the garage is paid.
      expect(claimTexts).toContain(`${words.claimPaid(claimRef)} 125,000.`);

      const [policy] = await ctx.database.db
        .select()
        .from(policies)
        .where(eq(policies.policyNumber, policyNumber));
      await sendRenewalReminders(
        { db: ctx.database.db, services: ctx.app.services, log: ctx.app.log },
        { stages: [30, 14, 3], today: plusDays(policy!.endDate, -20) },
      );
      expect((await textsOfKind(owner.phone, 'renewal_due')).join('\n')).toContain(
        words.renewal(policyNumber),
      );

      const all = await textsTo(owner.phone);
      oneSegment(all);
      // Each notification is texted once.
      expect(new Set(all.map((text) => text.text)).size).toBe(all.length);
    }, 120_000);

    it(`${language}: a loan instalment due and missed`, async () => {
      const owner = await client(language);
      const invoice = await invoiceFor(ctx, owner.headers);
      const applied = await send(
        ctx,
        'client/ipf/apply',
        { invoiceSystemRef: invoice.invoiceSystemRef, months: 4, acceptTerms: true },
        owner.headers,
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const loanRef = applied.body.result.data.loanRef as string;
      const started = await send(
        ctx,
        'client/loan/payByMpesa',
        { loanRef, target: 'next', phone: '0712345678' },
        owner.headers,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await waitSucceeded(ctx, started.body.result.data.paymentRef, 15_000);
      const getLoan = async () =>
        (await send(ctx, 'client/loan/getLoan', { loanRef }, owner.headers)).body.result.data;
      await waitUntil(getLoan, (loan) => loan.status === 'PENDING');
      const lender = (await signInAs(ctx, LENDER)).headers;
      const approved = await send(ctx, 'lender/application/approveApplication', { loanRef }, lender);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const due = approved.body.result.data.instalments[1].dueDate as string;
      try {
        clock().reset();
        clock().advance(
          Date.parse(`${due}T09:00:00Z`) - Date.parse(`${clock().today()}T09:00:00Z`) - 5 * DAY,
        );
        await sendInstalmentReminders(context(), { days: [7, 1] });
        expect((await textsOfKind(owner.phone, 'instalment_reminder')).join('\n')).toContain(
          words.instalmentDue(loanRef),
        );
        clock().advance(6 * DAY);
        await runArrearsProcess(context());
        expect((await textsOfKind(owner.phone, 'loan_arrears')).join('\n')).toContain(
          words.instalmentMissed(loanRef),
        );
      } finally {
        clock().reset();
      }
      oneSegment(await textsTo(owner.phone));
    }, 120_000);

    it(`${language}: a monthly month due and missed`, async () => {
      const owner = await client(language);
      const quotation = await createQuotation(ctx, owner.headers, { paymentPlan: 'monthly' });
      const completed = await completeQuotation(ctx, owner.headers, quotation.systemQuotationRef);
      expect(completed.statusCode, completed.body).toBe(200);
      const policyNumber = await payForPolicy(
        ctx,
        owner.headers,
        completed.json().result.data.invoiceSystemRef,
      );
      const [policy] = await ctx.database.db
        .select()
        .from(policies)
        .where(eq(policies.policyNumber, policyNumber));
      const [month2] = await ctx.database.db
        .select({ due_date: invoices.dueDate })
        .from(invoices)
        .where(and(eq(invoices.policyId, policy!.id), eq(invoices.monthNo, 2)));
      expect(month2?.due_date).toBeTruthy();
      try {
        clock().reset();
        const toDay = (day: string) =>
          clock().advance(Date.parse(`${day}T09:00:00Z`) - Date.parse(`${clock().today()}T09:00:00Z`));
        toDay(plusDays(month2!.due_date!, -1));
        await runMonthlyJobs(context());
        expect((await textsOfKind(owner.phone, 'monthly_payment')).join('\n')).toContain(
          words.monthDue(policyNumber),
        );
        toDay(plusDays(month2!.due_date!, 1));
        await runMonthlyJobs(context());
        expect((await textsOfKind(owner.phone, 'monthly_payment')).join('\n')).toContain(
          words.monthMissed(policyNumber),
        );
      } finally {
        clock().reset();
      }
      oneSegment(await textsTo(owner.phone));
    }, 120_000);
  }

  it('none for a kind switched off in Profile, none to a phone that said STOP, none to an unverified phone', async () => {
    const switchedOff = await client('en');
    const off = await send(
      ctx,
      'platform/notification/updatePreferences',
      { preferences: [{ kind: 'payment_received', sms: false }] },
      switchedOff.headers,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const preference = (
      off.body.result.data.preferences as Array<{ kind: string; email: boolean; sms: boolean }>
    ).find((each) => each.kind === 'payment_received');
    // Only the text is off: the e-mail stays on.
    expect(preference).toMatchObject({ email: true, sms: false });
    const policyNumber = await payForPolicy(
      ctx,
      switchedOff.headers,
      (await invoiceFor(ctx, switchedOff.headers)).invoiceSystemRef,
    );
    expect(await textsOfKind(switchedOff.phone, 'payment_received')).toEqual([]);
    expect((await textsOfKind(switchedOff.phone, 'policy_issued')).join('\n')).toContain(
      `policy ${policyNumber} is issued.`,
    );

    const stopped = await client('sw');
    const stop = await ctx.app.inject({
      method: 'POST',
      url: '/dev/sms/stop',
      payload: { phone: stopped.phone },
    });
    expect(stop.statusCode, stop.body).toBeLessThan(300);
    await payForPolicy(ctx, stopped.headers, (await invoiceFor(ctx, stopped.headers)).invoiceSystemRef);
    expect(await textsTo(stopped.phone)).toEqual([]);

    const unverified = await client('en', { verified: false });
    await payForPolicy(ctx, unverified.headers, (await invoiceFor(ctx, unverified.headers)).invoiceSystemRef);
    expect(await textsTo(unverified.phone)).toEqual([]);
  }, 120_000);
});
