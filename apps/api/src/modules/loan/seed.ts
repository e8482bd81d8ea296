import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lenders, loanPricingBands, loanPricingTables } from '../../db/schema';
import { SAMPLE_IPF_BANDS, SAMPLE_IPF_TABLE, SAMPLE_LENDER } from './seed-data';

/** The sample lender and its IPF pricing table, inserted when missing (running it again changes nothing). */
export async function seedSampleLenders(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(lenders)
      .values({ ...SAMPLE_LENDER, isSample: true })
      .onConflictDoNothing({ target: lenders.systemRef });
    const [lender] = await tx
      .select({ id: lenders.id })
      .from(lenders)
      .where(eq(lenders.systemRef, SAMPLE_LENDER.systemRef));
    await tx
      .insert(loanPricingTables)
      .values({ lenderId: lender!.id, product: 'ipf', ...SAMPLE_IPF_TABLE, isSample: true })
      .onConflictDoNothing();
    const [table] = await tx
      .select({ id: loanPricingTables.id })
      .from(loanPricingTables)
      .where(
        and(
          eq(loanPricingTables.lenderId, lender!.id),
          eq(loanPricingTables.product, 'ipf'),
          eq(loanPricingTables.effectiveFrom, SAMPLE_IPF_TABLE.effectiveFrom),
        ),
      );
    await tx
      .insert(loanPricingBands)
      .values(SAMPLE_IPF_BANDS.map((band) => ({ tableId: table!.id, ...band })))
      .onConflictDoNothing();
  });
}
