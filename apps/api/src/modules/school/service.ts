import { randomUUID } from 'node:crypto';
import {
  accountCode,
  describeIn,
  EARLY_SETTLEMENT_RULE,
  formatKes,
  OPEN_LOAN_STATUSES,
  SCHOOL_LEVEL_LABELS,
  SCHOOL_LOAN_MONTH_OPTIONS,
  SCHOOL_MESSAGES,
  type SchoolInvoiceRef,
  type SchoolLevel,
  type SchoolLinkChildInput,
  sameStudentName,
  schoolInvoiceAccount,
  schoolInvoiceIssuedPosting,
  schoolInvoiceOwedOf,
  schoolWalletPaymentPosting,
} from '@bima/domain';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  loans,
  payments,
  schoolChildren,
  schoolFeeInvoices,
  schoolFeeLoans,
  schoolStudents,
  schools,
} from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount, type Language } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { containsPattern, pageInfo } from '../../lib/search';
import { accountSums, isPosted, lockWallet, post, walletBalance } from '../ledger/service';
import {
  createApplication,
  getClientLoan,
  type LoanContext,
  offersFor,
  pageOfLoans,
  type Tx,
} from '../loan/service';
import { notify } from '../notification/service';
import type { PaymentContext } from '../payment/payables';
import { refuseWhilePromptLive, sendPrompt } from '../payment/service';

type Executor = Database | Tx;
type SchoolRow = typeof schools.$inferSelect;
type StudentRow = typeof schoolStudents.$inferSelect;
export type SchoolInvoiceRow = typeof schoolFeeInvoices.$inferSelect;

export const schoolInvoiceLink = (invoiceRef: string) =>
  `/newportal/school/invoice?invoice=${encodeURIComponent(invoiceRef)}`;

// ---------------------------------------------------------------- issuing (the school's side)

/**
 * A school issues a fee invoice to a student (today: the sample data; a school's upload or API
 * later): the row, once per reference, and its receivable billed in the ledger, once.
 */
export async function issueSchoolFeeInvoice(
  tx: Tx,
  input: {
    invoiceRef: string;
    school: SchoolRow;
    student: StudentRow;
    term: string;
    amount: number;
    dueDate: string;
  },
) {
  await tx
    .insert(schoolFeeInvoices)
    .values({
      invoiceRef: input.invoiceRef,
      schoolId: input.school.id,
      studentId: input.student.id,
      admissionNumber: input.student.admissionNumber,
      studentName: input.student.studentName,
      term: input.term,
      amount: input.amount,
      dueDate: input.dueDate,
    })
    .onConflictDoNothing({ target: schoolFeeInvoices.invoiceRef });
  const [invoice] = await tx
    .select()
    .from(schoolFeeInvoices)
    .where(eq(schoolFeeInvoices.invoiceRef, input.invoiceRef));
  await post(
    tx,
    schoolInvoiceIssuedPosting({ invoice: refOf(invoice!, input.school), amount: invoice!.amount }),
  );
  return invoice!;
}

const refOf = (invoice: SchoolInvoiceRow, school: Pick<SchoolRow, 'id' | 'name'>): SchoolInvoiceRef => ({
  id: invoice.id,
  ref: invoice.invoiceRef,
  schoolId: school.id,
  schoolName: school.name,
});

// ---------------------------------------------------------------- the directory

const presentSchool = (school: SchoolRow) => ({
  schoolRef: school.schoolRef,
  name: school.name,
  county: school.county,
  town: school.town,
  level: school.level,
  levelLabel: SCHOOL_LEVEL_LABELS[school.level as SchoolLevel] ?? school.level,
  paybill: school.paybill,
  accountFormat: school.accountFormat,
  isSample: school.isSample,
});

/** The partner schools matching a search (name, town or county) and level, by name (stable: by id). */
export async function listSchools(
  db: Database,
  input: { search: string; level?: SchoolLevel; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(
      or(ilike(schools.name, pattern), ilike(schools.town, pattern), ilike(schools.county, pattern))!,
    );
  }
  if (input.level) conditions.push(eq(schools.level, input.level));
  const where = conditions.length ? and(...conditions) : undefined;
  const [counted] = await db.select({ total: sql<string>`count(*)` }).from(schools).where(where);
  const rows = await db
    .select()
    .from(schools)
    .where(where)
    .orderBy(asc(schools.name), asc(schools.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items: rows.map(presentSchool), ...pageInfo(Number(counted?.total ?? 0), input) };
}

// ---------------------------------------------------------------- children

const invalid = (field: string, message: string) =>
  new AppError('invalid', message, { errors: [{ field, message }] });

/**
 * Links a child to the parent: the school's student with this admission number, whose name (as the
 * school has it) matches. Wrong details are a field's message; linking again changes nothing.
 */
export async function linkChild(db: Database, userId: string, input: SchoolLinkChildInput) {
  const [school] = await db.select().from(schools).where(eq(schools.schoolRef, input.schoolRef));
  if (!school) throw invalid('schoolRef', SCHOOL_MESSAGES.schoolRequired);
  const [student] = await db
    .select()
    .from(schoolStudents)
    .where(
      and(
        eq(schoolStudents.schoolId, school.id),
        sql`upper(${schoolStudents.admissionNumber}) = upper(${input.admissionNumber.replace(/\s+/g, '')})`,
      ),
    );
  if (!student) throw invalid('admissionNumber', SCHOOL_MESSAGES.unknownAdmission);
  if (!sameStudentName(input.studentName, student.studentName))
    throw invalid('studentName', SCHOOL_MESSAGES.nameMismatch);
  const inserted = await db
    .insert(schoolChildren)
    .values({ userId, studentId: student.id })
    .onConflictDoNothing()
    .returning({ id: schoolChildren.id });
  return { ...presentChild(student, school), alreadyLinked: inserted.length === 0 };
}

const presentChild = (student: StudentRow, school: SchoolRow) => ({
  childId: student.id,
  studentName: student.studentName,
  admissionNumber: student.admissionNumber,
  grade: student.grade,
  school: { schoolRef: school.schoolRef, name: school.name, town: school.town },
});

/** The parent's linked children, in the order linked. */
export async function listChildren(db: Database, userId: string, paging: { page: number; pageSize: number }) {
  const where = eq(schoolChildren.userId, userId);
  const [counted] = await db.select({ total: sql<string>`count(*)` }).from(schoolChildren).where(where);
  const rows = await db
    .select({ student: schoolStudents, school: schools })
    .from(schoolChildren)
    .innerJoin(schoolStudents, eq(schoolStudents.id, schoolChildren.studentId))
    .innerJoin(schools, eq(schools.id, schoolStudents.schoolId))
    .where(where)
    .orderBy(asc(schoolChildren.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    items: rows.map((row) => presentChild(row.student, row.school)),
    ...pageInfo(Number(counted?.total ?? 0), paging),
  };
}

// ---------------------------------------------------------------- invoices

/** What each school fee invoice still owes, from its receivable's entries. */
export async function schoolInvoiceOwed(db: Executor, ids: number[]): Promise<Map<number, number>> {
  const sums = await accountSums(db, ids.map(schoolInvoiceAccount));
  return new Map(
    ids.map((id) => [id, schoolInvoiceOwedOf(sums.get(accountCode(schoolInvoiceAccount(id))) ?? 0)]),
  );
}

/** Invoices of the parent's linked children (another parent's child's: none). */
const linkedToParent = (userId: string) =>
  inArray(
    schoolFeeInvoices.studentId,
    sql`(select ${schoolChildren.studentId} from ${schoolChildren} where ${schoolChildren.userId} = ${userId})`,
  );

function statusOf(invoice: SchoolInvoiceRow, owed: number, today: string) {
  if (owed === 0) return 'PAID';
  if (invoice.dueDate < today) return 'OVERDUE';
  return owed < invoice.amount ? 'PART_PAID' : 'UNPAID';
}

async function presentInvoices(
  context: PaymentContext,
  rows: Array<{ invoice: SchoolInvoiceRow; school: SchoolRow }>,
) {
  const ids = rows.map((row) => row.invoice.id);
  const owed = await schoolInvoiceOwed(context.db, ids);
  const openLoans = ids.length
    ? await context.db
        .select({ id: schoolFeeLoans.schoolInvoiceId, loanRef: loans.loanRef, status: loans.status })
        .from(schoolFeeLoans)
        .innerJoin(loans, eq(loans.id, schoolFeeLoans.loanId))
        .where(
          and(inArray(schoolFeeLoans.schoolInvoiceId, ids), inArray(loans.status, [...OPEN_LOAN_STATUSES])),
        )
    : [];
  const today = context.services.clock.today();
  return rows.map(({ invoice, school }) => {
    const balance = owed.get(invoice.id) ?? 0;
    const loan = openLoans.find((row) => row.id === invoice.id);
    return {
      invoiceRef: invoice.invoiceRef,
      school: { schoolRef: school.schoolRef, name: school.name },
      studentName: invoice.studentName,
      admissionNumber: invoice.admissionNumber,
      term: invoice.term,
      amount: invoice.amount,
      paid: invoice.amount - balance,
      balance,
      dueDate: invoice.dueDate,
      status: statusOf(invoice, balance, today),
      paidAt: invoice.paidAt?.toISOString() ?? null,
      maxMpesaAmount: context.services.mpesa.maxAmount * 100,
      loan: loan ? { loanRef: loan.loanRef, status: loan.status } : null,
    };
  });
}

/** The parent's school fee invoices (all linked children), unpaid first, by due date (stable: id). */
export async function listSchoolInvoices(
  context: PaymentContext,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  const where = linkedToParent(userId);
  const [counted] = await context.db
    .select({ total: sql<string>`count(*)` })
    .from(schoolFeeInvoices)
    .where(where);
  const rows = await context.db
    .select({ invoice: schoolFeeInvoices, school: schools })
    .from(schoolFeeInvoices)
    .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
    .where(where)
    .orderBy(
      sql`(${schoolFeeInvoices.paidAt} is not null)`,
      asc(schoolFeeInvoices.dueDate),
      asc(schoolFeeInvoices.id),
    )
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    items: await presentInvoices(context, rows),
    ...pageInfo(Number(counted?.total ?? 0), paging),
  };
}

/** One of the parent's school fee invoices with its receipts (every payment towards it); else 404. */
export async function getSchoolInvoice(
  context: PaymentContext,
  userId: string,
  invoiceRef: string,
  language: Language = 'en',
) {
  const [row] = await context.db
    .select({ invoice: schoolFeeInvoices, school: schools })
    .from(schoolFeeInvoices)
    .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
    .where(and(eq(schoolFeeInvoices.invoiceRef, invoiceRef), linkedToParent(userId)));
  if (!row) throw new AppError('not_found', 'School fee invoice not found.');
  const [presented] = await presentInvoices(context, [row]);
  const receipts = await context.db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      reference: ledgerTransactions.reference,
      occurredAt: ledgerTransactions.occurredAt,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.code, accountCode(schoolInvoiceAccount(row.invoice.id))),
        sql`${ledgerEntries.amount} < 0`,
      ),
    )
    .orderBy(asc(ledgerTransactions.id));
  return {
    ...presented!,
    school: {
      ...presented!.school,
      town: row.school.town,
      paybill: row.school.paybill,
      accountFormat: row.school.accountFormat,
    },
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      kind: receipt.kind,
      description: describeIn(receipt.description, language),
      reference: receipt.reference,
      occurredAt: receipt.occurredAt.toISOString(),
      amount: -receipt.amount,
    })),
  };
}

/** The parent's invoice row with its school, locked for a payment decision; else 404. */
export async function lockSchoolInvoice(tx: Tx, userId: string, invoiceRef: string) {
  const [row] = await tx
    .select({ invoice: schoolFeeInvoices, school: schools })
    .from(schoolFeeInvoices)
    .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
    .where(and(eq(schoolFeeInvoices.invoiceRef, invoiceRef), linkedToParent(userId)))
    .for('update', { of: schoolFeeInvoices });
  if (!row) throw new AppError('not_found', 'School fee invoice not found.');
  return row;
}

/**
 * After money went to an invoice (in its transaction): when nothing is owed any more it is marked
 * paid (once) and the payer told — in the app and by e-mail — with the receipt on the invoice's page.
 */
export async function afterSchoolFeeMoney(
  tx: Tx,
  context: { services: PaymentContext['services'] },
  invoice: SchoolInvoiceRow,
  school: Pick<SchoolRow, 'name'>,
  payerId: string,
) {
  const owed = (await schoolInvoiceOwed(tx, [invoice.id])).get(invoice.id) ?? 0;
  if (owed > 0) return;
  const marked = await tx
    .update(schoolFeeInvoices)
    .set({ paidAt: new Date() })
    .where(and(eq(schoolFeeInvoices.id, invoice.id), isNull(schoolFeeInvoices.paidAt)))
    .returning({ id: schoolFeeInvoices.id });
  if (marked.length === 0) return;
  await notify(tx, {
    userId: payerId,
    kind: 'payment_received',
    title: { en: `School fees paid: ${invoice.term}`, sw: `Ada ya shule imelipwa: ${invoice.term}` },
    body: {
      en: `Invoice ${invoice.invoiceRef} of ${school.name} for ${invoice.studentName} (${invoice.term}, ${formatAmount(invoice.amount, 'en')}) is paid in full. Your receipt is on the invoice's page.`,
      sw: `Ankara ${invoice.invoiceRef} ya ${school.name} kwa ajili ya ${invoice.studentName} (${invoice.term}, ${formatAmount(invoice.amount, 'sw')}) imelipwa yote. Risiti yako iko kwenye ukurasa wa ankara.`,
    },
    link: schoolInvoiceLink(invoice.invoiceRef),
    email: { baseUrl: context.services.publicBaseUrl },
  });
}

// ---------------------------------------------------------------- paying

/**
 * Starts an M-Pesa prompt towards a school fee invoice: the amount asked (default the balance), at
 * most the balance and M-Pesa's per-transaction limit (a larger balance is paid in several prompts).
 * The invoice row is locked while deciding: one live prompt per invoice and parent.
 */
export async function requestSchoolFeeMpesa(
  context: PaymentContext,
  userId: string,
  input: { invoiceRef: string; amount?: number; phone: string },
) {
  const { db, services } = context;
  const max = services.mpesa.maxAmount * 100;
  const payment = await db.transaction(async (tx) => {
    const { invoice } = await lockSchoolInvoice(tx, userId, input.invoiceRef);
    const owed = (await schoolInvoiceOwed(tx, [invoice.id])).get(invoice.id) ?? 0;
    if (owed <= 0) throw new AppError('conflict', SCHOOL_MESSAGES.invoicePaid, { code: 'INVOICE_PAID' });
    const asked = input.amount === undefined ? Math.min(owed, max) : input.amount;
    if (asked > owed) throw invalid('amount', SCHOOL_MESSAGES.aboveBalance(formatKes(owed)));
    if (asked > max) throw invalid('amount', `M-Pesa takes at most ${formatKes(max)} at a time.`);
    await refuseWhilePromptLive(
      tx,
      and(eq(payments.schoolInvoiceId, invoice.id), eq(payments.userId, userId)),
      'A payment for this invoice is waiting for confirmation on your phone.',
    );
    const [inserted] = await tx
      .insert(payments)
      .values({
        paymentSystemRef: makeRef('PAY', 10),
        purpose: 'school_fee',
        invoiceId: null,
        schoolInvoiceId: invoice.id,
        userId,
        phone: input.phone,
        amount: asked,
      })
      .returning();
    return { row: inserted!, ref: invoice.invoiceRef };
  });
  return sendPrompt(context, payment.row, { accountReference: payment.ref, description: 'School fees' });
}

/**
 * Pays all or part of a school fee invoice from the wallet, with the invoice and then the wallet
 * locked. The same `requestId` pays once.
 */
export async function paySchoolFeeFromWallet(
  context: PaymentContext,
  userId: string,
  input: { invoiceRef: string; amount: number; requestId?: string },
) {
  const { db } = context;
  const key = `school-wallet:${userId}:${input.requestId ?? randomUUID()}`;
  await db.transaction(async (tx) => {
    const { invoice, school } = await lockSchoolInvoice(tx, userId, input.invoiceRef);
    if (await isPosted(tx, key)) return;
    const owed = (await schoolInvoiceOwed(tx, [invoice.id])).get(invoice.id) ?? 0;
    const balance = await lockWallet(tx, userId);
    const decided = schoolWalletPaymentPosting({
      key,
      userId,
      amount: input.amount,
      walletBalance: balance,
      invoice: refOf(invoice, school),
      owed,
    });
    if (!decided.ok) {
      throw new AppError(decided.code === 'INVOICE_PAID' ? 'conflict' : 'invalid', decided.message, {
        code: decided.code,
        errors: [{ field: 'amount', message: decided.message }],
      });
    }
    await post(tx, decided.posting);
    await afterSchoolFeeMoney(tx, context, invoice, school, userId);
  });
  return {
    invoice: await getSchoolInvoice(context, userId, input.invoiceRef),
    walletBalance: await walletBalance(db, userId),
  };
}

// ---------------------------------------------------------------- loans

async function loanEligibility(tx: Executor, context: LoanContext, userId: string, invoiceRef: string) {
  const [row] = await tx
    .select({ invoice: schoolFeeInvoices, school: schools })
    .from(schoolFeeInvoices)
    .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
    .where(and(eq(schoolFeeInvoices.invoiceRef, invoiceRef), linkedToParent(userId)));
  if (!row) throw new AppError('not_found', 'School fee invoice not found.');
  const owed = (await schoolInvoiceOwed(tx, [row.invoice.id])).get(row.invoice.id) ?? 0;
  const [open] = await tx
    .select({ loanRef: loans.loanRef })
    .from(schoolFeeLoans)
    .innerJoin(loans, eq(loans.id, schoolFeeLoans.loanId))
    .where(
      and(eq(schoolFeeLoans.schoolInvoiceId, row.invoice.id), inArray(loans.status, [...OPEN_LOAN_STATUSES])),
    );
  const minimum = context.config.SCHOOL_LOAN_MIN_BALANCE * 100;
  const reason =
    owed === 0
      ? { code: 'INVOICE_PAID', message: SCHOOL_MESSAGES.invoicePaid }
      : open
        ? { code: 'ALREADY_APPLIED', message: SCHOOL_MESSAGES.alreadyApplied }
        : owed < minimum
          ? { code: 'BELOW_MINIMUM', message: SCHOOL_MESSAGES.belowMinimum(formatKes(minimum)) }
          : null;
  return { ...row, owed, open: open ?? null, reason, minimum };
}

/**
 * What a school fee loan for the invoice's balance would cost over 2 or 3 monthly instalments (the
 * first paid up front), each with its schedule, fee, total cost and rates — or why it cannot be.
 */
export async function getSchoolLoanOffer(context: LoanContext, userId: string, invoiceRef: string) {
  const found = await loanEligibility(context.db, context, userId, invoiceRef);
  const options = found.reason
    ? []
    : await offersFor(
        context.db,
        'school_fees',
        found.owed,
        context.services.clock.today(),
        SCHOOL_LOAN_MONTH_OPTIONS,
      );
  const reason =
    found.reason ?? (options.length === 0 ? { code: 'NO_LENDER', message: SCHOOL_MESSAGES.noLender } : null);
  return {
    invoiceRef: found.invoice.invoiceRef,
    schoolName: found.school.name,
    studentName: found.invoice.studentName,
    term: found.invoice.term,
    balance: found.owed,
    minBalance: found.minimum,
    eligible: reason === null,
    reason: reason?.message ?? null,
    reasonCode: reason?.code ?? null,
    openLoanRef: found.open?.loanRef ?? null,
    earlySettlementRule: EARLY_SETTLEMENT_RULE,
    options,
  };
}

/** Applies for a school fee loan (the schedule accepted): AWAITING_DEPOSIT until its first instalment. */
export async function applyForSchoolLoan(
  context: LoanContext,
  userId: string,
  input: { invoiceRef: string; months: number },
) {
  const loanRef = await context.db.transaction(async (tx) => {
    const { invoice, school } = await lockSchoolInvoice(tx, userId, input.invoiceRef);
    const found = await loanEligibility(tx, context, userId, input.invoiceRef);
    if (found.reason) throw new AppError('conflict', found.reason.message, { code: found.reason.code });
    const loan = await createApplication(tx, {
      product: 'school_fees',
      userId,
      principal: found.owed,
      months: input.months,
      invoiceId: null,
      today: context.services.clock.today(),
      what: `school fees ${invoice.invoiceRef} (${invoice.term}, ${invoice.studentName} at ${school.name})`,
    });
    await tx.insert(schoolFeeLoans).values({ loanId: loan.id, schoolInvoiceId: invoice.id });
    return loan.loanRef;
  });
  return getClientLoan(context, userId, loanRef);
}

/** The parent's school fee loans and applications, newest first. */
export function listSchoolLoans(
  context: LoanContext,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  return pageOfLoans(context, and(eq(loans.userId, userId), eq(loans.product, 'school_fees')), paging);
}
