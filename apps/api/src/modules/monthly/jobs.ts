import { addCalendarDays, daysFrom, invoiceVoidedPosting, type MonthlyPlan } from '@bima/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invoices, policies, quotations, standingOrders } from '../../db/schema';
import { formatAmount, formatDay } from '../../lib/language';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { cancelCertificateOfPolicy } from '../certificate/service';
import { moneyOfInvoice, post } from '../ledger/service';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';
import { claimMonthEvent, policyLink } from './service';

/*
 * The monthly job (issue 31), like the loan jobs: every unpaid month of a monthly policy is reminded
 * of 5 days and 1 day before its due date; on the due date the cover has lapsed (it stopped at
 * paid_until) and the client is told what to pay and by when; after the grace the policy is
 * cancelled from paid_until + 1 with nothing owed. Each step is claimed once by inserting its
 * `policy_month_events` row in the transaction of its notification, so two instances running the
 * job at once do each once. "Today" is the business clock's (services.clock).
 */

export interface MonthlyContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
  config?: Config;
}

const BATCH = 200;

/** Every unpaid later month of a live monthly policy, in batches. */
async function* unpaidMonths(context: MonthlyContext) {
  let after = 0;
  for (;;) {
    const rows = await context.db
      .select({ invoice: invoices, policy: policies, plan: quotations.monthlyPlan })
      .from(invoices)
      .innerJoin(policies, eq(policies.id, invoices.policyId))
      .innerJoin(quotations, eq(quotations.id, policies.quotationId))
      .where(
        and(
          isNotNull(invoices.policyId),
          eq(invoices.status, 'UNPAID'),
          isNull(policies.cancelledOn),
          gt(invoices.id, after),
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) if (row.plan) yield { ...row, plan: row.plan as MonthlyPlan };
    after = rows.at(-1)!.invoice.id;
    if (rows.length < BATCH) return;
  }
}

/** Whether the policy has an active standing order (reminders then say M-Pesa will collect). */
async function hasActiveOrder(db: Database, policyId: number) {
  const [row] = await db
    .select({ id: standingOrders.id })
    .from(standingOrders)
    .where(and(eq(standingOrders.policyId, policyId), eq(standingOrders.status, 'active')));
  return Boolean(row);
}

export async function runMonthlyJobs(context: MonthlyContext) {
  const today = context.services.clock.today();
  const counts = { reminders: 0, lapsed: 0, cancelled: 0 };
  for await (const { invoice, policy, plan } of unpaidMonths(context)) {
    const due = invoice.dueDate!;
    const monthNo = invoice.monthNo!;
    const graceUntil = addCalendarDays(due, plan.graceDays);
    const daysLeft = daysFrom(today, due);
    const amount = { en: formatAmount(invoice.amount, 'en'), sw: formatAmount(invoice.amount, 'sw') };
    if (today > graceUntil) {
      if (await cancelForNonPayment(context, invoice.id, today)) counts.cancelled += 1;
      continue;
    }
    const collects = await hasActiveOrder(context.db, policy.id);
    if (daysLeft > 0) {
      if (daysLeft > 5) continue;
      const stage = daysLeft > 1 ? 5 : 1;
      const when = { en: formatDay(due, 'en'), sw: formatDay(due, 'sw') };
      const message = collects
        ? {
            en: `Month ${monthNo} of policy ${policy.policyNumber} (${amount.en}) is due on ${when.en}. Your M-Pesa standing order will collect it: keep the amount in your M-Pesa.`,
            sw: `Mwezi wa ${monthNo} wa sera ${policy.policyNumber} (${amount.sw}) unadaiwa tarehe ${when.sw}. Agizo lako la kudumu la M-Pesa litaukusanya: weka kiasi hicho kwenye M-Pesa yako.`,
          }
        : {
            en: `Month ${monthNo} of policy ${policy.policyNumber} (${amount.en}) is due on ${when.en}. Pay it by M-Pesa or from your wallet to keep your cover.`,
            sw: `Mwezi wa ${monthNo} wa sera ${policy.policyNumber} (${amount.sw}) unadaiwa tarehe ${when.sw}. Ulipe kwa M-Pesa au kutoka kwenye pochi yako ili bima yako iendelee.`,
          };
      const title = {
        en: `Policy ${policy.policyNumber}: month ${monthNo} due ${daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`}`,
        sw: `Sera ${policy.policyNumber}: mwezi wa ${monthNo} unadaiwa ${daysLeft === 1 ? 'kesho' : `baada ya siku ${daysLeft}`}`,
      };
      const sms = smsTexts.monthDue({
        policyNumber: policy.policyNumber,
        monthNo,
        amount: invoice.amount,
        dueDate: due,
        collects,
      });
      if (await tellOnce(context, policy, monthNo, `reminder_${stage}`, title, message, sms))
        counts.reminders += 1;
      continue;
    }
    // Due today or since: the cover stopped at paid_until; paying by graceUntil resumes it.
    const paidUntil = policy.paidUntil ?? addCalendarDays(due, -1);
    const owed = (await moneyOfInvoice(context.db, invoice)).owed;
    const message = {
      en: `Month ${monthNo} of policy ${policy.policyNumber} was due on ${formatDay(due, 'en')} and is not paid: your cover stopped at the end of ${formatDay(paidUntil, 'en')}. Pay ${formatAmount(owed, 'en')} by ${formatDay(graceUntil, 'en')} to resume it from the day you pay; after that the policy is cancelled.${collects ? ' M-Pesa will also try your standing order.' : ''}`,
      sw: `Mwezi wa ${monthNo} wa sera ${policy.policyNumber} ulidaiwa tarehe ${formatDay(due, 'sw')} na haujalipwa: bima yako ilisimama mwishoni mwa ${formatDay(paidUntil, 'sw')}. Lipa ${formatAmount(owed, 'sw')} kufikia ${formatDay(graceUntil, 'sw')} ili iendelee kuanzia siku utakayolipa; baada ya hapo sera itafutwa.${collects ? ' M-Pesa pia itajaribu agizo lako la kudumu.' : ''}`,
    };
    const title = {
      en: `Policy ${policy.policyNumber}: month ${monthNo} not paid, cover stopped`,
      sw: `Sera ${policy.policyNumber}: mwezi wa ${monthNo} haujalipwa, bima imesimama`,
    };
    const sms = smsTexts.monthMissed({ policyNumber: policy.policyNumber, monthNo, owed, payBy: graceUntil });
    if (await tellOnce(context, policy, monthNo, 'lapsed', title, message, sms)) counts.lapsed += 1;
  }
  if (counts.reminders + counts.lapsed + counts.cancelled > 0)
    context.log.info({ ...counts, today }, 'monthly payments job');
  return counts;
}

/** A step told once: its event claimed in the transaction of its notification (bell, e-mail and SMS queued). */
async function tellOnce(
  context: MonthlyContext,
  policy: typeof policies.$inferSelect,
  monthNo: number,
  kind: string,
  title: { en: string; sw: string },
  message: { en: string; sw: string },
  sms: { en: string; sw: string },
): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    if (!(await claimMonthEvent(tx, { policyId: policy.id, monthNo, kind, message }))) return false;
    await notify(tx, {
      userId: policy.userId,
      kind: 'monthly_payment',
      title,
      body: message,
      link: policyLink(policy.id),
      email: { baseUrl: context.services.publicBaseUrl },
      sms,
    });
    return true;
  });
}

/**
 * After the grace: the policy cancelled from paid_until + 1 ("Monthly premium not paid"), the unpaid
 * month VOID with its bill taken back in the ledger (nothing owed), the standing order cancelled, any
 * pending certificate cancelled — in one transaction with the policy locked and the month re-read, and
 * claimed once.
 */
async function cancelForNonPayment(context: MonthlyContext, invoiceId: number, today: string) {
  const claimed = await context.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (invoice?.status !== 'UNPAID' || invoice.policyId === null) return false;
    const [policy] = await tx.select().from(policies).where(eq(policies.id, invoice.policyId)).for('update');
    if (!policy || policy.cancelledOn) return false;
    const paidUntil = policy.paidUntil ?? addCalendarDays(invoice.dueDate!, -1);
    const cancelledOn = addCalendarDays(paidUntil, 1);
    const message = {
      en: `Policy ${policy.policyNumber} is cancelled from ${formatDay(cancelledOn, 'en')}: month ${invoice.monthNo} was not paid within the grace. You owe nothing; your cover ended on ${formatDay(paidUntil, 'en')}.`,
      sw: `Sera ${policy.policyNumber} imefutwa kuanzia ${formatDay(cancelledOn, 'sw')}: mwezi wa ${invoice.monthNo} haukulipwa ndani ya siku za neema. Huna deni lolote; bima yako iliisha tarehe ${formatDay(paidUntil, 'sw')}.`,
    };
    if (
      !(await claimMonthEvent(tx, {
        policyId: policy.id,
        monthNo: invoice.monthNo!,
        kind: 'cancelled',
        message,
      }))
    )
      return false;
    await tx
      .update(policies)
      .set({ cancelledOn, cancellationReason: 'Monthly premium not paid' })
      .where(eq(policies.id, policy.id));
    const owed = (await moneyOfInvoice(tx, invoice)).owed;
    await tx.update(invoices).set({ status: 'VOID' }).where(eq(invoices.id, invoice.id));
    if (owed > 0) {
      await post(
        tx,
        invoiceVoidedPosting({
          invoiceId: invoice.id,
          invoiceRef: invoice.invoiceSystemRef,
          userId: invoice.userId,
          amount: owed,
        }),
        { occurredAt: context.services.clock.now() },
      );
    }
    await tx
      .update(standingOrders)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'policy' })
      .where(
        and(eq(standingOrders.policyId, policy.id), inArray(standingOrders.status, ['pending', 'active'])),
      );
    await cancelCertificateOfPolicy(tx, {
      policyId: policy.id,
      reason: 'nonPayment',
      now: context.services.clock.now(),
    });
    await recordAudit(tx, null, {
      action: 'system/policy/cancelForMonthlyNonPayment',
      entityType: 'policy',
      entityId: policy.policyNumber,
      details: { monthNo: invoice.monthNo, invoice: invoice.invoiceSystemRef, cancelledOn, today },
      summary: {
        en: `Cancelled policy ${policy.policyNumber} from ${cancelledOn}: month ${invoice.monthNo} not paid within the grace (invoice ${invoice.invoiceSystemRef} voided, nothing owed)`,
        sw: `Sera ${policy.policyNumber} ilifutwa kuanzia ${cancelledOn}: mwezi wa ${invoice.monthNo} haukulipwa ndani ya siku za neema (ankara ${invoice.invoiceSystemRef} imefutwa, hakuna deni)`,
      },
    });
    await notify(tx, {
      userId: policy.userId,
      kind: 'monthly_payment',
      title: {
        en: `Policy ${policy.policyNumber} cancelled: month ${invoice.monthNo} not paid`,
        sw: `Sera ${policy.policyNumber} imefutwa: mwezi wa ${invoice.monthNo} haukulipwa`,
      },
      body: message,
      link: policyLink(policy.id),
      email: { baseUrl: context.services.publicBaseUrl },
      sms: smsTexts.monthCancelled({
        policyNumber: policy.policyNumber,
        monthNo: invoice.monthNo!,
        cancelledOn,
      }),
    });
    return true;
  });
  return claimed;
}
