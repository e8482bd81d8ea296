import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_ADMIN_MESSAGES as M, type ProductConfiguration } from '@bima/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/tokens';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { auditLog, insuranceProducts, invoices, productVersions, quotations, users } from '../src/db/schema';
import { CLASS_PRODUCT_SEED } from '../src/modules/product/class-markets';
import { readProductSnapshot } from '../src/modules/product/configuration';
import { PRODUCT_SEED } from '../src/modules/product/seed-data';
import { call } from './accounts-helpers';
import { buildTestApp, TEST_JWT_SECRET } from './helpers';
import {
  completeQuotation,
  createQuotation,
  pay,
  quotationPayload,
  signedIn,
  waitUntil,
} from './purchase-helpers';
import { createStaffUser } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;
type Product = {
  productSystemRef: string;
  underwriter: { id: string; name: string };
  classCode: string;
  coverType: string;
  version: number;
  active: boolean;
  updatedAt: string;
  configuration: ProductConfiguration;
};

const SEEDED = [...PRODUCT_SEED, ...CLASS_PRODUCT_SEED];
const ALL_PRODUCTS = SEEDED.length;
const refsOf = (underwriterId: string) =>
  SEEDED.filter((product) => product.underwriterId === underwriterId)
    .map((product) => product.productSystemRef)
    .sort();
const APA_PRODUCTS = refsOf('apa');
const COMMERCIAL_PRODUCTS = CLASS_PRODUCT_SEED.filter((product) => product.classCode === '08').length;

describe('backoffice / product', () => {
  let ctx: Ctx;
  let admin: Headers;
  let adminId: string;
  let jubilee: Headers;
  let client: Headers;

  beforeAll(async () => {
    ctx = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_SCALE: '100',
        MPESA_SIMULATOR_DELAY_MS: '40',
        RECONCILE_INTERVAL_MS: '200',
      },
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const adminUser = await createStaffUser(ctx, null);
    admin = adminUser.headers;
    adminId = adminUser.userId;
    jubilee = (await createStaffUser(ctx, 'jubilee')).headers;
    client = await signedIn(ctx);
  });
  afterAll(() => ctx.app.close());

  const backoffice = (action: string, data: unknown, headers: Headers) =>
    call(ctx, 'backoffice', 'product', action, data, headers);

  async function getProduct(productSystemRef: string, headers = admin): Promise<Product> {
    const response = await backoffice('getProduct', { productSystemRef }, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data;
  }

  /** Reads a product, changes its configuration and saves it: the raw response. */
  async function edit(
    productSystemRef: string,
    change: (configuration: ProductConfiguration) => void,
    headers = admin,
  ) {
    const product = await getProduct(productSystemRef);
    const configuration = structuredClone(product.configuration);
    change(configuration);
    return backoffice(
      'updateProduct',
      { productSystemRef, expectedVersion: product.version, configuration },
      headers,
    );
  }

  const grid = async (coverType = '') =>
    (
      await call(ctx, 'underwriting', 'product', 'fetchInsuranceClassReccomendations', {
        insuranceClass: '07',
        riskValue: 150_000_000,
        coverType,
      })
    ).json().result.data as Array<{ productSystemRef: string; premium: number }>;

  it('the migration builds version 1 snapshots exactly as the server does', async () => {
    const db = ctx.database.db;
    const seeded = await db.select().from(productVersions).orderBy(asc(productVersions.productId));
    expect(seeded).toHaveLength(ALL_PRODUCTS);
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0006_product_versions.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
    await db.delete(productVersions);
    await db.execute(sql.raw(backfill!));
    const backfilled = await db.select().from(productVersions).orderBy(asc(productVersions.productId));
    expect(backfilled.map((row) => row.version)).toEqual(seeded.map(() => 1));
    // The backfill ran when every product was motor private: its snapshots have no risk groups
    // (read as 'vehicle') and no rating factors, which is what the server reads for those products.
    const motorPrivate = backfilled.filter(
      (row) => (row.snapshot as { product: { classCode: string } }).product.classCode === '07',
    );
    expect(motorPrivate).toHaveLength(PRODUCT_SEED.length);
    // Nor translations (issue 14, migration 0030): a version without them reads as having none.
    const untranslated = <T extends { translations?: unknown }>({ translations: _t, ...rest }: T) => rest;
    for (const row of motorPrivate) {
      const { factors, bands, ...server } = (await readProductSnapshot(db, row.productId))!;
      expect(factors).toEqual([]);
      expect(bands.every((band) => band.riskGroup === 'vehicle')).toBe(true);
      expect(row.snapshot).toEqual({
        ...server,
        product: untranslated(server.product),
        benefits: server.benefits.map(untranslated),
        // Nor discounts for a higher excess (migration 0033): a version without them has none.
        excesses: server.excesses.map(untranslated).map(({ discounts: _d, ...excess }) => excess),
        bands: bands.map(({ riskGroup: _group, ...band }) => band),
      });
    }
  });

  describe('who sees what', () => {
    it('an admin lists every product with underwriter, class, cover type, version and state', async () => {
      const response = await backoffice('listProducts', { page: 1, pageSize: 50 }, admin);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json().result.data;
      expect(page.total).toBe(ALL_PRODUCTS);
      expect(page.items).toHaveLength(ALL_PRODUCTS);
      expect(page.items[0]).toEqual({
        productSystemRef: 'APA-MP-PLUS',
        name: 'APA Motor Plus',
        underwriter: { id: 'apa', name: 'APA Insurance' },
        classCode: '07',
        coverType: 'comprehensive',
        rateBasis: 'percentage',
        version: 1,
        active: true,
        updatedAt: expect.any(String),
      });
      const paged = (await backoffice('listProducts', { page: 2, pageSize: 4 }, admin)).json().result.data;
      expect(paged).toMatchObject({ total: ALL_PRODUCTS, page: 2, pageSize: 4 });
      expect(paged.items).toHaveLength(4);
      const searched = (
        await backoffice('listProducts', { search: 'third party', classCode: '07' }, admin)
      ).json().result.data;
      expect(searched.total).toBe(5);
      const byRef = (await backoffice('listProducts', { search: 'tpo', classCode: '07' }, admin)).json()
        .result.data;
      expect(byRef.items.map((item: { productSystemRef: string }) => item.productSystemRef).sort()).toEqual([
        'CIC-MP-TPO',
        'ICEA-MP-TPO',
        'JUB-MP-TPO',
      ]);
      expect((await backoffice('listProducts', { search: '%' }, admin)).json().result.data.total).toBe(0);
      expect((await backoffice('listProducts', { classCode: '08' }, admin)).json().result.data.total).toBe(
        COMMERCIAL_PRODUCTS,
      );
      expect((await backoffice('listProducts', { classCode: '99' }, admin)).json().result.data.total).toBe(0);
    });

    it("an underwriter's staff see only its products: nothing of APA leaks through any action", async () => {
      const listed = (await backoffice('listProducts', { pageSize: 100 }, jubilee)).json().result.data;
      expect(listed.items.map((item: { productSystemRef: string }) => item.productSystemRef).sort()).toEqual(
        refsOf('jubilee'),
      );
      expect(listed.total).toBe(refsOf('jubilee').length);
      expect((await backoffice('listProducts', { search: 'APA' }, jubilee)).json().result.data.total).toBe(0);
      expect((await getProduct('JUB-MP-ELITE', jubilee)).underwriter.id).toBe('jubilee');

      for (const productSystemRef of APA_PRODUCTS) {
        const apa = await getProduct(productSystemRef);
        const attempts = [
          backoffice('getProduct', { productSystemRef }, jubilee),
          backoffice(
            'updateProduct',
            { productSystemRef, expectedVersion: apa.version, configuration: apa.configuration },
            jubilee,
          ),
          backoffice(
            'setProductActive',
            { productSystemRef, expectedVersion: apa.version, active: false },
            jubilee,
          ),
          backoffice('listProductVersions', { productSystemRef }, jubilee),
          backoffice('getProductVersion', { productSystemRef, version: 1 }, jubilee),
        ];
        for (const response of await Promise.all(attempts)) {
          expect(response.statusCode).toBe(404);
          expect(response.json().err_msg).toBe('Product not found.');
          expect(response.body).not.toContain('APA Motor');
        }
        const after = await getProduct(productSystemRef);
        expect(after.version).toBe(apa.version);
        expect(after.active).toBe(true);
      }
    });

    it('refuses clients, tokens of users who are not staff, and staff tokens without a user (403)', async () => {
      const notStaffInDb = (await createStaffUser(ctx, null)).userId;
      await ctx.database.db.update(users).set({ role: 'client' }).where(eq(users.id, notStaffInDb));
      const staffToken = (sub: string) => ({
        accesstoken: signAccessToken({ sub, role: 'admin', ttlSeconds: 60 }, TEST_JWT_SECRET),
      });
      const callers = [
        client,
        staffToken(notStaffInDb),
        staffToken('not-a-user'),
        staffToken(crypto.randomUUID()),
      ];
      const calls: Array<[string, unknown]> = [
        ['listProducts', {}],
        ['getProduct', { productSystemRef: 'JUB-MP-ELITE' }],
        ['setProductActive', { productSystemRef: 'JUB-MP-ELITE', expectedVersion: 1, active: false }],
        ['listProductVersions', { productSystemRef: 'JUB-MP-ELITE' }],
        ['getProductVersion', { productSystemRef: 'JUB-MP-ELITE', version: 1 }],
      ];
      for (const headers of callers) {
        for (const [action, data] of calls) {
          const response = await backoffice(action, data, headers);
          expect(response.statusCode, `${action} ${response.body}`).toBe(403);
        }
      }
      expect((await backoffice('listProducts', {}, {})).statusCode).toBe(403);
      expect((await getProduct('JUB-MP-ELITE')).active).toBe(true);
    });
  });

  describe('editing', () => {
    it('answers each product’s whole configuration, which saves back unchanged (every seeded product passes)', async () => {
      const elite = await getProduct('JUB-MP-ELITE');
      expect(elite).toMatchObject({ version: 1, active: true, coverType: 'comprehensive', classCode: '07' });
      expect(elite.configuration).toMatchObject({
        name: 'Jubilee Motor Elite',
        rateBasis: 'percentage',
        fixedPremium: null,
        minimumPremium: 2_000_000,
        bands: [
          { fromValue: 0, rate: 0.045 },
          { fromValue: 250_000_000, rate: 0.04 },
          { fromValue: 500_000_000, rate: 0.035 },
        ],
        minimumValue: 50_000_000,
        maximumValue: 3_000_000_000,
        supportedPeriods: [30, 180, 365],
        excesses: [
          expect.objectContaining({
            id: 'collision',
            minAmount: 1_000_000,
            maxAmount: 10_000_000,
            defaultAmount: 2_500_000,
          }),
          expect.objectContaining({ id: 'theft' }),
          expect.objectContaining({ id: 'windscreen' }),
        ],
        charges: [
          { name: 'Training Levy', type: 'Percentage', value: 0.002 },
          { name: 'PHCF Levy', type: 'Percentage', value: 0.0025 },
          { name: 'Stamp Duty', type: 'Fixed', value: 4_000 },
        ],
      });
      expect(elite.configuration.benefits).toContainEqual({
        benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN',
        name: 'Windscreen Cover',
        description: expect.any(String),
        benefitType: 'inbuilt',
        limit: { minimum: 5_000_000, maximum: 20_000_000, defaultLimit: 5_000_000, isAdjustable: true },
        pricing: { kind: 'rateOnExtraLimit', rate: 0.1, inbuiltLimit: 5_000_000 },
        translations: { sw: { name: 'Bima ya Kioo cha Mbele', description: expect.any(String) } },
      });
      const tpo = await getProduct('JUB-MP-TPO');
      expect(tpo.configuration).toMatchObject({ rateBasis: 'fixed', fixedPremium: 750_000, bands: [] });

      const all = (await backoffice('listProducts', { pageSize: 100 }, admin)).json().result.data.items;
      for (const { productSystemRef } of all as Array<{ productSystemRef: string }>) {
        const response = await edit(productSystemRef, () => undefined);
        expect(response.statusCode, `${productSystemRef} ${response.body}`).toBe(400);
        expect(response.json().errors).toEqual([
          { field: 'configuration', message: 'Nothing to save: this is the same as version 1.' },
        ]);
      }
    });

    const first = <T>(list: T[]) => list[0]!;
    const benefit = (configuration: ProductConfiguration, ref: string) =>
      configuration.benefits.find((candidate) => candidate.benefitSystemRef === ref)!;

    it.each<[string, string, (c: ProductConfiguration) => void, string, string]>([
      [
        'a band below the one before',
        'JUB-MP-ELITE',
        (c) => {
          c.bands[1]!.fromValue = 0;
        },
        'configuration.bands.1.fromValue',
        M.bandOrder,
      ],
      [
        'two bands from the same value',
        'JUB-MP-ELITE',
        (c) => {
          c.bands[2]!.fromValue = 250_000_000;
        },
        'configuration.bands.2.fromValue',
        M.bandOrder,
      ],
      [
        'a first band above the minimum value',
        'JUB-MP-ELITE',
        (c) => {
          first(c.bands).fromValue = 60_000_000;
        },
        'configuration.bands.0.fromValue',
        M.firstBandStart,
      ],
      [
        'a band above the maximum value',
        'JUB-MP-ELITE',
        (c) => {
          c.bands[2]!.fromValue = 4_000_000_000;
        },
        'configuration.bands.2.fromValue',
        M.bandAboveMaximum,
      ],
      [
        'a percentage product without bands',
        'JUB-MP-ELITE',
        (c) => {
          c.bands = [];
        },
        'configuration.bands',
        M.bandsRequired,
      ],
      [
        'a rate above 100 %',
        'JUB-MP-ELITE',
        (c) => {
          first(c.bands).rate = 4.5;
        },
        'configuration.bands.0.rate',
        M.rateRange,
      ],
      [
        'a negative rate',
        'JUB-MP-ELITE',
        (c) => {
          first(c.bands).rate = -0.01;
        },
        'configuration.bands.0.rate',
        M.rateRange,
      ],
      [
        'a rate finer than a ppm',
        'JUB-MP-ELITE',
        (c) => {
          first(c.bands).rate = 0.0450001;
        },
        'configuration.bands.0.rate',
        M.ratePrecision,
      ],
      [
        'a negative minimum premium',
        'JUB-MP-ELITE',
        (c) => {
          c.minimumPremium = -100;
        },
        'configuration.minimumPremium',
        M.negativeAmount,
      ],
      [
        'a minimum premium of shillings and cents (the editor takes whole shillings)',
        'JUB-MP-ELITE',
        (c) => {
          c.minimumPremium = 2_000_050;
        },
        'configuration.minimumPremium',
        M.wholeShillings,
      ],
      [
        'a minimum premium that is not whole cents',
        'JUB-MP-ELITE',
        (c) => {
          c.minimumPremium = 2_000_000.5;
        },
        'configuration.minimumPremium',
        M.wholeShillings,
      ],
      [
        'a fixed premium on a percentage product',
        'JUB-MP-ELITE',
        (c) => {
          c.fixedPremium = 500_000;
        },
        'configuration.fixedPremium',
        M.percentageHasNoFixedPremium,
      ],
      [
        'a fixed product without its premium',
        'JUB-MP-TPO',
        (c) => {
          c.fixedPremium = null;
        },
        'configuration.fixedPremium',
        M.fixedPremiumRequired,
      ],
      [
        'a fixed premium of nothing',
        'JUB-MP-TPO',
        (c) => {
          c.fixedPremium = 0;
        },
        'configuration.fixedPremium',
        M.fixedPremiumRequired,
      ],
      [
        'a fixed product with bands',
        'JUB-MP-TPO',
        (c) => {
          c.bands = [{ fromValue: 0, rate: 0.05 }];
        },
        'configuration.bands',
        M.fixedHasNoBands,
      ],
      [
        'a fixed product with a minimum premium',
        'JUB-MP-TPO',
        (c) => {
          c.minimumPremium = 100_000;
        },
        'configuration.minimumPremium',
        M.fixedHasNoMinimum,
      ],
      [
        'no cover period',
        'JUB-MP-ELITE',
        (c) => {
          c.supportedPeriods = [];
        },
        'configuration.supportedPeriods',
        M.periodsRequired,
      ],
      [
        'a period listed twice',
        'JUB-MP-ELITE',
        (c) => {
          c.supportedPeriods = [30, 365, 30];
        },
        'configuration.supportedPeriods.2',
        M.periodTwice,
      ],
      [
        'a period over a year',
        'JUB-MP-ELITE',
        (c) => {
          c.supportedPeriods = [400];
        },
        'configuration.supportedPeriods.0',
        M.periodRange,
      ],
      [
        'short-period steps out of order',
        'JUB-MP-ELITE',
        (c) => {
          c.shortPeriodScale[1]!.maxDays = 10;
        },
        'configuration.shortPeriodScale.1.maxDays',
        M.scaleOrder,
      ],
      [
        'a short-period share above 100 %',
        'JUB-MP-ELITE',
        (c) => {
          first(c.shortPeriodScale).share = 1.2;
        },
        'configuration.shortPeriodScale.0.share',
        M.rateRange,
      ],
      [
        'a maximum value below the minimum',
        'JUB-MP-ELITE',
        (c) => {
          c.maximumValue = 40_000_000;
        },
        'configuration.maximumValue',
        M.maximumBelowMinimum,
      ],
      [
        'a default limit above the maximum',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-WINDSCREEN').limit.defaultLimit = 25_000_000;
        },
        'configuration.benefits.5.limit.defaultLimit',
        M.defaultLimitOutside,
      ],
      [
        'a default limit below the minimum',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-WINDSCREEN').limit.defaultLimit = 4_000_000;
        },
        'configuration.benefits.5.limit.defaultLimit',
        M.defaultLimitOutside,
      ],
      [
        'a maximum limit below the minimum',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-WINDSCREEN').limit.maximum = 1_000_000;
        },
        'configuration.benefits.5.limit.maximum',
        M.limitMaximumBelowMinimum,
      ],
      [
        'a benefit rate above 100 %',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-PVT').pricing = { kind: 'percentageOfValue', rate: 25, minimum: 250_000 };
        },
        'configuration.benefits.10.pricing.rate',
        M.rateRange,
      ],
      [
        'an unknown pricing kind',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-PVT').pricing = { kind: 'free' } as never;
        },
        'configuration.benefits.10.pricing.kind',
        M.benefitPricing,
      ],
      [
        'an unknown benefit type',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-PVT').benefitType = 'bonus' as never;
        },
        'configuration.benefits.10.benefitType',
        M.benefitType,
      ],
      [
        'a benefit without a name',
        'JUB-MP-ELITE',
        (c) => {
          benefit(c, 'JUB-MP-ELITE-PVT').name = ' ';
        },
        'configuration.benefits.10.name',
        M.benefitNameRequired,
      ],
      [
        'two benefits with one reference',
        'JUB-MP-ELITE',
        (c) => {
          c.benefits[1]!.benefitSystemRef = c.benefits[0]!.benefitSystemRef;
        },
        'configuration.benefits.1.benefitSystemRef',
        M.benefitRefTwice,
      ],
      [
        'a malformed benefit reference',
        'JUB-MP-ELITE',
        (c) => {
          c.benefits[0]!.benefitSystemRef = 'own damage';
        },
        'configuration.benefits.0.benefitSystemRef',
        M.benefitRef,
      ],
      [
        'a default excess above the maximum',
        'JUB-MP-ELITE',
        (c) => {
          first(c.excesses).defaultAmount = 15_000_000;
        },
        'configuration.excesses.0.defaultAmount',
        M.defaultExcessOutside,
      ],
      [
        'a maximum excess below the minimum',
        'JUB-MP-ELITE',
        (c) => {
          first(c.excesses).maxAmount = 500_000;
        },
        'configuration.excesses.0.maxAmount',
        M.excessMaximumBelowMinimum,
      ],
      [
        'two excesses with one id',
        'JUB-MP-ELITE',
        (c) => {
          c.excesses[1]!.id = 'collision';
        },
        'configuration.excesses.1.id',
        M.excessIdTwice,
      ],
      [
        'a percentage charge above 100 %',
        'JUB-MP-ELITE',
        (c) => {
          first(c.charges).value = 2;
        },
        'configuration.charges.0.value',
        M.percentageCharge,
      ],
      [
        'a fixed charge of shillings and cents',
        'JUB-MP-ELITE',
        (c) => {
          c.charges[2]!.value = 4_050;
        },
        'configuration.charges.2.value',
        M.fixedCharge,
      ],
      [
        'two charges with one name',
        'JUB-MP-ELITE',
        (c) => {
          c.charges[1]!.name = 'training levy';
        },
        'configuration.charges.1.name',
        M.chargeNameTwice,
      ],
      [
        'an unknown charge type',
        'JUB-MP-ELITE',
        (c) => {
          first(c.charges).type = 'Percent' as never;
        },
        'configuration.charges.0.type',
        M.chargeType,
      ],
      [
        'a product without a name',
        'JUB-MP-ELITE',
        (c) => {
          c.name = '';
        },
        'configuration.name',
        M.nameRequired,
      ],
      [
        'an unknown rate basis',
        'JUB-MP-ELITE',
        (c) => {
          c.rateBasis = 'banded' as never;
        },
        'configuration.rateBasis',
        M.rateBasis,
      ],
    ])('refuses %s (400 on the field, nothing saved)', async (_label, ref, change, field, message) => {
      const response = await edit(ref, change);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect((await getProduct(ref)).version).toBe(1);
    });

    it.each<[string, string, (c: ProductConfiguration) => void, string, RegExp]>([
      [
        'a comprehensive product accepting a KES 0 car',
        'JUB-MP-ELITE',
        (c) => {
          c.minimumValue = 0;
        },
        'configuration.minimumValue',
        /^The premium engine cannot price a KES 0 car for 30 days: Vehicle value must be greater than 0 for comprehensive cover$/,
      ],
      [
        'a comprehensive product without a maximum value',
        'JUB-MP-ELITE',
        (c) => {
          c.maximumValue = null;
        },
        'configuration.maximumValue',
        /^Give the largest vehicle value this product covers\.$/,
      ],
      [
        'rates and minimum premium of nothing',
        'JUB-MP-ELITE',
        (c) => {
          c.minimumPremium = 0;
          c.bands = c.bands.map((band) => ({ ...band, rate: 0 }));
        },
        'configuration.bands',
        /^The basic premium of a KES 500,000 car for 30 days would be KES 0/,
      ],
      [
        'a short-period share of nothing',
        'JUB-MP-ELITE',
        (c) => {
          first(c.shortPeriodScale).share = 0;
        },
        'configuration.shortPeriodScale',
        /^The basic premium of a KES 500,000 car for 30 days would be KES 0/,
      ],
      [
        'a third-party product at a minimum premium of nothing',
        'JUB-MP-TPO',
        (c) => {
          c.rateBasis = 'percentage';
          c.fixedPremium = null;
          c.bands = [{ fromValue: 0, rate: 0.05 }];
        },
        'configuration.minimumPremium',
        /^The basic premium of third-party cover for 30 days would be KES 0/,
      ],
    ])(
      'the premium engine refuses %s with a message on the field',
      async (_label, ref, change, field, message) => {
        const response = await edit(ref, change);
        expect(response.statusCode, response.body).toBe(400);
        const error = (response.json().errors as Array<{ field: string; message: string }>).find(
          (candidate) => candidate.field === field,
        );
        expect(error?.message, response.body).toMatch(message);
        expect((await getProduct(ref)).version).toBe(1);
      },
    );

    it('keeps an excess’s discounts for a higher one through a save that leaves them out, edits them, refuses one outside the excess’s range (issue 26)', async () => {
      const collision = (product: Product) =>
        product.configuration.excesses.find((excess) => excess.id === 'collision')!;
      const before = await getProduct('CIC-MP-COMP');
      expect(collision(before).discounts).toEqual([
        { fromAmount: 5_000_000, discount: 0.05 },
        { fromAmount: 10_000_000, discount: 0.1 },
      ]);
      // The back office's form does not send them: a save of something else keeps them.
      const kept = await edit('CIC-MP-COMP', (c) => {
        for (const excess of c.excesses) delete excess.discounts;
        c.description = `${c.description} Discounts for a higher collision excess.`;
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(collision(await getProduct('CIC-MP-COMP')).discounts).toHaveLength(2);

      const outside = await edit('CIC-MP-COMP', (c) => {
        c.excesses.find((excess) => excess.id === 'collision')!.discounts = [
          { fromAmount: 20_000_000, discount: 0.1 },
        ];
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().errors).toContainEqual({
        field: 'configuration.excesses.0.discounts.0.fromAmount',
        message: 'A discount for a higher excess must start between the minimum and the maximum excess.',
      });

      const edited = await edit('CIC-MP-COMP', (c) => {
        c.excesses.find((excess) => excess.id === 'collision')!.discounts = [
          { fromAmount: 4_000_000, discount: 0.08 },
        ];
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const priced = await call(ctx, 'underwriting', 'product', 'productPremiumCalc', {
        productSystemRef: 'CIC-MP-COMP',
        risk: { value: 200_000_000 },
        additionalBenefits: [],
        excesses: [{ id: 'collision', amount: 4_000_000 }],
        coverDetails: { period: 365 },
      });
      // KES 80,000 basic, 8 % off: KES 6,400, in cents.
      expect(priced.json().result.data.excessDiscount).toBe(640_000);
    });

    it('refuses a benefit reference that belongs to another product', async () => {
      const response = await edit('JUB-MP-ELITE', (c) => {
        c.benefits[0]!.benefitSystemRef = 'APA-MP-PLUS-PVT';
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          field: 'configuration.benefits.0.benefitSystemRef',
          message: 'This benefit reference belongs to another product.',
        },
      ]);
    });

    it('saves a change as a new version: live at once, with history, snapshot and audit', async () => {
      const before = await getProduct('JUB-MP-ELITE');
      const gridBefore = (await grid('comprehensive')).find((p) => p.productSystemRef === 'JUB-MP-ELITE')!;
      const response = await backoffice(
        'updateProduct',
        {
          productSystemRef: 'JUB-MP-ELITE',
          expectedVersion: 1,
          configuration: {
            ...before.configuration,
            bands: [
              { fromValue: 0, rate: 0.05 },
              { fromValue: 250_000_000, rate: 0.04 },
              { fromValue: 500_000_000, rate: 0.035 },
            ],
            benefits: [
              ...before.configuration.benefits.filter(
                (b) => b.benefitSystemRef !== 'JUB-MP-ELITE-ROAD-RESCUE',
              ),
              {
                name: 'Key Replacement',
                description: 'Lost or stolen car keys replaced.',
                benefitType: 'optional',
                limit: { minimum: 0, maximum: 0, defaultLimit: 3_000_000, isAdjustable: false },
                pricing: { kind: 'fixed', amount: 150_000 },
              },
            ],
          },
        },
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      const saved: Product = response.json().result.data;
      expect(saved.version).toBe(2);
      expect(first(saved.configuration.bands).rate).toBe(0.05);
      const refs = saved.configuration.benefits.map((b) => b.benefitSystemRef);
      expect(refs).toContain('JUB-MP-ELITE-KEY-REPLACEMENT');
      expect(refs).not.toContain('JUB-MP-ELITE-ROAD-RESCUE');

      // The quotes grid prices the new rate at once in this process: 1,500,000 × 5 % = 75,000 basic.
      const gridAfter = (await grid('comprehensive')).find((p) => p.productSystemRef === 'JUB-MP-ELITE')!;
      expect(gridAfter.premium).toBeGreaterThan(gridBefore.premium);
      expect(gridAfter.premium).toBe((75_000 + 150 + 188 + 40) * 100);

      const versions = (
        await backoffice(
          'listProductVersions',
          { productSystemRef: 'JUB-MP-ELITE', page: 1, pageSize: 10 },
          admin,
        )
      ).json().result.data;
      expect(versions).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      expect(versions.items).toEqual([
        {
          version: 2,
          changedBy: { userId: adminId, email: expect.stringMatching(/^admin\./), name: 'Admin User' },
          changeSummary: 'Changed rate bands and benefits.',
          createdAt: expect.any(String),
        },
        {
          version: 1,
          changedBy: null,
          // Seeded, then rebuilt by the migration's backfill in the first test.
          changeSummary: expect.stringMatching(/^Version 1: /),
          createdAt: expect.any(String),
        },
      ]);

      const old = (
        await backoffice('getProductVersion', { productSystemRef: 'JUB-MP-ELITE', version: 1 }, admin)
      ).json().result.data;
      expect(old).toMatchObject({ version: 1, isCurrent: false, active: true, changedBy: null });
      // Version 1 was rebuilt by the 0006 backfill in the first test, which knew no translations.
      const untranslated = ({ translations: _t, ...c }: ProductConfiguration) => ({
        ...c,
        benefits: c.benefits.map(({ translations: _b, ...b }) => b),
        excesses: c.excesses.map(({ translations: _e, ...e }) => e),
      });
      expect(untranslated(old.configuration)).toEqual(untranslated(before.configuration));
      const current = (
        await backoffice('getProductVersion', { productSystemRef: 'JUB-MP-ELITE', version: 2 }, jubilee)
      ).json().result.data;
      expect(current).toMatchObject({ version: 2, isCurrent: true });
      expect(current.configuration).toEqual(saved.configuration);
      const missing = await backoffice(
        'getProductVersion',
        { productSystemRef: 'JUB-MP-ELITE', version: 9 },
        admin,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().err_msg).toBe('This product has no version 9.');

      const [entry] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, 'JUB-MP-ELITE'));
      expect(entry).toMatchObject({
        actorUserId: adminId,
        action: 'product.updated',
        entityType: 'insurance_product',
        actorRole: 'admin',
        details: { previousVersion: 1, version: 2, changes: ['rate bands', 'benefits'] },
      });
      // The audit log says which values changed, before and after, in words.
      const log = await call(
        ctx,
        'admin',
        'audit',
        'listAuditLog',
        { entityType: 'insurance_product' },
        admin,
      );
      expect(log.json().result.data.items[0]).toMatchObject({
        actor: { userId: adminId, role: 'admin' },
        at: expect.any(String),
        summary: 'Changed Jubilee Motor Elite (version 1 → 2)',
        changes: [
          { what: 'Rate band 1 of Jubilee Motor Elite', before: '4.5 %', after: '5.0 %' },
          { what: 'Benefit Road Rescue of Jubilee Motor Elite', before: 'KES 4,000', after: null },
          { what: 'Benefit Key Replacement of Jubilee Motor Elite', before: null, after: 'KES 1,500' },
        ],
      });
    });

    it("lets an underwriter's staff edit their own product, with their own summary", async () => {
      const product = await getProduct('JUB-MP-TPO', jubilee);
      const response = await backoffice(
        'updateProduct',
        {
          productSystemRef: 'JUB-MP-TPO',
          expectedVersion: product.version,
          changeSummary: '2027 tariff',
          configuration: { ...product.configuration, fixedPremium: 800_000 },
        },
        jubilee,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.data.configuration.fixedPremium).toBe(800_000);
      const versions = (
        await backoffice('listProductVersions', { productSystemRef: 'JUB-MP-TPO' }, jubilee)
      ).json().result.data;
      expect(versions.items[0]).toMatchObject({ version: 2, changeSummary: '2027 tariff' });
    });

    it('takes and answers amounts in integer cents: a premium typed as KES 37,500 is 3750000, stored so and quoted from', async () => {
      const response = await edit('CIC-MP-TPO', (c) => {
        c.fixedPremium = 3_750_000;
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.data.configuration.fixedPremium).toBe(3_750_000);
      expect((await getProduct('CIC-MP-TPO')).configuration.fixedPremium).toBe(3_750_000);
      const [stored] = await ctx.database.db
        .select({ fixedPremium: insuranceProducts.fixedPremium })
        .from(insuranceProducts)
        .where(eq(insuranceProducts.productSystemRef, 'CIC-MP-TPO'));
      expect(stored!.fixedPremium).toBe(3_750_000);
      const version = (
        await backoffice('getProductVersion', { productSystemRef: 'CIC-MP-TPO', version: 2 }, admin)
      ).json().result.data;
      expect(version.configuration.fixedPremium).toBe(3_750_000);

      // A year's quotation prices it: KES 37,500 + levies 75 (0.2 %) + 94 (0.25 %) + stamp duty 40.
      const quoted = await createQuotation(ctx, await signedIn(ctx), {
        productSystemRef: 'CIC-MP-TPO',
        additionalBenefits: [],
      });
      const [quotation] = await ctx.database.db
        .select({ total: quotations.total, productVersion: quotations.productVersion })
        .from(quotations)
        .where(eq(quotations.systemQuotationRef, quoted.systemQuotationRef));
      expect(quotation).toEqual({ total: 3_770_900, productVersion: 2 });
    });

    it('answers 409 to a stale expectedVersion, and lets one of two concurrent edits win', async () => {
      const product = await getProduct('CIC-MP-COMP');
      const save = (minimumPremium: number, expectedVersion = product.version) =>
        backoffice(
          'updateProduct',
          {
            productSystemRef: 'CIC-MP-COMP',
            expectedVersion,
            configuration: { ...product.configuration, minimumPremium },
          },
          admin,
        );
      const results = await Promise.all([save(2_600_000), save(2_700_000)]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const conflict = results.find((response) => response.statusCode === 409)!.json();
      expect(conflict).toMatchObject({
        status: false,
        err_code: 'STALE_VERSION',
        err_msg: 'This product was changed by someone else. Reload it to see the latest version.',
      });
      expect((await save(2_800_000, product.version)).statusCode).toBe(409);
      expect((await getProduct('CIC-MP-COMP')).version).toBe(product.version + 1);
      const versions = await ctx.database.db
        .select()
        .from(productVersions)
        .innerJoin(insuranceProducts, eq(insuranceProducts.id, productVersions.productId))
        .where(eq(insuranceProducts.productSystemRef, 'CIC-MP-COMP'));
      // One version per save that won (earlier tests may have saved CIC before).
      expect(versions).toHaveLength(product.version + 1);
    });
  });

  describe('quotations keep the version they were priced on', () => {
    const invoiceAmount = async (systemQuotationRef: string) => {
      const [row] = await ctx.database.db
        .select({ amount: invoices.amount, status: invoices.status })
        .from(invoices)
        .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
        .where(eq(quotations.systemQuotationRef, systemQuotationRef));
      return row;
    };

    async function payInFull(headers: Headers, systemQuotationRef: string) {
      const completed = await completeQuotation(ctx, headers, systemQuotationRef);
      expect(completed.statusCode, completed.body).toBe(200);
      const invoice = completed.json().result.data as { invoiceSystemRef: string; amount: number };
      const started = await pay(ctx, headers, invoice.invoiceSystemRef, '254712345678');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().result.data.amount).toBe(invoice.amount);
      const paid = await waitUntil(
        () => invoiceAmount(systemQuotationRef),
        (row) => row?.status === 'PAID',
      );
      expect(paid?.status).toBe('PAID');
      return invoice;
    }

    it('an old quotation invoices and pays its old price; a new one gets the new price and version', async () => {
      const headers = await signedIn(ctx);
      const old = await createQuotation(ctx, headers);
      // 75,000 basic (boundary relief) + PVT 3,750; levies 158 + 197 + 40 (as in purchase.test.ts).
      expect(old.premium).toBe(7_914_500); // cents
      expect(old).toMatchObject({ productVersion: 1 });

      const changed = await edit('APA-MP-PLUS', (c) => {
        c.bands[2]!.rate = 0.06;
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().result.data.version).toBe(2);

      const fresh = await createQuotation(ctx, headers);
      // 1,500,000 × 6 % = 90,000 + PVT 3,750 = 93,750; levies 188 + 234 + 40.
      expect(fresh.premium).toBe(9_421_200);
      expect(fresh).toMatchObject({ productVersion: 2 });

      const invoice = await payInFull(headers, old.systemQuotationRef);
      expect(invoice.amount).toBe(7_914_500);
      const details = (
        await call(ctx, 'underwriting', 'quotation', 'getQuotationDetails', old, headers)
      ).json().result.data;
      expect(details).toMatchObject({
        premium: 7_914_500,
        productVersion: 1,
        policyNumber: expect.any(String),
      });
      expect((await invoiceAmount(fresh.systemQuotationRef)) ?? null).toBeNull();
    });

    it('a deactivated product leaves the quotes grid and cannot be quoted; its quotations still pay', async () => {
      const headers = await signedIn(ctx);
      const quoted = await createQuotation(ctx, headers, { productSystemRef: 'APA-MP-PLUS' });
      const product = await getProduct('APA-MP-PLUS');

      const stale = await backoffice(
        'setProductActive',
        { productSystemRef: 'APA-MP-PLUS', expectedVersion: product.version - 1, active: false },
        admin,
      );
      expect(stale.statusCode).toBe(409);
      const off = await backoffice(
        'setProductActive',
        { productSystemRef: 'APA-MP-PLUS', expectedVersion: product.version, active: false },
        admin,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().result.data).toMatchObject({ active: false, version: product.version + 1 });
      const again = await backoffice(
        'setProductActive',
        { productSystemRef: 'APA-MP-PLUS', expectedVersion: product.version + 1, active: false },
        admin,
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual([
        { field: 'active', message: 'This product is already inactive.' },
      ]);

      expect((await grid()).map((p) => p.productSystemRef)).not.toContain('APA-MP-PLUS');
      const details = await call(ctx, 'underwriting', 'product', 'productWithBenefitsAndUnderwriterDetails', {
        productSystemRef: 'APA-MP-PLUS',
      });
      expect(details.statusCode).toBe(404);
      const refused = await call(ctx, 'client', 'quotation', 'createQuotation', quotationPayload(), headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().err_msg).toBe('This product is no longer available.');
      const listed = (await backoffice('listProducts', { active: false }, admin)).json().result.data;
      expect(listed.items.map((item: { productSystemRef: string }) => item.productSystemRef)).toEqual([
        'APA-MP-PLUS',
      ]);

      const invoice = await payInFull(headers, quoted.systemQuotationRef);
      expect(invoice.amount).toBe(quoted.premium);

      const versions = (
        await backoffice('listProductVersions', { productSystemRef: 'APA-MP-PLUS' }, admin)
      ).json().result.data.items;
      expect(versions[0]).toMatchObject({
        version: product.version + 1,
        changeSummary: 'Deactivated: no longer quoted.',
      });
      const on = await backoffice(
        'setProductActive',
        { productSystemRef: 'APA-MP-PLUS', expectedVersion: product.version + 1, active: true },
        admin,
      );
      expect(on.statusCode, on.body).toBe(200);
      expect((await grid()).map((p) => p.productSystemRef)).toContain('APA-MP-PLUS');
    });
  });

  describe('products rated on their risk (insurance classes)', () => {
    const lorry = {
      coverType: 'comprehensive-commercial',
      vehicleValue: 4_000_000,
      vehicleType: 'lorry',
      tonnageCapacity: 10,
      usageDetails: { primaryUse: 'general-cartage', goodsCarried: 'Cement', routes: 'Nairobi to Nakuru' },
    };
    const standardCommercial = async () => {
      const quotes = await call(ctx, 'underwriting', 'product', 'fetchInsuranceClassReccomendations', {
        insuranceClass: '08',
        risk: lorry,
      });
      return quotes
        .json()
        .result.data.find(
          (product: { productSystemRef: string }) => product.productSystemRef === 'JUB-MC-STD',
        );
    };

    it('answers the bands per group, loadings, minimums by tonnage and amounts per unit', async () => {
      const commercial = await getProduct('JUB-MC-STD', jubilee);
      expect(commercial.configuration).toMatchObject({
        rateBasis: 'rated',
        fixedPremium: null,
        bands: [
          { group: 'vehicle', fromValue: 0, rate: 0.045 },
          { group: 'vehicle', fromValue: 500_000_000, rate: 0.04 },
        ],
        loadings: expect.arrayContaining([
          { factor: 'primaryUse', option: 'general-cartage', multiplier: 1.4 },
        ]),
        minimums: expect.arrayContaining([{ quantity: 'tonnageKg', fromQuantity: 8_000, amount: 5_000_000 }]),
        perUnit: [],
      });
      const aviation = await getProduct('JUB-AV-HULL');
      expect(aviation.configuration.perUnit).toEqual([{ quantity: 'seats', amount: 2_000_000 }]);
    });

    it("refuses a loading twice, a minimum that falls with more tonnage, a multiplier out of range, and names the class's risks never produce", async () => {
      const commercial = await getProduct('JUB-MC-STD', jubilee);
      const c = commercial.configuration as ProductConfiguration;
      const attempt = (configuration: Partial<ProductConfiguration>) =>
        backoffice(
          'updateProduct',
          {
            productSystemRef: 'JUB-MC-STD',
            expectedVersion: commercial.version,
            configuration: { ...c, ...configuration },
          },
          jubilee,
        );
      const twice = await attempt({ loadings: [...(c.loadings ?? []), c.loadings![0]!] });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors).toContainEqual({
        field: `configuration.loadings.${c.loadings!.length}.option`,
        message: M.loadingTwice,
      });
      const falling = await attempt({
        minimums: [
          { quantity: 'tonnageKg', fromQuantity: 0, amount: 3_000_000 },
          { quantity: 'tonnageKg', fromQuantity: 3_000, amount: 2_000_000 },
        ],
      });
      expect(falling.json().errors).toContainEqual({
        field: 'configuration.minimums.1.fromQuantity',
        message: M.minimumOrder,
      });
      const unknown = await attempt({
        loadings: [
          { factor: 'primaryUse', option: 'school-bus', multiplier: 1.2 },
          { factor: 'colour', option: 'red', multiplier: 1.1 },
        ],
        minimums: [{ quantity: 'seats', fromQuantity: 0, amount: 2_000_000 }],
        bands: [{ group: 'hull', fromValue: 0, rate: 0.045 }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual(
        expect.arrayContaining([
          {
            field: 'configuration.loadings.0.option',
            message:
              '"school-bus" is not an option of primaryUse (its options: own-goods, general-cartage, psv).',
          },
          {
            field: 'configuration.loadings.1.factor',
            message: 'Motor Commercial has no rating factor "colour" (it has: primaryUse, vehicleType).',
          },
          {
            field: 'configuration.minimums.0.quantity',
            message: 'Motor Commercial counts no quantity "seats" (it counts: tonnageKg).',
          },
          {
            field: 'configuration.bands.0.group',
            message: 'Motor Commercial has no sums insured "hull" (it has: vehicle).',
          },
        ]),
      );
      const huge = await attempt({ loadings: [{ factor: 'primaryUse', option: 'psv', multiplier: 11 }] });
      expect(huge.json().errors).toContainEqual({
        field: 'configuration.loadings.0.multiplier',
        message: M.multiplierRange,
      });
      expect((await getProduct('JUB-MC-STD')).version).toBe(commercial.version);
    });

    it('a new general-cartage loading is a new version and prices the next quotes', async () => {
      const before = await standardCommercial();
      expect(before.premium).toBe((252_000 + 504 + 630 + 40) * 100);
      const commercial = await getProduct('JUB-MC-STD', jubilee);
      const c = commercial.configuration as ProductConfiguration;
      const loadings = (c.loadings ?? []).map((loading) =>
        loading.option === 'general-cartage' ? { ...loading, multiplier: 1.5 } : loading,
      );
      const saved = await backoffice(
        'updateProduct',
        {
          productSystemRef: 'JUB-MC-STD',
          expectedVersion: commercial.version,
          configuration: { ...c, loadings },
        },
        jubilee,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().result.data.version).toBe(commercial.version + 1);
      const versions = (
        await backoffice('listProductVersions', { productSystemRef: 'JUB-MC-STD' }, jubilee)
      ).json().result.data;
      expect(versions.items[0].changeSummary).toBe('Changed rating factors.');
      // 4.5 % of 4,000,000 × 1.5.
      const after = await standardCommercial();
      expect(after.premium).toBe((270_000 + 540 + 675 + 40) * 100);
    });
  });
});
