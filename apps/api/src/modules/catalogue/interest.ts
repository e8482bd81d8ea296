import { classFlowHref, classRouteOf, type RegisterInterestInput } from '@bima/domain';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueProducts, productInterest } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { pageInfo } from '../../lib/search';
import { enqueueMail } from '../../mail/queue';
import { productInterestEmail } from '../../mail/templates';
import { recordAudit } from '../audit/service';

/**
 * Records that someone wants to hear when a coming-soon product goes live: once per product and
 * e-mail (asking again answers the same, revealing nothing), with a short confirmation e-mail the
 * first time. Only coming-soon products take interest.
 */
export async function registerInterest(db: Database, input: RegisterInterestInput, baseUrl: string) {
  const [product] = await db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.routeName, input.routeName));
  if (!product) throw new AppError('not_found', 'This product is not in our catalogue.');
  if (product.available || !product.comingSoon) {
    throw new AppError(
      'conflict',
      product.available
        ? `${product.name} is not coming soon: it is available now.`
        : `${product.name} is not coming soon: it is not offered.`,
      {
        code: 'NOT_COMING_SOON',
      },
    );
  }
  await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(productInterest)
      .values({ catalogueProductId: product.id, email: input.email })
      .onConflictDoNothing({ target: [productInterest.catalogueProductId, productInterest.email] })
      .returning({ id: productInterest.id });
    if (!made) return;
    await enqueueMail(
      tx,
      productInterestEmail({
        to: input.email,
        subject: `We will tell you when ${product.name} is available`,
        lines: [
          `Thank you for your interest in ${product.name} on Bima Portal.`,
          'We will send you one e-mail when you can get a quote and buy it online. Nothing else.',
        ],
        link: { url: `${baseUrl.replace(/\/$/, '')}/`, label: 'See what you can buy today' },
      }),
    );
  });
  return { registered: true, productName: product.name };
}

/** Every catalogue product with how many people wait for it and how many were told, paged. */
export async function listInterest(db: Database, paging: { page: number; pageSize: number }) {
  const waiting =
    sql<number>`count(${productInterest.id}) filter (where ${productInterest.notifiedAt} is null)`.mapWith(
      Number,
    );
  const notified =
    sql<number>`count(${productInterest.id}) filter (where ${productInterest.notifiedAt} is not null)`.mapWith(
      Number,
    );
  const [counted] = await db.select({ total: count() }).from(catalogueProducts);
  const rows = await db
    .select({
      id: catalogueProducts.id,
      name: catalogueProducts.name,
      routeName: catalogueProducts.routeName,
      available: catalogueProducts.available,
      comingSoon: catalogueProducts.comingSoon,
      waiting,
      notified,
    })
    .from(catalogueProducts)
    .leftJoin(productInterest, eq(productInterest.catalogueProductId, catalogueProducts.id))
    .groupBy(catalogueProducts.id)
    .orderBy(sql`${waiting} desc`, asc(catalogueProducts.sortOrder), asc(catalogueProducts.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { items: rows, ...pageInfo(counted?.total ?? 0, paging) };
}

/**
 * Tells everyone waiting for a product that it is live: only once it is available. Each person is
 * marked notified by the one UPDATE that finds them waiting, so running it twice, or on two
 * instances at once, e-mails nobody twice. Audited.
 */
export async function notifyInterest(
  db: Database,
  actor: Principal,
  catalogueProductId: number,
  baseUrl: string,
) {
  const [product] = await db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.id, catalogueProductId));
  if (!product) throw new AppError('not_found', 'This product is not in our catalogue.');
  if (!product.available) {
    throw new AppError('conflict', `${product.name} is not available yet: tell people once it is live.`, {
      code: 'NOT_AVAILABLE',
    });
  }
  const route = classRouteOf(product.routeName);
  const url = `${baseUrl.replace(/\/$/, '')}${route ? classFlowHref(route) : '/'}`;
  return db.transaction(async (tx) => {
    const told = await tx
      .update(productInterest)
      .set({ notifiedAt: new Date() })
      .where(and(eq(productInterest.catalogueProductId, product.id), isNull(productInterest.notifiedAt)))
      .returning({ email: productInterest.email });
    for (const { email } of told) {
      await enqueueMail(
        tx,
        productInterestEmail({
          to: email,
          subject: `${product.name} is now available`,
          lines: [`${product.name} is now available on Bima Portal: get a quote and buy it online.`],
          link: { url, label: `Get a ${product.name} quote` },
        }),
      );
    }
    await recordAudit(tx, actor, {
      action: 'admin/catalogue/notifyInterest',
      entityType: 'catalogue_product',
      entityId: product.id,
      details: { notified: told.length },
    });
    const [already] = await tx
      .select({ total: count() })
      .from(productInterest)
      .where(and(eq(productInterest.catalogueProductId, product.id), isNotNull(productInterest.notifiedAt)));
    return { productName: product.name, notified: told.length, notifiedInAll: already?.total ?? 0 };
  });
}
