import { coveredFrom as coverFrom, type MonthlyPlan } from '@bima/domain';
import type { StandingOrderView } from '@bima/domain/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, policies, policyMonthEvents, quotations, standingOrders } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount, formatDay } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { recordAudit } from '../audit/service';
import { createPendingCertificate } from '../certificate/service';
import { type NotificationText, notify } from '../notification/service';
import type { PaymentContext } from '../payment/payables';
import { recordCommission } from '../policy/service';
import {
  billMonth,
  dueMonthInvoice,
  monthInvoicesOf,
  monthlyToday,
  monthsOfPolicy,
  presentStandingOrder,
  standingOf,
} from './months';

/*
 * Paying monthly (issue 31): what paying a later month does (the cover extended, its certificate,
 * the next month billed), and the client's M-Pesa Ratiba standing order. Month 1 issues the policy
 * through the invoice's ordinary completion (policy/service.ts issuePolicy).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
type InvoiceRow = typeof import('../../db/schema').invoices.$inferSelect;

export const policyLink = (policyId: number) => `/newportal/products/${policyId}`;

/**
 * Records a step of a monthly policy's timeline once per (policy, month, kind), in the caller's
 * transaction; answers whether it was recorded now (a second instance's try records nothing).
 */
export async function claimMonthEvent(
  tx: Executor,
  input: { policyId: number; monthNo: number; kind: string; message: NotificationText },
): Promise<boolean> {
  const message = typeof input.message === 'string' ? { en: input.message, sw: null } : input.message;
  const inserted = await tx
    .insert(policyMonthEvents)
    .values({
      policyId: input.policyId,
      monthNo: input.monthNo,
      kind: input.kind,
      message: message.en,
      messageSw: message.sw,
    })
    .onConflictDoNothing()
    .returning({ id: policyMonthEvents.id });
  return inserted.length > 0;
}

/**
 * A later month (2–12) of a monthly policy fully paid, inside completeInvoice's transaction with the
 * invoice locked (already PAID, its premium due to the insurer): the cover runs to the month's end,
 * the month's certificate is made pending (from the month's first day, or the pay day when paid
 * late — never backdated), the month earns its commission, the next month is billed and the client
 * is told. A policy cancelled meanwhile is not extended (its month was voided; money went to the wallet).
 */
export async function extendMonthlyCover(tx: Tx, invoice: InvoiceRow): Promise<void> {
  const [row] = await tx
    .select({
      policy: policies,
      plan: quotations.monthlyPlan,
      breakdown: quotations.breakdown,
      classCode: insuranceProducts.classCode,
    })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .where(eq(policies.id, invoice.policyId!))
    .for('update', { of: policies });
  if (!row?.plan || row.policy.cancelledOn) return;
  const { policy } = row;
  const plan = row.plan as MonthlyPlan;
  const months = monthsOfPolicy(policy);
  const month = months.find((each) => each.monthNo === invoice.monthNo);
  if (!month) throw new Error(`invoice ${invoice.id} bills no month of policy ${policy.id}`);
  const today = monthlyToday();
  // Never backdated: from the pay day when later than the month's first day (within the month).
  const coveredFrom = coverFrom(month, today);
  const wasLapsed = today >= month.from;
  await tx.update(policies).set({ paidUntil: month.to }).where(eq(policies.id, policy.id));
  await createPendingCertificate(tx, policy.id, { monthNo: month.monthNo, from: coveredFrom, to: month.to });
  if (policy.intermediaryId !== null) {
    await recordCommission(tx, {
      policyId: policy.id,
      invoiceId: invoice.id,
      intermediaryId: policy.intermediaryId,
      classCode: row.classCode,
      invoiceAmount: invoice.amount,
      breakdown: row.breakdown,
      plan,
    });
  }
  const next = months[month.monthNo];
  if (next) {
    await billMonth(tx, {
      policyId: policy.id,
      quotationId: invoice.quotationId,
      userId: invoice.userId,
      month: next,
      amount: plan.amounts[next.monthNo - 1] ?? plan.monthlyAmount,
    });
  }
  const message = {
    en: `Month ${month.monthNo} of policy ${policy.policyNumber} is paid: you are covered from ${formatDay(coveredFrom, 'en')} to ${formatDay(month.to, 'en')}.${next ? ` Month ${next.monthNo} (${formatAmount(plan.amounts[next.monthNo - 1] ?? plan.monthlyAmount, 'en')}) is due on ${formatDay(next.from, 'en')}.` : ' Every month is paid.'}`,
    sw: `Mwezi wa ${month.monthNo} wa sera ${policy.policyNumber} umelipwa: una bima kuanzia ${formatDay(coveredFrom, 'sw')} hadi ${formatDay(month.to, 'sw')}.${next ? ` Mwezi wa ${next.monthNo} (${formatAmount(plan.amounts[next.monthNo - 1] ?? plan.monthlyAmount, 'sw')}) unadaiwa tarehe ${formatDay(next.from, 'sw')}.` : ' Miezi yote imelipwa.'}`,
  };
  await claimMonthEvent(tx, {
    policyId: policy.id,
    monthNo: month.monthNo,
    kind: wasLapsed ? 'resumed' : 'paid',
    message,
  });
  await notify(tx, {
    userId: policy.userId,
    kind: 'monthly_payment',
    title: {
      en: `Policy ${policy.policyNumber}: month ${month.monthNo} paid`,
      sw: `Sera ${policy.policyNumber}: mwezi wa ${month.monthNo} umelipwa`,
    },
    body: message,
    link: policyLink(policy.id),
    email: { baseUrl: (await baseUrlOf()) ?? '' },
  });
}

/** The public base URL for e-mail links, registered at start-up by the monthly plugin. */
let publicBaseUrl: string | null = null;
export function useMonthlyBaseUrl(url: string): void {
  publicBaseUrl = url;
}
const baseUrlOf = async () => publicBaseUrl;

// ---------------------------------------------------------------- the standing order

/** The caller's monthly policy, locked; another client's (or an annual one) is 404 / 409. */
async function ownMonthlyPolicy(tx: Tx, userId: string, policyId: number) {
  const [row] = await tx
    .select({ policy: policies, plan: quotations.monthlyPlan })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .where(and(eq(policies.id, policyId), eq(policies.userId, userId)))
    .for('update', { of: policies });
  if (!row) throw new AppError('not_found', 'Policy not found.');
  if (row.policy.paymentPlan !== 'monthly' || !row.plan)
    throw new AppError('conflict', 'This policy is not paid monthly.', { code: 'NOT_MONTHLY' });
  return { policy: row.policy, plan: row.plan as MonthlyPlan };
}

/**
 * `client/policy/setupStandingOrder`: asks M-Pesa for a Ratiba standing order of the monthly amount,
 * from the next month's due date to the policy's end, on the client's phone; pending until the
 * client approves it there (the callback). Refused for a cancelled or completed policy and while
 * one is pending or active.
 */
export async function setupStandingOrder(
  context: PaymentContext & { principal: { userId: string; role: string } },
  input: { policyId: number; phone: string },
): Promise<StandingOrderView> {
  const { db, services } = context;
  const userId = context.principal.userId;
  const order = await db.transaction(async (tx) => {
    const { policy, plan } = await ownMonthlyPolicy(tx, userId, input.policyId);
    if (policy.cancelledOn)
      throw new AppError('conflict', 'This policy is cancelled: there is nothing more to pay.', {
        code: 'POLICY_CANCELLED',
      });
    const invoicesOf = (await monthInvoicesOf(tx, [policy])).get(policy.id) ?? [];
    const standing = standingOf(policy, invoicesOf, plan.graceDays);
    if (!standing.next)
      throw new AppError('conflict', 'Every month of this policy is paid.', { code: 'ALL_PAID' });
    const [live] = await tx
      .select({ id: standingOrders.id })
      .from(standingOrders)
      .where(
        and(eq(standingOrders.policyId, policy.id), inArray(standingOrders.status, ['pending', 'active'])),
      );
    if (live)
      throw new AppError(
        'conflict',
        'This policy already has a standing order. Stop it first to set up another.',
        { code: 'STANDING_ORDER_LIVE' },
      );
    const [made] = await tx
      .insert(standingOrders)
      .values({
        reference: makeRef('SO', 8).slice(0, 12),
        policyId: policy.id,
        userId,
        phone: input.phone,
        amount: plan.monthlyAmount,
        startDate: standing.next.from,
        endDate: policy.endDate,
      })
      .returning();
    await recordAudit(
      tx,
      { userId, role: context.principal.role as never },
      {
        action: 'client/policy/setupStandingOrder',
        entityType: 'policy',
        entityId: policy.policyNumber,
        details: { reference: made!.reference, amount: made!.amount, startDate: made!.startDate },
        summary: {
          en: `Asked M-Pesa for standing order ${made!.reference} of ${formatAmount(made!.amount, 'en')} a month for policy ${policy.policyNumber}`,
          sw: `Liliomba M-Pesa agizo la kudumu ${made!.reference} la ${formatAmount(made!.amount, 'sw')} kwa mwezi kwa sera ${policy.policyNumber}`,
        },
      },
    );
    return made!;
  });
  try {
    const ack = await services.mpesa.createStandingOrder({
      reference: order.reference,
      phone: order.phone,
      amount: order.amount,
      startDate: order.startDate,
      endDate: order.endDate,
      description: 'Bima monthly',
    });
    const [updated] = await db
      .update(standingOrders)
      .set({ responseRefId: ack.responseRefId })
      .where(eq(standingOrders.id, order.id))
      .returning();
    return presentStandingOrder(updated ?? order, order.startDate);
  } catch (error) {
    context.log.warn({ err: error, reference: order.reference }, 'M-Pesa refused the standing order');
    await db
      .update(standingOrders)
      .set({ status: 'failed', resultDesc: 'M-Pesa could not take the request' })
      .where(eq(standingOrders.id, order.id));
    throw new AppError(
      'unavailable',
      'M-Pesa could not take the standing order just now. Please try again in a few minutes.',
    );
  }
}

/**
 * `client/policy/stopStandingOrder`: the policy's live standing order marked cancelled by the
 * client. Daraja has no cancel call: the client also ends it in the M-Pesa menu (Ratiba); money that
 * still arrives pays the month due (or the wallet).
 */
export async function stopStandingOrder(
  context: { db: Database; principal: { userId: string; role: string } },
  input: { policyId: number },
): Promise<StandingOrderView> {
  const userId = context.principal.userId;
  return context.db.transaction(async (tx) => {
    const { policy } = await ownMonthlyPolicy(tx, userId, input.policyId);
    const [stopped] = await tx
      .update(standingOrders)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'client' })
      .where(
        and(eq(standingOrders.policyId, policy.id), inArray(standingOrders.status, ['pending', 'active'])),
      )
      .returning();
    if (!stopped)
      throw new AppError('conflict', 'This policy has no standing order to stop.', {
        code: 'NO_STANDING_ORDER',
      });
    await recordAudit(
      tx,
      { userId, role: context.principal.role as never },
      {
        action: 'client/policy/stopStandingOrder',
        entityType: 'policy',
        entityId: policy.policyNumber,
        details: { reference: stopped.reference },
        summary: {
          en: `Stopped standing order ${stopped.reference} of policy ${policy.policyNumber}`,
          sw: `Lilisimamisha agizo la kudumu ${stopped.reference} la sera ${policy.policyNumber}`,
        },
      },
    );
    const due = await dueMonthInvoice(tx, policy.id);
    return presentStandingOrder(stopped, due?.dueDate ?? null);
  });
}

/** The standing order of a policy last made (any state). */
export async function latestStandingOrder(db: Executor, policyId: number) {
  const [row] = await db
    .select()
    .from(standingOrders)
    .where(eq(standingOrders.policyId, policyId))
    .orderBy(desc(standingOrders.id))
    .limit(1);
  return row ?? null;
}
