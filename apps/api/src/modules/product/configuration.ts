import type {
  BasicRating,
  BenefitConfig,
  BenefitPricing,
  CoverType,
  ProductTranslations,
  RatingConfiguration,
} from '@bima/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  insuranceProducts,
  productBenefits,
  productCharges,
  productExcesses,
  productRateBands,
  productRatingFactors,
  productVersions,
} from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

type ProductRow = typeof insuranceProducts.$inferSelect;
type BenefitRow = typeof productBenefits.$inferSelect;
type ExcessRow = typeof productExcesses.$inferSelect;
type ChargeRow = typeof productCharges.$inferSelect;
type FactorRow = typeof productRatingFactors.$inferSelect;
type RowKeys = 'id' | 'productId' | 'sortOrder';

/** Versions kept before issue 14's translations have none: theirs read as `{}`. */
type Translated<T> = Omit<T, 'translations'> & { translations?: ProductTranslations };
export type SnapshotProduct = Translated<Omit<ProductRow, 'id' | 'version' | 'updatedAt'>>;
/** A rate band; versions kept before insurance classes have no group: theirs is 'vehicle'. */
export type SnapshotBand = { riskGroup?: string; fromValue: number; ratePpm: number };
export type SnapshotBenefit = Translated<Omit<BenefitRow, RowKeys>>;
export type SnapshotExcess = Translated<Omit<ExcessRow, RowKeys>>;
export type SnapshotCharge = Omit<ChargeRow, RowKeys>;
export type SnapshotFactor = Omit<FactorRow, RowKeys>;

/**
 * A product's whole configuration as its rows hold it (cents, ppm), in display order: what a
 * version keeps in `product_versions.snapshot`. The 0005 migration builds the same shape in SQL.
 */
export interface ProductSnapshot {
  product: SnapshotProduct;
  bands: SnapshotBand[];
  benefits: SnapshotBenefit[];
  excesses: SnapshotExcess[];
  charges: SnapshotCharge[];
  /** Rating factors of a 'rated' product; absent from versions kept before insurance classes. */
  factors?: SnapshotFactor[];
}

function toPricing(row: SnapshotBenefit): BenefitPricing {
  switch (row.pricingKind) {
    case 'percentageOfValue':
      return { kind: 'percentageOfValue', ratePpm: row.ratePpm ?? 0, minimum: row.minimumPremium ?? 0 };
    case 'fixed':
      return { kind: 'fixed', amount: row.fixedAmount ?? 0 };
    case 'rateOnExtraLimit':
      return { kind: 'rateOnExtraLimit', ratePpm: row.ratePpm ?? 0, inbuiltLimit: row.inbuiltLimit ?? 0 };
    default:
      return { kind: 'included' };
  }
}

function toBenefitConfig(row: SnapshotBenefit): BenefitConfig {
  return {
    benefitSystemRef: row.benefitSystemRef,
    name: row.name,
    description: row.description,
    type: row.benefitType as BenefitConfig['type'],
    limit: {
      minimum: row.limitMinimum,
      maximum: row.limitMaximum,
      defaultLimit: row.defaultLimit,
      isAdjustable: row.isAdjustable,
    },
    pricing: toPricing(row),
  };
}

/** The basic rating of a product's rows: fixed, percentage of the vehicle's value, or rated on the risk. */
function basicRatingOf(
  product: Pick<SnapshotProduct, 'rateBasis' | 'fixedPremium' | 'minimumPremium'>,
  bands: readonly SnapshotBand[],
  factors: readonly SnapshotFactor[],
): BasicRating {
  const toBand = (band: SnapshotBand) => ({ fromValue: band.fromValue, ratePpm: band.ratePpm });
  if (product.rateBasis === 'fixed') return { kind: 'fixed', premium: product.fixedPremium ?? 0 };
  if (product.rateBasis !== 'rated') {
    return { kind: 'percentage', minimumPremium: product.minimumPremium, bands: bands.map(toBand) };
  }
  const groups = [...new Set(bands.map((band) => band.riskGroup ?? 'vehicle'))];
  const of = (kind: string) => factors.filter((factor) => factor.kind === kind);
  return {
    kind: 'rated',
    minimumPremium: product.minimumPremium,
    groups: groups.map((group) => ({
      group,
      bands: bands.filter((band) => (band.riskGroup ?? 'vehicle') === group).map(toBand),
    })),
    loadings: of('loading').map((factor) => ({
      factor: factor.factor,
      option: factor.option ?? '',
      multiplierPpm: factor.value,
    })),
    minimums: of('minimum').map((factor) => ({
      quantity: factor.factor,
      fromQuantity: factor.fromQuantity ?? 0,
      amount: factor.value,
    })),
    perUnit: of('perUnit').map((factor) => ({ quantity: factor.factor, amount: factor.value })),
  };
}

/** The premium engine's view of a product's rows (live rows or a version's snapshot). */
export function ratingOf(parts: {
  product: Pick<
    SnapshotProduct,
    'coverType' | 'rateBasis' | 'fixedPremium' | 'minimumPremium' | 'shortPeriodScale' | 'supportedPeriods'
  >;
  bands: readonly SnapshotBand[];
  benefits: readonly SnapshotBenefit[];
  excesses: readonly SnapshotExcess[];
  charges: readonly SnapshotCharge[];
  factors?: readonly SnapshotFactor[];
}): RatingConfiguration {
  const { product } = parts;
  return {
    coverType: product.coverType as CoverType,
    basic: basicRatingOf(product, parts.bands, parts.factors ?? []),
    shortPeriodScale: product.shortPeriodScale,
    supportedPeriods: product.supportedPeriods,
    benefits: parts.benefits.map(toBenefitConfig),
    excesses: parts.excesses.map((excess) => ({
      id: excess.code,
      name: excess.name,
      type: excess.excessType,
      description: excess.description,
      minAmount: excess.minAmount,
      maxAmount: excess.maxAmount,
      defaultAmount: excess.defaultAmount,
      // Versions kept before discounts for a higher excess have none.
      discounts: excess.discounts ?? [],
    })),
    charges: parts.charges.map((charge) => ({
      name: charge.name,
      type: charge.chargeType as 'Percentage' | 'Fixed',
      value: charge.value,
    })),
  };
}

const withoutRowKeys = <T extends { id: number; productId: number; sortOrder: number }>({
  id: _id,
  productId: _productId,
  sortOrder: _sortOrder,
  ...rest
}: T) => rest;

/** The snapshot of a product's live rows; null when there is no such product. */
export async function readProductSnapshot(db: Executor, productId: number): Promise<ProductSnapshot | null> {
  const [row] = await db.select().from(insuranceProducts).where(eq(insuranceProducts.id, productId));
  if (!row) return null;
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const bands = await db
    .select({
      riskGroup: productRateBands.riskGroup,
      fromValue: productRateBands.fromValue,
      ratePpm: productRateBands.ratePpm,
    })
    .from(productRateBands)
    .where(eq(productRateBands.productId, productId))
    .orderBy(asc(productRateBands.riskGroup), asc(productRateBands.fromValue));
  const benefits = await db
    .select()
    .from(productBenefits)
    .where(eq(productBenefits.productId, productId))
    .orderBy(asc(productBenefits.sortOrder), asc(productBenefits.id));
  const excesses = await db
    .select()
    .from(productExcesses)
    .where(eq(productExcesses.productId, productId))
    .orderBy(asc(productExcesses.sortOrder), asc(productExcesses.id));
  const charges = await db
    .select()
    .from(productCharges)
    .where(eq(productCharges.productId, productId))
    .orderBy(asc(productCharges.sortOrder), asc(productCharges.id));
  const factors = await db
    .select()
    .from(productRatingFactors)
    .where(eq(productRatingFactors.productId, productId))
    .orderBy(asc(productRatingFactors.sortOrder), asc(productRatingFactors.id));
  const { id: _id, version: _version, updatedAt: _updatedAt, ...product } = row;
  return {
    product,
    bands,
    benefits: benefits.map(withoutRowKeys),
    excesses: excesses.map(withoutRowKeys),
    charges: charges.map(withoutRowKeys),
    factors: factors.map(withoutRowKeys),
  };
}

/**
 * Makes a product's live rows say what the snapshot says, as `version`: the product row is
 * updated and its bands, benefits, excesses and charges replaced (in the caller's transaction).
 */
export async function writeProductRows(
  tx: Tx,
  productId: number,
  snapshot: ProductSnapshot,
  version: number,
): Promise<void> {
  await tx
    .update(insuranceProducts)
    .set({ ...snapshot.product, version, updatedAt: new Date() })
    .where(eq(insuranceProducts.id, productId));
  await tx.delete(productRateBands).where(eq(productRateBands.productId, productId));
  await tx.delete(productBenefits).where(eq(productBenefits.productId, productId));
  await tx.delete(productExcesses).where(eq(productExcesses.productId, productId));
  await tx.delete(productCharges).where(eq(productCharges.productId, productId));
  await tx.delete(productRatingFactors).where(eq(productRatingFactors.productId, productId));
  if (snapshot.bands.length > 0) {
    await tx.insert(productRateBands).values(snapshot.bands.map((band) => ({ productId, ...band })));
  }
  const ordered = <T>(rows: T[]) => rows.map((row, index) => ({ productId, ...row, sortOrder: index + 1 }));
  if (snapshot.benefits.length > 0) await tx.insert(productBenefits).values(ordered(snapshot.benefits));
  if (snapshot.excesses.length > 0) await tx.insert(productExcesses).values(ordered(snapshot.excesses));
  if (snapshot.charges.length > 0) await tx.insert(productCharges).values(ordered(snapshot.charges));
  const factors = snapshot.factors ?? [];
  if (factors.length > 0) await tx.insert(productRatingFactors).values(ordered(factors));
}

/**
 * Keeps a version's snapshot. Versions never change: with `keepExisting` a version already kept is
 * left as it is (backfills, seeds); without it a second snapshot of one version is an error.
 */
export async function recordProductVersion(
  db: Executor,
  entry: {
    productId: number;
    version: number;
    snapshot: ProductSnapshot;
    changedBy: string | null;
    changeSummary: string;
  },
  options: { keepExisting?: boolean } = {},
): Promise<void> {
  const insert = db
    .insert(productVersions)
    .values({ ...entry, snapshot: entry.snapshot as unknown as Record<string, unknown> });
  if (options.keepExisting) {
    await insert.onConflictDoNothing({ target: [productVersions.productId, productVersions.version] });
  } else {
    await insert;
  }
}
