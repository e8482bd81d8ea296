import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  loanInstalments,
  loans,
  motorCertificates,
  payments,
  policies,
  quotations,
  users,
} from '../src/db/schema';
import { PAY_TEXTS } from '../src/modules/ussd/menus/pay';
import { policyFor } from './claims-helpers';
import { buildListeningTestApp, type TestContext } from './helpers';
import {
  completeQuotation,
  createQuotation,
  invoiceFor,
  MPESA_TEST_ENV,
  newSignedInClient,
  payForPolicy,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { send } from './staff-helpers';
import { dial } from './ussd-helpers';

/*
 * USSD menu 3, Pay (issue 32), driven as Africa's Talking drives it: a client's verified phone dials,
 * passes the ID check (the KYC's ID number 12345678 → 5678), chooses what to pay, sees the amount,
 * confirms, and gets the same M-Pesa prompt the portal sends; the M-Pesa simulator pays it.
 */
describe('USSD: 3 Pay', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await buildListeningTestApp({ ...MPESA_TEST_ENV, USSD_REQUESTS_PER_MINUTE: '1000' });
  }, 120_000);
  afterAll(() => ctx.app.close());

  let phones = 40;
  /** A new client whose verified phone is its own (the simulator pays numbers not ending 01–14). */
  async function clientWithPhone() {
    phones += 1;
    const phone = `+2547100000${phones}`;
    const client = await newSignedInClient(ctx);
    await db().update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, client.userId));
    return { ...client, phone, msisdn: phone.slice(1) };
  }

  /** Dials, picks the language on the phone's first dial, opens Pay (3) and passes the ID check. */
  async function openPay(phone: string, language: '1' | '2' = '1') {
    const session = await dial(ctx.app, { phone });
    expect(session.first.type).toBe('con');
    if (session.first.screen.includes('Chagua lugha')) await session.answer(language);
    const idPrompt = await session.answer('3');
    expect(idPrompt.type, idPrompt.screen).toBe('con');
    const list = await session.answer('5678');
    return { session, list };
  }

  it('pays an unpaid invoice: list → amount → confirm → the M-Pesa prompt to that phone → the invoice is paid', async () => {
    const client = await clientWithPhone();
    const invoice = await invoiceFor(ctx, client.headers);
    const { session, list } = await openPay(client.phone);
    expect(list.type, list.screen).toBe('con');
    expect(list.screen).toContain('What do you want to pay?');
    expect(list.screen).toMatch(/1\. Premium APA/);

    const confirm = await session.answer('1');
    expect(confirm.type, confirm.screen).toBe('con');
    const shillings = new Intl.NumberFormat('en-KE').format(invoice.amount / 100);
    expect(confirm.screen).toContain(`KES ${shillings}`);
    expect(confirm.screen).toContain(`0${client.phone.slice(4)}`); // the caller's own number, as people write it
    expect(await db().select().from(payments).where(eq(payments.userId, client.userId))).toHaveLength(0);

    const done = await session.answer('1');
    expect(done.type, done.screen).toBe('end');
    expect(done.screen).toContain('Enter your M-Pesa PIN');
    expect(done.screen).toContain(`KES ${shillings}`);

    const [payment] = await db().select().from(payments).where(eq(payments.userId, client.userId));
    expect(payment).toMatchObject({ purpose: 'invoice', phone: client.msisdn, amount: invoice.amount });
    expect(payment!.checkoutRequestId).toBeTruthy();

    const paid = await waitUntil(
      async () =>
        (
          await db().select().from(invoices).where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef))
        )[0]!,
      (row) => row.status === 'PAID',
      20_000,
    );
    expect(paid.status).toBe('PAID');

    // Dialling again: nothing is left to pay.
    const again = await openPay(client.phone);
    expect(again.list).toMatchObject({ type: 'end', screen: PAY_TEXTS.nothing.en });
  }, 60_000);

  it('in Kiswahili; Cancel sends no prompt; a second prompt while one is live is refused in words', async () => {
    const client = await clientWithPhone();
    const invoice = await invoiceFor(ctx, client.headers);

    const first = await openPay(client.phone, '2');
    expect(first.list.screen).toContain('Unataka kulipa nini?');
    expect(first.list.screen).toMatch(/1\. Ada /);
    const confirm = await first.session.answer('1');
    expect(confirm.screen).toContain('Kiasi:');
    expect(confirm.screen).toContain('2. Ghairi');
    const cancelled = await first.session.answer('2');
    expect(cancelled).toMatchObject({ type: 'end', screen: PAY_TEXTS.cancelled.sw });
    expect(await db().select().from(payments).where(eq(payments.userId, client.userId))).toHaveLength(0);

    // A wrong answer on the list asks again; then a prompt; then another session asks while it is live.
    const second = await openPay(client.phone);
    const wrong = await second.session.answer('7');
    expect(wrong.type).toBe('con');
    expect(wrong.screen).toContain(PAY_TEXTS.invalidChoice.sw);
    await second.session.answer('1');
    // The phone ends in 41: the simulator pays after its delay, so the prompt is live for a moment.
    const prompted = await second.session.answer('1');
    expect(prompted.screen).toContain('Weka PIN yako ya M-Pesa');

    const third = await openPay(client.phone);
    const confirmAgain = await third.session.answer('1');
    const refused = confirmAgain.type === 'end' ? confirmAgain : await third.session.answer('1');
    expect(refused.type).toBe('end');
    // Either the first prompt is still on the phone, or it has paid already: never a second prompt.
    expect([PAY_TEXTS.pending.sw, PAY_TEXTS.paid.sw]).toContain(refused.screen);
    const rows = await db().select().from(payments).where(eq(payments.userId, client.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.invoiceId).not.toBeNull();
    expect(invoice.invoiceSystemRef).toBeTruthy();
  }, 60_000);

  it('lists many payables a screen at a time with "9 More", every screen within 182 characters', async () => {
    const client = await clientWithPhone();
    for (let index = 0; index < 7; index += 1) await invoiceFor(ctx, client.headers);
    const { session, list } = await openPay(client.phone);
    expect(list.screen.length).toBeLessThanOrEqual(182);
    expect(list.screen).toContain('9. More');
    const shownFirst = list.screen.split('\n').filter((line) => /^[1-8]\. /.test(line)).length;
    const next = await session.answer('9');
    expect(next.type).toBe('con');
    expect(next.screen.length).toBeLessThanOrEqual(182);
    const shownNext = next.screen.split('\n').filter((line) => /^[1-8]\. /.test(line)).length;
    expect(shownFirst + shownNext).toBe(7);
    expect(shownNext).toBeGreaterThan(0);
    const chosen = await session.answer('1');
    expect(chosen.type).toBe('con');
    expect(chosen.screen).toContain('Amount:');
  }, 60_000);

  it('a renewal due: quoted and invoiced as the portal’s Renew does, its premium prompted, the new policy issued', async () => {
    const client = await clientWithPhone();
    const policyNumber = await policyFor(ctx, client.headers);
    // Its DMVIC certificate first (issued after payment): the dev tool moves it with the policy, so
    // the renewal starts after the cover DMVIC knows.
    await waitUntil(
      () =>
        db()
          .select({ number: motorCertificates.certificateNumber })
          .from(motorCertificates)
          .innerJoin(policies, eq(policies.id, motorCertificates.policyId))
          .where(eq(policies.policyNumber, policyNumber)),
      (rows) => Boolean(rows[0]?.number),
    );
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber, days: 10 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const old = moved.json() as { id: number };

    const { session, list } = await openPay(client.phone);
    expect(list.screen).toContain(`1. Renew ${policyNumber}`);
    const confirm = await session.answer('1');
    expect(confirm.type, confirm.screen).toBe('con');
    // The renewal quotation and its invoice now exist, as after Renew and Pay in the portal.
    const [renewal] = await db()
      .select({ invoice: invoices, total: quotations.total })
      .from(invoices)
      .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
      .where(eq(quotations.renewalOfPolicyId, old.id));
    expect(renewal).toBeDefined();
    const shillings = new Intl.NumberFormat('en-KE').format(renewal!.invoice.amount / 100);
    expect(confirm.screen).toContain(`Amount: KES ${shillings}`);

    const done = await session.answer('1');
    expect(done.screen).toContain('Enter your M-Pesa PIN');
    const [payment] = await db().select().from(payments).where(eq(payments.invoiceId, renewal!.invoice.id));
    expect(payment).toMatchObject({ phone: client.msisdn, amount: renewal!.invoice.amount });
    const renewed = await waitUntil(
      () => db().select().from(policies).where(eq(policies.renewsPolicyId, old.id)),
      (rows) => rows.length === 1,
      20_000,
    );
    expect(renewed).toHaveLength(1);

    // Renewed: nothing is left to pay.
    expect((await openPay(client.phone)).list).toMatchObject({ type: 'end', screen: PAY_TEXTS.nothing.en });
  }, 90_000);

  it('a monthly policy’s next month: listed as its month, its amount prompted, the month paid', async () => {
    const client = await clientWithPhone();
    const quotation = await createQuotation(ctx, client.headers, { paymentPlan: 'monthly' });
    const completed = await completeQuotation(ctx, client.headers, quotation.systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const policyNumber = await payForPolicy(
      ctx,
      client.headers,
      completed.json().result.data.invoiceSystemRef,
    );
    const [policy] = await db().select().from(policies).where(eq(policies.policyNumber, policyNumber));
    const month2 = await waitUntil(
      async () =>
        (
          await db()
            .select()
            .from(invoices)
            .where(and(eq(invoices.policyId, policy!.id), eq(invoices.monthNo, 2)))
        )[0],
      (row) => row !== undefined,
    );

    const { session, list } = await openPay(client.phone);
    expect(list.screen).toMatch(/\n1\. Month 2 APA/);
    const confirm = await session.answer('1');
    expect(confirm.screen).toContain(
      `Amount: KES ${new Intl.NumberFormat('en-KE').format(month2!.amount / 100)}`,
    );
    expect((await session.answer('1')).screen).toContain('Enter your M-Pesa PIN');
    const paid = await waitUntil(
      async () => (await db().select().from(invoices).where(eq(invoices.id, month2!.id)))[0]!,
      (row) => row.status === 'PAID',
      20_000,
    );
    expect(paid.status).toBe('PAID');
  }, 90_000);

  it('a loan’s instalment due (the financed invoice is paid through it, not listed itself): prompted as the loan page does', async () => {
    const client = await clientWithPhone();
    const invoice = await invoiceFor(ctx, client.headers);
    const applied = await send(
      ctx,
      'client/ipf/apply',
      { invoiceSystemRef: invoice.invoiceSystemRef, months: 6, acceptTerms: true },
      client.headers,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const loanRef = applied.body.result.data.loanRef as string;
    const [loan] = await db().select().from(loans).where(eq(loans.loanRef, loanRef));
    const [first] = await db()
      .select()
      .from(loanInstalments)
      .where(and(eq(loanInstalments.loanId, loan!.id), eq(loanInstalments.number, 1)));

    const { session, list } = await openPay(client.phone);
    const lines = list.screen.split('\n').filter((line) => /^[1-8]\. /.test(line));
    expect(lines).toEqual([`1. Loan ${loanRef} instalment`]);
    const confirm = await session.answer('1');
    expect(confirm.screen).toContain(
      `Amount: KES ${new Intl.NumberFormat('en-KE').format(first!.amount / 100)}`,
    );
    const done = await session.answer('1');
    expect(done.screen).toContain('Enter your M-Pesa PIN');

    const [payment] = await db().select().from(payments).where(eq(payments.loanId, loan!.id));
    expect(payment).toMatchObject({ purpose: 'loan', phone: client.msisdn, amount: first!.amount });
    await waitSucceeded(ctx, payment!.paymentSystemRef, 20_000);
    const waiting = await waitUntil(
      async () => (await db().select().from(loans).where(eq(loans.id, loan!.id)))[0]!,
      (row) => row.status === 'PENDING',
    );
    expect(waiting.status).toBe('PENDING'); // the first instalment paid: now with the lender
  }, 90_000);

  it('every screen it can show has its English and its Kiswahili', () => {
    for (const [key, text] of Object.entries(PAY_TEXTS)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.sw.trim(), key).not.toBe('');
      expect(text.sw, key).not.toBe(text.en);
    }
  });
});
