import { z } from 'zod';
import { cents } from './contract/define';
import { addCalendarDays, addMonths } from './cover-dates';

/*
 * Paying monthly without a loan (issue 31; `../shared/domain/channels-and-monthly.md`): annual cover
 * paid in monthly M-Pesa instalments, the cover running month by month — "lipa mdogo mdogo", as
 * CIC's Easy Bima sells it. Pure rules: the plan's amounts from the annual total and the
 * underwriter's terms, each month's days, and what a policy's paid months mean on a day.
 */

export const PAYMENT_PLANS = ['annual', 'monthly'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];
export const paymentPlanSchema = z.enum(PAYMENT_PLANS, { error: 'Choose how to pay: annual or monthly.' });

/** Monthly instalments of an annual cover: one a calendar month. */
export const MONTHLY_INSTALMENTS = 12;
/** A cover shorter than this is bought at once (a month's cover has nothing to spread). */
export const MONTHLY_MIN_PERIOD_DAYS = 365;
/** The loading an underwriter may set, in basis points of the annual total (0–50 %). */
export const MONTHLY_MAX_LOADING_BPS = 5_000;
/**
 * The grace after a missed due date within which paying resumes the cover: 0–27 days, so that even
 * in February a month paid on the grace's last day still covers days of its own.
 */
export const MONTHLY_MAX_GRACE_DAYS = 27;
/** Reminders before an unpaid month's due date, in days (5 and 1 before, and on the day). */
export const MONTHLY_REMINDER_DAYS = [5, 1, 0] as const;

/** An underwriter's monthly terms for a product, as a version of its configuration holds them. */
export interface MonthlyTerms {
  loadingBps: number;
  graceDays: number;
}

/** What paying monthly costs for an annual total, in cents (each instalment whole shillings). */
export interface MonthlyPlan {
  instalments: number;
  loadingBps: number;
  graceDays: number;
  /** What paying at once costs (the quote's total). */
  payAtOnce: number;
  /** What the months add up to: the total with the loading, half up to the shilling. */
  total: number;
  /** total − payAtOnce. */
  extra: number;
  /** Month 1 (it carries the shillings the even split leaves over). */
  firstAmount: number;
  /** Months 2 onwards. */
  monthlyAmount: number;
  /** Every month's amount, month 1 first; they sum to `total`. */
  amounts: number[];
}

/**
 * The plan for an annual total (cents) on the underwriter's terms: the total loaded by `loadingBps`
 * (half up to the shilling, in one integer division), split into 12 whole-shilling months, the
 * remainder on the first — so months 2–12 are equal and the sum is exact.
 */
export function monthlyPlan(
  payAtOnce: number,
  terms: MonthlyTerms,
  instalments = MONTHLY_INSTALMENTS,
): MonthlyPlan {
  if (!Number.isSafeInteger(payAtOnce) || payAtOnce < 0)
    throw new Error(`not an amount in cents: ${payAtOnce}`);
  const shillings = Math.floor((payAtOnce * (10_000 + terms.loadingBps) + 500_000) / 1_000_000);
  const base = Math.floor(shillings / instalments);
  const first = shillings - base * (instalments - 1);
  const amounts = [first * 100, ...Array.from({ length: instalments - 1 }, () => base * 100)];
  return {
    instalments,
    loadingBps: terms.loadingBps,
    graceDays: terms.graceDays,
    payAtOnce,
    total: shillings * 100,
    extra: shillings * 100 - payAtOnce,
    firstAmount: first * 100,
    monthlyAmount: base * 100,
    amounts,
  };
}

/** Whether a cover of `periodDays` can be paid monthly at all (an annual one). */
export const canPayMonthly = (periodDays: number): boolean => periodDays >= MONTHLY_MIN_PERIOD_DAYS;

/** One month of a monthly-paid policy: the days it covers and when it is due. */
export interface CoverMonth {
  monthNo: number;
  /** The first day it covers; also its due date (month 1 is paid at purchase). */
  from: string;
  /** The last day it covers (the day before the next month; the policy's end for the last). */
  to: string;
}

/**
 * The months of a policy from its start to its end: month k starts k − 1 calendar months after the
 * start (the 31st falls back to a shorter month's last day) and ends the day before the next; the
 * last ends on the policy's end date.
 */
export function coverMonths(
  startDate: string,
  endDate: string,
  instalments = MONTHLY_INSTALMENTS,
): CoverMonth[] {
  return Array.from({ length: instalments }, (_, index) => {
    const from = addMonths(startDate, index);
    const to = index === instalments - 1 ? endDate : addCalendarDays(addMonths(startDate, index + 1), -1);
    return { monthNo: index + 1, from, to };
  });
}

/**
 * The first day a paid month covers: its first day, or the day it was paid when later (cover is
 * never backdated), at most its last day. Month 1 is paid before its cover starts.
 */
export const coveredFrom = (month: Pick<CoverMonth, 'from' | 'to'>, paidOn: string): string =>
  [month.from, paidOn, month.to].sort()[1]!;

/**
 * Where a monthly policy stands on `today`, from its months and how many are paid (months are paid
 * in order): `current` while today is within the paid months; `lapsed` after the paid months end —
 * the cover stopped at `paidUntil`, paying the due month by `graceUntil` resumes it; `ended` after
 * the grace (the policy is then cancelled, nothing owed); `completed` when every month is paid.
 */
export function monthlyStanding(input: {
  months: CoverMonth[];
  paidMonths: number;
  today: string;
  graceDays: number;
}) {
  const { months, paidMonths, today, graceDays } = input;
  const paidUntil = paidMonths > 0 ? months[paidMonths - 1]!.to : null;
  const next = months[paidMonths] ?? null;
  if (!next) return { state: 'completed' as const, paidUntil, next: null, graceUntil: null };
  const graceUntil = addCalendarDays(next.from, graceDays);
  if (today < next.from) return { state: 'current' as const, paidUntil, next, graceUntil };
  if (today <= graceUntil) return { state: 'lapsed' as const, paidUntil, next, graceUntil };
  return { state: 'ended' as const, paidUntil, next, graceUntil };
}

export const MONTHLY_RULE = {
  en: 'Cover runs month by month. A month not paid by its due date ends the cover at the end of the last paid month; paying within the grace days resumes it from the day you pay.',
  sw: 'Bima inaendelea mwezi kwa mwezi. Mwezi usiolipwa kufikia tarehe yake unasimamisha bima mwishoni mwa mwezi uliolipwa mwisho; kulipa ndani ya siku za neema kunairejesha kuanzia siku unayolipa.',
} as const;

/** The monthly offer as the quote grid, quotations and policies answer it (cents). */
export const monthlyOfferSchema = z.object({
  instalments: z.int(),
  firstAmount: cents(),
  monthlyAmount: cents(),
  total: cents(),
  payAtOnce: cents(),
  extra: cents(),
  loadingBps: z.int(),
  graceDays: z.int(),
});
export type MonthlyOffer = z.infer<typeof monthlyOfferSchema>;

/** The offer of a plan (what the wire carries of it). */
export const monthlyOfferOf = (plan: MonthlyPlan): MonthlyOffer => ({
  instalments: plan.instalments,
  firstAmount: plan.firstAmount,
  monthlyAmount: plan.monthlyAmount,
  total: plan.total,
  payAtOnce: plan.payAtOnce,
  extra: plan.extra,
  loadingBps: plan.loadingBps,
  graceDays: plan.graceDays,
});

export const MONTHLY_TERMS_MESSAGES = {
  loading: `The loading is a percentage from 0 to ${MONTHLY_MAX_LOADING_BPS / 100}.`,
  grace: `The grace is a whole number of days from 0 to ${MONTHLY_MAX_GRACE_DAYS}.`,
} as const;

/** The back office's monthly terms of a product (a new version each time). */
export const publishMonthlyTermsSchema = z.object({
  productSystemRef: z.string().trim().min(1, 'Please select a product.'),
  enabled: z.boolean(),
  loadingBps: z
    .int(MONTHLY_TERMS_MESSAGES.loading)
    .min(0, MONTHLY_TERMS_MESSAGES.loading)
    .max(MONTHLY_MAX_LOADING_BPS, MONTHLY_TERMS_MESSAGES.loading),
  graceDays: z
    .int(MONTHLY_TERMS_MESSAGES.grace)
    .min(0, MONTHLY_TERMS_MESSAGES.grace)
    .max(MONTHLY_MAX_GRACE_DAYS, MONTHLY_TERMS_MESSAGES.grace),
});
export type PublishMonthlyTermsInput = z.infer<typeof publishMonthlyTermsSchema>;
