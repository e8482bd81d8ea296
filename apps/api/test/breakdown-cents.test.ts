import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatKes } from '@bima/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { commissions, invoices, policies, quotations } from '../src/db/schema';
import { presentStoredQuote } from '../src/modules/product/present';
import { buildTestApp } from './helpers';
import { pdfTextContent } from './pdf-raster';
import { createQuotation, fullVehicle, kenyaToday, MPESA_TEST_ENV, payForPolicy } from './purchase-helpers';
import { recommendationToClient, send, signedInClient } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** A KES 50,000 collision excess and a KES 100,000 windscreen limit: benefits, charges and excesses to convert. */
const CHOSEN = {
  additionalBenefits: [
    { benefitSystemRef: 'APA-MP-PLUS-PVT' },
    { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', params: { limit: 10_000_000 } },
  ],
  excesses: [{ id: 'collision', amount: 5_000_000 }],
};

type Line = Record<string, number | string>;
type WireBreakdown = Record<string, unknown> & {
  total: number;
  totalCharges: number;
  basicPremium: number;
  benefits: Line[];
  charges: Line[];
  excesses: Line[];
};

/** A wire breakdown (cents) as the code before migration 0035 kept it: in shillings. */
function inShillings(wire: WireBreakdown): Record<string, unknown> {
  const kes = (cents: unknown) => Number(cents) / 100;
  return {
    ...wire,
    vehicleValue: kes(wire.vehicleValue),
    basicPremium: kes(wire.basicPremium),
    excessDiscount: kes(wire.excessDiscount),
    subtotal: kes(wire.subtotal),
    totalCharges: kes(wire.totalCharges),
    total: kes(wire.total),
    benefits: wire.benefits.map((line) => ({ ...line, limit: kes(line.limit), premium: kes(line.premium) })),
    charges: wire.charges.map((line) => ({
      ...line,
      rate: line.charge_type === 'Percentage' ? line.rate : kes(line.rate),
      amount: kes(line.amount),
    })),
    excesses: wire.excesses.map((line) => ({
      ...line,
      amount: kes(line.amount),
      discount: kes(line.discount),
    })),
  };
}

/**
 * Issue 26: a quotation keeps its quote in cents like every other stored amount (`unit: 'cents'`),
 * and (issue 29) the API answers those cents; migration 0035 converts the rows kept in shillings.
 */
describe('the quote a quotation keeps, in cents', () => {
  let ctx: Ctx;
  const today = kenyaToday();

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: { ...MPESA_TEST_ENV, AUTH_RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => ctx.app.close());

  const storedOf = async (systemQuotationRef: string) =>
    (
      await ctx.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.systemQuotationRef, systemQuotationRef))
    )[0]!;

  it('stores every amount in cents and answers the same cents (issue 29)', async () => {
    const client = await signedInClient(ctx);
    const { systemQuotationRef } = await createQuotation(ctx, client, CHOSEN);
    const row = await storedOf(systemQuotationRef);
    const stored = row.breakdown;
    expect(stored.unit).toBe('cents');
    expect(stored.total).toBe(row.total);

    const answered = await send(
      ctx,
      'underwriting/quotation/getQuotationDetails',
      { systemQuotationRef },
      client,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const wire = answered.body.result.data.breakdown as WireBreakdown;
    expect(wire).not.toHaveProperty('unit');
    expect(wire.total).toBe(answered.body.result.data.premium);
    expect(wire.total).toBe(row.total);
    expect(wire.basicPremium).toBe(stored.basicPremium);
    expect(wire.totalCharges).toBe(stored.totalCharges);
    expect(wire.excesses).toContainEqual(expect.objectContaining({ id: 'collision', amount: 5_000_000 }));
    expect(stored.excesses).toContainEqual(expect.objectContaining({ id: 'collision', amount: 5_000_000 }));
    expect(wire.benefits).toContainEqual(
      expect.objectContaining({ benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limit: 10_000_000 }),
    );
    expect(stored.benefits).toContainEqual(
      expect.objectContaining({ benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limit: 10_000_000 }),
    );
    const stamp = stored.charges.find((line) => line.charge_type === 'Fixed');
    expect(stamp).toBeDefined();
    expect(wire.charges).toContainEqual(
      expect.objectContaining({
        charge_name: stamp!.charge_name,
        rate: stamp!.rate,
        amount: stamp!.amount,
      }),
    );
    // The web's quote is the product's priced quote, the same JSON as the premium calculation answers.
    const priced = await send(
      ctx,
      'underwriting/product/productPremiumCalc',
      {
        productSystemRef: row.productSystemRef,
        risk: { value: row.vehicleValue },
        coverDetails: { period: row.periodDays },
        ...CHOSEN,
      },
      client,
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(wire).toEqual(priced.body.result.data);
  });

  it("migration 0035 turns a breakdown kept in shillings into cents; the policy's schedule and commission read it", async () => {
    const client = await signedInClient(ctx);
    const sent = await recommendationToClient(ctx, client, {
      today,
      items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: today, ...CHOSEN }],
      note: 'APA Plus with the collision excess and windscreen cover you asked for.',
    });
    const { systemQuotationRef } = sent.quotations[0];
    const answer = async () =>
      (await send(ctx, 'underwriting/quotation/getQuotationDetails', { systemQuotationRef }, client)).body
        .result.data.breakdown as WireBreakdown;
    const before = await answer();
    const current = (await storedOf(systemQuotationRef)).breakdown;

    // The row as the code before kept it: shillings, from before excess discounts.
    const shillings = inShillings(before);
    const legacy = {
      ...shillings,
      excesses: (shillings.excesses as Line[]).map(({ discount: _none, ...line }) => line),
    } as Record<string, unknown>;
    delete legacy.excessDiscount;
    const db = ctx.database.db;
    await db.execute(
      sql`update quotations set breakdown = ${JSON.stringify(legacy)}::jsonb where system_quotation_ref = ${systemQuotationRef}`,
    );
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0035_breakdown_in_cents.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement));
    };
    await run();
    const migrated = (await storedOf(systemQuotationRef)).breakdown;
    expect(migrated.unit).toBe('cents');
    expect(migrated.total).toBe(before.total);
    expect(migrated.totalCharges).toBe(before.totalCharges);
    expect(migrated.basicPremium).toBe(before.basicPremium);
    expect(migrated.excessDiscount).toBe(0);
    expect(migrated.excesses).toContainEqual({
      id: 'collision',
      name: expect.any(String),
      amount: 5_000_000,
      discount: 0,
    });
    expect(migrated.benefits.map((line) => line.limit)).toEqual(before.benefits.map((line) => line.limit));
    expect(migrated.charges.map((line) => [line.rate, line.amount])).toEqual(
      before.charges.map((line) => [line.rate, line.amount]),
    );
    // The amounts the engine priced were whole shillings here: the row is the one kept today.
    if (Object.values(current).every((value) => typeof value !== 'number' || Number.isInteger(value)))
      expect(migrated.vehicleValue).toBe(current.vehicleValue);
    expect(await answer()).toEqual(before);
    // Run twice (or on rows already in cents), it changes nothing.
    await run();
    expect((await storedOf(systemQuotationRef)).breakdown).toEqual(migrated);

    // Bought: the commission's premium is the invoice less the levies in cents; the schedule prints shillings.
    const completed = await send(
      ctx,
      'client/quotation/completeQuotationDetails',
      {
        systemQuotationRef,
        vehicleDetails: { ...fullVehicle, registrationNumber: undefined, chassisNumber: undefined },
      },
      client,
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const accepted = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: sent.id, systemQuotationRef },
      client,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const policyNumber = await payForPolicy(ctx, client, accepted.body.result.data.invoiceSystemRef);
    const [invoice] = await db
      .select({ amount: invoices.amount })
      .from(invoices)
      .where(eq(invoices.invoiceSystemRef, accepted.body.result.data.invoiceSystemRef));
    const [commission] = await db
      .select({ premium: commissions.premium })
      .from(commissions)
      .innerJoin(policies, eq(policies.id, commissions.policyId))
      .where(eq(policies.policyNumber, policyNumber));
    expect(commission!.premium).toBe(invoice!.amount - before.totalCharges);
    expect(commission!.premium).toBeGreaterThan(0);

    const policy = (await send(ctx, 'client/policy/getPolicy', { policyNumber }, client)).body.result.data;
    expect(policy.breakdown).toEqual(before);
    const schedule = await ctx.app.inject({ method: 'GET', url: policy.documents.schedule });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const text = await pdfTextContent(schedule.rawPayload);
    expect(text).toContain(formatKes(before.total));
    expect(text).toContain(formatKes(before.basicPremium));
    expect(text).toContain('KES 50,000');
    expect(text).toContain('KES 100,000');
  });

  it("migration 0035 converts a rated quote's detail: each group's sum insured and premium, the minimum, per-unit amounts", async () => {
    const client = await signedInClient(ctx);
    const { systemQuotationRef } = await createQuotation(ctx, client);
    const answered = await send(
      ctx,
      'underwriting/quotation/getQuotationDetails',
      { systemQuotationRef },
      client,
    );
    const wire = answered.body.result.data.breakdown as WireBreakdown;
    const detail = (minimumApplied: number | null) => ({
      groups: [{ group: 'building', sumInsured: 5_000_000, rate: 0.0012, premium: 6_000 }],
      loadings: [{ factor: 'construction', option: 'timber', multiplier: 1.25 }],
      minimumApplied,
      perUnit: [{ quantity: 2, units: 'passengers', amount: 1_500 }],
    });
    const db = ctx.database.db;
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0035_breakdown_in_cents.sql'), 'utf8');
    for (const minimumApplied of [7_500, null]) {
      const legacy = { ...inShillings(wire), basicDetail: detail(minimumApplied) };
      await db.execute(
        sql`update quotations set breakdown = ${JSON.stringify(legacy)}::jsonb where system_quotation_ref = ${systemQuotationRef}`,
      );
      await db.execute(sql.raw(migration));
      const migrated = (await storedOf(systemQuotationRef)).breakdown;
      expect(migrated.basicDetail).toEqual({
        groups: [{ group: 'building', sumInsured: 500_000_000, rate: 0.0012, premium: 600_000 }],
        loadings: [{ factor: 'construction', option: 'timber', multiplier: 1.25 }],
        minimumApplied: minimumApplied === null ? null : minimumApplied * 100,
        perUnit: [{ quantity: 2, units: 'passengers', amount: 150_000 }],
      });
      // Answered as kept: the cents.
      expect(presentStoredQuote(migrated)).toEqual({ ...wire, basicDetail: migrated.basicDetail });
    }
  });
});
