/**
 * Catalogue rules and labels with no dependency on zod, so the landing page can import them
 * (`@bima/domain/catalogue-rules`) without pulling schema code into its bundle.
 */

/** The two customer categories a visitor chooses between on the landing page (spec-1 §3). */
export const CATEGORY_VALUES = ['individual', 'business'] as const;
export type CategoryValue = (typeof CATEGORY_VALUES)[number];

/** Category colours and the tag label each one stands for (spec-1 §3 "Catalogue product"). */
export const CATEGORY_COLOR_LABELS = {
  blue: 'Vehicle',
  green: 'Commercial',
  red: 'Security',
  orange: 'Property',
  purple: 'Industrial',
  yellow: 'Credit',
  pink: 'Health',
  sky: 'Aviation',
  teal: 'Marine',
  emerald: 'Retirement',
} as const;
export type CategoryColor = keyof typeof CATEGORY_COLOR_LABELS;

export interface KeyFeature {
  label: string;
  /** The short form shown on a product card chip. */
  short: string;
}

/** A catalogue entry's words in one language: its name, description and key features. */
export interface CatalogueTexts {
  name: string;
  description: string;
  keyFeatures: KeyFeature[];
}

/** The languages a catalogue entry's words may be translated to (English is the entry itself). */
export type CatalogueTranslations = { sw?: CatalogueTexts };

/** A catalogue entry as served by `underwriting / catalogue / listProducts`. */
export interface CatalogueProduct {
  id: number;
  name: string;
  category: CategoryValue;
  description: string;
  image: string;
  categoryColor: CategoryColor;
  classCode: string;
  routeName: string;
  available: boolean;
  comingSoon: boolean;
  useIcon: boolean;
  keyFeatures: KeyFeature[];
  /** The entry's words in other languages, from its database row (issue 14); absent when none. */
  translations?: CatalogueTranslations;
}

/**
 * A catalogue entry in the reader's language: the translated name, description and features when
 * its row has them, else the English ones. A translation with a different number of features than
 * the English keeps the English features (they would not line up with the chips' order).
 */
export function catalogueInLanguage<
  T extends Pick<CatalogueProduct, 'name' | 'description' | 'keyFeatures' | 'translations'>,
>(product: T, language: string): T {
  const texts = language === 'sw' ? product.translations?.sw : undefined;
  if (!texts) return product;
  return {
    ...product,
    name: texts.name || product.name,
    description: texts.description || product.description,
    keyFeatures:
      texts.keyFeatures.length === product.keyFeatures.length ? texts.keyFeatures : product.keyFeatures,
  };
}

export type ProductStatus = 'available' | 'coming-soon' | 'unavailable';

/** A product is available, coming soon, or neither (shown as 'N/A'). */
export function getProductStatus(product: Pick<CatalogueProduct, 'available' | 'comingSoon'>): ProductStatus {
  if (product.available) return 'available';
  if (product.comingSoon) return 'coming-soon';
  return 'unavailable';
}

/** Products of one category, in catalogue order. */
export function getProductsInCategory<T extends Pick<CatalogueProduct, 'category'>>(
  products: readonly T[],
  category: CategoryValue,
): T[] {
  return products.filter((product) => product.category === category);
}

export const MAX_FEATURED_PRODUCTS = 3;
export const MAX_FEATURE_CHIPS = 2;

/**
 * The names featured on a category card: available products first, then coming-soon ones,
 * at most three (spec-1 §2.1).
 */
export function getFeaturedProducts<T extends Pick<CatalogueProduct, 'available' | 'comingSoon'>>(
  products: readonly T[],
): T[] {
  const available = products.filter((product) => product.available);
  const comingSoon = products.filter((product) => !product.available && product.comingSoon);
  return [...available, ...comingSoon].slice(0, MAX_FEATURED_PRODUCTS);
}

/** At most two feature chips on a card, and how many more there are ('+n'). */
export function splitFeatureChips<T>(features: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: features.slice(0, MAX_FEATURE_CHIPS),
    more: Math.max(0, features.length - MAX_FEATURE_CHIPS),
  };
}
