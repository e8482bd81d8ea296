import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  insuranceProducts,
  productBenefits,
  productCharges,
  productExcesses,
  productRateBands,
  productRatingFactors,
  underwriters,
} from '../../db/schema';
import { CLASS_PRODUCT_SEED } from './class-markets';
import { readProductSnapshot, recordProductVersion } from './configuration';
import {
  CHARGE_SEED,
  EXCESS_SEED,
  MONTHLY_TERMS_SEED,
  PRODUCT_SEED,
  type SeedProduct,
  UNDERWRITER_SEED,
} from './seed-data';
import { asTranslations, benefitSwahili, EXCESS_SWAHILI, productSwahili } from './seed-data.sw';

export const MOTOR_PRIVATE_CLASS_CODE = '07';

/** Inserts the sample underwriters and products that are missing (by id and productSystemRef). */
export async function seedSampleMarket(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(underwriters)
      .values(
        UNDERWRITER_SEED.map((underwriter) => ({
          ...underwriter,
          logo: `/images/underwriters/${underwriter.id}.svg`,
        })),
      )
      .onConflictDoNothing();

    const seeds = [...PRODUCT_SEED, ...CLASS_PRODUCT_SEED];
    const existing = await tx
      .select({ ref: insuranceProducts.productSystemRef })
      .from(insuranceProducts)
      .where(
        inArray(
          insuranceProducts.productSystemRef,
          seeds.map((product) => product.productSystemRef),
        ),
      );
    const present = new Set(existing.map((row) => row.ref));

    for (const [index, product] of seeds.entries()) {
      if (present.has(product.productSystemRef)) continue;
      const [row] = await tx
        .insert(insuranceProducts)
        .values({
          productSystemRef: product.productSystemRef,
          underwriterId: product.underwriterId,
          classCode: product.classCode ?? MOTOR_PRIVATE_CLASS_CODE,
          coverType: product.coverType,
          name: product.name,
          description: product.description,
          overview: product.overview,
          logo: `/images/underwriters/${product.underwriterId}.svg`,
          termsDocument: `/documents/terms/${product.productSystemRef.toLowerCase()}.html`,
          translations: asTranslations(productSwahili(product.productSystemRef, product.classCode)),
          intermediary: product.intermediary,
          rateBasis: product.rating.basis,
          fixedPremium: product.rating.basis === 'fixed' ? product.rating.premium : null,
          minimumPremium: product.rating.basis === 'fixed' ? 0 : product.rating.minimumPremium,
          minimumValue: product.minimumValue,
          maximumValue: product.maximumValue,
          supportedPeriods: product.supportedPeriods,
          shortPeriodScale: product.shortPeriodScale,
          sortOrder: index + 1,
        })
        .returning({ id: insuranceProducts.id });
      const productId = row!.id;

      if (product.rating.basis === 'percentage') {
        await tx
          .insert(productRateBands)
          .values(product.rating.bands.map(([fromValue, ratePpm]) => ({ productId, fromValue, ratePpm })));
      }
      if (product.rating.basis === 'rated') await insertRatedRows(tx, productId, product.rating);
      await tx.insert(productBenefits).values(
        product.benefits.map((benefit, order) => ({
          productId,
          benefitSystemRef: `${product.productSystemRef}-${benefit.key}`.toUpperCase(),
          name: benefit.name,
          description: benefit.description,
          benefitType: benefit.type,
          limitMinimum: benefit.limit?.minimum ?? 0,
          limitMaximum: benefit.limit?.maximum ?? 0,
          defaultLimit: benefit.limit?.defaultLimit ?? 0,
          isAdjustable: benefit.limit?.isAdjustable ?? false,
          pricingKind: benefit.pricing.kind,
          ratePpm: 'ratePpm' in benefit.pricing ? benefit.pricing.ratePpm : null,
          minimumPremium: benefit.pricing.kind === 'percentageOfValue' ? benefit.pricing.minimum : null,
          fixedAmount: benefit.pricing.kind === 'fixed' ? benefit.pricing.amount : null,
          inbuiltLimit: benefit.pricing.kind === 'rateOnExtraLimit' ? benefit.pricing.inbuiltLimit : null,
          translations: asTranslations(benefitSwahili(benefit)),
          sortOrder: order + 1,
        })),
      );
      if (product.excesses.length > 0) {
        await tx.insert(productExcesses).values(
          product.excesses.map((code, order) => ({
            productId,
            code,
            ...EXCESS_SEED[code],
            discounts: product.excessDiscounts?.[code] ?? [],
            translations: asTranslations(EXCESS_SWAHILI[code] ?? {}),
            sortOrder: order + 1,
          })),
        );
      }
      await tx
        .insert(productCharges)
        .values(CHARGE_SEED.map((charge, order) => ({ productId, ...charge, sortOrder: order + 1 })));
      const snapshot = await readProductSnapshot(tx, productId);
      await recordProductVersion(
        tx,
        {
          productId,
          version: 1,
          snapshot: snapshot!,
          changedBy: null,
          changeSummary: 'Version 1: the sample product as seeded.',
        },
        { keepExisting: true },
      );
    }
    await fillSampleSwahili(tx, seeds);
    await seedMonthlyTerms(tx);
  });
}

/**
 * Version 1 of the sample's monthly terms, only for a sample product that has no terms yet: terms
 * an underwriter published (even switching monthly off) are never overwritten by a later seed.
 */
async function seedMonthlyTerms(tx: Tx): Promise<void> {
  const rows = MONTHLY_TERMS_SEED.map(
    (terms) => sql`(${terms.productSystemRef}, ${terms.loadingBps}::int, ${terms.graceDays}::int)`,
  );
  await tx.execute(sql`
    insert into product_monthly_terms (product_id, version, enabled, loading_bps, grace_days)
    select p.id, 1, true, v.loading_bps, v.grace_days
    from (values ${sql.join(rows, sql`, `)}) as v(ref, loading_bps, grace_days)
    join insurance_products p on p.product_system_ref = v.ref
    where not exists (select 1 from product_monthly_terms t where t.product_id = p.id)
    on conflict do nothing`);
}

/**
 * Sample products seeded before their Swahili existed get it now (issue 14): only rows still
 * without any translations, so words a person set in the back office are never overwritten.
 */
async function fillSampleSwahili(tx: Tx, seeds: readonly SeedProduct[]): Promise<void> {
  const json = (texts: object) => JSON.stringify(asTranslations(texts));
  const products = seeds.map(
    (product) =>
      sql`(${product.productSystemRef}, ${json(productSwahili(product.productSystemRef, product.classCode))})`,
  );
  await tx.execute(sql`
    update insurance_products set translations = v.translations::jsonb
    from (values ${sql.join(products, sql`, `)}) as v(ref, translations)
    where insurance_products.product_system_ref = v.ref and insurance_products.translations = '{}'::jsonb
      and v.translations <> '{}'`);
  const benefits = seeds.flatMap((product) =>
    product.benefits.map(
      (benefit) =>
        sql`(${`${product.productSystemRef}-${benefit.key}`.toUpperCase()}, ${json(benefitSwahili(benefit))})`,
    ),
  );
  await tx.execute(sql`
    update product_benefits set translations = v.translations::jsonb
    from (values ${sql.join(benefits, sql`, `)}) as v(ref, translations)
    where product_benefits.benefit_system_ref = v.ref and product_benefits.translations = '{}'::jsonb
      and v.translations <> '{}'`);
  const excesses = Object.entries(EXCESS_SEED).map(
    ([code, excess]) => sql`(${code}, ${excess.name}, ${json(EXCESS_SWAHILI[code] ?? {})})`,
  );
  // Only the sample's excesses as seeded (same code and English name) on the sample's products.
  await tx.execute(sql`
    update product_excesses set translations = v.translations::jsonb
    from (values ${sql.join(excesses, sql`, `)}) as v(code, name, translations), insurance_products p
    where product_excesses.code = v.code and product_excesses.name = v.name
      and p.id = product_excesses.product_id
      and p.product_system_ref in (${sql.join(
        seeds.map((product) => sql`${product.productSystemRef}`),
        sql`, `,
      )})
      and product_excesses.translations = '{}'::jsonb and v.translations <> '{}'`);
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A rated product's group bands and rating factors (loadings, quantity minimums, amounts per unit). */
async function insertRatedRows(
  tx: Tx,
  productId: number,
  rating: Extract<SeedProduct['rating'], { basis: 'rated' }>,
): Promise<void> {
  const bands = Object.entries(rating.groups).flatMap(([riskGroup, groupBands]) =>
    groupBands.map(([fromValue, ratePpm]) => ({ productId, riskGroup, fromValue, ratePpm })),
  );
  if (bands.length > 0) await tx.insert(productRateBands).values(bands);
  const factors = [
    ...rating.loadings.map((loading) => ({
      kind: 'loading',
      factor: loading.factor,
      option: loading.option,
      fromQuantity: null,
      value: loading.multiplierPpm,
    })),
    ...rating.minimums.map((minimum) => ({
      kind: 'minimum',
      factor: minimum.quantity,
      option: null,
      fromQuantity: minimum.fromQuantity,
      value: minimum.amount,
    })),
    ...rating.perUnit.map((charge) => ({
      kind: 'perUnit',
      factor: charge.quantity,
      option: null,
      fromQuantity: null,
      value: charge.amount,
    })),
  ];
  if (factors.length > 0) {
    await tx
      .insert(productRatingFactors)
      .values(factors.map((factor, order) => ({ productId, ...factor, sortOrder: order + 1 })));
  }
}
