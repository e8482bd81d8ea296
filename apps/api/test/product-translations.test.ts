import type { ProductConfiguration } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceProducts, productBenefits, productExcesses } from '../src/db/schema';
import { seedSampleData } from '../src/db/seed';
import { CLASS_PRODUCT_SEED } from '../src/modules/product/class-markets';
import { PRODUCT_SEED } from '../src/modules/product/seed-data';
import { BENEFIT_DESCRIPTION_SWAHILI, BENEFIT_NAME_SWAHILI } from '../src/modules/product/seed-data.sw';
import { call } from './accounts-helpers';
import { buildTestApp, type TestContext } from './helpers';
import { createQuotation, signedIn } from './purchase-helpers';
import { createStaffUser, type Headers } from './staff-helpers';

type Quoted = { productSystemRef: string; productName: string; productDescription: string; premium: number };

/** Issue 14: the underwriters' own words (products, benefits, excesses) in the reader's language. */
describe('underwriters’ product texts in English and Swahili', () => {
  let ctx: TestContext;
  let admin: Headers;
  let client: Headers;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = (await createStaffUser(ctx, null)).headers;
    client = await signedIn(ctx);
  });
  afterAll(() => ctx.app.close());

  const inLanguage = (language: string | undefined, headers: Headers = {}) =>
    language ? { ...headers, 'accept-language': language } : headers;
  const product = (action: string, data: unknown, language?: string) =>
    call(ctx, 'underwriting', 'product', action, data, inLanguage(language));
  const grid = async (language?: string, riskValue = 150_000_000) => {
    const response = await product(
      'fetchInsuranceClassReccomendations',
      { insuranceClass: '07', riskValue, coverType: '' },
      language,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data as Quoted[];
  };
  const premium = async (language?: string) => {
    const response = await product(
      'productPremiumCalc',
      {
        productSystemRef: 'JUB-MP-ELITE',
        risk: { value: 200_000_000 },
        coverDetails: { period: 365 },
        additionalBenefits: [{ benefitSystemRef: 'JUB-MP-ELITE-PVT' }],
        excesses: [{ id: 'collision', amount: 2_500_000 }],
      },
      language,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data as {
      productName: string;
      total: number;
      benefits: Array<{ benefitSystemRef: string; name: string }>;
      excesses: Array<{ id: string; name: string }>;
      charges: Array<{ charge_name: string }>;
    };
  };

  it('has Swahili for every sample benefit name and description', () => {
    for (const seed of [...PRODUCT_SEED, ...CLASS_PRODUCT_SEED]) {
      for (const benefit of seed.benefits) {
        expect(BENEFIT_NAME_SWAHILI[benefit.name], benefit.name).toBeTruthy();
        expect(BENEFIT_DESCRIPTION_SWAHILI[benefit.description], benefit.description).toBeTruthy();
      }
    }
  });

  it('seeds the Swahili into every sample product and benefit row', async () => {
    const products = await ctx.database.db.select().from(insuranceProducts);
    for (const row of products) expect(row.translations.sw?.description, row.productSystemRef).toBeTruthy();
    const benefits = await ctx.database.db.select().from(productBenefits);
    for (const row of benefits) expect(row.translations.sw?.name, row.benefitSystemRef).toBeTruthy();
  });

  it('fills the sample’s Swahili into sample rows seeded before it, never over words already set', async () => {
    const db = ctx.database.db;
    await db
      .update(insuranceProducts)
      .set({ translations: {} })
      .where(eq(insuranceProducts.productSystemRef, 'CIC-MP-TPO'));
    await db
      .update(productBenefits)
      .set({ translations: {} })
      .where(eq(productBenefits.benefitSystemRef, 'CIC-MP-TPO-TPI'));
    await db
      .update(productBenefits)
      .set({ translations: { sw: { name: 'Jina la mfanyakazi' } } })
      .where(eq(productBenefits.benefitSystemRef, 'CIC-MP-TPO-TPP'));
    await db.update(productExcesses).set({ translations: {} });
    await seedSampleData(db);
    const [product] = await db
      .select()
      .from(insuranceProducts)
      .where(eq(insuranceProducts.productSystemRef, 'CIC-MP-TPO'));
    expect(product!.translations.sw?.name).toBe('CIC Bima ya Mtu wa Tatu Pekee');
    const benefits = await db
      .select()
      .from(productBenefits)
      .where(eq(productBenefits.productId, product!.id));
    const byRef = new Map(benefits.map((row) => [row.benefitSystemRef, row.translations]));
    expect(byRef.get('CIC-MP-TPO-TPI')?.sw?.name).toBe('Majeraha ya Mwili kwa Mtu wa Tatu');
    expect(byRef.get('CIC-MP-TPO-TPP')).toEqual({ sw: { name: 'Jina la mfanyakazi' } });
    const excesses = await db.select().from(productExcesses);
    expect(excesses.length).toBeGreaterThan(0);
    for (const row of excesses) expect(row.translations.sw?.name, row.code).toBeTruthy();
    // Back as seeded, for the tests after this one.
    await db
      .update(productBenefits)
      .set({
        translations: {
          sw: {
            name: 'Uharibifu wa Mali ya Mtu wa Tatu',
            description: 'Uharibifu unaosababisha kwa magari na mali za watu wengine.',
          },
        },
      })
      .where(eq(productBenefits.benefitSystemRef, 'CIC-MP-TPO-TPP'));
  });

  it('quotes in the request’s language: the same request body answers English and Swahili', async () => {
    // Asked in turn, so the second is served from the kept answers: the key holds the language.
    const english = await grid('en');
    const swahili = await grid('sw');
    const englishAgain = await grid();
    const swahiliAgain = await grid('sw-KE,sw;q=0.9,en;q=0.8');
    const of = (list: Quoted[], ref: string) => list.find((item) => item.productSystemRef === ref)!;

    expect(of(english, 'CIC-MP-COMP').productName).toBe('CIC Motor Comprehensive');
    expect(of(swahili, 'CIC-MP-COMP').productName).toBe('CIC Bima Kamili ya Gari');
    expect(of(swahili, 'JUB-MP-TPO').productName).toBe('Jubilee Bima ya Mtu wa Tatu Pekee');
    // A brand name has no Swahili of its own: it stays, and its description is Swahili.
    expect(of(swahili, 'JUB-MP-ELITE').productName).toBe('Jubilee Motor Elite');
    expect(of(swahili, 'JUB-MP-ELITE').productDescription).toMatch(/^Bima kamili/);
    expect(of(english, 'JUB-MP-ELITE').productDescription).toMatch(/^Premium comprehensive cover/);
    expect(englishAgain).toEqual(english);
    expect(swahiliAgain).toEqual(swahili);
    // Only the words differ, never the prices.
    expect(swahili.map((item) => item.premium)).toEqual(english.map((item) => item.premium));
  });

  it('prices in the request’s language, with the benefit and excess lines named in it', async () => {
    const english = await premium('en');
    const swahili = await premium('sw');
    expect(await premium('en')).toEqual(english);
    expect(await premium('sw')).toEqual(swahili);
    expect(swahili.total).toBe(english.total);
    const pvt = (quote: typeof english) =>
      quote.benefits.find((b) => b.benefitSystemRef === 'JUB-MP-ELITE-PVT')!;
    expect(pvt(english).name).toBe('Political Violence and Terrorism');
    expect(pvt(swahili).name).toBe('Vurugu za Kisiasa na Ugaidi');
    expect(english.excesses[0]).toMatchObject({ id: 'collision', name: 'Collision' });
    expect(swahili.excesses[0]).toMatchObject({ id: 'collision', name: 'Ajali ya Kugongana' });
    expect(swahili.charges.map((charge) => charge.charge_name)).toEqual([
      'Ushuru wa Mafunzo (Training Levy)',
      'Ushuru wa PHCF',
      'Ushuru wa stempu',
    ]);
    expect(english.charges.map((charge) => charge.charge_name)).toEqual([
      'Training Levy',
      'PHCF Levy',
      'Stamp Duty',
    ]);
  });

  it('gives the product’s details in the request’s language', async () => {
    const details = async (language: string) =>
      (
        await product(
          'productWithBenefitsAndUnderwriterDetails',
          { productSystemRef: 'APA-MP-PLUS' },
          language,
        )
      ).json().result.data[0] as {
        productOverview: string;
        productBenefits: Array<{ benefit_category_name: string; benefit_category_description: string }>;
        excesses: Array<{ name: string; description: string }>;
      };
    const english = await details('en');
    const swahili = await details('sw');
    expect(english.productBenefits[0]!.benefit_category_name).toBe('Own Damage');
    expect(swahili.productBenefits[0]!.benefit_category_name).toBe('Uharibifu wa Gari Lako');
    expect(swahili.productBenefits[0]!.benefit_category_description).toMatch(/^Matengenezo/);
    expect(swahili.productOverview).toMatch(/^Bima kamili/);
    expect(swahili.excesses.map((excess) => excess.name)).toEqual([
      'Ajali ya Kugongana',
      'Wizi',
      'Kioo cha Mbele',
    ]);
  });

  it('names a quotation’s product and benefits in the reader’s language; English is kept', async () => {
    const { systemQuotationRef } = await createQuotation(ctx, inLanguage('sw', client));
    const read = async (language: string) => {
      const response = await call(
        ctx,
        'underwriting',
        'quotation',
        'getQuotationDetails',
        { systemQuotationRef },
        inLanguage(language, client),
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.data as {
        productName: string;
        breakdown: { benefits: Array<{ name: string }> };
      };
    };
    const english = await read('en');
    const swahili = await read('sw');
    // APA Motor Plus is a brand: its name stays; the PVT line is in Swahili.
    expect(english.productName).toBe('APA Motor Plus');
    expect(swahili.productName).toBe('APA Motor Plus');
    expect(english.breakdown.benefits.map((b) => b.name)).toContain('Political Violence and Terrorism');
    expect(swahili.breakdown.benefits.map((b) => b.name)).toContain('Vurugu za Kisiasa na Ugaidi');

    const tpft = await createQuotation(ctx, inLanguage('en', client), {
      productSystemRef: 'APA-MP-TPFT',
      additionalBenefits: [],
    });
    const list = await call(ctx, 'client', 'quotation', 'listQuotations', {}, inLanguage('sw', client));
    const names = (list.json().result.data as Array<{ systemQuotationRef: string; productName: string }>).map(
      (item) => [item.systemQuotationRef, item.productName],
    );
    expect(names).toContainEqual([tpft.systemQuotationRef, 'APA Mtu wa Tatu, Moto na Wizi']);
  });

  describe('the back office', () => {
    const backoffice = (action: string, data: unknown, language?: string) =>
      call(ctx, 'backoffice', 'product', action, data, inLanguage(language, admin));
    const getProduct = async (productSystemRef: string) =>
      (await backoffice('getProduct', { productSystemRef })).json().result.data as {
        version: number;
        configuration: ProductConfiguration;
      };
    const save = async (
      productSystemRef: string,
      change: (configuration: ProductConfiguration) => void,
      language?: string,
    ) => {
      const current = await getProduct(productSystemRef);
      const configuration = structuredClone(current.configuration);
      change(configuration);
      return backoffice(
        'updateProduct',
        { productSystemRef, expectedVersion: current.version, configuration },
        language,
      );
    };

    it('answers the Swahili fields with the English ones, even to a Swahili reader', async () => {
      const { configuration } = await getProduct('CIC-MP-COMP');
      expect(configuration.name).toBe('CIC Motor Comprehensive');
      expect(configuration.translations).toEqual({
        sw: expect.objectContaining({ name: 'CIC Bima Kamili ya Gari' }),
      });
      const swahiliReader = (await backoffice('getProduct', { productSystemRef: 'CIC-MP-COMP' }, 'sw')).json()
        .result.data.configuration as ProductConfiguration;
      expect(swahiliReader.name).toBe('CIC Motor Comprehensive');
      expect(swahiliReader.benefits[0]!.name).toBe('Own Damage');
    });

    it('saves a Swahili benefit name, served at once to Swahili readers only', async () => {
      await grid('sw', 170_000_000); // kept before the change: the save must not leave it served
      const response = await save('BRT-MP-COMP', (c) => {
        const towing = c.benefits.find((b) => b.benefitSystemRef === 'BRT-MP-COMP-TOWING')!;
        towing.translations = { sw: { name: 'Kuvutwa kwa Gari Saa 24' } };
        c.translations = { sw: { ...c.translations?.sw, name: '  Britam Gari Binafsi  ' } };
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json().result.data.configuration as ProductConfiguration;
      expect(saved.translations?.sw?.name).toBe('Britam Gari Binafsi');
      expect(saved.benefits.find((b) => b.benefitSystemRef === 'BRT-MP-COMP-TOWING')!.translations).toEqual({
        sw: { name: 'Kuvutwa kwa Gari Saa 24' },
      });
      expect(response.json().result.data).toMatchObject({ version: 2 });

      const swahili = (await grid('sw', 170_000_000)).find(
        (item) => item.productSystemRef === 'BRT-MP-COMP',
      )!;
      expect(swahili.productName).toBe('Britam Gari Binafsi');
      const english = (await grid('en', 170_000_000)).find(
        (item) => item.productSystemRef === 'BRT-MP-COMP',
      )!;
      expect(english.productName).toBe('Britam Motor Private');
      const details = (
        await product('productWithBenefitsAndUnderwriterDetails', { productSystemRef: 'BRT-MP-COMP' }, 'sw')
      ).json().result.data[0] as {
        productBenefits: Array<{ benefitSystemRef: string; benefit_category_name: string }>;
      };
      expect(
        details.productBenefits.find((b) => b.benefitSystemRef === 'BRT-MP-COMP-TOWING')!
          .benefit_category_name,
      ).toBe('Kuvutwa kwa Gari Saa 24');
    });

    it('falls back to English where a row has no Swahili (a cleared field, a new benefit)', async () => {
      const response = await save('ICEA-MP-TPO', (c) => {
        c.translations = { sw: { name: '' } };
        c.benefits.push({
          name: 'Key Replacement',
          description: 'Lost or stolen car keys replaced.',
          benefitType: 'optional',
          limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
          pricing: { kind: 'fixed', amount: 100_000 },
        });
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await ctx.database.db
        .select({ translations: insuranceProducts.translations })
        .from(insuranceProducts)
        .where(eq(insuranceProducts.productSystemRef, 'ICEA-MP-TPO'));
      expect(row!.translations).toEqual({});
      const swahili = (await grid('sw', 0)).find((item) => item.productSystemRef === 'ICEA-MP-TPO')!;
      expect(swahili.productName).toBe('ICEA LION Third Party Only');
      expect(swahili.productDescription).toBe('Third-party cover with higher property limits available.');
      const details = (
        await product('productWithBenefitsAndUnderwriterDetails', { productSystemRef: 'ICEA-MP-TPO' }, 'sw')
      ).json().result.data[0] as { productBenefits: Array<{ benefit_category_name: string }> };
      expect(details.productBenefits.map((b) => b.benefit_category_name)).toContain('Key Replacement');
      expect(details.productBenefits.map((b) => b.benefit_category_name)).toContain('Msaada Barabarani');
    });

    it('refuses a Swahili text that is too long, with the message in the reader’s language', async () => {
      const english = await save('JUB-MP-ELITE', (c) => {
        c.benefits[0]!.translations = { sw: { name: 'x'.repeat(121) } };
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().errors).toContainEqual({
        field: 'configuration.benefits.0.translations.sw.name',
        message: 'The Swahili name can be at most 120 characters.',
      });
      const swahili = await save(
        'JUB-MP-ELITE',
        (c) => {
          c.translations = { sw: { description: 'x'.repeat(501) } };
        },
        'sw',
      );
      expect(swahili.statusCode).toBe(400);
      expect(swahili.json().errors).toContainEqual({
        field: 'configuration.translations.sw.description',
        message: 'Maelezo ya Kiswahili yasizidi herufi 500.',
      });
    });
  });
});
