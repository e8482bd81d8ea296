import { sql } from 'drizzle-orm';
import { ADVERTISEMENT_SEED } from '../modules/advertisement/seed-data';
import { CATALOGUE_SEED } from '../modules/catalogue/seed-data';
import { CATALOGUE_SWAHILI } from '../modules/catalogue/seed-data.sw';
import { seedCommissionRates } from '../modules/commission/service';
import { seedIntermediaries } from '../modules/intermediary/seed';
import { seedSampleLenders } from '../modules/loan/seed';
import { seedSampleMarket } from '../modules/product/seed';
import { seedSampleSchools } from '../modules/school/seed';
import { seedSampleStaff } from '../modules/staff/seed';
import type { Database } from './client';
import { advertisements, catalogueProducts, underwriters } from './schema';

/**
 * The sample insurers' member company ids at DMVIC (the local simulator knows them; a real
 * deployment sets each insurer's own id).
 */
export const SAMPLE_DMVIC_MEMBER_COMPANY_IDS: Record<string, number> = {
  jubilee: 18,
  apa: 1,
  cic: 12,
  britam: 9,
  'icea-lion': 16,
};

export interface SeedOptions {
  /**
   * The sample staff accounts with the public password of the README: local use only, never in
   * production (server.ts passes NODE_ENV !== 'production').
   */
  sampleStaff: boolean;
}

/** Inserts the sample data that is missing; running it again changes nothing. */
export async function seedSampleData(
  db: Database,
  options: SeedOptions = { sampleStaff: false },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(catalogueProducts)
      .values(
        CATALOGUE_SEED.map((product, index) => ({
          ...product,
          image: `/images/products/${product.routeName}.svg`,
          sortOrder: index + 1,
          translations: CATALOGUE_SWAHILI[product.id] ? { sw: CATALOGUE_SWAHILI[product.id] } : {},
        })),
      )
      // An existing row keeps its words; only a row still without translations gets the sample's.
      .onConflictDoUpdate({
        target: catalogueProducts.id,
        set: { translations: sql`excluded.translations` },
        setWhere: sql`${catalogueProducts.translations} = '{}'::jsonb`,
      });
    await tx.insert(advertisements).values(ADVERTISEMENT_SEED).onConflictDoNothing();
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('advertisements', 'id'), greatest((select max(id) from advertisements), 1))`,
    );
  });
  await seedSampleMarket(db);
  for (const [id, memberCompanyId] of Object.entries(SAMPLE_DMVIC_MEMBER_COMPANY_IDS)) {
    await db
      .update(underwriters)
      .set({ dmvicMemberCompanyId: memberCompanyId })
      .where(sql`${underwriters.id} = ${id} and ${underwriters.dmvicMemberCompanyId} is null`);
  }
  await seedIntermediaries(db);
  await seedCommissionRates(db);
  await seedSampleLenders(db);
  await seedSampleSchools(db);
  if (options.sampleStaff) await seedSampleStaff(db);
}
