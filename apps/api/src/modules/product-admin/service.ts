import {
  type AdminUpdateProductInput,
  checkConfigurationPrices,
  checkRatingVocabulary,
  type FieldError,
  PRODUCT_ADMIN_MESSAGES,
} from '@bima/domain';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, productBenefits, productVersions, underwriters, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import type { Bilingual } from '../../lib/language';
import { pageInfo } from '../../lib/search';
import { type AuditChange, recordAudit } from '../audit/service';
import {
  type ProductSnapshot,
  ratingOf,
  readProductSnapshot,
  recordProductVersion,
  writeProductRows,
} from '../product/configuration';
import { clearProductCache } from '../product/service';
import { describeValueChanges } from './audit-changes';
import {
  applyConfiguration,
  benefitRefPrefix,
  describeChanges,
  presentConfiguration,
  summariseChanges,
} from './configuration';
import type { ProductScope } from './scope';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProductRow = typeof insuranceProducts.$inferSelect;

const notFound = () => new AppError('not_found', 'Product not found.');

/** The product's row when the scope lets the caller see it (another underwriter's product: none). */
function scopedProduct(scope: ProductScope, productSystemRef: string): SQL {
  const byRef = eq(insuranceProducts.productSystemRef, productSystemRef);
  return scope.underwriterId === null
    ? byRef
    : and(byRef, eq(insuranceProducts.underwriterId, scope.underwriterId))!;
}

async function findProduct(db: Database | Tx, scope: ProductScope, productSystemRef: string) {
  const [row] = await db
    .select({ product: insuranceProducts, underwriter: { id: underwriters.id, name: underwriters.name } })
    .from(insuranceProducts)
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .where(scopedProduct(scope, productSystemRef));
  if (!row) throw notFound();
  return row;
}

/** Locks the product's row for a change and checks the caller edits the version they read. */
async function lockProduct(tx: Tx, scope: ProductScope, productSystemRef: string, expectedVersion: number) {
  const [row] = await tx
    .select()
    .from(insuranceProducts)
    .where(scopedProduct(scope, productSystemRef))
    .for('update');
  if (!row) throw notFound();
  if (row.version !== expectedVersion) {
    throw new AppError('conflict', PRODUCT_ADMIN_MESSAGES.staleVersion, {
      code: 'STALE_VERSION',
      errors: [{ field: 'expectedVersion', message: PRODUCT_ADMIN_MESSAGES.staleVersion }],
    });
  }
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The products the caller may edit, by underwriter and order, optionally filtered; paged. */
export async function listProducts(
  db: Database,
  scope: ProductScope,
  query: { page: number; pageSize: number; search?: string; classCode?: string; active?: boolean },
) {
  const conditions: SQL[] = [];
  if (scope.underwriterId !== null) conditions.push(eq(insuranceProducts.underwriterId, scope.underwriterId));
  if (query.classCode) conditions.push(eq(insuranceProducts.classCode, query.classCode));
  if (query.active !== undefined) conditions.push(eq(insuranceProducts.active, query.active));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(insuranceProducts.name, pattern), ilike(insuranceProducts.productSystemRef, pattern))!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await db.select({ total: count() }).from(insuranceProducts).where(where);
  const rows = await db
    .select({ product: insuranceProducts, underwriter: { id: underwriters.id, name: underwriters.name } })
    .from(insuranceProducts)
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .where(where)
    .orderBy(asc(underwriters.name), asc(insuranceProducts.sortOrder), asc(insuranceProducts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(({ product, underwriter }) => ({
      productSystemRef: product.productSystemRef,
      name: product.name,
      underwriter,
      classCode: product.classCode,
      coverType: product.coverType,
      rateBasis: product.rateBasis,
      version: product.version,
      active: product.active,
      updatedAt: product.updatedAt.toISOString(),
    })),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

function presentProductHead(product: ProductRow, underwriter: { id: string; name: string }) {
  return {
    productSystemRef: product.productSystemRef,
    underwriter,
    classCode: product.classCode,
    coverType: product.coverType,
    version: product.version,
    active: product.active,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product's current, editable configuration with the version it is. */
export async function getProduct(db: Database, scope: ProductScope, productSystemRef: string) {
  const { product, underwriter } = await findProduct(db, scope, productSystemRef);
  const snapshot = await readProductSnapshot(db, product.id);
  if (!snapshot) throw notFound();
  return { ...presentProductHead(product, underwriter), configuration: presentConfiguration(snapshot) };
}

/** The premium engine's refusals of a snapshot, named after the update's fields. */
function pricingErrors(snapshot: ProductSnapshot): FieldError[] {
  return checkConfigurationPrices({
    rating: ratingOf(snapshot),
    minimumValue: snapshot.product.minimumValue,
    maximumValue: snapshot.product.maximumValue,
  }).map((error) => ({
    field: error.field === 'configuration' ? 'configuration' : `configuration.${error.field}`,
    message: error.message,
  }));
}

function refuse(errors: FieldError[]): never {
  throw new AppError('invalid', errors[0]?.message ?? 'The configuration is not valid.', { errors });
}

/** Benefit references other products hold among those asked for or starting with this product's. */
async function benefitRefsOfOtherProducts(tx: Tx, product: ProductRow, wanted: string[]) {
  const prefix = `${escapeLike(benefitRefPrefix(product.productSystemRef))}%`;
  const rows = await tx
    .select({ ref: productBenefits.benefitSystemRef })
    .from(productBenefits)
    .where(
      and(
        ne(productBenefits.productId, product.id),
        wanted.length > 0
          ? or(
              inArray(productBenefits.benefitSystemRef, wanted),
              ilike(productBenefits.benefitSystemRef, prefix),
            )
          : ilike(productBenefits.benefitSystemRef, prefix),
      ),
    );
  return new Set(rows.map((row) => row.ref));
}

/**
 * Keeps the version being replaced when it has no snapshot yet (a product made before versions
 * were kept and not backfilled), so the history always holds what quotations were priced on.
 */
async function keepCurrentVersion(tx: Tx, product: ProductRow, snapshot: ProductSnapshot) {
  await recordProductVersion(
    tx,
    {
      productId: product.id,
      version: product.version,
      snapshot,
      changedBy: null,
      changeSummary: `Version ${product.version}: the product before versions were kept.`,
    },
    { keepExisting: true },
  );
}

async function audit(
  tx: Tx,
  entry: {
    actorUserId: string;
    actorRole: string;
    action: string;
    productSystemRef: string;
    details: Record<string, unknown>;
    summary: Bilingual;
    changes: AuditChange[];
  },
) {
  await recordAudit(
    tx,
    { userId: entry.actorUserId, role: entry.actorRole as Principal['role'] },
    {
      action: entry.action,
      entityType: 'insurance_product',
      entityId: entry.productSystemRef,
      details: entry.details,
      summary: entry.summary,
      changes: entry.changes,
    },
  );
}

/**
 * Saves a new version of a product's configuration, in one transaction: locks the product, refuses
 * a stale `expectedVersion` (409), checks the premium engine can price the whole configuration,
 * writes the live rows, bumps the version, keeps its snapshot and audits the change. Quotations
 * already made keep their version and premium.
 */
export async function updateProduct(db: Database, scope: ProductScope, input: AdminUpdateProductInput) {
  await saveNewVersion(db, scope, input).catch((error: unknown) => {
    throw isUniqueViolation(error)
      ? new AppError(
          'conflict',
          'Another product took one of these benefit references at the same moment. Save again.',
        )
      : error;
  });
  clearProductCache(db);
  return getProduct(db, scope, input.productSystemRef);
}

/** A unique index refused a row (SQLSTATE 23505), whether Drizzle wrapped the error or not. */
function isUniqueViolation(error: unknown): boolean {
  const fault = error instanceof Error && 'cause' in error && error.cause ? error.cause : error;
  return typeof fault === 'object' && fault !== null && (fault as { code?: unknown }).code === '23505';
}

async function saveNewVersion(db: Database, scope: ProductScope, input: AdminUpdateProductInput) {
  await db.transaction(async (tx) => {
    const product = await lockProduct(tx, scope, input.productSystemRef, input.expectedVersion);
    const current = (await readProductSnapshot(tx, product.id))!;

    const given = input.configuration.benefits.flatMap((benefit) =>
      benefit.benefitSystemRef ? [benefit.benefitSystemRef] : [],
    );
    const taken = await benefitRefsOfOtherProducts(tx, product, given);
    const refErrors = input.configuration.benefits.flatMap((benefit, index) =>
      benefit.benefitSystemRef && taken.has(benefit.benefitSystemRef)
        ? [
            {
              field: `configuration.benefits.${index}.benefitSystemRef`,
              message: 'This benefit reference belongs to another product.',
            },
          ]
        : [],
    );
    if (refErrors.length > 0) refuse(refErrors);
    // A rated product's rows may only name the groups, factors, options and quantities its class's risks have.
    if (input.configuration.rateBasis === 'rated') {
      const vocabulary = checkRatingVocabulary(product.classCode, input.configuration).map((error) => ({
        ...error,
        field: `configuration.${error.field}`,
      }));
      if (vocabulary.length > 0) refuse(vocabulary);
    }

    const next = applyConfiguration(current, input.configuration, taken);
    const errors = pricingErrors(next);
    if (errors.length > 0) refuse(errors);
    const changes = describeChanges(current, next);
    if (changes.length === 0) {
      refuse([
        {
          field: 'configuration',
          message: `Nothing to save: this is the same as version ${product.version}.`,
        },
      ]);
    }

    const version = product.version + 1;
    const changeSummary = input.changeSummary || summariseChanges(changes);
    await keepCurrentVersion(tx, product, current);
    await writeProductRows(tx, product.id, next, version);
    await recordProductVersion(tx, {
      productId: product.id,
      version,
      snapshot: next,
      changedBy: scope.userId,
      changeSummary,
    });
    await audit(tx, {
      actorUserId: scope.userId,
      actorRole: scope.underwriterId ? 'underwriter' : 'admin',
      action: 'product.updated',
      productSystemRef: product.productSystemRef,
      details: { previousVersion: product.version, version, changes, changeSummary },
      summary: {
        en: `Changed ${next.product.name} (version ${product.version} → ${version})`,
        sw: `Alibadilisha ${next.product.name} (toleo ${product.version} → ${version})`,
      },
      changes: describeValueChanges(current, next),
    });
  });
}

/**
 * Takes a product off the market or puts it back, as a new version. An inactive product is not
 * quoted and cannot be quoted; its existing quotations, invoices and policies are untouched.
 * Putting one back checks first that the premium engine can still price it.
 */
export async function setProductActive(
  db: Database,
  scope: ProductScope,
  input: { productSystemRef: string; expectedVersion: number; active: boolean; changeSummary?: string },
) {
  await db.transaction(async (tx) => {
    const product = await lockProduct(tx, scope, input.productSystemRef, input.expectedVersion);
    if (product.active === input.active) {
      refuse([
        {
          field: 'active',
          message: input.active ? 'This product is already active.' : 'This product is already inactive.',
        },
      ]);
    }
    const current = (await readProductSnapshot(tx, product.id))!;
    const next: ProductSnapshot = { ...current, product: { ...current.product, active: input.active } };
    if (input.active) {
      const errors = pricingErrors(next);
      if (errors.length > 0) refuse(errors);
    }
    const version = product.version + 1;
    const changeSummary =
      input.changeSummary ||
      (input.active ? 'Activated: offered for quotes again.' : 'Deactivated: no longer quoted.');
    await keepCurrentVersion(tx, product, current);
    await tx
      .update(insuranceProducts)
      .set({ active: input.active, version, updatedAt: new Date() })
      .where(eq(insuranceProducts.id, product.id));
    await recordProductVersion(tx, {
      productId: product.id,
      version,
      snapshot: next,
      changedBy: scope.userId,
      changeSummary,
    });
    await audit(tx, {
      actorUserId: scope.userId,
      actorRole: scope.underwriterId ? 'underwriter' : 'admin',
      action: input.active ? 'product.activated' : 'product.deactivated',
      productSystemRef: product.productSystemRef,
      details: { previousVersion: product.version, version, changeSummary },
      summary: input.active
        ? {
            en: `Offered ${product.name} for quotes again (version ${version})`,
            sw: `Alirudisha ${product.name} kwenye nukuu (toleo ${version})`,
          }
        : {
            en: `Took ${product.name} off the quotes (version ${version})`,
            sw: `Aliondoa ${product.name} kwenye nukuu (toleo ${version})`,
          },
      changes: describeValueChanges(current, next),
    });
  });
  clearProductCache(db);
  return getProduct(db, scope, input.productSystemRef);
}

function versionQuery(db: Database) {
  return db
    .select({
      version: productVersions,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(productVersions)
    .leftJoin(users, eq(users.id, productVersions.changedBy));
}

function presentVersionHead(row: Awaited<ReturnType<ReturnType<typeof versionQuery>['execute']>>[number]) {
  const { version, user } = row;
  return {
    version: version.version,
    changedBy: user
      ? { userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
      : null,
    changeSummary: version.changeSummary,
    createdAt: version.createdAt.toISOString(),
  };
}

/** A product's versions, newest first, with who made each, when and why; paged. */
export async function listProductVersions(
  db: Database,
  scope: ProductScope,
  query: { productSystemRef: string; page: number; pageSize: number },
) {
  const { product } = await findProduct(db, scope, query.productSystemRef);
  const [counted] = await db
    .select({ total: count() })
    .from(productVersions)
    .where(eq(productVersions.productId, product.id));
  const rows = await versionQuery(db)
    .where(eq(productVersions.productId, product.id))
    .orderBy(desc(productVersions.version))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(presentVersionHead),
    ...pageInfo(Number(counted?.total ?? 0), query),
  };
}

/** One version of a product: its configuration as it was, and who made it, when and why. */
export async function getProductVersion(
  db: Database,
  scope: ProductScope,
  query: { productSystemRef: string; version: number },
) {
  const { product } = await findProduct(db, scope, query.productSystemRef);
  const [row] = await versionQuery(db).where(
    and(eq(productVersions.productId, product.id), eq(productVersions.version, query.version)),
  );
  if (!row) throw new AppError('not_found', `This product has no version ${query.version}.`);
  const snapshot = row.version.snapshot as unknown as ProductSnapshot;
  return {
    productSystemRef: product.productSystemRef,
    ...presentVersionHead(row),
    isCurrent: row.version.version === product.version,
    active: snapshot.product.active,
    configuration: presentConfiguration(snapshot),
  };
}
