import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredPayables, registerPayables } from '../src/modules/payment/payables';
import { buildTestApp, rowsOf, type TestContext } from './helpers';

/*
 * Money settles through one door (issue 29): every purpose a payment may have in the database has
 * a payable registered with the payment module once the app is built, so no payment M-Pesa confirms
 * finds nobody to settle it.
 */
describe('payables registered with the payment module', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('one for every purpose the payments table allows', async () => {
    const [check] = await rowsOf<{ definition: string }>(
      ctx.database.db.execute(
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'payments_purpose_check'`,
      ),
    );
    const allowed = [...check!.definition.matchAll(/purpose = '(\w+)'/g)].map((match) => match[1]);
    expect(allowed.length).toBeGreaterThanOrEqual(5);
    expect(
      registeredPayables()
        .map((payable) => payable.purpose)
        .sort(),
    ).toEqual([...new Set(allowed)].sort());
  });

  it('refuses a second, different payable for a purpose already taken', () => {
    const [invoice] = registeredPayables().filter((payable) => payable.purpose === 'invoice');
    expect(() => registerPayables([invoice!])).not.toThrow();
    expect(() => registerPayables([{ ...invoice! }])).toThrow(/two payables for the purpose invoice/);
  });
});
