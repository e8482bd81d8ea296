import type { LoanStatus } from '@bima/domain';
import type { Database } from '../../db/client';
import type { Bilingual, Language } from '../../lib/language';
import type { LenderRow, LoanCoreContext, LoanRow, Tx } from './service';

/**
 * What the loan engine asks of a loan product (premium financing today, school fees next): how the
 * lender's money is paid out, what happens when the lender gives up on a loan in arrears, and how a
 * loan's purpose reads. Eligibility and pricing tables are the product's own (its module and its
 * rows in `loan_pricing_tables`).
 */
export interface LoanProductAdapter {
  /** The loans' `product` this adapter serves ('ipf', 'school_fees'). */
  product: string;
  /**
   * The lender pays (IPF: the invoice, then the policy is issued, financed). `ok: false` when it can
   * no longer be paid out (the application is then withdrawn and its first instalment returned).
   */
  disburse(
    tx: Tx,
    context: LoanCoreContext,
    loan: LoanRow,
    lender: LenderRow,
  ): Promise<
    | { ok: true; issuedInvoiceId: number | null; what: string; outcome: string }
    | { ok: false; reason: string }
  >;
  /**
   * The arrears process ran out: what the lender's security does (IPF: the insurer cancels the policy
   * and refunds the unearned premium to the lender, set against the loan). Answers what happened in
   * both languages (the client's and the lender users' notifications, each in their own), and the
   * amount refunded to the lender (cents).
   */
  cancelForDefault(
    tx: Tx,
    context: LoanCoreContext,
    loan: LoanRow,
    lender: LenderRow,
  ): Promise<{ message: Bilingual; refund: number; reason: string }>;
  /**
   * The arrears process's words for what the lender does when it gives up (default, IPF: the
   * insurer cancels the policy): the notice's consequence, the request recorded, the final title —
   * in each language.
   */
  arrearsWords?: Record<Language, ArrearsWords>;
  /** What each loan pays for, merged into its view. */
  describe(db: Database, loans: LoanRow[]): Promise<Map<number, Record<string, unknown>>>;
}

/**
 * Why the portal itself ended an application (a lender's own reason is its words, shown as written):
 * stored in English as the loan's `declineReason`, read in the reader's language.
 */
export const APPLICATION_END_REASONS = {
  withdrawnByClient: { en: 'you withdrew it', sw: 'uliliondoa' },
  invoicePaidAnotherWay: {
    en: 'the invoice was paid another way before the lender paid it',
    sw: 'ankara ililipwa kwa njia nyingine kabla mkopeshaji hajailipa',
  },
  schoolInvoicePaidAnotherWay: {
    en: 'the school fee invoice was paid another way before the lender paid it',
    sw: 'ankara ya karo ya shule ililipwa kwa njia nyingine kabla mkopeshaji hajailipa',
  },
} as const satisfies Record<string, Bilingual>;

/** How the audit log names a loan's status, in each language. */
export const LOAN_STATUS_WORD: Bilingual = { en: 'Loan status', sw: 'Hali ya mkopo' };
export const LOAN_STATUS_WORDS = {
  AWAITING_DEPOSIT: { en: 'Waiting for the first instalment', sw: 'Inasubiri awamu ya kwanza' },
  PENDING: { en: 'Waiting for the lender', sw: 'Inasubiri mkopeshaji' },
  DECLINED: { en: 'Declined', sw: 'Imekataliwa' },
  WITHDRAWN: { en: 'Withdrawn', sw: 'Imeondolewa' },
  ACTIVE: { en: 'Active', sw: 'Hai' },
  SETTLED: { en: 'Paid off', sw: 'Imelipwa yote' },
  CANCELLED: { en: 'Cancelled', sw: 'Imeghairiwa' },
} as const satisfies Record<LoanStatus, Bilingual>;

/** A reason an application ended, in `language`: ours translated, a lender's as written. */
export function endReasonIn(reason: string, language: Language): string {
  const ours = Object.values(APPLICATION_END_REASONS).find((known) => known.en === reason);
  return ours ? ours[language] : reason;
}

/** A product's words for the end of the arrears process, in one language. */
export interface ArrearsWords {
  consequence: string;
  requested: string;
  title: string;
}

const registered = new Map<string, LoanProductAdapter>();

/**
 * Registers loan products (idempotent: every app built in one process registers the same ones). The
 * loan engine knows no product by name: each product's module exports its adapter, registered once
 * at start-up with `allLoanProducts` of modules/index.ts.
 */
export function registerLoanProducts(adapters: readonly LoanProductAdapter[]): void {
  for (const adapter of adapters) {
    const known = registered.get(adapter.product);
    if (known && known !== adapter) throw new Error(`two loan products named ${adapter.product}`);
    registered.set(adapter.product, adapter);
  }
}

/** The adapter of a product; one nobody registered is a wiring fault. */
export function loanProductOf(product: string): LoanProductAdapter {
  const adapter = registered.get(product);
  if (!adapter) throw new Error(`unknown loan product ${product}`);
  return adapter;
}
