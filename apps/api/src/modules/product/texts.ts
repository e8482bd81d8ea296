import type { ProductLanguage, ProductTranslations } from '@bima/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, productBenefits, productExcesses } from '../../db/schema';
import type { ActionDefinition } from '../../gateway/registry';

/**
 * The underwriters' Swahili names, for answers that carry names kept in English when they were
 * made (issue 14): a quotation keeps the product's and benefits' English names at the time of
 * quoting, and its invoice, cart line, policy, documents and e-mails repeat them. They are read in
 * the reader's language on the way out, from the products' current translations.
 */
export interface SwahiliNames {
  /** By productSystemRef, and by English name for answers that carry only the name. */
  productByRef: Map<string, string>;
  productByName: Map<string, string>;
  benefitByRef: Map<string, string>;
  /** By `${productSystemRef} ${excess code}`. */
  excessByKey: Map<string, string>;
}

/**
 * The statutory charges' names in Swahili, as the policy documents print them: the same levies on
 * every product, so they are words of the portal, not of one underwriter's row.
 */
export const CHARGE_NAME_SWAHILI: Readonly<Record<string, string>> = {
  'Training Levy': 'Ushuru wa Mafunzo (Training Levy)',
  'PHCF Levy': 'Ushuru wa PHCF',
  'Stamp Duty': 'Ushuru wa stempu',
};

const CACHE_TTL_MS = 15_000;
const cache = new WeakMap<Database, { at: number; value: Promise<SwahiliNames> }>();

/** Forgets the names kept for a database (a back-office change; `clearProductCache` calls it). */
export function clearSwahiliNames(db: Database): void {
  cache.delete(db);
}

/** Every product's, benefit's and excess's Swahili name, kept for a few seconds per database. */
export function loadSwahiliNames(db: Database): Promise<SwahiliNames> {
  const now = Date.now();
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
  const value = querySwahiliNames(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

const swahiliName = (translations: ProductTranslations) => translations.sw?.name?.trim() || undefined;

async function querySwahiliNames(db: Database): Promise<SwahiliNames> {
  const [products, benefits, excesses] = await Promise.all([
    db
      .select({
        ref: insuranceProducts.productSystemRef,
        name: insuranceProducts.name,
        translations: insuranceProducts.translations,
      })
      .from(insuranceProducts)
      .where(sql`${insuranceProducts.translations} <> '{}'::jsonb`),
    db
      .select({ ref: productBenefits.benefitSystemRef, translations: productBenefits.translations })
      .from(productBenefits)
      .where(sql`${productBenefits.translations} <> '{}'::jsonb`),
    db
      .select({
        productRef: insuranceProducts.productSystemRef,
        code: productExcesses.code,
        translations: productExcesses.translations,
      })
      .from(productExcesses)
      .innerJoin(insuranceProducts, eq(insuranceProducts.id, productExcesses.productId))
      .where(sql`${productExcesses.translations} <> '{}'::jsonb`),
  ]);
  const names: SwahiliNames = {
    productByRef: new Map(),
    productByName: new Map(),
    benefitByRef: new Map(),
    excessByKey: new Map(),
  };
  for (const product of products) {
    const name = swahiliName(product.translations);
    if (!name) continue;
    names.productByRef.set(product.ref, name);
    names.productByName.set(product.name, name);
  }
  for (const benefit of benefits) {
    const name = swahiliName(benefit.translations);
    if (name) names.benefitByRef.set(benefit.ref, name);
  }
  for (const excess of excesses) {
    const name = swahiliName(excess.translations);
    if (name) names.excessByKey.set(`${excess.productRef} ${excess.code}`, name);
  }
  return names;
}

/**
 * An answer with the underwriters' names in `language`: in every object, `productName` (by its
 * `productSystemRef`, else by the English name), a benefit line's `name` (by `benefitSystemRef`),
 * an excess line's `name` (by the product and the excess's id) and a statutory charge's `charge_name`. English answers are returned
 * as they are, without a query; a name without Swahili stays English.
 */
export async function answerInLanguage<T>(db: Database, language: ProductLanguage, answer: T): Promise<T> {
  if (language !== 'sw') return answer;
  const names = await loadSwahiliNames(db);
  return translateNames(answer, names, undefined) as T;
}

/** The Swahili name of a product named `english` (an e-mail's or a document's product), else `english`. */
export function productNameIn(
  names: SwahiliNames | null,
  english: string,
  productSystemRef?: string,
): string {
  if (!names) return english;
  return (
    (productSystemRef && names.productByRef.get(productSystemRef)) ||
    names.productByName.get(english) ||
    english
  );
}

function translateNames(value: unknown, names: SwahiliNames, productRef: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => translateNames(item, names, productRef));
  // Only plain data is read: a kept answer, a Date or a Buffer goes out as it is.
  if (!value || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  const ownRef = typeof record.productSystemRef === 'string' ? record.productSystemRef : productRef;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (key === 'excesses' && Array.isArray(item) && ownRef) {
      out[key] = item.map((line) => translateExcess(line, names, ownRef));
    } else {
      out[key] = translateNames(item, names, ownRef);
    }
  }
  if (typeof record.productName === 'string') {
    out.productName = productNameIn(
      names,
      record.productName,
      typeof record.productSystemRef === 'string' ? record.productSystemRef : undefined,
    );
  }
  if (typeof record.charge_name === 'string') {
    out.charge_name = CHARGE_NAME_SWAHILI[record.charge_name] ?? record.charge_name;
  }
  if (typeof record.benefitSystemRef === 'string' && typeof record.name === 'string') {
    out.name = names.benefitByRef.get(record.benefitSystemRef) ?? record.name;
  }
  return out;
}

function translateExcess(line: unknown, names: SwahiliNames, productRef: string): unknown {
  if (!line || typeof line !== 'object') return line;
  const excess = line as Record<string, unknown>;
  if (typeof excess.id !== 'string' || typeof excess.name !== 'string') return excess;
  return { ...excess, name: names.excessByKey.get(`${productRef} ${excess.id}`) ?? excess.name };
}

/**
 * The actions with the underwriters' names in the request's language: each answer goes through
 * `answerInLanguage` (a Swahili request only; an English one is not touched).
 */
export function answeringInLanguage(definitions: ActionDefinition[]): ActionDefinition[] {
  return definitions.map((definition) => ({
    ...definition,
    handler: async (context) =>
      answerInLanguage(context.db, context.language, await definition.handler(context)),
  }));
}
