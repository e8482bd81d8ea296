import { PRICING_MESSAGES, type PublishPricingTableInput, percentToPpm, ppmToPercent } from '@bima/domain';
import { contracts } from '@bima/domain/contract';
import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loanPricingBands, loanPricingTables } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { defineAction, type Principal } from '../../gateway/registry';
import { pageInfo, pageWindow } from '../../lib/search';
import { recordAudit } from '../audit/service';
import type { LoanCoreContext } from './service';

const lenderIdOf = (principal: Principal): number => {
  if (principal.role !== 'lender' || !principal.lenderId) throw new AppError('forbidden', 'Lenders only.');
  return principal.lenderId;
};

type TableRow = typeof loanPricingTables.$inferSelect;

/** The tables and their bands as a lender reads them (cents; a rate in %), with where each stands today. */
async function presentTables(db: Database, tables: TableRow[], today: string) {
  if (tables.length === 0) return [];
  const bands = await db
    .select()
    .from(loanPricingBands)
    .where(
      inArray(
        loanPricingBands.tableId,
        tables.map((table) => table.id),
      ),
    );
  // The table in force per product: the latest that has started.
  const started = await db
    .select({ id: loanPricingTables.id, product: loanPricingTables.product })
    .from(loanPricingTables)
    .where(
      and(eq(loanPricingTables.lenderId, tables[0]!.lenderId), lte(loanPricingTables.effectiveFrom, today)),
    )
    .orderBy(desc(loanPricingTables.effectiveFrom));
  const inForce = new Set<number>();
  const seen = new Set<string>();
  for (const row of started) {
    if (seen.has(row.product)) continue;
    seen.add(row.product);
    inForce.add(row.id);
  }
  return tables.map((table) => ({
    id: table.id,
    product: table.product,
    name: table.name,
    effectiveFrom: table.effectiveFrom,
    /** IN_FORCE today, SCHEDULED (starts later) or PAST (a later table took over). */
    state: inForce.has(table.id) ? 'IN_FORCE' : table.effectiveFrom > today ? 'SCHEDULED' : 'PAST',
    isSample: table.isSample,
    createdAt: table.createdAt.toISOString(),
    bands: bands
      .filter((band) => band.tableId === table.id)
      .sort((a, b) => a.months - b.months || a.minPrincipal - b.minPrincipal)
      .map((band) => ({
        minPrincipal: band.minPrincipal,
        maxPrincipal: band.maxPrincipal,
        months: band.months,
        facilityFee: band.facilityFee,
        monthlyRatePercent: band.monthlyRatePpm === null ? null : ppmToPercent(band.monthlyRatePpm),
      })),
  }));
}

/** The lender's own pricing tables, newest start first (then id), optionally for one product. */
export async function listPricingTables(
  context: LoanCoreContext,
  principal: Principal,
  query: { page: number; pageSize: number; product?: string },
) {
  const lenderId = lenderIdOf(principal);
  const where = and(
    eq(loanPricingTables.lenderId, lenderId),
    query.product ? eq(loanPricingTables.product, query.product) : undefined,
  );
  const [counted] = await context.db.select({ total: count() }).from(loanPricingTables).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await context.db
    .select()
    .from(loanPricingTables)
    .where(where)
    .orderBy(desc(loanPricingTables.effectiveFrom), desc(loanPricingTables.id))
    .limit(limit)
    .offset(offset);
  return {
    items: await presentTables(context.db, rows, context.services.clock.today()),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/**
 * Publishes a new pricing table of the lender's, in force from `effectiveFrom` (tomorrow at the
 * earliest, so no loan already priced today changes): the table and its bands in one transaction,
 * audited. A second table of the same product starting the same day is a 409.
 */
export async function publishPricingTable(
  context: LoanCoreContext,
  principal: Principal,
  input: PublishPricingTableInput,
) {
  const lenderId = lenderIdOf(principal);
  const today = context.services.clock.today();
  if (input.effectiveFrom <= today) {
    throw new AppError('invalid', PRICING_MESSAGES.effectiveFromFuture, {
      errors: [{ field: 'effectiveFrom', message: PRICING_MESSAGES.effectiveFromFuture }],
    });
  }
  const table = await context.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(loanPricingTables)
      .values({
        lenderId,
        product: input.product,
        name: input.name,
        effectiveFrom: input.effectiveFrom,
        createdBy: principal.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      throw new AppError('conflict', PRICING_MESSAGES.duplicateDate, {
        code: 'PRICING_DATE_TAKEN',
        errors: [{ field: 'effectiveFrom', message: PRICING_MESSAGES.duplicateDate }],
      });
    }
    await tx.insert(loanPricingBands).values(
      input.bands.map((band) => ({
        tableId: made.id,
        minPrincipal: band.minPrincipal * 100,
        maxPrincipal: band.maxPrincipal == null ? null : band.maxPrincipal * 100,
        months: band.months,
        facilityFee: band.facilityFee == null ? null : band.facilityFee * 100,
        monthlyRatePpm:
          band.monthlyRatePercent == null || band.monthlyRatePercent === ''
            ? null
            : percentToPpm(band.monthlyRatePercent),
      })),
    );
    await recordAudit(tx, principal, {
      action: 'lender/pricing/publishTable',
      entityType: 'loan_pricing_table',
      entityId: made.id,
      details: { product: input.product, effectiveFrom: input.effectiveFrom, bands: input.bands.length },
    });
    return made;
  });
  return (await presentTables(context.db, [table], today))[0]!;
}

/** A lender's own pricing: its tables (read) and new ones (published for a later day). */
export const pricingActions = [
  defineAction({
    service: 'lender',
    resource: 'pricing',
    action: 'listTables',
    auth: 'staff',
    roles: ['lender'],
    description:
      'The lender’s own pricing tables and their bands (amounts in cents), newest start first, optionally of one product.',
    input: contracts['lender/pricing/listTables'].input,
    handler: (context) => listPricingTables(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'lender',
    resource: 'pricing',
    action: 'publishTable',
    auth: 'staff',
    roles: ['lender'],
    description: `Publishes a new pricing table, in force from a later day (tomorrow or later; loans keep the table they were priced on); each band gives a facility fee or a monthly rate ("1.25"); band amounts are sent in whole shillings and answered in cents. 400 with bands.N.field for a band that breaks a rule (term, range, price, overlap); 409 PRICING_DATE_TAKEN for a second table of the product on the same day. Audited.`,
    input: contracts['lender/pricing/publishTable'].input,
    handler: (context) => publishPricingTable(context, context.principal!, context.input),
  }),
];
