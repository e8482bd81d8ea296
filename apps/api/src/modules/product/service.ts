import {
  type CoverType,
  calculatePremium,
  canPayMonthly,
  classDefinitionOf,
  type ExcessInput,
  monthlyPlan,
  type PremiumBreakdown,
  type ProductLanguage,
  productTextsIn,
  type RatingConfiguration,
  type RatingRisk,
  type SelectedBenefitInput,
  sumInsuredOf,
  THIRD_PARTY_COVER_TYPES,
} from '@bima/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  insuranceProducts,
  productBenefits,
  productCharges,
  productExcesses,
  productMonthlyTerms,
  productRateBands,
  productRatingFactors,
  underwriters,
} from '../../db/schema';
import { AppError, fromZodError } from '../../gateway/errors';
import type { Freshness } from '../../gateway/serialized';
import { ratingOf } from './configuration';
import { CHARGE_NAME_SWAHILI, clearSwahiliNames } from './texts';

type ProductRow = typeof insuranceProducts.$inferSelect;
type BenefitRow = typeof productBenefits.$inferSelect;
type ExcessRow = typeof productExcesses.$inferSelect;

/** A product with everything needed to show and price it. */
export interface LoadedProduct {
  product: ProductRow;
  underwriter: { id: string; name: string; logo: string };
  benefits: BenefitRow[];
  excesses: ExcessRow[];
  rating: RatingConfiguration;
  /** The monthly payment terms in force (the product's highest version; issue 31); null: never set. */
  monthlyTerms: MonthlyTermsInForce | null;
}

/** A product's monthly terms version in force, as quotes and quotations price on it. */
export interface MonthlyTermsInForce {
  id: number;
  version: number;
  enabled: boolean;
  loadingBps: number;
  graceDays: number;
}

/**
 * The monthly plan a product offers for a total over a period: its terms in force priced on the
 * total, when they are enabled and the cover is long enough to pay by the month; else null.
 */
export function monthlyPlanOf(terms: MonthlyTermsInForce | null, total: number, periodDays: number) {
  if (!terms?.enabled || !canPayMonthly(periodDays)) return null;
  return monthlyPlan(total, { loadingBps: terms.loadingBps, graceDays: terms.graceDays });
}

const inSwahili = new WeakMap<LoadedProduct, LoadedProduct>();

/**
 * A loaded product with the underwriter's words in the reader's language (issue 14): its name,
 * description and overview, its benefits' and excesses' names and descriptions, each the row's
 * Swahili when it has one, else English, and the statutory charges' names. Made once per load and language from the rows already in
 * memory, so a Swahili quote costs no query; everything priced or presented from it (the grid, the
 * details, the premium's lines) reads in that language. English gives the product as loaded.
 */
export function productInLanguage(loaded: LoadedProduct, language: ProductLanguage): LoadedProduct {
  if (language !== 'sw') return loaded;
  const known = inSwahili.get(loaded);
  if (known) return known;
  const benefits = loaded.benefits.map((row) => ({ ...row, ...productTextsIn(row, language) }));
  const excesses = loaded.excesses.map((row) => ({ ...row, ...productTextsIn(row, language) }));
  const byRef = new Map(benefits.map((row) => [row.benefitSystemRef, row]));
  const byCode = new Map(excesses.map((row) => [row.code, row]));
  const translated: LoadedProduct = {
    ...loaded,
    product: { ...loaded.product, ...productTextsIn(loaded.product, language) },
    benefits,
    excesses,
    rating: {
      ...loaded.rating,
      benefits: loaded.rating.benefits.map((benefit) => {
        const row = byRef.get(benefit.benefitSystemRef);
        return row ? { ...benefit, name: row.name, description: row.description } : benefit;
      }),
      excesses: loaded.rating.excesses.map((excess) => {
        const row = byCode.get(excess.id);
        return row ? { ...excess, name: row.name, description: row.description } : excess;
      }),
      charges: loaded.rating.charges.map((charge) => ({
        ...charge,
        name: CHARGE_NAME_SWAHILI[charge.name] ?? charge.name,
      })),
    },
  };
  inSwahili.set(loaded, translated);
  return translated;
}

const CACHE_TTL_MS = 15_000;

/** One database's cached loads; `cleared` is set when the back office changes a product. */
interface ProductCache {
  loads: Map<string, { at: number; value: Promise<LoadedProduct[]> }>;
  cleared: boolean;
}
const productCache = new WeakMap<Database, ProductCache>();

/** A load of products stays true until its cache time ends or its database's cache is cleared. */
class LoadFreshness implements Freshness {
  constructor(
    private readonly until: number,
    private readonly cache: ProductCache,
  ) {}

  isFresh(now: number): boolean {
    return now < this.until && !this.cache.cleared;
  }
}
const freshnessOfLoad = new WeakMap<LoadedProduct[] | LoadedProduct, Freshness>();

/**
 * How long answers made from these loaded products (a list from `loadProducts`, or one of its
 * products) stay true: answers kept beyond it (gateway/replay.ts) are dropped with the load.
 */
export function freshnessOf(loaded: LoadedProduct[] | LoadedProduct): Freshness | undefined {
  return freshnessOfLoad.get(loaded);
}

/**
 * Forgets this process's cached products of a database, so the next quote reads the rows a
 * back-office change has just committed, and every answer made from them goes stale at once.
 * (Other processes are told over the cluster bus.)
 */
export function clearProductCache(db: Database): void {
  const cache = productCache.get(db);
  if (cache) cache.cleared = true;
  productCache.delete(db);
  clearSwahiliNames(db);
}

/**
 * Products change rarely and are read on every quote: keep each filter's result for a few seconds
 * per database, so quoting is CPU work, not five queries.
 */
export function loadProducts(
  db: Database,
  filter: { classCode?: string; coverTypes?: readonly CoverType[]; productSystemRef?: string },
): Promise<LoadedProduct[]> {
  let cache = productCache.get(db);
  if (!cache) {
    cache = { loads: new Map(), cleared: false };
    productCache.set(db, cache);
  }
  const { loads } = cache;
  const key = JSON.stringify([filter.classCode, filter.coverTypes, filter.productSystemRef]);
  const now = Date.now();
  const hit = loads.get(key);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
  const freshness = new LoadFreshness(now + CACHE_TTL_MS, cache);
  const value = queryProducts(db, filter).then((loaded) => {
    freshnessOfLoad.set(loaded, freshness);
    for (const product of loaded) freshnessOfLoad.set(product, freshness);
    return loaded;
  });
  // Keys come from callers' input: bound the cache so odd requests cannot grow it without end.
  if (loads.size >= 256) loads.clear();
  loads.set(key, { at: now, value });
  value.catch(() => loads.delete(key));
  return value;
}

/** Loads products with their underwriter, bands, benefits, excesses, charges, factors and monthly terms. */
async function queryProducts(
  db: Database,
  filter: { classCode?: string; coverTypes?: readonly CoverType[]; productSystemRef?: string },
): Promise<LoadedProduct[]> {
  const conditions = [eq(insuranceProducts.active, true), eq(underwriters.active, true)];
  if (filter.classCode) conditions.push(eq(insuranceProducts.classCode, filter.classCode));
  if (filter.coverTypes) conditions.push(inArray(insuranceProducts.coverType, [...filter.coverTypes]));
  if (filter.productSystemRef)
    conditions.push(eq(insuranceProducts.productSystemRef, filter.productSystemRef));

  const rows = await db
    .select({
      product: insuranceProducts,
      underwriter: { id: underwriters.id, name: underwriters.name, logo: underwriters.logo },
    })
    .from(insuranceProducts)
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .where(and(...conditions))
    .orderBy(asc(insuranceProducts.sortOrder), asc(insuranceProducts.id));
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.product.id);
  const [bands, benefits, excesses, charges, factors, terms] = await Promise.all([
    db
      .select()
      .from(productRateBands)
      .where(inArray(productRateBands.productId, ids))
      .orderBy(asc(productRateBands.riskGroup), asc(productRateBands.fromValue)),
    db
      .select()
      .from(productBenefits)
      .where(inArray(productBenefits.productId, ids))
      .orderBy(asc(productBenefits.sortOrder)),
    db
      .select()
      .from(productExcesses)
      .where(inArray(productExcesses.productId, ids))
      .orderBy(asc(productExcesses.sortOrder)),
    db
      .select()
      .from(productCharges)
      .where(inArray(productCharges.productId, ids))
      .orderBy(asc(productCharges.sortOrder)),
    db
      .select()
      .from(productRatingFactors)
      .where(inArray(productRatingFactors.productId, ids))
      .orderBy(asc(productRatingFactors.sortOrder), asc(productRatingFactors.id)),
    // Each product's highest version of its monthly terms (the one in force).
    db
      .selectDistinctOn([productMonthlyTerms.productId], {
        productId: productMonthlyTerms.productId,
        id: productMonthlyTerms.id,
        version: productMonthlyTerms.version,
        enabled: productMonthlyTerms.enabled,
        loadingBps: productMonthlyTerms.loadingBps,
        graceDays: productMonthlyTerms.graceDays,
      })
      .from(productMonthlyTerms)
      .where(inArray(productMonthlyTerms.productId, ids))
      .orderBy(asc(productMonthlyTerms.productId), desc(productMonthlyTerms.version)),
  ]);

  return rows.map(({ product, underwriter }) => {
    const own = <T extends { productId: number }>(list: T[]) =>
      list.filter((item) => item.productId === product.id);
    const productBenefitRows = own(benefits);
    const productExcessRows = own(excesses);
    const rating = ratingOf({
      product,
      bands: own(bands),
      benefits: productBenefitRows,
      excesses: productExcessRows,
      charges: own(charges),
      factors: own(factors),
    });
    const ownTerms = terms.find((row) => row.productId === product.id);
    const monthlyTerms = ownTerms
      ? {
          id: ownTerms.id,
          version: ownTerms.version,
          enabled: ownTerms.enabled,
          loadingBps: ownTerms.loadingBps,
          graceDays: ownTerms.graceDays,
        }
      : null;
    return {
      product,
      underwriter,
      benefits: productBenefitRows,
      excesses: productExcessRows,
      rating,
      monthlyTerms,
    };
  });
}

/** Whether a product accepts a risk of this value (third-party products accept any vehicle). */
export function coversRisk(product: ProductRow, vehicleValue: number): boolean {
  if (THIRD_PARTY_COVER_TYPES.includes(product.coverType)) return true;
  if (vehicleValue < product.minimumValue) return false;
  return product.maximumValue === null || vehicleValue <= product.maximumValue;
}

/** The annual (or longest offered) period a product is quoted for on the results grid. */
export function defaultPeriod(rating: RatingConfiguration): number {
  return Math.max(...rating.supportedPeriods);
}

export interface PriceRequest {
  vehicleValue: number;
  /** The risk's rating facts (classes other than motor private). */
  risk?: RatingRisk;
  periodDays: number;
  selectedBenefits: readonly SelectedBenefitInput[];
  excesses: readonly ExcessInput[];
}

/** Prices a loaded product, turning the engine's field errors into a 400. */
export function priceProduct(loaded: LoadedProduct, request: PriceRequest): PremiumBreakdown {
  const result = calculatePremium({ rating: loaded.rating, ...request });
  if (!result.ok) {
    throw new AppError('invalid', result.errors[0]?.message ?? 'The quotation request is not valid.', {
      errors: result.errors,
    });
  }
  return result.quote;
}

/** A class risk checked against its definition: what was entered, its rating facts and sum insured. */
export interface ClassRisk {
  details: Record<string, unknown>;
  rating: RatingRisk;
  /** The total sum insured in cents (0 for third-party motor commercial). */
  sumInsured: number;
}

/**
 * Checks a risk against its class's definition (field errors under `field`): null for motor
 * private, whose risk is its vehicle's value alone.
 */
export function parseClassRisk(classCode: string, details: unknown, field: string): ClassRisk | null {
  const definition = classDefinitionOf(classCode);
  if (!definition?.riskSchema) return null;
  const parsed = definition.riskSchema.safeParse(details ?? {});
  if (!parsed.success) throw fromZodError(parsed.error, field);
  const rating = definition.ratingRisk(parsed.data);
  return { details: parsed.data as Record<string, unknown>, rating, sumInsured: sumInsuredOf(rating) };
}

/** A class risk that names a cover type (motor commercial) must be the product's. */
export function checkRiskCoverType(loaded: LoadedProduct, risk: ClassRisk, field: string): void {
  const named = risk.details.coverType;
  if (typeof named === 'string' && named !== loaded.product.coverType) {
    const message = `${loaded.product.name} does not offer this cover type.`;
    throw new AppError('invalid', message, { errors: [{ field: `${field}.coverType`, message }] });
  }
}
