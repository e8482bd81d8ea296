import type { CatalogueProduct } from '@bima/domain';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueProducts } from '../../db/schema';

/** Every catalogue entry, in display order. */
export async function listCatalogueProducts(db: Database): Promise<CatalogueProduct[]> {
  const rows = await db
    .select()
    .from(catalogueProducts)
    .orderBy(asc(catalogueProducts.sortOrder), asc(catalogueProducts.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category: row.category as CatalogueProduct['category'],
    description: row.description,
    image: row.image,
    categoryColor: row.categoryColor as CatalogueProduct['categoryColor'],
    classCode: row.classCode,
    routeName: row.routeName,
    available: row.available,
    comingSoon: row.comingSoon,
    useIcon: row.useIcon,
    keyFeatures: row.keyFeatures,
    ...(row.translations.sw ? { translations: row.translations } : {}),
  }));
}
