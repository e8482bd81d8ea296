import { z } from 'zod';
import { addMonths } from './cover-dates';
import { formatKes } from './money';
import { mpesaPhoneSchema } from './purchase';

export { addMonths };

/**
 * The loan engine's rules (premium financing today, school fees next): pricing from a lender's
 * table of bands, the repayment schedule, what a loan has paid and owes, early settlement, arrears
 * and the unearned premium of a cancelled policy. Money is integer cents; every amount a client
 * pays is whole shillings (M-Pesa takes nothing else). No I/O here.
 */

/** Loans run 4 to 10 monthly instalments (Kenyan IPF lenders' usual terms). */
export const LOAN_MONTHS_MIN = 4;
export const LOAN_MONTHS_MAX = 10;
export const LOAN_MONTH_OPTIONS = [4, 5, 6, 7, 8, 9, 10] as const;

/** What a loan is for: each product has its own eligibility and pricing table. */
export const LOAN_PRODUCTS = ['ipf', 'school_fees'] as const;
export type LoanProduct = (typeof LOAN_PRODUCTS)[number];

/**
 * A loan's life: applied and waiting for the first instalment (paid up front) → waiting for the
 * lender → ACTIVE once the lender paid (the invoice, for IPF) → SETTLED when repaid, or CANCELLED
 * when the lender had the policy cancelled for missed instalments. DECLINED and WITHDRAWN end an
 * application (any first instalment paid goes back to the client's wallet).
 */
export const LOAN_STATUSES = [
  'AWAITING_DEPOSIT',
  'PENDING',
  'DECLINED',
  'WITHDRAWN',
  'ACTIVE',
  'SETTLED',
  'CANCELLED',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Statuses of an application still open (one per invoice at a time). */
export const OPEN_LOAN_STATUSES = ['AWAITING_DEPOSIT', 'PENDING', 'ACTIVE'] as const;

/** One row of a lender's pricing table: a principal band and a term, priced by a fee or a monthly rate. */
export interface LoanPricingBand {
  /** Cents, inclusive. */
  minPrincipal: number;
  /** Cents, inclusive; null for no upper bound. */
  maxPrincipal: number | null;
  months: number;
  /** A facility fee in cents (whole shillings) for the whole term… */
  facilityFee: number | null;
  /** …or a monthly rate in parts per million of the principal (1.67 % a month = 16,700). */
  monthlyRatePpm: number | null;
}

/** The band of a table that prices `principal` over `months`, or null when none does. */
export function findPricingBand(
  bands: readonly LoanPricingBand[],
  principal: number,
  months: number,
): LoanPricingBand | null {
  return (
    bands.find(
      (band) =>
        band.months === months &&
        principal >= band.minPrincipal &&
        (band.maxPrincipal === null || principal <= band.maxPrincipal),
    ) ?? null
  );
}

/**
 * The fee of a loan in cents, whole shillings: the band's facility fee, or principal × monthly rate ×
 * months rounded half up once to the shilling (integer arithmetic).
 */
export function loanFee(band: LoanPricingBand, principal: number): number {
  if (band.facilityFee !== null) return band.facilityFee;
  const rate = band.monthlyRatePpm ?? 0;
  // cents × ppm × months / 1e6 is the fee in cents; half up to shillings in one integer division
  // (the product stays far below 2^53 for any premium).
  return Math.floor((principal * rate * band.months + 50_000_000) / 100_000_000) * 100;
}

/** Whole days from one calendar date to another (YYYY-MM-DD); negative when `to` is earlier. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** YYYY-MM-DD `days` days after `date`. */
export function plusDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export interface Instalment {
  /** 1 is the first instalment, paid up front before the lender pays. */
  number: number;
  dueDate: string;
  /** Cents, whole shillings: principal + fee. */
  amount: number;
  principal: number;
  fee: number;
}

export interface LoanSchedule {
  principal: number;
  fee: number;
  months: number;
  /** Principal + fee: what the client repays in all. */
  totalRepayable: number;
  instalments: Instalment[];
  /** The fee as a share of the principal, in basis points (NCBA's "effective rate"). */
  feeRateBps: number;
  /** The yearly rate of the cash flows (12 × the monthly internal rate of return), in basis points. */
  annualRateBps: number;
}

/** Splits whole shillings (in cents) into `parts`: equal whole shillings, the remainder on the first. */
function splitShillings(total: number, parts: number): number[] {
  const shillings = total / 100;
  const base = Math.floor(shillings / parts);
  const rest = shillings - base * parts;
  return Array.from({ length: parts }, (_, index) => (base + (index === 0 ? rest : 0)) * 100);
}

/**
 * The repayment schedule of a loan of `principal` (cents, whole shillings) priced by `band`: `months`
 * instalments of whole shillings, the first due on `startDate` (paid up front) and each next one a
 * calendar month later. The fee and the principal are each split evenly in whole shillings with any
 * remainder on the first instalment, so every later instalment is the same and the sums are exact.
 */
export function loanSchedule(input: {
  principal: number;
  band: LoanPricingBand;
  startDate: string;
}): LoanSchedule {
  const { principal, band, startDate } = input;
  if (!Number.isSafeInteger(principal) || principal <= 0 || principal % 100 !== 0)
    throw new RangeError('the principal is whole shillings above 0');
  const months = band.months;
  const fee = loanFee(band, principal);
  const principalParts = splitShillings(principal, months);
  const feeParts = splitShillings(fee, months);
  const instalments = principalParts.map((part, index) => ({
    number: index + 1,
    dueDate: addMonths(startDate, index),
    amount: part + feeParts[index]!,
    principal: part,
    fee: feeParts[index]!,
  }));
  return {
    principal,
    fee,
    months,
    totalRepayable: principal + fee,
    instalments,
    feeRateBps: Math.floor((fee * 10_000 + Math.floor(principal / 2)) / principal),
    annualRateBps: annualRateBps(principal, instalments),
  };
}

/**
 * The nominal yearly rate of a loan whose first instalment is paid at once: the monthly rate r that
 * makes the instalments 2…n, discounted monthly, worth the principal less the first; ×12, in basis
 * points (bisection to well below a basis point).
 */
function annualRateBps(principal: number, instalments: Instalment[]): number {
  const advanced = principal - (instalments[0]?.amount ?? 0);
  const later = instalments.slice(1);
  if (advanced <= 0 || later.length === 0) return 0;
  const worth = (rate: number) =>
    later.reduce((sum, instalment, index) => sum + instalment.amount / (1 + rate) ** (index + 1), 0);
  if (worth(0) <= advanced) return 0;
  let low = 0;
  let high = 1;
  for (let step = 0; step < 100; step += 1) {
    const middle = (low + high) / 2;
    if (worth(middle) > advanced) low = middle;
    else high = middle;
  }
  return Math.round(((low + high) / 2) * 12 * 10_000);
}

export type InstalmentState = 'paid' | 'part-paid' | 'overdue' | 'due' | 'upcoming' | 'waived';

export interface InstalmentView extends Instalment {
  paid: number;
  outstanding: number;
  state: InstalmentState;
}

/**
 * Each instalment's share of what the client has paid towards the loan (`paidTotal`, cents): money
 * goes to the oldest instalment first. An unpaid instalment is overdue after its due date, due on
 * it, upcoming before it.
 */
export function instalmentStates(
  instalments: readonly Instalment[],
  paidTotal: number,
  today: string,
): InstalmentView[] {
  let left = Math.max(0, paidTotal);
  return instalments.map((instalment) => {
    const paid = Math.min(left, instalment.amount);
    left -= paid;
    const outstanding = instalment.amount - paid;
    const state: InstalmentState =
      outstanding === 0
        ? 'paid'
        : instalment.dueDate < today
          ? 'overdue'
          : paid > 0
            ? 'part-paid'
            : instalment.dueDate === today
              ? 'due'
              : 'upcoming';
    return { ...instalment, paid, outstanding, state };
  });
}

/**
 * The early-settlement rule, stated to the client before paying: settling now, you pay everything
 * still owed except the fee parts of instalments that are not yet due (their due date is after
 * today), which are waived; fees of instalments already due stay payable. Returns the amount to pay
 * and the fee waived (cents). An instalment paid in part has its fee part waived only for what is
 * still unpaid of it.
 */
export function earlySettlement(input: {
  instalments: readonly Instalment[];
  paidTotal: number;
  /** What the loan's ledger account says is still owed (cents). */
  outstanding: number;
  today: string;
}): { amount: number; waivedFee: number } {
  const states = instalmentStates(input.instalments, input.paidTotal, input.today);
  const waivedFee = states
    .filter((instalment) => instalment.dueDate > input.today)
    .reduce((sum, instalment) => sum + Math.min(instalment.fee, instalment.outstanding), 0);
  const waived = Math.min(waivedFee, Math.max(0, input.outstanding));
  return { amount: Math.max(0, input.outstanding - waived), waivedFee: waived };
}

/** The rule in words, as the loan page and the e-mails state it. */
export const EARLY_SETTLEMENT_RULE =
  'Settle early and you pay what is left of the amount financed plus the fees of instalments already due; the fees of instalments not yet due are waived.';

/** Where a loan stands with its instalments: on time, or how far into the arrears process. */
export type ArrearsStage = 'current' | 'overdue' | 'notice' | 'cancel';

/**
 * The arrears process of a loan: the oldest instalment unpaid after its due date starts it. For
 * `graceDays` after that date the loan is `overdue` (reminded, no more); then a `notice` that the
 * lender will ask the insurer to cancel the policy unless paid within `noticeDays`; after that,
 * `cancel`. Paying the arrears ends it.
 */
export function arrearsStage(input: {
  instalments: readonly Instalment[];
  paidTotal: number;
  today: string;
  graceDays: number;
  noticeDays: number;
}): { stage: ArrearsStage; instalment: InstalmentView | null; daysLate: number; arrears: number } {
  const states = instalmentStates(input.instalments, input.paidTotal, input.today);
  const overdue = states.filter((instalment) => instalment.state === 'overdue');
  const oldest = overdue[0] ?? null;
  if (!oldest) return { stage: 'current', instalment: null, daysLate: 0, arrears: 0 };
  const daysLate = daysFrom(oldest.dueDate, input.today);
  const arrears = overdue.reduce((sum, instalment) => sum + instalment.outstanding, 0);
  const stage: ArrearsStage =
    daysLate > input.graceDays + input.noticeDays
      ? 'cancel'
      : daysLate > input.graceDays
        ? 'notice'
        : 'overdue';
  return { stage, instalment: oldest, daysLate, arrears };
}

/**
 * The unearned premium of a policy cancelled on `cancelDate` (the last day of cover), pro rata by
 * days: premium × days not covered ÷ days of the cover, rounded down to the cent (the insurer never
 * refunds more than the exact share). A cancellation before the cover starts refunds it all, one
 * on or after its last day nothing.
 */
export function unearnedPremium(input: {
  premium: number;
  startDate: string;
  endDate: string;
  cancelDate: string;
}): { amount: number; daysCovered: number; daysUnearned: number; periodDays: number } {
  const periodDays = daysFrom(input.startDate, input.endDate) + 1;
  const daysCovered = Math.min(periodDays, Math.max(0, daysFrom(input.startDate, input.cancelDate) + 1));
  const daysUnearned = periodDays - daysCovered;
  const amount = Math.floor((input.premium * daysUnearned) / periodDays);
  return { amount, daysCovered, daysUnearned, periodDays };
}

// ---------------------------------------------------------------- the actions' input

export const LOAN_MESSAGES = {
  monthsRequired: 'Choose how many months: 4 to 10.',
  acceptRequired: 'Confirm that you accept the schedule and its total cost.',
  invoiceRequired: 'Invoice reference is required.',
  loanRequired: 'Loan reference is required.',
  reasonRequired: 'Say why the application is declined.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  belowMinimum: (minimum: string) => `Premium financing starts from ${minimum}.`,
  notAnnual: 'Only annual covers can be financed.',
  invoicePaid: 'This invoice is already paid.',
  alreadyApplied: 'This invoice already has an application for premium financing.',
  partPaid: 'This invoice has been paid in part: pay the rest instead.',
  quotationExpired: 'The price of this quotation has expired: price it again first.',
  noPricing: 'No lender finances this amount over that many months.',
  noLender: 'No lender offers premium financing at the moment.',
} as const;

const refSchema = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

const monthsSchema = z.coerce
  .number({ error: LOAN_MESSAGES.monthsRequired })
  .int(LOAN_MESSAGES.monthsRequired)
  .min(LOAN_MONTHS_MIN, LOAN_MESSAGES.monthsRequired)
  .max(LOAN_MONTHS_MAX, LOAN_MESSAGES.monthsRequired);

/** `client / ipf / getOffer`: what financing an invoice would cost, for every term. */
export const ipfOfferSchema = z.object({ invoiceSystemRef: refSchema(LOAN_MESSAGES.invoiceRequired) });

/** `client / ipf / apply`: the term chosen, with the schedule accepted. */
export const ipfApplySchema = z.object({
  invoiceSystemRef: refSchema(LOAN_MESSAGES.invoiceRequired),
  months: monthsSchema,
  acceptTerms: z.literal(true, { error: LOAN_MESSAGES.acceptRequired }),
});
export type IpfApplyInput = z.infer<typeof ipfApplySchema>;

export const loanRefSchema = z.object({ loanRef: refSchema(LOAN_MESSAGES.loanRequired) });

/** What a payment towards a loan is for: the next amount due (the deposit first) or settling it all. */
export const LOAN_PAYMENT_TARGETS = ['next', 'settle'] as const;

/** `client / loan / payByMpesa`. */
export const loanMpesaPaymentSchema = loanRefSchema.extend({
  target: z.enum(LOAN_PAYMENT_TARGETS).default('next'),
  phone: mpesaPhoneSchema,
});

/** `client / loan / payFromWallet`; the same requestId pays once. */
export const loanWalletPaymentSchema = loanRefSchema.extend({
  target: z.enum(LOAN_PAYMENT_TARGETS).default('next'),
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request id.')
    .optional(),
});

export const loanPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** `lender / application / listApplications`: the lender's queue, by status (default: waiting). */
export const lenderListSchema = loanPageSchema.extend({
  status: z.enum([...LOAN_STATUSES, 'ALL'], { error: 'Unknown status.' }).default('PENDING'),
});

/** `lender / application / declineApplication`. */
export const lenderDeclineSchema = loanRefSchema.extend({
  reason: z
    .string({ error: LOAN_MESSAGES.reasonRequired })
    .trim()
    .min(3, LOAN_MESSAGES.reasonRequired)
    .max(500, LOAN_MESSAGES.reasonTooLong),
});

/** A loan amount for messages ('KES 80,000'). */
export const loanKes = (cents: number) => formatKes(cents);
