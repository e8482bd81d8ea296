import {
  addCalendarDays,
  type CoverMonth,
  coveredFrom,
  coverMonths,
  invoiceBilledPosting,
  MONTHLY_RULE,
  type MonthlyPlan,
  monthlyOfferOf,
} from '@bima/domain';
import type { PolicyMonthly, StandingOrderView } from '@bima/domain/contract';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, motorCertificates, type policies, type quotations, standingOrders } from '../../db/schema';
import { kenyaToday } from '../../lib/dates';
import { makeRef } from '../../lib/refs';
import { invoiceMoney, post } from '../ledger/service';

/*
 * A monthly policy's months as rows (issue 31): each month is an invoice — month 1 the quotation's
 * own, months 2–12 billed on the policy one at a time as the month before is paid — and what the
 * policy page answers of them. Read by the policy presenters and the monthly service and job.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
type PolicyRow = typeof policies.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The business clock the monthly rules read ("today", the pay day of a late month), registered at
 * start-up by the monthly plugin (services.clock, which /dev/clock and tests move); the system's
 * time until then.
 */
let businessNow: () => Date = () => new Date();
export function useMonthlyClock(now: () => Date): void {
  businessNow = now;
}
export const monthlyNow = (): Date => businessNow();
export const monthlyToday = (): string => kenyaToday(businessNow());

/** A monthly policy's months (from the issued policy's dates: cover is never backdated). */
export const monthsOfPolicy = (policy: Pick<PolicyRow, 'startDate' | 'endDate'>): CoverMonth[] =>
  coverMonths(policy.startDate, policy.endDate);

/**
 * Bills month `monthNo` of a monthly policy, in the caller's transaction, once (unique per policy and
 * month): its invoice UNPAID, due on the month's first day, and its bill in the ledger.
 */
export async function billMonth(
  tx: Tx,
  input: { policyId: number; quotationId: number; userId: string; month: CoverMonth; amount: number },
): Promise<InvoiceRow | null> {
  const [made] = await tx
    .insert(invoices)
    .values({
      invoiceSystemRef: makeRef('INV'),
      quotationId: input.quotationId,
      userId: input.userId,
      amount: input.amount,
      monthNo: input.month.monthNo,
      policyId: input.policyId,
      dueDate: input.month.from,
    })
    .onConflictDoNothing()
    .returning();
  if (!made) return null;
  await post(
    tx,
    invoiceBilledPosting({
      invoiceId: made.id,
      invoiceRef: made.invoiceSystemRef,
      userId: made.userId,
      amount: made.amount,
    }),
    { occurredAt: made.createdAt },
  );
  return made;
}

/** Every month invoice of the policies (month 1: the policy's own invoice), by policy id. */
export async function monthInvoicesOf(
  db: Executor,
  rows: Array<Pick<PolicyRow, 'id' | 'invoiceId'>>,
): Promise<Map<number, InvoiceRow[]>> {
  const result = new Map<number, InvoiceRow[]>();
  if (rows.length === 0) return result;
  const found = await db
    .select()
    .from(invoices)
    .where(
      or(
        inArray(
          invoices.policyId,
          rows.map((row) => row.id),
        ),
        inArray(
          invoices.id,
          rows.map((row) => row.invoiceId),
        ),
      ),
    );
  for (const row of rows) {
    result.set(
      row.id,
      found
        .filter((invoice) => invoice.policyId === row.id || invoice.id === row.invoiceId)
        .sort((a, b) => (a.monthNo ?? 1) - (b.monthNo ?? 1)),
    );
  }
  return result;
}

const maskPhone = (phone: string) => `${phone.slice(0, 4)}•••••${phone.slice(-3)}`;

export function presentStandingOrder(
  order: typeof standingOrders.$inferSelect,
  nextDueOn: string | null,
): StandingOrderView {
  return {
    reference: order.reference,
    status: order.status as StandingOrderView['status'],
    phone: maskPhone(order.phone),
    amount: order.amount,
    startDate: order.startDate,
    endDate: order.endDate,
    nextDebitOn: order.status === 'active' ? nextDueOn : null,
    resultDesc: order.resultDesc,
    cancelledBy: (order.cancelledBy as StandingOrderView['cancelledBy']) ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Where a monthly policy stands today: the month unpaid first (null: all paid), and what it means. */
export function standingOf(
  policy: Pick<PolicyRow, 'startDate' | 'endDate' | 'cancelledOn'>,
  monthInvoices: InvoiceRow[],
  graceDays: number,
  today = monthlyToday(),
) {
  const months = monthsOfPolicy(policy);
  const paidMonths = monthInvoices.filter((invoice) => invoice.status === 'PAID').length;
  const next = months[paidMonths] ?? null;
  const graceUntil = next ? addCalendarDays(next.from, graceDays) : null;
  const state: PolicyMonthly['state'] = policy.cancelledOn
    ? 'cancelled'
    : !next
      ? 'completed'
      : today >= next.from
        ? 'lapsed'
        : 'current';
  return { months, paidMonths, next, graceUntil, state };
}

/**
 * The `monthly` view of monthly policies (policyMonthlySchema), by policy id; annual policies have
 * none. Amounts in cents; the months' statuses and the next due by the business clock.
 */
export async function monthlyViewsOf(
  db: Executor,
  rows: Array<{ policy: PolicyRow; quotation: typeof quotations.$inferSelect }>,
  language: 'en' | 'sw' = 'en',
): Promise<Map<number, PolicyMonthly>> {
  const views = new Map<number, PolicyMonthly>();
  const monthly = rows.filter((row) => row.policy.paymentPlan === 'monthly' && row.quotation.monthlyPlan);
  if (monthly.length === 0) return views;
  const today = monthlyToday();
  const byPolicy = await monthInvoicesOf(
    db,
    monthly.map((row) => row.policy),
  );
  const allInvoices = [...byPolicy.values()].flat();
  const money = await invoiceMoney(db, allInvoices);
  const orders = await db
    .select()
    .from(standingOrders)
    .where(
      inArray(
        standingOrders.policyId,
        monthly.map((row) => row.policy.id),
      ),
    )
    .orderBy(desc(standingOrders.id));
  // A paid month's first covered day is its certificate's (the pay day when paid late, by the business clock).
  const certificates = await db
    .select({
      policyId: motorCertificates.policyId,
      monthNo: motorCertificates.monthNo,
      startDate: motorCertificates.startDate,
    })
    .from(motorCertificates)
    .where(
      inArray(
        motorCertificates.policyId,
        monthly.map((row) => row.policy.id),
      ),
    );
  for (const { policy, quotation } of monthly) {
    const plan = quotation.monthlyPlan as MonthlyPlan;
    const own = byPolicy.get(policy.id) ?? [];
    const standing = standingOf(policy, own, plan.graceDays, today);
    const invoiceOf = (monthNo: number) => own.find((invoice) => (invoice.monthNo ?? 1) === monthNo) ?? null;
    const months = standing.months.map((month) => {
      const invoice = invoiceOf(month.monthNo);
      const paidAt = invoice?.status === 'PAID' ? invoice.paidAt : null;
      const paidDay = paidAt ? kenyaToday(paidAt) : null;
      const status: PolicyMonthly['months'][number]['status'] =
        invoice?.status === 'PAID'
          ? 'paid'
          : invoice?.status === 'VOID' || policy.cancelledOn
            ? 'void'
            : today < month.from
              ? 'upcoming'
              : standing.graceUntil && today <= standing.graceUntil
                ? 'due'
                : 'missed';
      return {
        monthNo: month.monthNo,
        from: month.from,
        to: month.to,
        amount: plan.amounts[month.monthNo - 1] ?? plan.monthlyAmount,
        status,
        invoiceSystemRef: invoice?.invoiceSystemRef ?? null,
        paidAt: paidAt?.toISOString() ?? null,
        coveredFrom: paidDay
          ? (certificates.find((row) => row.policyId === policy.id && row.monthNo === month.monthNo)
              ?.startDate ?? coveredFrom(month, paidDay))
          : null,
      };
    });
    const nextInvoice = standing.next ? invoiceOf(standing.next.monthNo) : null;
    const nextDue =
      standing.next && !policy.cancelledOn
        ? {
            monthNo: standing.next.monthNo,
            dueDate: standing.next.from,
            amount: plan.amounts[standing.next.monthNo - 1] ?? plan.monthlyAmount,
            balance: nextInvoice
              ? (money.get(nextInvoice.id)?.owed ?? nextInvoice.amount)
              : (plan.amounts[standing.next.monthNo - 1] ?? plan.monthlyAmount),
            invoiceSystemRef: nextInvoice?.invoiceSystemRef ?? null,
          }
        : null;
    const order = orders.find((row) => row.policyId === policy.id);
    views.set(policy.id, {
      ...monthlyOfferOf(plan),
      state: standing.state,
      paidMonths: standing.paidMonths,
      months,
      nextDue,
      graceUntil: policy.cancelledOn ? null : standing.graceUntil,
      standingOrder: order ? presentStandingOrder(order, nextDue?.dueDate ?? null) : null,
      rule: MONTHLY_RULE[language],
    });
  }
  return views;
}

/** The month due's invoice of a monthly policy (UNPAID, the lowest month), if any. */
export async function dueMonthInvoice(db: Executor, policyId: number): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.policyId, policyId), eq(invoices.status, 'UNPAID')))
    .orderBy(invoices.monthNo)
    .limit(1);
  return row ?? null;
}
