import { and, eq, or } from 'drizzle-orm';
import { payments, policies, standingOrders } from '../../db/schema';
import { formatAmount, formatDay } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import type { StandingOrderEvent } from '../../mpesa/ratiba';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { type PaymentContext, payableOf } from '../payment/payables';
import { dueMonthInvoice } from './months';
import { claimMonthEvent, policyLink } from './service';

/*
 * M-Pesa Ratiba's word on a standing order (issue 31), as B's callback route parses it: approval,
 * decline and cancellation change the order's state; each debit becomes a payment of the month due
 * (purpose 'invoice', receipt = M-Pesa's TransactionID, unique — so the same callback twice pays
 * once), settled through the invoice payable exactly as an STK payment is; a failed debit tells the
 * client at once to pay now.
 */

export async function handleStandingOrderEvent(
  context: PaymentContext,
  event: StandingOrderEvent,
): Promise<void> {
  const { db, log } = context;
  const afterCommit: Array<() => void | Promise<void>> = [];
  // Safaricom's approval can overtake our storing of its acknowledgement (it names only the
  // responseRefID): wait a little for the order to be known before calling the event unknown.
  for (let tries = 0; tries < 10 && !(await orderKnown(context, event)); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 250));
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(standingOrders).where(orderMatch(event)).for('update');
    if (!order) {
      afterCommit.push(() => log.warn({ event }, 'Ratiba event for an unknown standing order'));
      return;
    }
    const now = new Date();
    if (event.kind === 'approved') {
      if (order.status !== 'pending') return;
      await tx
        .update(standingOrders)
        .set({ status: 'active', activatedAt: now, resultDesc: event.resultDesc })
        .where(eq(standingOrders.id, order.id));
      return;
    }
    if (event.kind === 'declined') {
      if (order.status !== 'pending') return;
      await tx
        .update(standingOrders)
        .set({ status: 'failed', resultDesc: event.resultDesc })
        .where(eq(standingOrders.id, order.id));
      return;
    }
    if (event.kind === 'cancelled') {
      if (order.status === 'cancelled' || order.status === 'failed') return;
      await tx
        .update(standingOrders)
        .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'mpesa', resultDesc: event.resultDesc })
        .where(eq(standingOrders.id, order.id));
      return;
    }
    if (event.kind !== 'debit') return;
    // A debit: money for the month due (or, none due, for the wallet through the invoice's rules).
    const [policy] = await tx.select().from(policies).where(eq(policies.id, order.policyId));
    const due = await dueMonthInvoice(tx, order.policyId);
    const [existing] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.standingOrderId, order.id),
          eq(payments.checkoutRequestId, `RATIBA-${event.transactionId}`),
        ),
      );
    if (existing) return;
    // The debit's payment row: towards the month due (none due: the wallet), once per M-Pesa transaction.
    const debit = {
      paymentSystemRef: makeRef('PAY', 10),
      invoiceId: due?.id ?? null,
      purpose: due ? 'invoice' : 'wallet_topup',
      userId: order.userId,
      phone: order.phone,
      standingOrderId: order.id,
      checkoutRequestId: `RATIBA-${event.transactionId}`,
    };
    if (!event.ok) {
      const [failed] = await tx
        .insert(payments)
        .values({
          ...debit,
          amount: event.amount || order.amount,
          status: 'failed',
          resultCode: event.resultCode,
          resultDesc: event.resultDesc,
          settledBy: 'callback',
          settledAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!failed) return;
      await tx
        .update(standingOrders)
        .set({ resultDesc: event.resultDesc })
        .where(eq(standingOrders.id, order.id));
      if (due && policy) {
        const message = {
          en: `M-Pesa could not collect month ${due.monthNo} of policy ${policy.policyNumber} (${event.resultDesc}). Pay ${formatAmount(due.amount, 'en')} now by M-Pesa or from your wallet; it was due on ${formatDay(due.dueDate!, 'en')}.`,
          sw: `M-Pesa haikuweza kukusanya mwezi wa ${due.monthNo} wa sera ${policy.policyNumber} (${event.resultDesc}). Lipa ${formatAmount(due.amount, 'sw')} sasa kwa M-Pesa au kutoka kwenye pochi yako; ulidaiwa tarehe ${formatDay(due.dueDate!, 'sw')}.`,
        };
        if (
          await claimMonthEvent(tx, {
            policyId: policy.id,
            monthNo: due.monthNo!,
            kind: `debit_failed:${event.transactionId}`,
            message,
          })
        ) {
          await notify(tx, {
            userId: policy.userId,
            kind: 'monthly_payment',
            title: {
              en: `Policy ${policy.policyNumber}: pay month ${due.monthNo} now`,
              sw: `Sera ${policy.policyNumber}: lipa mwezi wa ${due.monthNo} sasa`,
            },
            body: message,
            link: policyLink(policy.id),
            email: { baseUrl: context.services.publicBaseUrl },
            sms: smsTexts.monthDebitFailed({
              policyNumber: policy.policyNumber,
              monthNo: due.monthNo!,
              amount: due.amount,
            }),
          });
        }
      }
      return;
    }
    if (!due) {
      afterCommit.push(() =>
        log.warn(
          { reference: order.reference, transactionId: event.transactionId },
          'Ratiba debit with no month due',
        ),
      );
    }
    const [payment] = await tx
      .insert(payments)
      .values({ ...debit, amount: event.amount, receiptNumber: event.transactionId })
      .onConflictDoNothing()
      .returning();
    if (!payment) return;
    await payableOf(payment).settle(
      tx,
      context,
      payment,
      { receipt: event.transactionId, resultDesc: event.resultDesc, source: 'callback', settledAt: event.at },
      afterCommit,
    );
  });
  for (const step of afterCommit) await step();
}

const orderMatch = (event: StandingOrderEvent) =>
  or(
    eq(standingOrders.responseRefId, event.responseRefId),
    event.reference ? eq(standingOrders.reference, event.reference) : undefined,
  );

async function orderKnown(context: PaymentContext, event: StandingOrderEvent): Promise<boolean> {
  const [row] = await context.db
    .select({ id: standingOrders.id })
    .from(standingOrders)
    .where(orderMatch(event))
    .limit(1);
  return Boolean(row);
}
