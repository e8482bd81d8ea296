import { sql } from 'drizzle-orm';
import { ADVERTISEMENT_SEED } from '../modules/advertisement/seed-data';
import { CATALOGUE_SEED } from '../modules/catalogue/seed-data';
import { seedSampleMarket } from '../modules/product/seed';
import type { Database } from './client';
import { advertisements, catalogueProducts } from './schema';

/** Inserts the sample data that is missing; running it again changes nothing. */
export async function seedSampleData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(catalogueProducts)
      .values(
        CATALOGUE_SEED.map((product, index) => ({
          ...product,
          image: `/images/products/${product.routeName}.svg`,
          sortOrder: index + 1,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(advertisements).values(ADVERTISEMENT_SEED).onConflictDoNothing();
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('advertisements', 'id'), greatest((select max(id) from advertisements), 1))`,
    );
  });
  await seedSampleMarket(db);
}
