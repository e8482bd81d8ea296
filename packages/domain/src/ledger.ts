/**
 * The ledger's rules: every movement of money is a transaction of two or more entries in integer
 * cents that sum to zero (a positive amount is a debit, a negative one a credit), posted once under
 * an idempotency key. Balances are sums of entries, never stored numbers.
 *
 * These functions decide WHAT is posted; the API writes the postings to the database
 * (apps/api/src/modules/ledger) and the in-memory `LedgerBook` below applies the very same postings
 * in the property test. No I/O here.
 */

import { type LedgerDescription, type LedgerReason, ledgerDescription } from './ledger-descriptions';

/** Kinds of account: who or what the money is held for. */
export const LEDGER_ACCOUNT_KINDS = [
  /** Money in through the M-Pesa paybill (STK pushes). */
  'mpesa_paybill',
  /** A client's wallet: what the portal holds for the client (a credit balance, never negative). */
  'wallet',
  /** An invoice's receivable: billed when the invoice is made, credited by what pays it. */
  'invoice',
  /** Premium billed to clients and not yet due to an underwriter (until the invoice is fully paid). */
  'premium_billed',
  /** Premium payable to an underwriter for the policies issued on its products. */
  'underwriter',
  /** Claims paid out for an underwriter (its account's debit side). */
  'claims',
  /** Money paid back to clients (refunds of wallet credit). */
  'refunds_paid',
  /** Claim payouts sent by M-Pesa B2C. */
  'claim_payouts_mpesa',
  /** Claim payouts made to garages. */
  'claim_payouts_garage',
  /** A client's loan (the loan engine): what the client owes the lender on it (negative: paid ahead). */
  'loan',
  /** A lender's account with the portal: money passing to the lender (refunds of unearned premium). */
  'lender',
  /** A lender's fee income on its loans. */
  'fees',
  /** A school fee invoice's receivable (school fees): issued by the school, credited by what pays it. */
  'school_invoice',
  /** School fees billed and not yet paid (the other side of a school fee invoice's receivable). */
  'school_fees_billed',
  /** What the portal owes a school: credited with every payment of its invoices. */
  'school',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** One account, named by kind and owner; `accountCode` is its unique code. */
export type AccountRef =
  | {
      kind:
        | 'mpesa_paybill'
        | 'premium_billed'
        | 'refunds_paid'
        | 'claim_payouts_mpesa'
        | 'claim_payouts_garage';
    }
  | { kind: 'wallet'; userId: string }
  | { kind: 'invoice'; invoiceId: number }
  | { kind: 'underwriter' | 'claims'; underwriterId: string }
  | { kind: 'loan'; loanId: number; userId: string }
  | { kind: 'lender' | 'fees'; lenderId: number }
  | { kind: 'school_invoice'; schoolInvoiceId: number }
  | { kind: 'school_fees_billed' }
  | { kind: 'school'; schoolId: number };

/** The unique code of an account: `wallet:<userId>`, `invoice:42`, `mpesa_paybill`… */
export function accountCode(account: AccountRef): string {
  switch (account.kind) {
    case 'wallet':
      return `wallet:${account.userId}`;
    case 'invoice':
      return `invoice:${account.invoiceId}`;
    case 'underwriter':
    case 'claims':
      return `${account.kind}:${account.underwriterId}`;
    case 'loan':
      return `loan:${account.loanId}`;
    case 'lender':
    case 'fees':
      return `${account.kind}:${account.lenderId}`;
    case 'school_invoice':
      return `school_invoice:${account.schoolInvoiceId}`;
    case 'school':
      return `school:${account.schoolId}`;
    default:
      return account.kind;
  }
}

export const MPESA_PAYBILL: AccountRef = { kind: 'mpesa_paybill' };
export const PREMIUM_BILLED: AccountRef = { kind: 'premium_billed' };
export const REFUNDS_PAID: AccountRef = { kind: 'refunds_paid' };
export const walletAccount = (userId: string): AccountRef => ({ kind: 'wallet', userId });
export const invoiceAccount = (invoiceId: number): AccountRef => ({ kind: 'invoice', invoiceId });
export const underwriterAccount = (underwriterId: string): AccountRef => ({
  kind: 'underwriter',
  underwriterId,
});
export const loanAccount = (loanId: number, userId: string): AccountRef => ({ kind: 'loan', loanId, userId });
export const lenderAccount = (lenderId: number): AccountRef => ({ kind: 'lender', lenderId });
export const feesAccount = (lenderId: number): AccountRef => ({ kind: 'fees', lenderId });

/** What a transaction records (its `kind`). */
export const LEDGER_TRANSACTION_KINDS = [
  'invoice_billed',
  'mpesa_receipt',
  'wallet_topup',
  'wallet_payment',
  'premium_due',
  'refund',
  'claim_payout',
  /** The loan engine's (premium financing, school fees). */
  'loan_disbursement',
  'instalment',
  'fee',
  /** Money of a loan given back: a declined application's first instalment, a refund set against it. */
  'loan_refund',
  /** Unearned premium an insurer refunds on a cancelled policy (to the lender, for a financed one). */
  'premium_refund',
  /** A bill taken back: a monthly policy's month never paid when the policy ended (nothing owed). */
  'invoice_voided',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export interface LedgerEntry {
  account: AccountRef;
  /** Integer cents: positive debits, negative credits. */
  amount: number;
}

/** A transaction to post: applied once per `key` (posting the same key again changes nothing). */
export interface Posting {
  key: string;
  kind: LedgerTransactionKind;
  /** One line a client or an accountant reads on a statement (English; read in Swahili by `describeIn`). */
  description: LedgerDescription;
  /** Whose transaction it is (statements); null for the portal's own. */
  userId: string | null;
  /** A reference a person can match: an M-Pesa receipt, an invoice reference. */
  reference?: string | null;
  paymentId?: number | null;
  invoiceId?: number | null;
  entries: LedgerEntry[];
}

/** Why a posting is not a valid double-entry transaction; null when it is. */
export function postingProblem(posting: Pick<Posting, 'key' | 'entries'>): string | null {
  if (!posting.key) return 'a posting needs an idempotency key';
  if (posting.entries.length < 2) return 'a transaction needs two or more entries';
  let sum = 0;
  for (const entry of posting.entries) {
    if (!Number.isSafeInteger(entry.amount)) return 'amounts are integer cents';
    if (entry.amount === 0) return 'an entry of zero moves nothing';
    sum += entry.amount;
  }
  return sum === 0 ? null : `entries sum to ${sum}, not zero`;
}

/** Throws unless the posting is balanced (the database refuses it too, at commit). */
export function assertBalanced(posting: Pick<Posting, 'key' | 'entries'>): void {
  const problem = postingProblem(posting);
  if (problem) throw new RangeError(`unbalanced ledger posting ${posting.key}: ${problem}`);
}

/** Entries without the zero ones (a receipt wholly for an invoice has no wallet part). */
const nonZero = (entries: LedgerEntry[]) => entries.filter((entry) => entry.amount !== 0);

/** The balance a client reads on a wallet: its credits less its debits (the entries' sum, negated). */
export const walletBalanceOf = (entrySum: number): number => (entrySum === 0 ? 0 : -entrySum);

/** What an invoice still owes from its receivable's entry sum (billed less paid), never below 0. */
export const invoiceOwedOf = (entrySum: number): number => Math.max(0, entrySum);

// ---------------------------------------------------------------- the posting rules

/** The invoice is billed: its receivable is debited with the premium, held as premium billed. */
export function invoiceBilledPosting(input: {
  invoiceId: number;
  invoiceRef: string;
  userId: string;
  amount: number;
}): Posting {
  return {
    key: `invoice-billed:${input.invoiceId}`,
    kind: 'invoice_billed',
    description: ledgerDescription('invoiceBilled', { invoice: input.invoiceRef }),
    userId: input.userId,
    reference: input.invoiceRef,
    invoiceId: input.invoiceId,
    entries: [
      { account: invoiceAccount(input.invoiceId), amount: input.amount },
      { account: PREMIUM_BILLED, amount: -input.amount },
    ],
  };
}

/**
 * A bill taken back (issue 31: a monthly policy's unpaid month when the policy is cancelled): what
 * the invoice still owes leaves its receivable and premium billed, so the client owes nothing.
 */
export function invoiceVoidedPosting(input: {
  invoiceId: number;
  invoiceRef: string;
  userId: string;
  amount: number;
}): Posting {
  return {
    key: `invoice-voided:${input.invoiceId}`,
    kind: 'invoice_voided',
    description: ledgerDescription('invoiceVoided', { invoice: input.invoiceRef }),
    userId: input.userId,
    reference: input.invoiceRef,
    invoiceId: input.invoiceId,
    entries: [
      { account: invoiceAccount(input.invoiceId), amount: -input.amount },
      { account: PREMIUM_BILLED, amount: input.amount },
    ],
  };
}

/**
 * Money M-Pesa confirmed for one of our payments (posted once per payment). For an invoice payment,
 * what the invoice still owes (at most the amount) goes to the invoice and the rest — a payment above
 * the balance, or for an invoice already paid — to the client's wallet; a top-up goes wholly to the
 * wallet.
 */
export function mpesaReceiptPosting(input: {
  paymentId: number;
  userId: string;
  amount: number;
  receipt: string | null;
  /** The invoice paid, with what it still owes; absent for a wallet top-up. */
  invoice?: { id: number; ref: string; owed: number } | null;
}): { posting: Posting; allocated: number; toWallet: number } {
  const allocated = input.invoice ? Math.max(0, Math.min(input.amount, input.invoice.owed)) : 0;
  const toWallet = input.amount - allocated;
  const description = input.invoice
    ? ledgerDescription('invoicePaidByMpesa', {
        invoice: input.invoice.ref,
        receipt: input.receipt,
        rest: toWallet > 0,
      })
    : ledgerDescription('walletTopUp', { receipt: input.receipt });
  const posting: Posting = {
    key: `mpesa-receipt:${input.paymentId}`,
    kind: input.invoice ? 'mpesa_receipt' : 'wallet_topup',
    description,
    userId: input.userId,
    reference: input.receipt,
    paymentId: input.paymentId,
    invoiceId: input.invoice?.id ?? null,
    entries: nonZero([
      { account: MPESA_PAYBILL, amount: input.amount },
      ...(input.invoice ? [{ account: invoiceAccount(input.invoice.id), amount: -allocated }] : []),
      { account: walletAccount(input.userId), amount: -toWallet },
    ]),
  };
  assertBalanced(posting);
  return { posting, allocated, toWallet };
}

/** Why a wallet payment or refund cannot be made; the message is the client's. */
export type WalletRefusal =
  | { code: 'WALLET_AMOUNT_INVALID'; message: string }
  | { code: 'WALLET_INSUFFICIENT'; message: string }
  | { code: 'WALLET_ABOVE_BALANCE_DUE'; message: string }
  | { code: 'INVOICE_PAID'; message: string };

export const WALLET_MESSAGES = {
  amountInvalid: 'Enter an amount in whole shillings, more than 0.',
  insufficient: (balance: string) => `Your wallet has ${balance}: enter that much or less.`,
  aboveDue: (due: string) => `This invoice needs ${due}: enter that much or less.`,
  invoicePaid: 'This invoice is already paid.',
} as const;

const kes = (cents: number) => {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest === 0 ? `KES ${grouped}` : `KES ${grouped}.${rest.toString().padStart(2, '0')}`;
};

/**
 * Paying (part of) an invoice from the wallet: refused for an amount that is not whole shillings
 * above 0, above the wallet's balance, or above what the invoice still owes.
 */
export function walletPaymentPosting(input: {
  key: string;
  userId: string;
  amount: number;
  walletBalance: number;
  invoice: { id: number; ref: string; owed: number };
}): { ok: true; posting: Posting } | { ok: false; refusal: WalletRefusal } {
  const { amount } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0)
    return { ok: false, refusal: { code: 'WALLET_AMOUNT_INVALID', message: WALLET_MESSAGES.amountInvalid } };
  if (input.invoice.owed <= 0)
    return { ok: false, refusal: { code: 'INVOICE_PAID', message: WALLET_MESSAGES.invoicePaid } };
  if (amount > input.walletBalance)
    return {
      ok: false,
      refusal: {
        code: 'WALLET_INSUFFICIENT',
        message: WALLET_MESSAGES.insufficient(kes(input.walletBalance)),
      },
    };
  if (amount > input.invoice.owed)
    return {
      ok: false,
      refusal: {
        code: 'WALLET_ABOVE_BALANCE_DUE',
        message: WALLET_MESSAGES.aboveDue(kes(input.invoice.owed)),
      },
    };
  const posting: Posting = {
    key: input.key,
    kind: 'wallet_payment',
    description: ledgerDescription('invoicePaidFromWallet', { invoice: input.invoice.ref }),
    userId: input.userId,
    reference: input.invoice.ref,
    invoiceId: input.invoice.id,
    entries: [
      { account: walletAccount(input.userId), amount },
      { account: invoiceAccount(input.invoice.id), amount: -amount },
    ],
  };
  assertBalanced(posting);
  return { ok: true, posting };
}

/** A fully paid invoice: its premium becomes payable to the underwriter as the policy is issued. */
export function premiumDuePosting(input: {
  invoiceId: number;
  invoiceRef: string;
  userId: string;
  underwriterId: string;
  amount: number;
}): Posting {
  return {
    key: `premium-due:${input.invoiceId}`,
    kind: 'premium_due',
    description: ledgerDescription('premiumDue', { invoice: input.invoiceRef }),
    userId: input.userId,
    reference: input.invoiceRef,
    invoiceId: input.invoiceId,
    entries: [
      { account: PREMIUM_BILLED, amount: input.amount },
      { account: underwriterAccount(input.underwriterId), amount: -input.amount },
    ],
  };
}

/** Wallet credit paid back to the client (staff's refund of an unallocated receipt). */
export function refundPosting(input: {
  key: string;
  userId: string;
  amount: number;
  walletBalance: number;
  reference?: string | null;
  description: LedgerDescription;
}): { ok: true; posting: Posting } | { ok: false; refusal: WalletRefusal } {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    return { ok: false, refusal: { code: 'WALLET_AMOUNT_INVALID', message: WALLET_MESSAGES.amountInvalid } };
  if (input.amount > input.walletBalance)
    return {
      ok: false,
      refusal: {
        code: 'WALLET_INSUFFICIENT',
        message: WALLET_MESSAGES.insufficient(kes(input.walletBalance)),
      },
    };
  const posting: Posting = {
    key: input.key,
    kind: 'refund',
    description: input.description,
    userId: input.userId,
    reference: input.reference ?? null,
    entries: [
      { account: walletAccount(input.userId), amount: input.amount },
      { account: REFUNDS_PAID, amount: -input.amount },
    ],
  };
  assertBalanced(posting);
  return { ok: true, posting };
}

/** A claim paid (by M-Pesa B2C or to a garage) for the policy's underwriter. */
export function claimPayoutPosting(input: {
  settlementId: number;
  userId: string;
  underwriterId: string;
  amount: number;
  method: 'mpesa' | 'garage';
  claimRef: string;
  reference: string | null;
}): Posting {
  return {
    key: `claim-payout:${input.settlementId}`,
    kind: 'claim_payout',
    description: ledgerDescription(input.method === 'mpesa' ? 'claimPaidToMpesa' : 'claimPaidToGarage', {
      claim: input.claimRef,
    }),
    userId: input.userId,
    reference: input.reference,
    entries: [
      { account: { kind: 'claims', underwriterId: input.underwriterId }, amount: input.amount },
      {
        account: { kind: input.method === 'mpesa' ? 'claim_payouts_mpesa' : 'claim_payouts_garage' },
        amount: -input.amount,
      },
    ],
  };
}

// ---------------------------------------------------------------- the loan engine's rules

/** A loan as the posting rules need it. */
export interface LoanRef {
  id: number;
  ref: string;
  userId: string;
  lenderId: number;
}

/** What a loan's account says is still owed (its entries' sum; negative means paid ahead). */
export const loanOwedOf = (entrySum: number): number => entrySum;

/** Why a payment towards a loan cannot be made; the message is the client's. */
export type LoanPaymentRefusal =
  | { code: 'LOAN_AMOUNT_INVALID'; message: string }
  | { code: 'WALLET_INSUFFICIENT'; message: string }
  | { code: 'LOAN_NOTHING_DUE'; message: string };

export const LOAN_PAYMENT_MESSAGES = {
  amountInvalid: 'The amount to pay is whole shillings, more than 0.',
  nothingDue: 'Nothing is due on this loan.',
  insufficient: (balance: string) => `Your wallet has ${balance}: top it up or pay by M-Pesa.`,
} as const;

/**
 * Money M-Pesa confirmed for a loan payment (posted once per payment): what the loan still needs
 * (`due`, at most the amount) goes to the loan, anything more to the client's wallet.
 */
export function loanMpesaReceiptPosting(input: {
  paymentId: number;
  loan: LoanRef;
  amount: number;
  receipt: string | null;
  due: number;
  isDeposit: boolean;
}): { posting: Posting; allocated: number; toWallet: number } {
  const allocated = Math.max(0, Math.min(input.amount, input.due));
  const toWallet = input.amount - allocated;
  const posting: Posting = {
    key: `mpesa-receipt:${input.paymentId}`,
    kind: 'instalment',
    description: ledgerDescription(input.isDeposit ? 'loanDepositByMpesa' : 'loanInstalmentByMpesa', {
      loan: input.loan.ref,
      receipt: input.receipt,
      rest: toWallet > 0,
    }),
    userId: input.loan.userId,
    reference: input.receipt,
    paymentId: input.paymentId,
    entries: nonZero([
      { account: MPESA_PAYBILL, amount: input.amount },
      { account: loanAccount(input.loan.id, input.loan.userId), amount: -allocated },
      { account: walletAccount(input.loan.userId), amount: -toWallet },
    ]),
  };
  assertBalanced(posting);
  return { posting, allocated, toWallet };
}

/**
 * Paying a loan from the wallet: refused for an amount that is not whole shillings above 0, when
 * nothing is due, or above the wallet's balance. The amount is what is due (the caller decides it).
 */
export function loanWalletPaymentPosting(input: {
  key: string;
  loan: LoanRef;
  amount: number;
  walletBalance: number;
  isDeposit: boolean;
}): { ok: true; posting: Posting } | { ok: false; refusal: LoanPaymentRefusal } {
  const { amount } = input;
  if (amount === 0)
    return { ok: false, refusal: { code: 'LOAN_NOTHING_DUE', message: LOAN_PAYMENT_MESSAGES.nothingDue } };
  if (!Number.isSafeInteger(amount) || amount < 0 || amount % 100 !== 0)
    return {
      ok: false,
      refusal: { code: 'LOAN_AMOUNT_INVALID', message: LOAN_PAYMENT_MESSAGES.amountInvalid },
    };
  if (amount > input.walletBalance)
    return {
      ok: false,
      refusal: {
        code: 'WALLET_INSUFFICIENT',
        message: LOAN_PAYMENT_MESSAGES.insufficient(kes(input.walletBalance)),
      },
    };
  const posting: Posting = {
    key: input.key,
    kind: 'instalment',
    description: ledgerDescription(input.isDeposit ? 'loanDepositFromWallet' : 'loanInstalmentFromWallet', {
      loan: input.loan.ref,
    }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: [
      { account: walletAccount(input.loan.userId), amount },
      { account: loanAccount(input.loan.id, input.loan.userId), amount: -amount },
    ],
  };
  assertBalanced(posting);
  return { ok: true, posting };
}

/**
 * The lender pays the invoice on the client's behalf: the invoice is credited with what it owes and
 * the client owes that on the loan.
 */
export function loanDisbursementPosting(input: {
  loan: LoanRef;
  lenderName: string;
  invoice: { id: number; ref: string };
  amount: number;
}): Posting {
  return {
    key: `loan-disbursement:${input.loan.id}`,
    kind: 'loan_disbursement',
    description: ledgerDescription('loanPaidInvoice', {
      lender: input.lenderName,
      invoice: input.invoice.ref,
      loan: input.loan.ref,
    }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    invoiceId: input.invoice.id,
    entries: [
      { account: loanAccount(input.loan.id, input.loan.userId), amount: input.amount },
      { account: invoiceAccount(input.invoice.id), amount: -input.amount },
    ],
  };
}

/** The loan's fee, charged when the lender pays: owed by the client, earned by the lender. */
export function loanFeePosting(input: { loan: LoanRef; amount: number }): Posting {
  return {
    key: `loan-fee:${input.loan.id}`,
    kind: 'fee',
    description: ledgerDescription('loanFee', { loan: input.loan.ref }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: [
      { account: loanAccount(input.loan.id, input.loan.userId), amount: input.amount },
      { account: feesAccount(input.loan.lenderId), amount: -input.amount },
    ],
  };
}

/** Fees waived by the early-settlement rule (settled early, or the loan ended by cancellation). */
export function loanFeeWaiverPosting(input: {
  key: string;
  loan: LoanRef;
  amount: number;
  why: LedgerReason;
}): Posting {
  return {
    key: input.key,
    kind: 'fee',
    description: ledgerDescription('loanFeesWaived', { loan: input.loan.ref, why: input.why }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: [
      { account: feesAccount(input.loan.lenderId), amount: input.amount },
      { account: loanAccount(input.loan.id, input.loan.userId), amount: -input.amount },
    ],
  };
}

/** What an application that never became a loan had received goes back to the client's wallet. */
export function loanReturnPosting(input: { loan: LoanRef; amount: number; why: LedgerReason }): Posting {
  return {
    key: `loan-return:${input.loan.id}`,
    kind: 'loan_refund',
    description: ledgerDescription('loanDepositReturned', { loan: input.loan.ref, why: input.why }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: [
      { account: loanAccount(input.loan.id, input.loan.userId), amount: input.amount },
      { account: walletAccount(input.loan.userId), amount: -input.amount },
    ],
  };
}

/**
 * A financed policy cancelled: the insurer refunds its unearned premium to the lender (what the
 * portal owes the insurer goes down by it, and the lender is owed it).
 */
export function premiumRefundToLenderPosting(input: {
  policyId: number;
  policyNumber: string;
  loan: LoanRef;
  lenderName: string;
  underwriterId: string;
  amount: number;
}): Posting {
  return {
    key: `premium-refund:${input.policyId}`,
    kind: 'premium_refund',
    description: ledgerDescription('premiumRefundedToLender', {
      policy: input.policyNumber,
      lender: input.lenderName,
    }),
    userId: input.loan.userId,
    reference: input.policyNumber,
    entries: [
      { account: underwriterAccount(input.underwriterId), amount: input.amount },
      { account: lenderAccount(input.loan.lenderId), amount: -input.amount },
    ],
  };
}

/**
 * The lender sets the refunded premium against the loan: up to what the loan still owes; anything
 * more is the client's and goes to the wallet. Answers the parts.
 */
export function refundAppliedToLoanPosting(input: {
  loan: LoanRef;
  lenderName: string;
  amount: number;
  owed: number;
}): { posting: Posting; applied: number; toWallet: number } {
  const applied = Math.max(0, Math.min(input.amount, input.owed));
  const toWallet = input.amount - applied;
  const posting: Posting = {
    key: `loan-refund-applied:${input.loan.id}`,
    kind: 'loan_refund',
    description: ledgerDescription('refundSetAgainstLoan', {
      lender: input.lenderName,
      loan: input.loan.ref,
      rest: toWallet > 0,
    }),
    userId: input.loan.userId,
    reference: input.loan.ref,
    entries: nonZero([
      { account: lenderAccount(input.loan.lenderId), amount: input.amount },
      { account: loanAccount(input.loan.id, input.loan.userId), amount: -applied },
      { account: walletAccount(input.loan.userId), amount: -toWallet },
    ]),
  };
  assertBalanced(posting);
  return { posting, applied, toWallet };
}

// ---------------------------------------------------------------- an in-memory book (the model)

/**
 * The ledger in memory, with the database's guarantees: a posting is applied once per key, must be
 * balanced, and may not leave a wallet below zero or an invoice paid beyond its bill. Used by the
 * property test to drive the same posting rules as the service.
 */
export class LedgerBook {
  private readonly sums = new Map<string, number>();
  private readonly credits = new Map<string, number>();
  readonly postings = new Map<string, Posting>();

  /** Applies a posting once; answers false for a key already posted (nothing changes). */
  post(posting: Posting): boolean {
    if (this.postings.has(posting.key)) return false;
    assertBalanced(posting);
    const next = new Map<string, number>();
    for (const entry of posting.entries) {
      const code = accountCode(entry.account);
      next.set(code, (next.get(code) ?? this.sum(entry.account)) + entry.amount);
    }
    for (const entry of posting.entries) {
      const code = accountCode(entry.account);
      const after = next.get(code)!;
      if (entry.account.kind === 'wallet' && after > 0)
        throw new RangeError(`posting ${posting.key} would overdraw ${code}`);
      if (entry.account.kind === 'invoice' && after < 0)
        throw new RangeError(`posting ${posting.key} would pay ${code} beyond its bill`);
    }
    for (const [code, sum] of next) this.sums.set(code, sum);
    for (const entry of posting.entries) {
      if (entry.amount < 0) {
        const code = accountCode(entry.account);
        this.credits.set(code, (this.credits.get(code) ?? 0) - entry.amount);
      }
    }
    this.postings.set(posting.key, posting);
    return true;
  }

  /** The sum of an account's entries. */
  sum(account: AccountRef): number {
    return this.sums.get(accountCode(account)) ?? 0;
  }

  /** What has been credited to an account (an invoice's paid amount). */
  credited(account: AccountRef): number {
    return this.credits.get(accountCode(account)) ?? 0;
  }

  walletBalance(userId: string): number {
    return walletBalanceOf(this.sum(walletAccount(userId)));
  }

  invoiceOwed(invoiceId: number): number {
    return invoiceOwedOf(this.sum(invoiceAccount(invoiceId)));
  }

  invoicePaid(invoiceId: number): number {
    return this.credited(invoiceAccount(invoiceId));
  }

  /** What a loan still owes (negative: paid ahead of the lender paying). */
  loanOwed(loanId: number, userId: string): number {
    return loanOwedOf(this.sum(loanAccount(loanId, userId)));
  }

  /** The sum over every account: always 0 when every transaction is balanced. */
  total(): number {
    let total = 0;
    for (const sum of this.sums.values()) total += sum;
    return total;
  }
}

/**
 * An M-Pesa receipt for a cart invoice: put towards its member invoices in order (each member at
 * most what it still owes), one posting per member paid (each names its invoice, as an invoice's
 * receipt does) and the rest to the client's wallet. Keys are per payment and member: replaying
 * the same receipt posts nothing new.
 */
export function cartReceiptPostings(input: {
  paymentId: number;
  userId: string;
  amount: number;
  receipt: string | null;
  cartRef: string;
  members: Array<{ id: number; ref: string; owed: number }>;
}): { postings: Posting[]; allocations: Array<{ invoiceId: number; amount: number }>; toWallet: number } {
  let left = input.amount;
  const postings: Posting[] = [];
  const allocations: Array<{ invoiceId: number; amount: number }> = [];
  for (const member of input.members) {
    const share = Math.max(0, Math.min(left, member.owed));
    if (share <= 0) continue;
    left -= share;
    allocations.push({ invoiceId: member.id, amount: share });
    postings.push({
      key: `mpesa-receipt:${input.paymentId}:invoice:${member.id}`,
      kind: 'mpesa_receipt',
      description: ledgerDescription('cartInvoicePaid', {
        invoice: member.ref,
        cart: input.cartRef,
        receipt: input.receipt,
      }),
      userId: input.userId,
      reference: input.receipt,
      paymentId: input.paymentId,
      invoiceId: member.id,
      entries: [
        { account: MPESA_PAYBILL, amount: share },
        { account: invoiceAccount(member.id), amount: -share },
      ],
    });
  }
  if (left > 0) {
    postings.push({
      key: `mpesa-receipt:${input.paymentId}:wallet`,
      kind: 'mpesa_receipt',
      description: ledgerDescription('cartRestToWallet', { cart: input.cartRef, receipt: input.receipt }),
      userId: input.userId,
      reference: input.receipt,
      paymentId: input.paymentId,
      invoiceId: null,
      entries: [
        { account: MPESA_PAYBILL, amount: left },
        { account: walletAccount(input.userId), amount: -left },
      ],
    });
  }
  for (const posting of postings) assertBalanced(posting);
  return { postings, allocations, toWallet: left };
}
