/**
 * An underwriter's own words about a product, a benefit or an excess in other languages (issue 14):
 * the row's `translations` column, `{sw: {name, description, overview}}`. Any text left out is
 * read in English, so a row without Swahili still shows.
 */
export interface ProductTexts {
  name?: string;
  description?: string;
  /** Products only: the longer overview. */
  overview?: string;
}

/** The `translations` of a product, benefit or excess row; `{}` when it has none. */
export type ProductTranslations = { sw?: ProductTexts };

/** The languages a product's texts are served in. */
export type ProductLanguage = 'en' | 'sw';

/**
 * A row's name, description and overview in the reader's language: each translated text the row
 * has, else its English one. English (or an unknown language) gives the row as it is.
 */
export function productTextsIn<T extends { name: string; description: string; overview?: string }>(
  row: T & { translations?: ProductTranslations | null },
  language: string,
): Pick<T, 'name' | 'description' | 'overview'> {
  const texts = language === 'sw' ? row.translations?.sw : undefined;
  return {
    name: texts?.name || row.name,
    description: texts?.description || row.description,
    ...(row.overview === undefined ? {} : { overview: texts?.overview || row.overview }),
  } as Pick<T, 'name' | 'description' | 'overview'>;
}

/** The translations without empty texts (a cleared field means "none"), `{}` when nothing is left. */
export function compactTranslations(translations: ProductTranslations | undefined): ProductTranslations {
  const sw = translations?.sw;
  if (!sw) return {};
  const kept = Object.fromEntries(
    Object.entries(sw).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
  ) as ProductTexts;
  return Object.keys(kept).length > 0 ? { sw: kept } : {};
}
