import { z } from 'zod';
import { type AccountRef, assertBalanced, MPESA_PAYBILL, type Posting, walletAccount } from './ledger';
import { ledgerDescription } from './ledger-descriptions';
import { LOAN_MESSAGES } from './loans';
import { formatKes } from './money';
import { mpesaPhoneSchema } from './purchase';
import { wholeShillingCentsAmountSchema } from './wallet';

/**
 * School fees (portal: school/schools, school/invoice, school/loans): partner schools issue fee
 * invoices to their students (by admission number); a parent links a child (school + admission
 * number + the child's name as the school has it) and pays the child's invoices by M-Pesa or from
 * the wallet, in parts, or with a school fee loan on the loan engine. Money is integer cents. No I/O.
 */

/** School levels in Kenya (CBC: pre-primary and primary, junior and senior school; TVET, college). */
export const SCHOOL_LEVELS = ['pre_primary', 'primary', 'junior', 'secondary', 'college'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];
export const SCHOOL_LEVEL_LABELS: Record<SchoolLevel, string> = {
  pre_primary: 'Pre-primary',
  primary: 'Primary',
  junior: 'Junior school',
  secondary: 'Secondary',
  college: 'College / TVET',
};

/**
 * School fee loans: the first instalment up front, the rest monthly — two or three instalments, so
 * the loan is repaid within the school term it pays for (a Kenyan term is about three months).
 */
export const SCHOOL_LOAN_MONTH_OPTIONS = [2, 3] as const;
/** The smallest balance (KES) a school fee loan pays; SCHOOL_LOAN_MIN_BALANCE overrides it. */
export const SCHOOL_LOAN_MIN_BALANCE_DEFAULT = 5_000;

export const SCHOOL_MESSAGES = {
  schoolRequired: 'Choose the school.',
  admissionRequired: 'Enter the admission number.',
  nameRequired: 'Enter the child’s name as the school has it.',
  unknownAdmission: 'The school has no student with this admission number.',
  nameMismatch: 'This name does not match the school’s records for this admission number.',
  alreadyLinked: 'This child is already linked to your account.',
  invoiceRequired: 'Choose the invoice.',
  invoicePaid: 'This school fee invoice is already paid.',
  aboveBalance: (owed: string) => `This invoice needs ${owed}: enter that much or less.`,
  belowMinimum: (minimum: string) => `School fee loans pay balances of ${minimum} or more.`,
  alreadyApplied: 'This invoice already has a school fee loan application.',
  noLender: 'No lender offers school fee loans at the moment.',
  monthsRequired: 'Choose 2 or 3 instalments.',
} as const;

const refSchema = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

export const schoolPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** `client / school / listSchools`: the directory, searched by name or town/county, by level. */
export const schoolSearchSchema = schoolPageSchema.extend({
  search: z.string().trim().max(100).optional().default(''),
  level: z.enum(SCHOOL_LEVELS).optional(),
});

/** `client / school / linkChild`. */
export const schoolLinkChildSchema = z.object({
  schoolRef: refSchema(SCHOOL_MESSAGES.schoolRequired),
  admissionNumber: z
    .string({ error: SCHOOL_MESSAGES.admissionRequired })
    .trim()
    .min(1, SCHOOL_MESSAGES.admissionRequired)
    .max(32, SCHOOL_MESSAGES.admissionRequired),
  studentName: z
    .string({ error: SCHOOL_MESSAGES.nameRequired })
    .trim()
    .min(2, SCHOOL_MESSAGES.nameRequired)
    .max(120, SCHOOL_MESSAGES.nameRequired),
});
export type SchoolLinkChildInput = z.infer<typeof schoolLinkChildSchema>;

export const schoolInvoiceRefSchema = z.object({ invoiceRef: refSchema(SCHOOL_MESSAGES.invoiceRequired) });

/** `client / school / payByMpesa`: the amount in cents of whole shillings (default: the balance, up to M-Pesa's limit). */
export const schoolMpesaPaymentSchema = schoolInvoiceRefSchema.extend({
  amount: wholeShillingCentsAmountSchema.optional(),
  phone: mpesaPhoneSchema,
});

/** `client / school / payFromWallet`: the amount in cents of whole shillings; the same requestId pays once. */
export const schoolWalletPaymentSchema = schoolInvoiceRefSchema.extend({
  amount: wholeShillingCentsAmountSchema,
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request id.')
    .optional(),
});

/** `client / school / applyForLoan`: the term chosen, with the schedule accepted. */
export const schoolLoanApplySchema = schoolInvoiceRefSchema.extend({
  months: z.coerce
    .number({ error: SCHOOL_MESSAGES.monthsRequired })
    .int(SCHOOL_MESSAGES.monthsRequired)
    .refine(
      (months) => (SCHOOL_LOAN_MONTH_OPTIONS as readonly number[]).includes(months),
      SCHOOL_MESSAGES.monthsRequired,
    ),
  acceptTerms: z.literal(true, { error: LOAN_MESSAGES.acceptRequired }),
});

/** Names compared as a school would: case, punctuation, spacing and word order do not matter. */
export function sameStudentName(typed: string, onRecord: string): boolean {
  const words = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z\s]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .sort()
      .join(' ');
  const a = words(typed);
  const b = words(onRecord);
  if (!a || !b) return false;
  if (a === b) return true;
  // Two of the school's names given (a Kenyan student is often listed with three): accepted.
  const given = a.split(' ');
  const recorded = new Set(b.split(' '));
  return given.length >= 2 && given.every((word) => recorded.has(word));
}

// ---------------------------------------------------------------- ledger

export const schoolInvoiceAccount = (schoolInvoiceId: number): AccountRef => ({
  kind: 'school_invoice',
  schoolInvoiceId,
});
export const SCHOOL_FEES_BILLED: AccountRef = { kind: 'school_fees_billed' };
export const schoolAccount = (schoolId: number): AccountRef => ({ kind: 'school', schoolId });

/** What a school fee invoice still owes from its receivable's entry sum (never below 0). */
export const schoolInvoiceOwedOf = (entrySum: number): number => Math.max(0, entrySum);

export interface SchoolInvoiceRef {
  id: number;
  ref: string;
  schoolId: number;
  schoolName: string;
}

/** The school issued the invoice: its receivable is debited, held as school fees billed. */
export function schoolInvoiceIssuedPosting(input: { invoice: SchoolInvoiceRef; amount: number }): Posting {
  return {
    key: `school-invoice-issued:${input.invoice.id}`,
    kind: 'invoice_billed',
    description: ledgerDescription('schoolInvoiceIssued', {
      invoice: input.invoice.ref,
      school: input.invoice.schoolName,
    }),
    userId: null,
    reference: input.invoice.ref,
    entries: [
      { account: schoolInvoiceAccount(input.invoice.id), amount: input.amount },
      { account: SCHOOL_FEES_BILLED, amount: -input.amount },
    ],
  };
}

/** What paying a school fee invoice credits: the invoice's receivable, and the school's payable. */
const paidToSchool = (invoice: SchoolInvoiceRef, amount: number) => [
  { account: schoolInvoiceAccount(invoice.id), amount: -amount },
  { account: SCHOOL_FEES_BILLED, amount },
  { account: schoolAccount(invoice.schoolId), amount: -amount },
];

/**
 * Money M-Pesa confirmed for a school fee payment (posted once per payment): what the invoice still
 * owes (at most the amount) goes to it — and so to the school — and the rest, if it was paid
 * meanwhile, to the parent's wallet.
 */
export function schoolMpesaReceiptPosting(input: {
  paymentId: number;
  userId: string;
  amount: number;
  receipt: string | null;
  invoice: SchoolInvoiceRef;
  owed: number;
}): { posting: Posting; allocated: number; toWallet: number } {
  const allocated = Math.max(0, Math.min(input.amount, input.owed));
  const toWallet = input.amount - allocated;
  const posting: Posting = {
    key: `mpesa-receipt:${input.paymentId}`,
    kind: 'mpesa_receipt',
    description: ledgerDescription('schoolInvoicePaidByMpesa', {
      invoice: input.invoice.ref,
      receipt: input.receipt,
      rest: toWallet > 0,
    }),
    userId: input.userId,
    reference: input.receipt,
    paymentId: input.paymentId,
    entries: [
      { account: MPESA_PAYBILL, amount: input.amount },
      ...(allocated > 0 ? paidToSchool(input.invoice, allocated) : []),
      ...(toWallet > 0 ? [{ account: walletAccount(input.userId), amount: -toWallet }] : []),
    ],
  };
  assertBalanced(posting);
  return { posting, allocated, toWallet };
}

/** Paying (part of) a school fee invoice from the wallet; null with the refusal's message otherwise. */
export function schoolWalletPaymentPosting(input: {
  key: string;
  userId: string;
  amount: number;
  walletBalance: number;
  invoice: SchoolInvoiceRef;
  owed: number;
}): { ok: true; posting: Posting } | { ok: false; code: string; message: string } {
  const { amount } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0)
    return {
      ok: false,
      code: 'WALLET_AMOUNT_INVALID',
      message: 'Enter an amount in whole shillings, more than 0.',
    };
  if (input.owed <= 0) return { ok: false, code: 'INVOICE_PAID', message: SCHOOL_MESSAGES.invoicePaid };
  if (amount > input.walletBalance)
    return {
      ok: false,
      code: 'WALLET_INSUFFICIENT',
      message: `Your wallet has ${formatKes(input.walletBalance)}: enter that much or less.`,
    };
  if (amount > input.owed)
    return {
      ok: false,
      code: 'WALLET_ABOVE_BALANCE_DUE',
      message: SCHOOL_MESSAGES.aboveBalance(formatKes(input.owed)),
    };
  const posting: Posting = {
    key: input.key,
    kind: 'wallet_payment',
    description: ledgerDescription('schoolInvoicePaidFromWallet', { invoice: input.invoice.ref }),
    userId: input.userId,
    reference: input.invoice.ref,
    entries: [{ account: walletAccount(input.userId), amount }, ...paidToSchool(input.invoice, amount)],
  };
  assertBalanced(posting);
  return { ok: true, posting };
}

/** The lender pays the school fee invoice: the parent owes it on the loan, the school is paid. */
export function schoolLoanDisbursementPosting(input: {
  loan: { id: number; ref: string; userId: string };
  lenderName: string;
  invoice: SchoolInvoiceRef;
  amount: number;
}): Posting {
  return {
    key: `loan-disbursement:${input.loan.id}`,
    kind: 'loan_disbursement',
    description: ledgerDescription('schoolLoanPaidInvoice', {
      lender: input.lenderName,
      invoice: input.invoice.ref,
      school: input.invoice.schoolName,
      loan: input.loan.ref,
    }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: [
      { account: { kind: 'loan', loanId: input.loan.id, userId: input.loan.userId }, amount: input.amount },
      ...paidToSchool(input.invoice, input.amount),
    ],
  };
}
