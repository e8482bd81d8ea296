import { catalogueProductSchema } from '@bima/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SEED } from '../src/modules/catalogue/seed-data';
import { buildTestApp, envelope } from './helpers';

describe('underwriting / catalogue / listProducts', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.app.close());

  const listProducts = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      payload: envelope('underwriting', 'catalogue', 'listProducts'),
    });
    expect(response.statusCode).toBe(200);
    return response.json().result.data as unknown[];
  };

  it('serves every catalogue entry from the database with the catalogue fields', async () => {
    const products = await listProducts();
    expect(products).toHaveLength(17);
    for (const product of products) expect(catalogueProductSchema.parse(product)).toEqual(product);
  });

  it('has the spec-2 availability per category', async () => {
    const products = (await listProducts()).map((p) => catalogueProductSchema.parse(p));
    const names = (category: string, available: boolean) =>
      products.filter((p) => p.category === category && p.available === available).map((p) => p.name);
    expect(names('individual', true)).toEqual(['Motor Private', 'Fire Domestic']);
    expect(names('business', true)).toEqual(['Motor Commercial', 'Aviation Insurance', 'Theft Insurance']);
    expect(names('individual', false)).toEqual([
      'Medical',
      'Life Assurance',
      'Annuities',
      'Unit Link and Linked Investments',
      'Non-Linked Investments',
      'Permanent Health',
      'Home Insurance',
    ]);
    expect(names('business', false)).toEqual([
      'Engineering Insurance',
      'Group Life',
      'Group Credit',
      'Deposit Administration',
      'Marine',
    ]);
    for (const product of products.filter((p) => !p.available)) expect(product.comingSoon).toBe(true);
    expect(products.find((p) => p.name === 'Motor Private')?.classCode).toBe('07');
  });

  it('gives every product a local image and a unique id and route', async () => {
    const products = (await listProducts()).map((p) => catalogueProductSchema.parse(p));
    for (const product of products) expect(product.image).toBe(`/images/products/${product.routeName}.svg`);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.routeName)).size).toBe(products.length);
  });

  it('reads what is in the database, not a copy in code', async () => {
    const { catalogueProducts } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db
      .update(catalogueProducts)
      .set({ name: 'Motor Private Plus' })
      .where(eq(catalogueProducts.id, 1));
    const products = (await listProducts()).map((p) => catalogueProductSchema.parse(p));
    expect(products[0]?.name).toBe('Motor Private Plus');
    await ctx.database.db
      .update(catalogueProducts)
      .set({ name: 'Motor Private' })
      .where(eq(catalogueProducts.id, 1));
  });

  it('seeding again changes nothing (idempotent)', async () => {
    const { seedSampleData } = await import('../src/db/seed');
    await seedSampleData(ctx.database.db);
    await seedSampleData(ctx.database.db);
    expect(await listProducts()).toHaveLength(CATALOGUE_SEED.length);
  });

  it('carries every entry’s Kiswahili words from its row, feature for feature (issue 14)', async () => {
    const products = (await listProducts()).map((p) => catalogueProductSchema.parse(p));
    for (const product of products) {
      const swahili = product.translations?.sw;
      expect(swahili, `${product.name} in Kiswahili`).toBeDefined();
      expect(swahili!.name).not.toBe(product.name);
      expect(swahili!.keyFeatures).toHaveLength(product.keyFeatures.length);
    }
    expect(products.find((p) => p.id === 1)?.translations?.sw?.name).toBe('Bima ya Gari Binafsi');
  });

  it('seeding fills the translations of a row without them and keeps words someone changed', async () => {
    const { catalogueProducts } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const { seedSampleData } = await import('../src/db/seed');
    const db = ctx.database.db;
    await db.update(catalogueProducts).set({ translations: {} }).where(eq(catalogueProducts.id, 2));
    const edited = {
      sw: { name: 'Bima ya Moto (imehaririwa)', description: 'Maelezo mapya.', keyFeatures: [] },
    };
    await db.update(catalogueProducts).set({ translations: edited }).where(eq(catalogueProducts.id, 3));
    await seedSampleData(db);
    const products = (await listProducts()).map((p) => catalogueProductSchema.parse(p));
    expect(products.find((p) => p.id === 2)?.translations?.sw?.name).toBe('Bima ya Moto ya Nyumbani');
    expect(products.find((p) => p.id === 3)?.translations).toEqual(edited);
  });
});

describe('advertisements in the older shape', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.app.close());

  it('POST /v2/api/v1/home {resource: advertisement, action: list} returns result.result', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1/home',
      payload: { resource: 'advertisement', action: 'list', data: {} },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(true);
    expect(Array.isArray(body.result.result)).toBe(true);
    expect(body.result.result.length).toBeGreaterThan(0);
    expect(body.result.result[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
  });

  it('answers 404 for an unknown older-shape resource', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1/home',
      payload: { resource: 'banner', action: 'list', data: {} },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: false, err_code: 'NOT_FOUND' });
  });

  it('serves the support contacts from configuration', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      payload: envelope('platform', 'support', 'getSupportContacts'),
    });
    expect(response.json().result.data).toEqual({
      phone: ctx.config.SUPPORT_PHONE,
      email: ctx.config.SUPPORT_EMAIL,
      address: ctx.config.SUPPORT_ADDRESS,
    });
  });
});
