import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { claims, policies, quotations } from '../src/db/schema';
import { accidentClaim, approveThroughDesk, deskHeaders } from './claims-helpers';
import { buildTestApp } from './helpers';
import {
  completeQuotation,
  createQuotation,
  fullVehicle,
  kenyaToday,
  payForPolicy,
  waitUntil,
} from './purchase-helpers';
import { type Headers, recommendationToClient, send, signedInClient } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The client's choices: a KES 50,000 collision excess (default 25,000) and a KES 100,000 windscreen limit. */
const CHOSEN = {
  additionalBenefits: [
    { benefitSystemRef: 'APA-MP-PLUS-PVT' },
    { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', params: { limit: 10_000_000 } },
  ],
  excesses: [{ id: 'collision', amount: 5_000_000 }],
};

/**
 * The excess a client chose is the excess their claim deducts, however the policy came to be: their
 * own quote, an intermediary's recommendation, or a renewal carrying the choice — from the chosen
 * amount (whole shillings at the API) to the claim reported, approved and paid.
 */
describe('a chosen excess from quote to paid claim', () => {
  let ctx: Ctx;
  let desk: Headers;
  const today = kenyaToday();

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        RATE_LIMIT_MAX: '100000',
        MPESA_SIMULATOR_DELAY_MS: '40',
        MPESA_SIMULATOR_B2C_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    // The M-Pesa simulator calls back over HTTP.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    desk = await deskHeaders(ctx);
  }, 60_000);
  afterAll(() => ctx.app.close());

  /** Reports an accident on the policy, approves KES 85,000 and pays it by M-Pesa; answers the claim. */
  async function claimPaidOn(client: Headers, policyNumber: string) {
    const reported = await send(ctx, 'client/claim/reportClaim', accidentClaim(policyNumber, today), client);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const id = reported.body.result.data.id as number;
    const claimOf = async () => (await send(ctx, 'client/claim/getClaim', { id }, client)).body.result.data;
    expect((await claimOf()).excess).toBe(50_000_00);

    await approveThroughDesk(ctx, desk, id, 85_000_00);
    const approved = await claimOf();
    expect(approved).toMatchObject({ status: 'APPROVED', excess: 50_000_00, approvedAmount: 35_000_00 });
    expect(approved.timeline.at(-1).note).toBe('KES 85,000 less the excess KES 50,000: KES 35,000 to pay');

    const started = await send(
      ctx,
      'claims/desk/settleClaim',
      { id, method: 'mpesa', phone: '254712345678' },
      desk,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const settled = await waitUntil(claimOf, (claim) => claim.status === 'SETTLED', 10_000);
    expect(settled.status).toBe('SETTLED');
    expect(settled.settlements).toEqual([expect.objectContaining({ status: 'success', amount: 35_000_00 })]);
    return settled;
  }

  /** The policy page's chosen excesses and benefit limits, in whole shillings. */
  async function policyPage(client: Headers, policyNumber: string) {
    const list = await send(ctx, 'client/policy/listPolicies', {}, client);
    const found = list.body.result.data.find(
      (policy: { policyNumber: string }) => policy.policyNumber === policyNumber,
    );
    return (await send(ctx, 'client/policy/getPolicy', { id: found.id }, client)).body.result.data;
  }

  it("the client's own quote, then its renewal carrying the excess", async () => {
    const client = await signedInClient(ctx);
    const { systemQuotationRef } = await createQuotation(ctx, client, CHOSEN);
    const completed = await completeQuotation(ctx, client, systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const policyNumber = await payForPolicy(ctx, client, completed.json().result.data.invoiceSystemRef);
    await claimPaidOn(client, policyNumber);

    // In the renewal window the renewal prices the same choices again; paid, its claims deduct the same excess.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber, days: 10 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const renewal = await send(ctx, 'policy/renewal/quoteRenewal', { policyNumber }, client);
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(200);
    const quotation = renewal.body.result.data.quotation;
    expect(quotation.breakdown.excesses).toContainEqual(
      expect.objectContaining({ id: 'collision', amount: 5_000_000 }),
    );
    expect(quotation.breakdown.benefits).toContainEqual(
      expect.objectContaining({ benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limit: 10_000_000 }),
    );
    const renewed = await completeQuotation(ctx, client, quotation.systemQuotationRef);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const renewedNumber = await payForPolicy(ctx, client, renewed.json().result.data.invoiceSystemRef);
    // The renewal starts after the old cover ends: moved to run from today to report on it now.
    const current = await ctx.app.inject({
      method: 'POST',
      url: '/dev/policies/ends-in',
      payload: { policyNumber: renewedNumber, days: 364 },
    });
    expect(current.json().startDate).toBe(today);
    await claimPaidOn(client, renewedNumber);
  });

  it("an intermediary's recommendation with the excess the broker chose", async () => {
    const client = await signedInClient(ctx);
    const recommendation = await recommendationToClient(ctx, client, {
      today,
      items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: today, ...CHOSEN }],
      note: 'APA Plus with the KES 50,000 collision excess and windscreen cover you asked for.',
    });
    // The request carried only the plate and chassis: the client gives the rest before paying.
    const completed = await send(
      ctx,
      'client/quotation/completeQuotationDetails',
      {
        systemQuotationRef: recommendation.quotations[0].systemQuotationRef,
        vehicleDetails: { ...fullVehicle, registrationNumber: undefined, chassisNumber: undefined },
      },
      client,
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const accepted = await send(
      ctx,
      'underwriting/quotation/acceptReccommendation',
      { id: recommendation.id, systemQuotationRef: recommendation.quotations[0].systemQuotationRef },
      client,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const policyNumber = await payForPolicy(ctx, client, accepted.body.result.data.invoiceSystemRef);
    await claimPaidOn(client, policyNumber);
    const page = await policyPage(client, policyNumber);
    expect(page.breakdown.excesses).toContainEqual(
      expect.objectContaining({ id: 'collision', amount: 5_000_000 }),
    );
  });

  it('migration 0032 turns the shillings kept before into cents, and mends the open claims that read them as cents', async () => {
    const client = await signedInClient(ctx);
    const invoice = await completeQuotation(
      ctx,
      client,
      (await createQuotation(ctx, client, CHOSEN)).systemQuotationRef,
    );
    const policyNumber = await payForPolicy(ctx, client, invoice.json().result.data.invoiceSystemRef);
    const reported = await send(ctx, 'client/claim/reportClaim', accidentClaim(policyNumber, today), client);
    const id = reported.body.result.data.id as number;
    const db = ctx.database.db;
    const [policy] = await db
      .select({ quotationId: policies.quotationId })
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    const quotationId = policy!.quotationId;
    const stored = async () => (await db.select().from(quotations).where(eq(quotations.id, quotationId)))[0]!;
    const now = await stored();
    expect(now.excesses).toEqual([{ id: 'collision', amountCents: 5_000_000 }]);
    expect(now.selectedBenefits).toEqual([
      { benefitSystemRef: 'APA-MP-PLUS-PVT' },
      { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limitCents: 10_000_000 },
    ]);

    // The rows as the code before it kept them: shillings, and the claim's excess read from them as cents.
    await db.execute(sql`update quotations set
      excesses = ${JSON.stringify([{ id: 'collision', amount: 50_000 }])}::jsonb,
      selected_benefits = ${JSON.stringify([
        { benefitSystemRef: 'APA-MP-PLUS-PVT' },
        { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', limit: 100_000 },
      ])}::jsonb where id = ${quotationId}`);
    await db.update(claims).set({ excess: 50_000 }).where(eq(claims.id, id));

    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0032_chosen_amounts_in_cents.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement));
    };
    await run();
    const migrated = await stored();
    expect(migrated.excesses).toEqual(now.excesses);
    expect(migrated.selectedBenefits).toEqual(now.selectedBenefits);
    const claimOf = async () => (await send(ctx, 'client/claim/getClaim', { id }, client)).body.result.data;
    expect((await claimOf()).excess).toBe(50_000_00);
    // Run twice (or on rows already in cents), it changes nothing.
    await run();
    expect((await stored()).excesses).toEqual(now.excesses);
    expect((await claimOf()).excess).toBe(50_000_00);
  });
});
