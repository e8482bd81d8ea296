import { addCalendarDays, coverMonths, daysFrom, type MonthlyPlan } from '@bima/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  auditLog,
  commissions,
  intermediaries,
  invoices,
  motorCertificates,
  notifications,
  payments,
  policies,
  policyMonthEvents,
  quotations,
  standingOrders,
} from '../src/db/schema';
import { repairInvoiceIssuance } from '../src/modules/invoice/service';
import { moneyOfInvoice } from '../src/modules/ledger/service';
import { runMonthlyJobs } from '../src/modules/monthly/jobs';
import { handleStandingOrderEvent } from '../src/modules/monthly/standing-order';
import { buildListeningTestApp } from './helpers';
import {
  completeQuotation,
  createQuotation,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  pay,
  payForPolicy,
  waitUntil,
} from './purchase-helpers';
import { type Headers, send } from './staff-helpers';

/*
 * Paying monthly (issue 31): month 1 issues the year's policy covered for month 1; each later month
 * (STK, wallet, a Ratiba debit) extends it through the invoice's settlement; the monthly job reminds,
 * lapses and cancels, each step once. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

type Ctx = Awaited<ReturnType<typeof buildListeningTestApp>>;

describe('paying monthly (issue 31)', () => {
  let ctx: Ctx;
  /** A second instance on the same database (a cluster of two running the monthly job). */
  let second: Awaited<ReturnType<typeof buildApp>>;
  const clock = () => ctx.app.services.clock;
  const context = () => ({ db: ctx.database.db, services: ctx.app.services, log: ctx.app.log });

  beforeAll(async () => {
    ctx = await buildListeningTestApp({ ...MPESA_TEST_ENV, MPESA_SIMULATOR_RATIBA_TICK_MS: '0' });
    second = await buildApp({ config: ctx.config, database: ctx.database });
  });
  afterAll(async () => {
    await second.close();
    await ctx.app.close();
  });
  beforeEach(() => {
    clock().reset();
    second.services.clock.reset();
  });

  /** Moves the business clock of both instances to `day` (YYYY-MM-DD, Kenya). */
  const moveTo = (day: string) => {
    for (const each of [clock(), second.services.clock]) {
      each.reset();
      each.advance(daysFrom(each.today(), day) * 86_400_000);
    }
  };
  /** The monthly job on both instances at once. */
  const runOnBoth = () =>
    Promise.all([
      runMonthlyJobs(context()),
      runMonthlyJobs({ db: ctx.database.db, services: second.services, log: second.log }),
    ]);

  /** A client with a monthly motor policy whose month 1 is paid by M-Pesa. */
  async function buyMonthly() {
    const { headers, userId } = await newSignedInClient(ctx);
    const quotation = await createQuotation(ctx, headers, { paymentPlan: 'monthly' });
    const completed = await completeQuotation(ctx, headers, quotation.systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const firstInvoice = completed.json().result.data.invoiceSystemRef as string;
    const policyNumber = await payForPolicy(ctx, headers, firstInvoice);
    const [policy] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    const [row] = await ctx.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.id, policy!.quotationId));
    const plan = row!.monthlyPlan as MonthlyPlan;
    return {
      headers,
      userId,
      policy: policy!,
      plan,
      months: coverMonths(policy!.startDate, policy!.endDate),
    };
  }

  const getPolicy = async (headers: Headers, id: number) => {
    const response = await send(ctx, 'client/policy/getPolicy', { id }, headers);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result.data;
  };
  const monthInvoice = async (policyId: number, monthNo: number) => {
    const [row] = await ctx.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.policyId, policyId), eq(invoices.monthNo, monthNo)));
    return row ?? null;
  };
  const certificates = (policyId: number) =>
    ctx.database.db
      .select()
      .from(motorCertificates)
      .where(eq(motorCertificates.policyId, policyId))
      .orderBy(asc(motorCertificates.monthNo));
  const events = (policyId: number) =>
    ctx.database.db.select().from(policyMonthEvents).where(eq(policyMonthEvents.policyId, policyId));
  const waitPaid = (policyId: number, monthNo: number) =>
    waitUntil(
      () => monthInvoice(policyId, monthNo),
      (invoice) => invoice?.status === 'PAID',
    );

  it('month 1 issues the year’s policy covered for month 1, its certificate, and bills month 2', async () => {
    const { headers, policy, plan, months } = await buyMonthly();
    expect(policy.paymentPlan).toBe('monthly');
    expect(policy.paidUntil).toBe(months[0]!.to);
    expect(daysFrom(policy.startDate, policy.endDate)).toBeGreaterThanOrEqual(364);
    const certs = await certificates(policy.id);
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({ monthNo: 1, startDate: months[0]!.from, endDate: months[0]!.to });
    const second = await monthInvoice(policy.id, 2);
    expect(second).toMatchObject({ status: 'UNPAID', amount: plan.amounts[1], dueDate: months[1]!.from });
    expect((await moneyOfInvoice(ctx.database.db, second!)).owed).toBe(plan.amounts[1]);
    // The quotation's own invoice stays month 1: one per quotation with no policy.
    const own = await ctx.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.quotationId, policy.quotationId), isNull(invoices.policyId)));
    expect(own).toHaveLength(1);
    expect(own[0]!.monthNo).toBe(1);

    const view = await getPolicy(headers, policy.id);
    expect(view).toMatchObject({ status: 'ACTIVE', paymentPlan: 'monthly', paidUntil: months[0]!.to });
    expect(view.monthly).toMatchObject({
      state: 'current',
      paidMonths: 1,
      total: plan.total,
      monthlyAmount: plan.monthlyAmount,
      nextDue: {
        monthNo: 2,
        dueDate: months[1]!.from,
        amount: plan.amounts[1],
        balance: plan.amounts[1],
        invoiceSystemRef: second!.invoiceSystemRef,
      },
      graceUntil: addCalendarDays(months[1]!.from, plan.graceDays),
      standingOrder: null,
    });
    expect(view.monthly.months.map((month: { status: string }) => month.status)).toEqual([
      'paid',
      ...Array(11).fill('upcoming'),
    ]);
    expect(view.monthly.months[0].coveredFrom).toBe(months[0]!.from);
    // IPF is not offered on a monthly invoice.
    const ipf = await send(
      ctx,
      'client/ipf/getOffer',
      { invoiceSystemRef: second!.invoiceSystemRef },
      headers,
    );
    expect(ipf.status, JSON.stringify(ipf.body)).toBe(200);
    expect(ipf.body.result.data).toMatchObject({ eligible: false, reasonCode: 'MONTHLY_PLAN' });
    // listPolicies answers the same view.
    const listed = await send(ctx, 'client/policy/listPolicies', {}, headers);
    const mine = (listed.body.result.data as Array<{ id: number; monthly: unknown }>).find(
      (row) => row.id === policy.id,
    );
    expect(mine?.monthly).toEqual(view.monthly);
  });

  it('month 2 by an STK prompt extends the cover with its certificate and bills month 3; the client is told', async () => {
    const { headers, userId, policy, plan, months } = await buyMonthly();
    const second = (await monthInvoice(policy.id, 2))!;
    const started = await pay(ctx, headers, second.invoiceSystemRef, PAYS);
    expect(started.statusCode, started.body).toBe(200);
    await waitPaid(policy.id, 2);
    const [after] = await ctx.database.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after!.paidUntil).toBe(months[1]!.to);
    // The start-up repair never issues a policy for a month's invoice; no second policy for the quotation.
    expect(await repairInvoiceIssuance(context())).toBe(0);
    expect(
      await ctx.database.db.select().from(policies).where(eq(policies.quotationId, policy.quotationId)),
    ).toHaveLength(1);
    const certs = await certificates(policy.id);
    expect(certs.map((cert) => [cert.monthNo, cert.startDate, cert.endDate])).toEqual([
      [1, months[0]!.from, months[0]!.to],
      [2, months[1]!.from, months[1]!.to],
    ]);
    expect(await monthInvoice(policy.id, 3)).toMatchObject({ status: 'UNPAID', amount: plan.amounts[2] });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'monthly_payment')));
    expect(told.map((row) => row.title)).toContain(`Policy ${policy.policyNumber}: month 2 paid`);
    const view = await getPolicy(headers, policy.id);
    expect(view.monthly).toMatchObject({ paidMonths: 2, nextDue: { monthNo: 3 } });
    expect(view.paidUntil).toBe(months[1]!.to);
  });

  it('month 2 from the wallet extends the cover the same way, and earns its commission on what was paid', async () => {
    const { headers, policy, plan, months } = await buyMonthly();
    // An intermediary's policy (as a recommendation bought monthly would be): each paid month earns.
    const [firm] = await ctx.database.db.select({ id: intermediaries.id }).from(intermediaries).limit(1);
    await ctx.database.db
      .update(policies)
      .set({ intermediaryId: firm!.id })
      .where(eq(policies.id, policy.id));
    const topUp = await send(ctx, 'client/wallet/topUp', { amount: plan.amounts[1], phone: PAYS }, headers);
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    await waitUntil(
      async () =>
        (
          await ctx.database.db
            .select()
            .from(payments)
            .where(eq(payments.paymentSystemRef, topUp.body.result.data.paymentRef))
        )[0],
      (row) => row?.status === 'success',
    );
    const second = (await monthInvoice(policy.id, 2))!;
    const paid = await send(
      ctx,
      'client/wallet/payInvoice',
      { invoiceSystemRef: second.invoiceSystemRef, amount: plan.amounts[1], requestId: crypto.randomUUID() },
      headers,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result.data.invoice).toMatchObject({
      status: 'PAID',
      monthNo: 2,
      dueDate: months[1]!.from,
    });
    const [after] = await ctx.database.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after!.paidUntil).toBe(months[1]!.to);
    expect((await certificates(policy.id)).map((cert) => cert.monthNo)).toEqual([1, 2]);
    const [quotation] = await ctx.database.db
      .select({ breakdown: quotations.breakdown })
      .from(quotations)
      .where(eq(quotations.id, policy.quotationId));
    const [earned] = await ctx.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.invoiceId, second.id));
    const levies = Math.round((plan.amounts[1]! * quotation!.breakdown.totalCharges) / plan.total);
    expect(earned).toMatchObject({
      policyId: policy.id,
      intermediaryId: firm!.id,
      premium: plan.amounts[1]! - levies,
    });
  });

  it('a Ratiba debit pays month 2 once (the same callback twice); a failed debit tells the client to pay now', async () => {
    const { headers, userId, policy, plan, months } = await buyMonthly();
    const [order] = await ctx.database.db
      .insert(standingOrders)
      .values({
        reference: `T${policy.id}`.slice(0, 12),
        policyId: policy.id,
        userId,
        phone: PAYS,
        amount: plan.monthlyAmount,
        startDate: months[1]!.from,
        endDate: policy.endDate,
        status: 'pending',
        responseRefId: `REF-${policy.id}`,
      })
      .returning();
    const base = { responseRefId: order!.responseRefId!, reference: order!.reference, resultCode: '0' };
    await handleStandingOrderEvent(context(), {
      ...base,
      kind: 'approved',
      transactionId: null,
      resultDesc: 'ok',
    });
    expect((await getPolicy(headers, policy.id)).monthly.standingOrder).toMatchObject({
      status: 'active',
      nextDebitOn: months[1]!.from,
    });
    // A failed debit: a failed payment row and "pay now" at once.
    await handleStandingOrderEvent(context(), {
      ...base,
      kind: 'debit',
      ok: false,
      transactionId: `F${policy.id}`,
      amount: plan.amounts[1]!,
      phone: PAYS,
      resultCode: '1',
      resultDesc: 'The balance is insufficient for the transaction.',
      at: new Date(),
    });
    const failed = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.standingOrderId, order!.id));
    expect(failed.map((row) => row.status)).toEqual(['failed']);
    const payNow = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'monthly_payment')));
    expect(payNow.some((row) => row.title.includes('pay month 2 now'))).toBe(true);
    expect((await monthInvoice(policy.id, 2))!.status).toBe('UNPAID');

    const debit = {
      ...base,
      kind: 'debit' as const,
      ok: true,
      transactionId: `D${policy.id}X`,
      amount: plan.amounts[1]!,
      phone: PAYS,
      resultDesc: 'Success',
      at: new Date(),
    };
    await Promise.all([
      handleStandingOrderEvent(context(), debit),
      handleStandingOrderEvent(context(), debit),
    ]);
    await handleStandingOrderEvent(context(), debit);
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.standingOrderId, order!.id), eq(payments.status, 'success')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'invoice',
      receiptNumber: debit.transactionId,
      allocatedAmount: plan.amounts[1],
    });
    expect((await monthInvoice(policy.id, 2))!.status).toBe('PAID');
    expect((await certificates(policy.id)).map((cert) => cert.monthNo)).toEqual([1, 2]);
    expect(await monthInvoice(policy.id, 3)).not.toBeNull();
  });

  it('reminds 5 and 1 days before and lapses on the due date, each once with two jobs at once; paying in the grace resumes from the pay day', async () => {
    const { headers, userId, policy, plan, months } = await buyMonthly();
    const due = months[1]!.from;
    const runTwice = runOnBoth;
    moveTo(addCalendarDays(due, -5));
    await runTwice();
    moveTo(addCalendarDays(due, -1));
    await runTwice();
    await runTwice();
    moveTo(due);
    await runTwice();
    const kinds = (await events(policy.id)).map((row) => row.kind).sort();
    expect(kinds).toEqual(['lapsed', 'reminder_1', 'reminder_5']);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'monthly_payment')));
    expect(told).toHaveLength(3);
    const lapsed = await getPolicy(headers, policy.id);
    expect(lapsed.status).toBe('LAPSED');
    expect(lapsed.paidUntil).toBe(months[0]!.to);
    expect(lapsed.monthly).toMatchObject({
      state: 'lapsed',
      graceUntil: addCalendarDays(due, plan.graceDays),
    });
    expect(lapsed.monthly.months[1].status).toBe('due');

    // Paid 3 days late (by M-Pesa): covered from the pay day, never backdated.
    const payDay = addCalendarDays(due, 3);
    moveTo(payDay);
    const second = (await monthInvoice(policy.id, 2))!;
    expect((await pay(ctx, headers, second.invoiceSystemRef, PAYS)).statusCode).toBe(200);
    await waitPaid(policy.id, 2);
    const cert = (await certificates(policy.id)).find((row) => row.monthNo === 2);
    expect(cert).toMatchObject({ startDate: payDay, endDate: months[1]!.to });
    const resumed = await getPolicy(headers, policy.id);
    expect(resumed.status).toBe('ACTIVE');
    expect(resumed.monthly.months[1]).toMatchObject({ status: 'paid', coveredFrom: payDay });
    expect((await events(policy.id)).map((row) => row.kind)).toContain('resumed');
  });

  it('after the grace cancels the policy from paid_until + 1, voids the month with nothing owed, ends the standing order', async () => {
    const { headers, userId, policy, plan, months } = await buyMonthly();
    await ctx.database.db.insert(standingOrders).values({
      reference: `C${policy.id}`.slice(0, 12),
      policyId: policy.id,
      userId,
      phone: PAYS,
      amount: plan.monthlyAmount,
      startDate: months[1]!.from,
      endDate: policy.endDate,
      status: 'active',
    });
    moveTo(addCalendarDays(months[1]!.from, plan.graceDays + 1));
    await runOnBoth();
    const [after] = await ctx.database.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after).toMatchObject({
      cancelledOn: addCalendarDays(months[0]!.to, 1),
      cancellationReason: 'Monthly premium not paid',
    });
    const second = (await monthInvoice(policy.id, 2))!;
    expect(second.status).toBe('VOID');
    expect(await moneyOfInvoice(ctx.database.db, second)).toMatchObject({ owed: 0 });
    const [order] = await ctx.database.db
      .select()
      .from(standingOrders)
      .where(eq(standingOrders.policyId, policy.id));
    expect(order).toMatchObject({ status: 'cancelled', cancelledBy: 'policy' });
    expect((await events(policy.id)).filter((row) => row.kind === 'cancelled')).toHaveLength(1);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'system/policy/cancelForMonthlyNonPayment'),
          eq(auditLog.entityId, policy.policyNumber),
        ),
      );
    expect(audit).toHaveLength(1);
    const view = await getPolicy(headers, policy.id);
    expect(view.status).toBe('CANCELLED');
    expect(view.monthly).toMatchObject({ state: 'cancelled', nextDue: null });
    expect(view.monthly.months[1].status).toBe('void');
    // The statement shows the bill and its reversal: nothing owed.
    const statement = await send(
      ctx,
      'client/account/getStatement',
      { from: addCalendarDays(policy.startDate, -1), to: addCalendarDays(clock().today(), 1) },
      headers,
    );
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const text = JSON.stringify(statement.body.result.data);
    expect(text).toContain(`Invoice ${second.invoiceSystemRef} cancelled`);
    // Paying the void month is refused.
    const refused = await pay(ctx, headers, second.invoiceSystemRef, PAYS);
    expect(refused.statusCode).toBe(409);
  });

  it('sets up and stops a standing order on one’s own monthly policy; another client’s is 404', async () => {
    const { headers, policy } = await buyMonthly();
    const other = await newSignedInClient(ctx);
    const set = await send(
      ctx,
      'client/policy/setupStandingOrder',
      { policyId: policy.id, phone: '0712345678' },
      headers,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.result.data).toMatchObject({ status: 'pending', cancelledBy: null });
    const again = await send(
      ctx,
      'client/policy/setupStandingOrder',
      { policyId: policy.id, phone: '0712345678' },
      headers,
    );
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('already has a standing order');
    for (const action of ['client/policy/setupStandingOrder', 'client/policy/stopStandingOrder']) {
      const theirs = await send(ctx, action, { policyId: policy.id, phone: '0712345678' }, other.headers);
      expect(theirs.status, action).toBe(404);
    }
    const stopped = await send(ctx, 'client/policy/stopStandingOrder', { policyId: policy.id }, headers);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.result.data).toMatchObject({ status: 'cancelled', cancelledBy: 'client' });
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, policy.policyNumber));
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(['client/policy/setupStandingOrder', 'client/policy/stopStandingOrder']),
    );
    expect(
      (await send(ctx, 'client/policy/stopStandingOrder', { policyId: policy.id }, headers)).status,
    ).toBe(409);
  });
});
