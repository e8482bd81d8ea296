import { addMonths } from '@bima/domain/cover-dates';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, policies, standingOrders } from '../src/db/schema';
import { call } from './accounts-helpers';
import { buildListeningTestApp, type TestContext } from './helpers';
import {
  completeQuotation,
  createQuotation,
  MPESA_TEST_ENV,
  PAYS,
  payForPolicy,
  signedIn,
  waitUntil,
} from './purchase-helpers';

/**
 * M-Pesa Ratiba end to end with the monthly module's real handler: the client sets up the standing
 * order, the simulator approves it, and when the business clock reaches month 2's due date its debit
 * (confirmed with Transaction Status, as the simulator calls back from 127.0.0.1) pays month 2 —
 * once, however often the simulator runs.
 */
const DAY = 86_400_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildListeningTestApp({
    ...MPESA_TEST_ENV,
    MPESA_SIMULATOR_RATIBA_DELAY_MS: '300',
    MPESA_SIMULATOR_RATIBA_TICK_MS: '0',
    MPESA_SIMULATOR_B2C_DELAY_MS: '30',
  });
});
afterAll(async () => {
  ctx.app.services.clock.reset();
  await ctx.app.close();
});

describe('M-Pesa Ratiba pays the months of a monthly policy', () => {
  it('approved standing order: month 2 is debited on its due date and paid once', async () => {
    const headers = await signedIn(ctx);
    const { systemQuotationRef } = await createQuotation(ctx, headers, { paymentPlan: 'monthly' });
    const completed = await completeQuotation(ctx, headers, systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const policyNumber = await payForPolicy(
      ctx,
      headers,
      completed.json().result.data.invoiceSystemRef,
      PAYS,
    );
    const [policy] = await ctx.database.db
      .select()
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    expect(policy?.paymentPlan).toBe('monthly');

    const setup = await call(
      ctx,
      'client',
      'policy',
      'setupStandingOrder',
      { policyId: policy!.id, phone: '254712345600' },
      headers,
    );
    expect(setup.statusCode, setup.body).toBe(200);
    const order = await waitUntil(
      async () =>
        (
          await ctx.database.db.select().from(standingOrders).where(eq(standingOrders.policyId, policy!.id))
        )[0],
      (row) => row?.status === 'active',
      10_000,
    );
    expect(order?.status).toBe('active');
    const month2Due = addMonths(policy!.startDate, 1);
    expect(order?.startDate).toBe(month2Due);
    const received = ctx.app.services.mpesa.simulator
      ?.standingOrders()
      .find((entry) => entry.responseRefId === order?.responseRefId);
    expect(received?.request).toMatchObject({
      StandingOrderName: order!.reference,
      AccountReference: order!.reference,
      Amount: String(order!.amount / 100),
      StartDate: month2Due.replaceAll('-', ''),
      Frequency: '4',
    });

    const debitsOf = () =>
      ctx.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.standingOrderId, order!.id), isNotNull(payments.standingOrderId)));
    const month2 = () =>
      ctx.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.policyId, policy!.id), eq(invoices.monthNo, 2)));

    // Not due yet: nothing is debited.
    await ctx.app.services.mpesa.simulator?.runStandingOrders();
    expect(await debitsOf()).toEqual([]);

    const today = ctx.app.services.clock.today();
    const days = Math.round((Date.parse(month2Due) - Date.parse(today)) / DAY);
    ctx.app.services.clock.advance(days * DAY);
    try {
      expect(ctx.app.services.clock.today()).toBe(month2Due);
      await ctx.app.services.mpesa.simulator?.runStandingOrders();
      await ctx.app.services.mpesa.simulator?.runStandingOrders();
      const [paid] = await waitUntil(month2, (rows) => rows[0]?.status === 'PAID', 15_000);
      expect(paid?.status).toBe('PAID');
      await ctx.app.services.mpesa.simulator?.runStandingOrders();
      // Give a second (wrong) debit every chance to land before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const debits = await debitsOf();
      expect(debits).toHaveLength(1);
      expect(debits[0]).toMatchObject({ status: 'success', amount: order!.amount });
    } finally {
      ctx.app.services.clock.reset();
    }
  });
});
