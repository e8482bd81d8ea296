import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, lenders, mailQueue, notifications, payments } from '../src/db/schema';
import { accountSums } from '../src/modules/ledger/service';
import { runLoanJobs } from '../src/modules/loan/jobs';
import { settlePayment } from '../src/modules/payment/service';
import { buildListeningTestApp, type TestContext } from './helpers';
import { MPESA_TEST_ENV, newSignedInClient, waitSucceeded, waitUntil } from './purchase-helpers';
import { type Headers, send, signInAs } from './staff-helpers';

const LENDER = 'lender@mavuno-finance.example';
const DAY = 86_400_000;
/** Sample students (README): school, admission number, name, invoice. */
const ACHIENG = {
  schoolRef: 'SCH-S002',
  admissionNumber: 'BG-2041',
  studentName: 'Achieng Otieno',
  invoiceRef: 'SFI-BG2041-T127',
};
const BARAKA = {
  schoolRef: 'SCH-S001',
  admissionNumber: 'AH-1187',
  studentName: 'Baraka Kiprono Mutua',
  invoiceRef: 'SFI-AH1187-T127',
};
const CHEGE = {
  schoolRef: 'SCH-S004',
  admissionNumber: 'DB-5530',
  studentName: 'Chege Njoroge',
  invoiceRef: 'SFI-DB5530-T127',
};

describe('school fees: directory, children, invoices, M-Pesa and wallet payments, loans', () => {
  let ctx: TestContext;
  let lender: Headers;
  const db = () => ctx.database.db;
  const context = () => ({ db: db(), services: ctx.app.services, log: ctx.app.log, config: ctx.config });

  beforeAll(async () => {
    ctx = await buildListeningTestApp({
      ...MPESA_TEST_ENV,
      // Parts: M-Pesa takes at most KES 20,000 a prompt here.
      MPESA_MAX_AMOUNT: '20000',
      LOAN_GRACE_DAYS: '7',
      LOAN_NOTICE_DAYS: '7',
    });
    lender = (await signInAs(ctx, LENDER)).headers;
  }, 120_000);
  afterAll(async () => {
    await ctx.app.close();
  });

  const parent = () => newSignedInClient(ctx);
  const act = (path: string, data: unknown, headers: Headers) => send(ctx, path, data, headers);
  const ok = async (path: string, data: unknown, headers: Headers) => {
    const answer = await act(path, data, headers);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result.data;
  };
  const waitPaid = (paymentRef: string) => waitSucceeded(ctx, paymentRef, 20_000);
  const link = (headers: Headers, child: typeof ACHIENG) =>
    ok(
      'client/school/linkChild',
      { schoolRef: child.schoolRef, admissionNumber: child.admissionNumber, studentName: child.studentName },
      headers,
    );
  const invoiceOf = (headers: Headers, invoiceRef: string) =>
    ok('client/school/getInvoice', { invoiceRef }, headers);
  const schoolCode = async (invoiceRef: string) => {
    const [row] = await db()
      .select({ code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'school'));
    return row ? invoiceRef && row.code : null;
  };

  it('lists the sample schools by name, paginated, searchable by name, town or county and level', async () => {
    const { headers } = await parent();
    const first = await ok('client/school/listSchools', { page: 1, pageSize: 5 }, headers);
    expect(first.total).toBeGreaterThanOrEqual(12);
    expect(first.totalPages).toBe(Math.ceil(first.total / 5));
    const second = await ok('client/school/listSchools', { page: 2, pageSize: 5 }, headers);
    const names = [...first.items, ...second.items].map((school: { name: string }) => school.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(first.items[0].name).toMatch(/\(sample\)$/);
    const thika = await ok('client/school/listSchools', { search: 'thika', page: 1, pageSize: 10 }, headers);
    expect(thika.items.map((school: { schoolRef: string }) => school.schoolRef)).toEqual(['SCH-S002']);
    const nakuru = await ok(
      'client/school/listSchools',
      { search: 'Nakuru', level: 'secondary', page: 1, pageSize: 10 },
      headers,
    );
    expect(nakuru.items.map((school: { name: string }) => school.name)).toEqual([
      'Lakeside High School (sample)',
    ]);
    const none = await ok('client/school/listSchools', { search: '100%_', page: 1, pageSize: 10 }, headers);
    expect(none).toMatchObject({ items: [], total: 0, totalPages: 1 });
    expect((await act('client/school/listSchools', { page: 1 }, {})).status).toBe(403);
  });

  it('links a child by school, admission number and name; wrong details are field messages', async () => {
    const { headers } = await parent();
    const wrongAdmission = await act(
      'client/school/linkChild',
      { ...ACHIENG, admissionNumber: 'BG-9999' },
      headers,
    );
    expect(wrongAdmission.status).toBe(400);
    expect(wrongAdmission.body.errors).toEqual([
      { field: 'admissionNumber', message: 'The school has no student with this admission number.' },
    ]);
    const wrongName = await act(
      'client/school/linkChild',
      { ...ACHIENG, studentName: 'Wanjiku Kamau' },
      headers,
    );
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.errors[0].field).toBe('studentName');
    const otherSchool = await act('client/school/linkChild', { ...ACHIENG, schoolRef: 'SCH-S001' }, headers);
    expect(otherSchool.body.errors[0].field).toBe('admissionNumber');
    const empty = await act(
      'client/school/linkChild',
      { schoolRef: '', admissionNumber: '', studentName: '' },
      headers,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'admissionNumber',
      'schoolRef',
      'studentName',
    ]);
    const linked = await link(headers, {
      ...ACHIENG,
      admissionNumber: 'bg-2041',
      studentName: 'otieno ACHIENG',
    });
    expect(linked).toMatchObject({
      studentName: 'Achieng Wanjiru Otieno',
      alreadyLinked: false,
      school: { schoolRef: 'SCH-S002' },
    });
    expect((await link(headers, ACHIENG)).alreadyLinked).toBe(true);
    const children = await ok('client/school/listChildren', { page: 1, pageSize: 10 }, headers);
    expect(children.total).toBe(1);
    const invoices = await ok('client/school/listInvoices', { page: 1, pageSize: 10 }, headers);
    expect(invoices.items).toHaveLength(1);
    expect(invoices.items[0]).toMatchObject({
      invoiceRef: ACHIENG.invoiceRef,
      term: 'Term 1 2027',
      amount: 48_000_00,
      balance: 48_000_00,
      status: 'UNPAID',
    });
  });

  it('keeps another parent’s child and invoices to themselves (404), while two parents may link one child', async () => {
    const mother = await parent();
    const stranger = await parent();
    await link(mother.headers, BARAKA);
    expect(
      (await act('client/school/getInvoice', { invoiceRef: BARAKA.invoiceRef }, stranger.headers)).status,
    ).toBe(404);
    expect(
      (
        await act(
          'client/school/payFromWallet',
          { invoiceRef: BARAKA.invoiceRef, amount: 100_00 },
          stranger.headers,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await act(
          'client/school/payByMpesa',
          { invoiceRef: BARAKA.invoiceRef, phone: '0712345678' },
          stranger.headers,
        )
      ).status,
    ).toBe(404);
    expect(
      (await act('client/school/getLoanOffer', { invoiceRef: BARAKA.invoiceRef }, stranger.headers)).status,
    ).toBe(404);
    expect((await ok('client/school/listInvoices', { page: 1, pageSize: 10 }, stranger.headers)).total).toBe(
      0,
    );
    const father = await parent();
    await link(father.headers, BARAKA);
    expect((await invoiceOf(father.headers, BARAKA.invoiceRef)).balance).toBe(32_500_00);
  });

  it('pays an invoice part from the wallet and the rest by M-Pesa in parts; replays change nothing; the ledger balances', async () => {
    const { headers, userId } = await parent();
    await link(headers, ACHIENG);
    // Top up KES 10,000 and pay KES 8,000 of the 48,000 from the wallet.
    const topUp = await ok('client/wallet/topUp', { amount: 10_000_00, phone: '0712345678' }, headers);
    await waitPaid(topUp.paymentRef);
    const above = await act(
      'client/school/payFromWallet',
      { invoiceRef: ACHIENG.invoiceRef, amount: 12_000_00 },
      headers,
    );
    expect(above.status).toBe(400);
    expect(above.body.errors[0]).toEqual({
      field: 'amount',
      message: 'Your wallet has KES 10,000: enter that much or less.',
    });
    const paid = await ok(
      'client/school/payFromWallet',
      { invoiceRef: ACHIENG.invoiceRef, amount: 8_000_00, requestId: 'school-wallet-1' },
      headers,
    );
    expect(paid.walletBalance).toBe(2_000_00);
    expect(paid.invoice).toMatchObject({ balance: 40_000_00, paid: 8_000_00, status: 'PART_PAID' });
    // The same request again pays once.
    const again = await ok(
      'client/school/payFromWallet',
      { invoiceRef: ACHIENG.invoiceRef, amount: 8_000_00, requestId: 'school-wallet-1' },
      headers,
    );
    expect(again.walletBalance).toBe(2_000_00);
    // Above M-Pesa's limit, then parts of at most KES 20,000 until the balance is 0.
    const tooMuch = await act(
      'client/school/payByMpesa',
      { invoiceRef: ACHIENG.invoiceRef, amount: 25_000_00, phone: '0712345678' },
      headers,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors[0]).toEqual({
      field: 'amount',
      message: 'M-Pesa takes at most KES 20,000 at a time.',
    });
    const one = await ok(
      'client/school/payByMpesa',
      { invoiceRef: ACHIENG.invoiceRef, phone: '0712345678' },
      headers,
    );
    expect(one.amount).toBe(20_000_00);
    const first = await waitPaid(one.paymentRef);
    const two = await ok(
      'client/school/payByMpesa',
      { invoiceRef: ACHIENG.invoiceRef, phone: '0712345678' },
      headers,
    );
    expect(two.amount).toBe(20_000_00);
    await waitPaid(two.paymentRef);
    const done = await invoiceOf(headers, ACHIENG.invoiceRef);
    expect(done).toMatchObject({ balance: 0, paid: 48_000_00, status: 'PAID' });
    expect(done.paidAt).not.toBeNull();
    expect(done.receipts.map((receipt: { amount: number }) => receipt.amount)).toEqual([
      8_000_00, 20_000_00, 20_000_00,
    ]);
    const nothing = await act(
      'client/school/payByMpesa',
      { invoiceRef: ACHIENG.invoiceRef, phone: '0712345678' },
      headers,
    );
    expect(nothing.status).toBe(409);

    // A replayed callback of the first part changes nothing.
    const count = async () => (await db().select({ id: ledgerEntries.id }).from(ledgerEntries)).length;
    const entries = await count();
    const replay = await settlePayment(
      context(),
      {
        checkoutRequestId: first.checkoutRequestId!,
        resultCode: '0',
        resultDesc: 'Processed',
        amount: 20_000,
        receiptNumber: first.receiptNumber,
        phoneNumber: first.phone,
      },
      'callback',
    );
    expect(replay).toBe('already-final');
    expect(await count()).toBe(entries);

    // The ledger: the invoice owes 0, the school's payable holds the 48,000; every transaction sums to 0.
    const [school] = await db()
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, 'school:2'));
    expect(school).toBeDefined();
    const schoolSums = await accountSums(db(), [{ kind: 'school', schoolId: 2 }]);
    expect(schoolSums.get('school:2')).toBe(-48_000_00);
    expect(await schoolCode(ACHIENG.invoiceRef)).toBeTruthy();
    const unbalanced = await db().execute(
      'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0' as never,
    );
    expect((unbalanced as { rows: unknown[] }).rows).toEqual([]);
    // Told, in the app and by e-mail, when paid in full.
    const told = await db().select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.some((row) => row.title === 'School fees paid: Term 1 2027')).toBe(true);
    const mails = await db().select({ subject: mailQueue.subject }).from(mailQueue);
    expect(mails.some((mail) => mail.subject.includes('School fees paid'))).toBe(true);
    const rows = await db().select().from(payments).where(eq(payments.userId, userId));
    expect(rows.filter((row) => row.purpose === 'school_fee')).toHaveLength(2);
    // The parent's statement (Accounts) shows the fee invoice billed and every payment towards it.
    const statement = await ok('client/account/getStatement', { page: 1, pageSize: 50 }, headers);
    const fees = statement.items.filter(
      (line: { account: string }) => line.account === `School fees ${ACHIENG.invoiceRef}`,
    );
    expect(fees.map((line: { debit: number; credit: number }) => [line.debit, line.credit])).toEqual([
      [48_000_00, 0],
      [0, 8_000_00],
      [0, 20_000_00],
      [0, 20_000_00],
    ]);
  }, 90_000);

  it('prices a school fee loan over 2 or 3 instalments; the lender approves and pays the school', async () => {
    // The lender decides itself (no automatic approval here).
    await db().update(lenders).set({ autoApproveMaxPrincipal: null });
    const { headers } = await parent();
    await link(headers, CHEGE);
    const offer = await ok('client/school/getLoanOffer', { invoiceRef: CHEGE.invoiceRef }, headers);
    expect(offer).toMatchObject({ eligible: true, balance: 41_000_00, minBalance: 5_000_00 });
    expect(offer.options.map((option: { months: number }) => option.months)).toEqual([2, 3]);
    expect(offer.options[0]).toMatchObject({
      fee: 750_00,
      totalRepayable: 41_750_00,
      lender: { name: 'Mavuno Premium Finance (sample)' },
    });
    expect(offer.options[1]).toMatchObject({ fee: 1_100_00, totalRepayable: 42_100_00 });
    expect(offer.options[1].instalments).toHaveLength(3);
    const badMonths = await act(
      'client/school/applyForLoan',
      { invoiceRef: CHEGE.invoiceRef, months: 6, acceptTerms: true },
      headers,
    );
    expect(badMonths.status).toBe(400);
    expect(badMonths.body.errors[0]).toEqual({ field: 'months', message: 'Choose 2 or 3 instalments.' });
    const loan = await ok(
      'client/school/applyForLoan',
      { invoiceRef: CHEGE.invoiceRef, months: 2, acceptTerms: true },
      headers,
    );
    expect(loan).toMatchObject({ product: 'school_fees', status: 'AWAITING_DEPOSIT' });
    expect(loan.schoolFees).toMatchObject({
      studentName: 'Chege Omondi Njoroge',
      invoiceRef: CHEGE.invoiceRef,
    });
    const twice = await act(
      'client/school/applyForLoan',
      { invoiceRef: CHEGE.invoiceRef, months: 3, acceptTerms: true },
      headers,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.err_code ?? twice.body.code).toBeDefined();
    // The first instalment up front by M-Pesa, then the lender approves and pays the school.
    const deposit = await ok(
      'client/loan/payByMpesa',
      { loanRef: loan.loanRef, target: 'next', phone: '0712345678' },
      headers,
    );
    await waitPaid(deposit.paymentRef);
    // The deposit (KES 20,875) is above M-Pesa's KES 20,000 here: the rest from the wallet.
    expect(deposit.amount).toBe(20_000_00);
    const topUp = await ok('client/wallet/topUp', { amount: 1_000_00, phone: '0712345678' }, headers);
    await waitPaid(topUp.paymentRef);
    await ok('client/loan/payFromWallet', { loanRef: loan.loanRef, target: 'next' }, headers);
    const read = await waitUntil(
      () => ok('client/loan/getLoan', { loanRef: loan.loanRef }, headers),
      (current) => current.status === 'PENDING' || current.status === 'ACTIVE',
    );
    // What the lender sees: what the loan pays for.
    const seen = await ok('lender/application/getApplication', { loanRef: loan.loanRef }, lender);
    expect(seen.schoolFees).toMatchObject({ school: 'Dunga Boys Secondary (sample)', term: 'Term 1 2027' });
    if (read.status === 'PENDING') {
      const approved = await ok('lender/application/approveApplication', { loanRef: loan.loanRef }, lender);
      expect(approved.status).toBe('ACTIVE');
    }
    const invoice = await invoiceOf(headers, CHEGE.invoiceRef);
    expect(invoice).toMatchObject({ balance: 0, status: 'PAID' });
    expect(invoice.receipts.at(-1).description).toMatch(
      /Mavuno Premium Finance \(sample\) paid school fee invoice/,
    );
    const schoolSums = await accountSums(db(), [{ kind: 'school', schoolId: 4 }]);
    expect(schoolSums.get('school:4')).toBe(-41_000_00);
    const loans = await ok('client/school/listLoans', { page: 1, pageSize: 10 }, headers);
    expect(loans.items.map((item: { loanRef: string }) => item.loanRef)).toEqual([loan.loanRef]);
    const after = await ok('client/school/getLoanOffer', { invoiceRef: CHEGE.invoiceRef }, headers);
    expect(after).toMatchObject({ eligible: false, reasonCode: 'INVOICE_PAID' });

    // The second instalment is missed: grace, notice, then the lender calls the loan in — nothing is
    // cancelled (the school fees stay paid), the whole balance stays owed, and the parent is told.
    const clock = ctx.app.services.clock;
    try {
      clock.advance(40 * DAY);
      await runLoanJobs(context());
      clock.advance(8 * DAY);
      await runLoanJobs(context());
      const called = await ok('client/loan/getLoan', { loanRef: loan.loanRef }, headers);
      expect(called.status).toBe('CANCELLED');
      expect(called.outstanding).toBeGreaterThan(20_000_00);
      expect(called.amountDueNow).toBe(called.outstanding);
      expect(called.refundToLender).toBe(0);
      const messages = called.events.map((event: { message: string }) => event.message).join(' ');
      expect(messages).toContain('the lender will call the loan in');
      expect(messages).toContain('has called in school fee loan');
      expect(messages).not.toContain('insurer');
      expect((await invoiceOf(headers, CHEGE.invoiceRef)).status).toBe('PAID');
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.link, `/newportal/my-loans?loan=${loan.loanRef}`));
      expect(told.some((row) => row.title === `Loan ${loan.loanRef}: loan called in`)).toBe(true);
    } finally {
      clock.reset();
    }
  }, 90_000);
});
