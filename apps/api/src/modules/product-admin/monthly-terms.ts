import type { PublishMonthlyTermsInput } from '@bima/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, productMonthlyTerms, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo } from '../../lib/search';
import { recordAudit } from '../audit/service';
import { clearProductCache } from '../product/service';
import type { ProductScope } from './scope';

/*
 * The underwriter's monthly terms of a product (issue 31): whether it may be paid monthly, the
 * loading on the annual total and the grace after a missed month. Each publish is a new version
 * row; the highest version is in force; quotations keep the plan they were priced on.
 */

type TermsRow = typeof productMonthlyTerms.$inferSelect;

const notFound = () => new AppError('not_found', 'Product not found.');

async function scopedProduct(db: Database, scope: ProductScope, productSystemRef: string) {
  const byRef = eq(insuranceProducts.productSystemRef, productSystemRef);
  const [product] = await db
    .select({
      id: insuranceProducts.id,
      ref: insuranceProducts.productSystemRef,
      name: insuranceProducts.name,
    })
    .from(insuranceProducts)
    .where(
      scope.underwriterId === null
        ? byRef
        : and(byRef, eq(insuranceProducts.underwriterId, scope.underwriterId)),
    );
  if (!product) throw notFound();
  return product;
}

function present(productSystemRef: string, row: TermsRow, email: string | null) {
  return {
    productSystemRef,
    version: row.version,
    enabled: row.enabled,
    loadingBps: row.loadingBps,
    graceDays: row.graceDays,
    createdAt: row.createdAt.toISOString(),
    createdBy: email,
  };
}

function termsQuery(db: Database) {
  return db
    .select({ terms: productMonthlyTerms, email: users.email })
    .from(productMonthlyTerms)
    .leftJoin(users, eq(users.id, productMonthlyTerms.createdBy));
}

/** A product's monthly terms versions, newest first, paged, with the one in force. */
export async function listMonthlyTerms(
  db: Database,
  scope: ProductScope,
  query: { productSystemRef: string; page: number; pageSize: number },
) {
  const product = await scopedProduct(db, scope, query.productSystemRef);
  const mine = eq(productMonthlyTerms.productId, product.id);
  const [counted] = await db.select({ total: count() }).from(productMonthlyTerms).where(mine);
  const rows = await termsQuery(db)
    .where(mine)
    .orderBy(desc(productMonthlyTerms.version))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [latest] =
    query.page === 1 && rows[0]
      ? [rows[0]]
      : await termsQuery(db).where(mine).orderBy(desc(productMonthlyTerms.version)).limit(1);
  return {
    items: rows.map((row) => present(product.ref, row.terms, row.email)),
    ...pageInfo(Number(counted?.total ?? 0), query),
    inForce: latest ? present(product.ref, latest.terms, latest.email) : null,
  };
}

const percent = (bps: number) => `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;

function termsWords(row: Pick<TermsRow, 'enabled' | 'loadingBps' | 'graceDays'> | null) {
  if (!row?.enabled) return { en: 'Not offered', sw: 'Haitolewi' };
  return {
    en: `Offered: loading ${percent(row.loadingBps)}, grace ${row.graceDays} days`,
    sw: `Inatolewa: nyongeza ${percent(row.loadingBps)}, siku ${row.graceDays} za neema`,
  };
}

/**
 * Publishes a new version of a product's monthly terms (the next version number, taken under the
 * product's row lock so two publishes never collide), audited as the other product changes are;
 * the caller announces the change so every instance's product cache forgets the old terms.
 */
export async function publishMonthlyTerms(
  db: Database,
  scope: ProductScope,
  input: PublishMonthlyTermsInput,
) {
  const product = await scopedProduct(db, scope, input.productSystemRef);
  const made = await db.transaction(async (tx) => {
    await tx
      .select({ id: insuranceProducts.id })
      .from(insuranceProducts)
      .where(eq(insuranceProducts.id, product.id))
      .for('update');
    const [before] = await tx
      .select()
      .from(productMonthlyTerms)
      .where(eq(productMonthlyTerms.productId, product.id))
      .orderBy(desc(productMonthlyTerms.version))
      .limit(1);
    const version = (before?.version ?? 0) + 1;
    const [row] = await tx
      .insert(productMonthlyTerms)
      .values({
        productId: product.id,
        version,
        enabled: input.enabled,
        loadingBps: input.loadingBps,
        graceDays: input.graceDays,
        createdBy: scope.userId,
      })
      .returning();
    const role: Principal['role'] = scope.underwriterId ? 'underwriter' : 'admin';
    await recordAudit(
      tx,
      { userId: scope.userId, role },
      {
        action: 'product.monthlyTermsPublished',
        entityType: 'insurance_product',
        entityId: product.ref,
        details: {
          version,
          enabled: input.enabled,
          loadingBps: input.loadingBps,
          graceDays: input.graceDays,
          previousVersion: before?.version ?? null,
        },
        summary: {
          en: `Published monthly payment terms of ${product.name} (version ${version})`,
          sw: `Alichapisha masharti ya kulipa kila mwezi ya ${product.name} (toleo ${version})`,
        },
        changes: [
          {
            what: {
              en: `Pay monthly of ${product.name}`,
              sw: `Lipa kila mwezi ya ${product.name}`,
            },
            before: before ? termsWords(before) : null,
            after: termsWords(row!),
          },
        ],
      },
    );
    return row!;
  });
  clearProductCache(db);
  const [withUser] = await termsQuery(db).where(sql`${productMonthlyTerms.id} = ${made.id}`);
  return present(product.ref, made, withUser?.email ?? null);
}
