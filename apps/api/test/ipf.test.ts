import { findPricingBand, loanSchedule } from '@bima/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import {
  invoices,
  lenders,
  loanEvents,
  loanPricingBands,
  loanPricingTables,
  loans,
  mailQueue,
  notifications,
  policies,
  quotations,
  users,
} from '../src/db/schema';
import { ClockNotSettableError, createClock } from '../src/lib/clock';
import { formatAmount } from '../src/lib/language';
import { accountSums } from '../src/modules/ledger/service';
import { runArrearsProcess, runLoanJobs, sendInstalmentReminders } from '../src/modules/loan/jobs';
import { SAMPLE_IPF_BANDS, SAMPLE_LENDER } from '../src/modules/loan/seed-data';
import { call, loginUser, registerUser, uniqueEmail } from './accounts-helpers';
import { buildListeningTestApp, buildTestApp, type TestContext } from './helpers';
import { pdfTextContent } from './pdf-raster';
import {
  giveKyc,
  invoiceFor,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { type Headers, send, signInAs } from './staff-helpers';

const LENDER = 'lender@mavuno-finance.example';
const DAY = 86_400_000;

describe('premium financing (IPF): pricing, applications, the lender, instalments, arrears', () => {
  let ctx: TestContext;
  let lender: Headers;
  const db = () => ctx.database.db;
  const context = () => ({ db: db(), services: ctx.app.services, log: ctx.app.log, config: ctx.config });

  beforeAll(async () => {
    ctx = await buildListeningTestApp({
      ...MPESA_TEST_ENV,
      LOAN_GRACE_DAYS: '7',
      LOAN_NOTICE_DAYS: '7',
      LOAN_REMINDER_DAYS: '7,1',
    });
    lender = (await signInAs(ctx, LENDER)).headers;
  }, 120_000);
  afterAll(async () => {
    ctx.app.services.clock.reset();
    await ctx.app.close();
  });

  const client = () => newSignedInClient(ctx);

  const act = (path: string, data: unknown, headers: Headers) => send(ctx, path, data, headers);
  const ok = async (path: string, data: unknown, headers: Headers) => {
    const answer = await act(path, data, headers);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result.data;
  };

  const waitPaid = (paymentRef: string) => waitSucceeded(ctx, paymentRef, 15_000);

  /** A client with an invoice, and an application for it over `months`. */
  async function application(months = 6) {
    const owner = await client();
    const invoice = await invoiceFor(ctx, owner.headers);
    const loan = await ok(
      'client/ipf/apply',
      { invoiceSystemRef: invoice.invoiceSystemRef, months, acceptTerms: true },
      owner.headers,
    );
    return { ...owner, invoice, loan };
  }

  /** Pays the first instalment by M-Pesa (the simulator) and waits for the money. */
  async function payByMpesa(headers: Headers, loanRef: string, target: 'next' | 'settle' = 'next') {
    const started = await ok('client/loan/payByMpesa', { loanRef, target, phone: '0712345678' }, headers);
    await waitPaid(started.paymentRef);
    return started;
  }

  const getLoan = (headers: Headers, loanRef: string) => ok('client/loan/getLoan', { loanRef }, headers);

  /** An approved loan: applied, first instalment paid by M-Pesa, approved by the sample lender. */
  async function activeLoan(months = 6) {
    const made = await application(months);
    await payByMpesa(made.headers, made.loan.loanRef);
    await waitUntil(
      () => getLoan(made.headers, made.loan.loanRef),
      (loan) => loan.status === 'PENDING',
    );
    const approved = await ok(
      'lender/application/approveApplication',
      { loanRef: made.loan.loanRef },
      lender,
    );
    expect(approved.status).toBe('ACTIVE');
    return { ...made, loan: approved };
  }

  /** Every amount on the wire is in cents; `kes` is the shillings a text shows. */
  const kes = (cents: number) => cents / 100;

  /** Tops the wallet up by `amount` cents. */
  async function topUp(headers: Headers, amount: number) {
    const started = await ok('client/wallet/topUp', { amount, phone: PAYS }, headers);
    await waitPaid(started.paymentRef);
  }

  const loanOwed = async (loanId: number) =>
    (await accountSums(db(), [{ kind: 'loan', loanId, userId: 'x' }])).get(`loan:${loanId}`) ?? 0;

  const loanRow = async (loanRef: string) =>
    (await db().select().from(loans).where(eq(loans.loanRef, loanRef)))[0]!;

  /** The audit log's entries about one loan, newest first, as the admin reads them. */
  async function auditOf(loanRef: string, language = 'en') {
    const admin = (await signInAs(ctx, 'admin@bimaportal.co.ke')).headers;
    const log = await ok(
      'admin/audit/listAuditLog',
      { entityType: 'loan', pageSize: 100 },
      { ...admin, 'accept-language': language },
    );
    return log.items.filter((entry: { entityId: string }) => entry.entityId === loanRef);
  }

  describe('pricing and eligibility', () => {
    it('offers every term from the lender’s pricing rows: schedule, fee, total cost and rates', async () => {
      const owner = await client();
      const invoice = await invoiceFor(ctx, owner.headers);
      const offer = await ok(
        'client/ipf/getOffer',
        { invoiceSystemRef: invoice.invoiceSystemRef },
        owner.headers,
      );
      expect(offer).toMatchObject({
        eligible: true,
        reason: null,
        minPremium: 25_000_00,
        premium: invoice.amount,
      });
      expect(offer.options.map((option: { months: number }) => option.months)).toEqual([
        4, 5, 6, 7, 8, 9, 10,
      ]);
      const today = ctx.app.services.clock.today();
      for (const option of offer.options) {
        const band = findPricingBand(SAMPLE_IPF_BANDS, invoice.amount, option.months)!;
        const schedule = loanSchedule({ principal: invoice.amount, band, startDate: today });
        expect(option.lender.name).toBe(SAMPLE_LENDER.name);
        expect(option.fee).toBe(schedule.fee);
        expect(option.totalRepayable).toBe(schedule.totalRepayable);
        expect(option.feeRatePercent).toBe(schedule.feeRateBps / 100);
        expect(option.annualRatePercent).toBe(schedule.annualRateBps / 100);
        expect(option.instalments).toHaveLength(option.months);
        expect(option.instalments[0].dueDate).toBe(today);
        const sum = option.instalments.reduce(
          (total: number, row: { amount: number }) => total + row.amount,
          0,
        );
        expect(sum).toBe(option.totalRepayable);
      }
    });

    it('prices from the table in force: a newer table of the lender takes over from its date', async () => {
      const owner = await client();
      const invoice = await invoiceFor(ctx, owner.headers);
      const [lenderRow] = await db()
        .select()
        .from(lenders)
        .where(eq(lenders.systemRef, SAMPLE_LENDER.systemRef));
      const today = ctx.app.services.clock.today();
      const [table] = await db()
        .insert(loanPricingTables)
        .values({
          lenderId: lenderRow!.id,
          product: 'ipf',
          name: 'Test: cheaper from today',
          effectiveFrom: today,
        })
        .returning();
      await db().insert(loanPricingBands).values({
        tableId: table!.id,
        minPrincipal: 0,
        maxPrincipal: null,
        months: 4,
        facilityFee: 100_00,
        monthlyRatePpm: null,
      });
      try {
        const offer = await ok(
          'client/ipf/getOffer',
          { invoiceSystemRef: invoice.invoiceSystemRef },
          owner.headers,
        );
        // Only the 4-month term is in the newer table.
        expect(offer.options.map((option: { months: number }) => option.months)).toEqual([4]);
        expect(offer.options[0].fee).toBe(100_00);
      } finally {
        await db().delete(loanPricingBands).where(eq(loanPricingBands.tableId, table!.id));
        await db().delete(loanPricingTables).where(eq(loanPricingTables.id, table!.id));
      }
    });

    it('says why an invoice cannot be financed: a short cover, paid, another client’s (404)', async () => {
      const owner = await client();
      const invoice = await invoiceFor(ctx, owner.headers);
      const offer = (ref: string, headers: Headers) =>
        act('client/ipf/getOffer', { invoiceSystemRef: ref }, headers);

      const stranger = await client();
      expect((await offer(invoice.invoiceSystemRef, stranger.headers)).status).toBe(404);
      expect(
        (
          await act(
            'client/ipf/apply',
            { invoiceSystemRef: invoice.invoiceSystemRef, months: 6, acceptTerms: true },
            stranger.headers,
          )
        ).status,
      ).toBe(404);

      // Short cover: financing is for annual covers.
      const [row] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoice.invoiceSystemRef));
      await db().update(quotations).set({ periodDays: 30 }).where(eq(quotations.id, row!.quotationId));
      const short = (await offer(invoice.invoiceSystemRef, owner.headers)).body.result.data;
      expect(short).toMatchObject({ eligible: false, reasonCode: 'NOT_ANNUAL', options: [] });
      const refused = await act(
        'client/ipf/apply',
        { invoiceSystemRef: invoice.invoiceSystemRef, months: 6, acceptTerms: true },
        owner.headers,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.err_code).toBe('NOT_ANNUAL');
      await db().update(quotations).set({ periodDays: 365 }).where(eq(quotations.id, row!.quotationId));

      // Paid: nothing to finance.
      await topUp(owner.headers, invoice.amount);
      await ok(
        'client/wallet/payInvoice',
        { invoiceSystemRef: invoice.invoiceSystemRef, amount: invoice.amount },
        owner.headers,
      );
      expect((await offer(invoice.invoiceSystemRef, owner.headers)).body.result.data).toMatchObject({
        eligible: false,
        reasonCode: 'INVOICE_PAID',
      });
    });

    it('refuses an invoice below IPF_MIN_PREMIUM with the minimum in the message', async () => {
      const strict = await buildTestApp({
        env: { IPF_MIN_PREMIUM: '10000000', AUTH_RATE_LIMIT_SCALE: '100' },
      });
      try {
        const email = await registerUser(strict);
        const headers = { accesstoken: (await loginUser(strict, email)).accessToken };
        await giveKyc(strict, headers);
        const invoice = await invoiceFor(strict, headers);
        const answer = await call(
          strict,
          'client',
          'ipf',
          'getOffer',
          { invoiceSystemRef: invoice.invoiceSystemRef },
          headers,
        );
        expect(answer.json().result.data).toMatchObject({
          eligible: false,
          reasonCode: 'BELOW_MINIMUM',
          reason: 'Premium financing starts from KES 10,000,000.',
        });
      } finally {
        await strict.app.close();
      }
    });

    it('refuses terms outside 4–10 months and an application without accepting the schedule (400)', async () => {
      const owner = await client();
      const invoice = await invoiceFor(ctx, owner.headers);
      for (const data of [
        { invoiceSystemRef: invoice.invoiceSystemRef, months: 3, acceptTerms: true },
        { invoiceSystemRef: invoice.invoiceSystemRef, months: 11, acceptTerms: true },
        { invoiceSystemRef: invoice.invoiceSystemRef, months: 6 },
      ]) {
        const answer = await act('client/ipf/apply', data, owner.headers);
        expect(answer.status, JSON.stringify(data)).toBe(400);
      }
    });
  });

  describe('applying, the first instalment and the lender', () => {
    it('applies once per invoice; the first instalment by M-Pesa sends it to the lender’s queue', async () => {
      const made = await application(6);
      expect(made.loan).toMatchObject({
        status: 'AWAITING_DEPOSIT',
        months: 6,
        invoiceSystemRef: made.invoice.invoiceSystemRef,
      });
      expect(made.loan.amountDueNow).toBe(made.loan.firstInstalment);
      // Nothing is outstanding before the lender pays: the premium it is asked to finance is shown.
      expect(made.loan.toBeFinanced).toBe(made.invoice.amount);
      const again = await act(
        'client/ipf/apply',
        { invoiceSystemRef: made.invoice.invoiceSystemRef, months: 4, acceptTerms: true },
        made.headers,
      );
      expect(again.status).toBe(409);
      expect(again.body.err_code).toBe('ALREADY_APPLIED');

      // Not in the lender's queue until the first instalment is paid.
      const before = await ok(
        'lender/application/listApplications',
        { status: 'PENDING', pageSize: 100 },
        lender,
      );
      expect(before.items.map((item: { loanRef: string }) => item.loanRef)).not.toContain(made.loan.loanRef);

      await payByMpesa(made.headers, made.loan.loanRef);
      const pending = await waitUntil(
        () => getLoan(made.headers, made.loan.loanRef),
        (loan) => loan.status === 'PENDING',
      );
      expect(pending).toMatchObject({
        status: 'PENDING',
        paid: made.loan.firstInstalment,
        outstanding: -made.loan.firstInstalment,
        toBeFinanced: made.invoice.amount,
      });
      // The lender's application screen says the same.
      expect(
        await ok('lender/application/getApplication', { loanRef: made.loan.loanRef }, lender),
      ).toMatchObject({ status: 'PENDING', toBeFinanced: made.invoice.amount });
      const queue = await ok(
        'lender/application/listApplications',
        { status: 'PENDING', pageSize: 100 },
        lender,
      );
      const listed = queue.items.find((item: { loanRef: string }) => item.loanRef === made.loan.loanRef);
      expect(listed).toMatchObject({ status: 'PENDING', client: { email: expect.any(String) } });
      // The lender's users were told.
      const [lenderUser] = await db().select().from(users).where(eq(users.email, LENDER));
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, lenderUser!.id), eq(notifications.kind, 'loan_application')));
      expect(told.some((row) => row.title.includes(made.loan.loanRef))).toBe(true);

      const list = await ok('client/ipf/listRequests', { page: 1, pageSize: 5 }, made.headers);
      expect(list).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    });

    it('on approval the lender pays the invoice, the policy is issued at once, financed, and the statement shows the loan', async () => {
      const made = await activeLoan(6);
      const loan = made.loan;
      const row = await loanRow(loan.loanRef);
      expect(loan.policy).toMatchObject({ status: 'ACTIVE', policyNumber: expect.stringMatching(/^BIMA\//) });
      // The invoice is paid in the ledger; the loan owes the rest of principal + fee.
      const invoice = await ok(
        'client/invoice/getInvoice',
        { invoiceSystemRef: made.invoice.invoiceSystemRef },
        made.headers,
      );
      expect(invoice).toMatchObject({ status: 'PAID', balance: 0, amountPaid: made.invoice.amount });
      expect(loan.outstanding).toBe(loan.totalRepayable - loan.firstInstalment);
      expect(await loanOwed(row.id)).toBe(loan.totalRepayable - loan.firstInstalment);
      const policy = await ok('client/policy/getPolicy', { id: loan.policy.id }, made.headers);
      expect(loan.toBeFinanced).toBeNull();
      expect(policy).toMatchObject({
        status: 'ACTIVE',
        financing: {
          loanRef: loan.loanRef,
          lenderName: SAMPLE_LENDER.name,
          status: 'ACTIVE',
          paidAt: loan.decidedAt,
          firstInstalment: {
            amount: loan.firstInstalment,
            paidAt: loan.depositPaidAt,
            receipts: [expect.stringMatching(/^[A-Z0-9]{10}$/)],
          },
        },
        cancellation: null,
        receiptNumber: `LOAN-${loan.loanRef}`,
        paidFrom: SAMPLE_LENDER.name,
        paidAt: loan.decidedAt,
      });
      // The receipt says how it was paid: the lender, the loan, the first instalment with its receipt.
      const receipt = await ctx.app.inject({ method: 'GET', url: policy.documents.receipt });
      expect(receipt.statusCode).toBe(200);
      const text = (await pdfTextContent(receipt.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(`Premium financed by ${SAMPLE_LENDER.name} Loan ${loan.loanRef}`);
      expect(text).toContain(`M-Pesa receipt ${policy.financing.firstInstalment.receipts[0]}`);
      expect(text).not.toContain(`LOAN-${loan.loanRef}`);
      expect(text).not.toContain('N/A');
      const statement = await ok('client/account/getStatement', { pageSize: 100 }, made.headers);
      const accounts = statement.items.map((item: { account: string }) => item.account);
      expect(accounts).toContain(`Loan ${loan.loanRef}`);
      expect(statement.items.map((item: { kind: string }) => item.kind)).toEqual(
        expect.arrayContaining(['invoice_billed', 'instalment', 'loan_disbursement', 'fee']),
      );
      // Owed on the statement = what the loan still owes.
      expect(statement.closingBalance).toBe(loan.outstanding);
      // A second approval is refused.
      const twice = await act('lender/application/approveApplication', { loanRef: loan.loanRef }, lender);
      expect(twice.status).toBe(409);
      // The audit log says who approved what, when, in words, with the status before and after.
      expect(await auditOf(loan.loanRef)).toMatchObject([
        {
          actor: { email: LENDER, role: 'lender' },
          at: expect.any(String),
          summary: `Approved loan ${loan.loanRef} of ${formatAmount(row.principal, 'en')} for 6 months`,
          changes: [{ what: 'Loan status', before: 'Waiting for the lender', after: 'Active' }],
        },
      ]);
      expect((await auditOf(loan.loanRef, 'sw'))[0].summary).toBe(
        `Aliidhinisha mkopo ${loan.loanRef} wa ${formatAmount(row.principal, 'sw')} kwa miezi 6`,
      );
    });

    it('declines with a reason: the first instalment goes back to the wallet', async () => {
      const made = await application(4);
      await payByMpesa(made.headers, made.loan.loanRef);
      await waitUntil(
        () => getLoan(made.headers, made.loan.loanRef),
        (loan) => loan.status === 'PENDING',
      );
      const short = await act(
        'lender/application/declineApplication',
        { loanRef: made.loan.loanRef, reason: '' },
        lender,
      );
      expect(short.status).toBe(400);
      const declined = await ok(
        'lender/application/declineApplication',
        { loanRef: made.loan.loanRef, reason: 'We could not verify the KRA PIN' },
        lender,
      );
      expect(declined).toMatchObject({
        status: 'DECLINED',
        declineReason: 'We could not verify the KRA PIN',
        outstanding: 0,
      });
      const wallet = await ok('client/wallet/getWallet', {}, made.headers);
      expect(wallet.balance).toBe(made.loan.firstInstalment);
      const row = await loanRow(made.loan.loanRef);
      expect(await auditOf(made.loan.loanRef)).toMatchObject([
        {
          actor: { email: LENDER, role: 'lender' },
          at: expect.any(String),
          summary: `Declined loan application ${made.loan.loanRef} of ${formatAmount(row.principal, 'en')} for 4 months`,
          changes: [
            { what: 'Loan status', before: 'Waiting for the lender', after: 'Declined' },
            { what: 'Reason', before: null, after: 'We could not verify the KRA PIN' },
          ],
        },
      ]);
      const loan = await getLoan(made.headers, made.loan.loanRef);
      expect(loan.events.map((event: { kind: string }) => event.kind)).toEqual([
        'applied',
        'deposit_paid',
        'declined',
      ]);
      // The invoice can be paid, or financed again.
      const offer = await ok(
        'client/ipf/getOffer',
        { invoiceSystemRef: made.invoice.invoiceSystemRef },
        made.headers,
      );
      expect(offer.eligible).toBe(true);
    });

    it('withdraws an application paid another way meanwhile instead of paying the invoice twice', async () => {
      const made = await application(4);
      await payByMpesa(made.headers, made.loan.loanRef);
      await waitUntil(
        () => getLoan(made.headers, made.loan.loanRef),
        (loan) => loan.status === 'PENDING',
      );
      await topUp(made.headers, made.invoice.amount);
      // The wallet holds the top-up; pay the invoice from it.
      await ok(
        'client/wallet/payInvoice',
        { invoiceSystemRef: made.invoice.invoiceSystemRef, amount: made.invoice.amount },
        made.headers,
      );
      const answer = await ok(
        'lender/application/approveApplication',
        { loanRef: made.loan.loanRef },
        lender,
      );
      expect(answer.status).toBe('WITHDRAWN');
      const wallet = await ok('client/wallet/getWallet', {}, made.headers);
      expect(wallet.balance).toBe(made.loan.firstInstalment);
      const row = await loanRow(made.loan.loanRef);
      // The lender's decision is in the audit log as what happened: withdrawn, not approved.
      expect(await auditOf(made.loan.loanRef)).toMatchObject([
        {
          actor: { email: LENDER, role: 'lender' },
          at: expect.any(String),
          summary: `Could not approve loan ${made.loan.loanRef} of ${formatAmount(row.principal, 'en')}: withdrawn, as the invoice was paid another way before the lender paid it`,
          changes: [{ what: 'Loan status', before: 'Waiting for the lender', after: 'Withdrawn' }],
        },
      ]);
    });

    it('approves automatically within the lender’s limit when it has one (off by default)', async () => {
      await db()
        .update(lenders)
        .set({ autoApproveMaxPrincipal: 10_000_000_00 })
        .where(eq(lenders.systemRef, SAMPLE_LENDER.systemRef));
      try {
        const made = await application(5);
        await topUp(made.headers, made.loan.firstInstalment);
        const paid = await ok(
          'client/loan/payFromWallet',
          { loanRef: made.loan.loanRef, requestId: 'auto-approve-1' },
          made.headers,
        );
        expect(paid.loan).toMatchObject({
          status: 'ACTIVE',
          autoApproved: true,
          policy: { status: 'ACTIVE' },
        });
        // An automatic approval is in the audit log too, as the system's decision.
        const row = await loanRow(made.loan.loanRef);
        expect(await auditOf(made.loan.loanRef)).toMatchObject([
          {
            actor: { userId: null, role: 'system' },
            summary: `Approved loan ${made.loan.loanRef} of ${formatAmount(row.principal, 'en')} for 5 months automatically, within the lender's limits`,
            changes: [{ what: 'Loan status', before: 'Waiting for the lender', after: 'Active' }],
          },
        ]);
      } finally {
        await db()
          .update(lenders)
          .set({ autoApproveMaxPrincipal: null })
          .where(eq(lenders.systemRef, SAMPLE_LENDER.systemRef));
      }
    });
  });

  describe('authorisation', () => {
    it('another client’s loan is 404; another lender sees none of this lender’s applications', async () => {
      const made = await application(4);
      const stranger = await client();
      for (const path of ['client/loan/getLoan', 'client/loan/withdraw']) {
        expect((await act(path, { loanRef: made.loan.loanRef }, stranger.headers)).status, path).toBe(404);
      }
      expect(
        (
          await act(
            'client/loan/payByMpesa',
            { loanRef: made.loan.loanRef, phone: '0712345678' },
            stranger.headers,
          )
        ).status,
      ).toBe(404);
      expect(
        (await act('client/loan/payFromWallet', { loanRef: made.loan.loanRef }, stranger.headers)).status,
      ).toBe(404);

      const [other] = await db()
        .insert(lenders)
        .values({
          systemRef: `LND-TEST-${Date.now()}`,
          name: 'Other Lender',
          primaryEmail: 'other@lender.example',
        })
        .returning();
      const email = uniqueEmail('other-lender');
      await db()
        .insert(users)
        .values({
          email,
          firstName: 'Other',
          lastName: 'Lender',
          role: 'lender',
          status: 'ACTIVE',
          lenderId: other!.id,
          passwordHash: await hashPassword('Other-Lender-2026!'),
          passwordChangedAt: new Date(),
        });
      const otherLender = (await signInAs(ctx, email, 'Other-Lender-2026!')).headers;
      for (const path of [
        'lender/application/getApplication',
        'lender/application/approveApplication',
        'lender/application/declineApplication',
      ]) {
        const answer = await act(
          path,
          { loanRef: made.loan.loanRef, reason: 'Not ours to decide' },
          otherLender,
        );
        expect(answer.status, path).toBe(404);
      }
      const list = await ok('lender/application/listApplications', { status: 'ALL' }, otherLender);
      expect(list.total).toBe(0);
      // Clients and other staff cannot reach the lender's actions.
      expect((await act('lender/application/listApplications', {}, made.headers)).status).toBe(403);
      const admin = (await signInAs(ctx, 'admin@bimaportal.co.ke')).headers;
      expect((await act('lender/application/listApplications', {}, admin)).status).toBe(403);
    });
  });

  describe('instalments and early settlement', () => {
    it('pays the next instalment from the wallet and by M-Pesa; the ledger says what is paid and owed', async () => {
      const made = await activeLoan(6);
      const instalment = made.loan.nextInstalment;
      expect(instalment.number).toBe(2);
      await topUp(made.headers, instalment.amount);
      const fromWallet = await ok(
        'client/loan/payFromWallet',
        { loanRef: made.loan.loanRef, requestId: 'pay-2-abcdef' },
        made.headers,
      );
      expect(fromWallet.loan.instalments[1]).toMatchObject({ number: 2, state: 'paid' });
      expect(fromWallet.walletBalance).toBe(0);
      // The same request again pays nothing more.
      const replay = await ok(
        'client/loan/payFromWallet',
        { loanRef: made.loan.loanRef, requestId: 'pay-2-abcdef' },
        made.headers,
      );
      expect(replay.loan.paid).toBe(fromWallet.loan.paid);
      // Not enough in the wallet: 400 with the reason.
      const broke = await act('client/loan/payFromWallet', { loanRef: made.loan.loanRef }, made.headers);
      expect(broke.status).toBe(400);
      expect(broke.body.err_code).toBe('WALLET_INSUFFICIENT');

      await payByMpesa(made.headers, made.loan.loanRef);
      const after = await waitUntil(
        () => getLoan(made.headers, made.loan.loanRef),
        (loan) => loan.instalments[2].state === 'paid',
      );
      expect(after.paid).toBe(made.loan.firstInstalment + 2 * instalment.amount);
      expect(after.outstanding).toBe(made.loan.totalRepayable - after.paid);
      expect(after.nextInstalment.number).toBe(4);
    });

    it('settles early with the fees of instalments not yet due waived, and says the rule', async () => {
      const made = await activeLoan(6);
      const settlement = made.loan.settlement;
      expect(settlement.rule).toMatch(/fees of instalments not yet due are waived/);
      // Today only the first instalment is due: the fee parts of instalments 2–6 are waived.
      const waived = made.loan.instalments
        .slice(1)
        .reduce((sum: number, row: { fee: number }) => sum + row.fee, 0);
      expect(settlement.waivedFee).toBe(waived);
      expect(settlement.amount).toBe(made.loan.outstanding - waived);
      await topUp(made.headers, settlement.amount);
      const settled = await ok(
        'client/loan/payFromWallet',
        { loanRef: made.loan.loanRef, target: 'settle', requestId: 'settle-abcdef' },
        made.headers,
      );
      expect(settled.loan).toMatchObject({ status: 'SETTLED', outstanding: 0, settlement: null });
      const row = await loanRow(made.loan.loanRef);
      expect(await loanOwed(row.id)).toBe(0);
      const nothing = await act('client/loan/payFromWallet', { loanRef: made.loan.loanRef }, made.headers);
      expect(nothing.status).toBe(409);
      expect(nothing.body.err_code).toBe('LOAN_NOTHING_DUE');
      const mine = await ok('client/loan/listLoans', {}, made.headers);
      expect(mine.items[0]).toMatchObject({ loanRef: made.loan.loanRef, status: 'SETTLED' });
    });
  });

  describe('the scheduled jobs: reminders and the arrears process', () => {
    const advanceTo = (day: string) => {
      const clock = ctx.app.services.clock;
      clock.advance(Date.parse(`${day}T09:00:00Z`) - Date.parse(`${clock.today()}T09:00:00Z`));
    };
    const eventsOf = async (loanRef: string) => {
      const row = await loanRow(loanRef);
      return db().select().from(loanEvents).where(eq(loanEvents.loanId, row.id));
    };
    const noticesOf = (userId: string, kind: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
        .orderBy(asc(notifications.id));

    it('reminds before an instalment once per stage, however often or wherever the job runs', async () => {
      const made = await activeLoan(4);
      const second = made.loan.instalments[1];
      try {
        advanceTo(made.loan.instalments[1].dueDate);
        ctx.app.services.clock.advance(-5 * DAY);
        await Promise.all([
          sendInstalmentReminders(context(), { days: [7, 1] }),
          sendInstalmentReminders(context(), { days: [7, 1] }),
        ]);
        await sendInstalmentReminders(context(), { days: [7, 1] });
        let reminders = await noticesOf(made.userId, 'instalment_reminder');
        expect(reminders).toHaveLength(1);
        expect(reminders[0]!.body).toContain(
          `Instalment 2 of KES ${kes(second.amount).toLocaleString('en-KE')}`,
        );
        ctx.app.services.clock.advance(4 * DAY);
        await sendInstalmentReminders(context(), { days: [7, 1] });
        await sendInstalmentReminders(context(), { days: [7, 1] });
        reminders = await noticesOf(made.userId, 'instalment_reminder');
        expect(reminders).toHaveLength(2);
        expect(reminders.map((row) => row.title)).toContain(
          `Loan ${made.loan.loanRef}: instalment due tomorrow`,
        );
        // And by e-mail.
        const [owner] = await db().select().from(users).where(eq(users.id, made.userId));
        const mails = await db().select().from(mailQueue).where(eq(mailQueue.to, owner!.email));
        expect(mails.filter((mail) => mail.subject.includes('instalment due'))).toHaveLength(2);
      } finally {
        ctx.app.services.clock.reset();
      }
    });

    it('missed instalment → grace → notice → cancellation with the unearned premium refunded to the lender (twice, concurrently: once)', async () => {
      const made = await activeLoan(6);
      const row = await loanRow(made.loan.loanRef);
      const due = made.loan.instalments[1].dueDate;
      try {
        // The day after the second instalment's due date: missed.
        advanceTo(due);
        ctx.app.services.clock.advance(DAY);
        await Promise.all([runArrearsProcess(context()), runArrearsProcess(context())]);
        let loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.arrears).toMatchObject({ stage: 'overdue', daysLate: 1, instalmentNumber: 2 });
        expect((await noticesOf(made.userId, 'loan_arrears')).map((n) => n.title)).toEqual([
          `Loan ${made.loan.loanRef}: instalment 2 missed`,
        ]);

        // Past the grace period: the notice.
        ctx.app.services.clock.advance(7 * DAY);
        await runLoanJobs(context());
        await runLoanJobs(context());
        loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.arrears.stage).toBe('notice');
        expect(await noticesOf(made.userId, 'loan_arrears')).toHaveLength(2);

        // Past the notice: the lender asks the insurer to cancel; the policy is cancelled.
        ctx.app.services.clock.advance(7 * DAY);
        const cancelDay = ctx.app.services.clock.today();
        // (Other tests' loans are overdue too by now: they are cancelled alongside.)
        await Promise.all([runArrearsProcess(context()), runArrearsProcess(context())]);
        await runArrearsProcess(context());

        loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.status).toBe('CANCELLED');
        expect(loan.policy).toMatchObject({ status: 'CANCELLED', cancelledOn: cancelDay });
        expect(loan.events.map((event: { kind: string }) => event.kind)).toEqual([
          'applied',
          'deposit_paid',
          'approved',
          'overdue',
          'notice',
          'cancellation_requested',
          'cancelled',
        ]);
        const policy = await ok('client/policy/getPolicy', { id: loan.policy.id }, made.headers);
        expect(policy.status).toBe('CANCELLED');
        expect(policy.cancellation.reason).toMatch(/instalments of loan .* were not paid/);

        // The refund: pro rata by days of the premium, to the lender, set against the loan.
        const [policyRow] = await db().select().from(policies).where(eq(policies.id, loan.policy.id));
        const period = (Date.parse(policyRow!.endDate) - Date.parse(policyRow!.startDate)) / DAY + 1;
        const covered = (Date.parse(cancelDay) - Date.parse(policyRow!.startDate)) / DAY + 1;
        const expected = Math.floor((made.invoice.amount * (period - covered)) / period);
        expect(loan.refundToLender).toBe(expected);
        const [lenderRow] = await db().select().from(lenders).where(eq(lenders.id, row.lenderId));
        const sums = await accountSums(db(), [
          { kind: 'lender', lenderId: lenderRow!.id },
          { kind: 'underwriter', underwriterId: 'apa' },
        ]);
        // The lender's account received the refund and passed it to the loan.
        expect(sums.get(`lender:${lenderRow!.id}`)).toBe(0);
        const refundRows = (await db().execute(
          sql`select kind, description from ledger_transactions where key = ${`premium-refund:${loan.policy.id}`}`,
        )) as unknown as { rows: Array<{ kind: string; description: string }> };
        expect(refundRows.rows[0]).toMatchObject({ kind: 'premium_refund' });
        expect(refundRows.rows[0]!.description).toContain(`refunded to ${SAMPLE_LENDER.name}`);
        // What the loan still owes after the refund and the waived fees.
        const owed = await loanOwed(row.id);
        expect(loan.outstanding).toBe(owed);
        expect(owed).toBeGreaterThanOrEqual(0);
        // The client was told each step (in-app and by e-mail), and the lender too.
        const told = await noticesOf(made.userId, 'loan_arrears');
        expect(told.map((n) => n.title)).toEqual([
          `Loan ${made.loan.loanRef}: instalment 2 missed`,
          `Loan ${made.loan.loanRef}: notice before cancellation`,
          `Loan ${made.loan.loanRef}: policy cancelled`,
        ]);
        expect(told[2]!.body).toContain(`refunded to ${SAMPLE_LENDER.name}`);
        // Nothing more can be paid as an instalment; the events stay once each.
        expect(
          (await act('client/loan/payFromWallet', { loanRef: made.loan.loanRef }, made.headers)).status,
        ).toBe(409);
        expect(await eventsOf(made.loan.loanRef)).toHaveLength(7);
        // The cancellation is in the audit log once, by the system, with the values it moved.
        const cancelled = (await auditOf(made.loan.loanRef)).filter(
          (entry: { action: string }) => entry.action === 'system/loan/cancelForArrears',
        );
        expect(cancelled).toMatchObject([
          {
            actor: { userId: null, role: 'system' },
            summary: expect.stringMatching(
              new RegExp(
                `^Cancelled loan ${made.loan.loanRef} for arrears: KES [\\d,.]+ still overdue \\d+ days after instalment 2 fell due$`,
              ),
            ),
            changes: [
              { what: 'Loan status', before: 'Active', after: 'Cancelled' },
              { what: 'Overdue', before: null, after: expect.stringMatching(/^KES /) },
              {
                what: 'Refund to the lender',
                before: null,
                after: formatAmount(loan.refundToLender, 'en'),
              },
            ],
          },
        ]);
      } finally {
        ctx.app.services.clock.reset();
      }
    });

    it('never cancels without the notice: a job that did not run sends it first, then waits its days', async () => {
      const made = await activeLoan(4);
      try {
        // 30 days past the second instalment, nothing was sent (the jobs did not run).
        advanceTo(made.loan.instalments[1].dueDate);
        ctx.app.services.clock.advance(30 * DAY);
        await runArrearsProcess(context());
        let loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.status).toBe('ACTIVE');
        expect(loan.events.map((event: { kind: string }) => event.kind)).toContain('notice');
        ctx.app.services.clock.advance(6 * DAY);
        await runArrearsProcess(context());
        expect((await getLoan(made.headers, made.loan.loanRef)).status).toBe('ACTIVE');
        ctx.app.services.clock.advance(DAY);
        await runArrearsProcess(context());
        loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.status).toBe('CANCELLED');
      } finally {
        ctx.app.services.clock.reset();
      }
    });

    it('the clock moves only outside production', () => {
      const clock = createClock({ settable: false });
      expect(() => clock.advance(DAY)).toThrow(ClockNotSettableError);
      expect(() => clock.reset()).toThrow(ClockNotSettableError);
      expect(clock.offsetMs()).toBe(0);
    });

    it('paying the arrears stops the process', async () => {
      const made = await activeLoan(4);
      try {
        advanceTo(made.loan.instalments[1].dueDate);
        ctx.app.services.clock.advance(3 * DAY);
        await runArrearsProcess(context());
        let loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.arrears.stage).toBe('overdue');
        await topUp(made.headers, loan.amountDueNow);
        await ok(
          'client/loan/payFromWallet',
          { loanRef: made.loan.loanRef, requestId: 'arrears-abcdef' },
          made.headers,
        );
        ctx.app.services.clock.advance(20 * DAY);
        // The third instalment is now overdue too (1 day): a new overdue, no cancellation.
        const counts = await runArrearsProcess(context());
        expect(counts.cancelled).toBe(0);
        loan = await getLoan(made.headers, made.loan.loanRef);
        expect(loan.status).toBe('ACTIVE');
      } finally {
        ctx.app.services.clock.reset();
      }
    });
  });
});
