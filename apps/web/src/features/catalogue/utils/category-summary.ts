import {
  CATEGORY_VALUES,
  type CatalogueProduct,
  type CategoryValue,
  getFeaturedProducts,
  getProductsInCategory,
} from '@bima/domain/catalogue-rules';

export interface CategorySummary {
  category: CategoryValue;
  productCount: number;
  /** Up to three names, available first; coming-soon ones flagged. */
  featured: { key: string; name: string; isComingSoon: boolean }[];
}

/** What each category card shows, derived from the catalogue (spec-1 §2.1 step 'category'). */
export function getCategorySummaries(products: readonly CatalogueProduct[]): CategorySummary[] {
  return CATEGORY_VALUES.map((category) => {
    const inCategory = getProductsInCategory(products, category);
    return {
      category,
      productCount: inCategory.length,
      featured: getFeaturedProducts(inCategory).map((product) => ({
        key: product.routeName,
        name: product.name,
        isComingSoon: !product.available,
      })),
    };
  });
}
