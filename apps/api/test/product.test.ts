import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/gateway/serialized';
import { buildTestApp, envelope } from './helpers';

describe('underwriting / product', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.app.close());

  const call = (action: string, data: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      payload: envelope('underwriting', 'product', action, data),
    });

  describe('fetchInsuranceClassReccomendations', () => {
    it('quotes every cover type of the class for a KES 1,500,000 car, each priced', async () => {
      const response = await call('fetchInsuranceClassReccomendations', {
        insuranceClass: '07',
        riskValue: 150_000_000,
        coverType: '',
      });
      expect(response.statusCode).toBe(200);
      const products = response.json().result.data as Array<Record<string, unknown>>;
      expect(products.length).toBeGreaterThanOrEqual(8);
      expect(new Set(products.map((p) => p.coverType))).toEqual(
        new Set(['comprehensive', 'third-party-fire-theft', 'third-party']),
      );
      expect(
        new Set(products.map((p) => (p.underwriter as Array<{ name: string }>)[0]?.name)).size,
      ).toBeGreaterThanOrEqual(4);
      for (const product of products) {
        expect(product.premium).toEqual(expect.any(Number));
        expect(product.premium as number).toBeGreaterThan(0);
      }
      const apa = products.find((p) => p.productSystemRef === 'APA-MP-PLUS');
      // 4 % of 1,500,000 = 60,000, but boundary relief keeps the 5 % band's top: 75,000.
      expect(apa?.basePremium).toBe(7_500_000);
      // + Training Levy 150 + PHCF 188 (187.5 rounds up) + stamp duty 40
      expect(apa?.premium).toBe(7_500_000 + 15_000 + 18_800 + 4_000);
      expect(apa?.basePremiumRate).toMatchObject({ rateType: 'percentage', value: 0.04 });
      // The grid gets no benefits, excesses or charges: those come with the product's details.
      expect(apa).not.toHaveProperty('productBenefits');
      expect(apa).not.toHaveProperty('excesses');
      expect(JSON.stringify(response.json()).length).toBeLessThan(12_000);
    });

    it('returns only third-party products for a third-party request, with a fixed rate', async () => {
      const response = await call('fetchInsuranceClassReccomendations', {
        insuranceClass: '07',
        riskValue: 0,
        coverType: 'third-party',
      });
      const products = response.json().result.data as Array<Record<string, unknown>>;
      expect(products.length).toBeGreaterThanOrEqual(3);
      for (const product of products) {
        expect(product.coverType).toBe('third-party');
        expect(product.basePremiumRate).toMatchObject({ rateType: 'fixed' });
      }
    });

    it('leaves out products that do not cover the value', async () => {
      const response = await call('fetchInsuranceClassReccomendations', {
        insuranceClass: '07',
        riskValue: 28_000_000,
        coverType: 'comprehensive',
      });
      const refs = (response.json().result.data as Array<{ productSystemRef: string }>).map(
        (p) => p.productSystemRef,
      );
      expect(refs).toEqual(['BRT-MP-COMP']);
    });

    it.each([
      [
        { riskValue: 100_000_000, coverType: '' },
        'insuranceClass',
        'Insurance class code is required but not provided.',
      ],
      [
        { insuranceClass: '', riskValue: 100_000_000 },
        'insuranceClass',
        'Insurance class code is required but not provided.',
      ],
      [
        { insuranceClass: '07', riskValue: 100_000_000, coverType: 'fully-loaded' },
        'coverType',
        'Invalid cover type',
      ],
      [
        { insuranceClass: '07', riskValue: 0, coverType: 'comprehensive' },
        'riskValue',
        'Vehicle value must be greater than 0 for comprehensive cover',
      ],
      [
        { insuranceClass: '07', riskValue: -5, coverType: 'comprehensive' },
        'riskValue',
        'Amounts cannot be negative.',
      ],
      // Issue 29: the wire takes integer cents of whole shillings, never typed text.
      [
        { insuranceClass: '07', riskValue: 150_000_050, coverType: 'comprehensive' },
        'riskValue',
        'Enter a whole number of shillings.',
      ],
      [
        { insuranceClass: '07', riskValue: '1,500,000', coverType: 'comprehensive' },
        'riskValue',
        'Enter a whole number of shillings.',
      ],
    ])('refuses %j with %s: %s', async (data, field, message) => {
      const response = await call('fetchInsuranceClassReccomendations', data);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    });

    it('returns an empty list for a class without products', async () => {
      const response = await call('fetchInsuranceClassReccomendations', {
        insuranceClass: '99',
        riskValue: 100,
        coverType: '',
      });
      expect(response.json()).toEqual({ status: true, result: { data: [] } });
    });
  });

  describe('productWithBenefitsAndUnderwriterDetails', () => {
    it('returns the product with benefits, excesses and underwriter as a one-item list', async () => {
      const response = await call('productWithBenefitsAndUnderwriterDetails', {
        productSystemRef: 'JUB-MP-ELITE',
      });
      const [product] = response.json().result.data;
      expect(product.productName).toBe('Jubilee Motor Elite');
      expect(product.underwriter[0].name).toBe('Jubilee Insurance');
      expect(product.productBenefits.map((b: { benefitType: string }) => b.benefitType)).toEqual(
        expect.arrayContaining(['embedded', 'inbuilt', 'optional']),
      );
      expect(product.excesses.map((e: { id: string }) => e.id)).toEqual(['collision', 'theft', 'windscreen']);
      expect(product.productTnc).toMatch(/^\/documents\/terms\/.+\.html$/);
    });

    it("gives the rate of the vehicle's value band when a riskValue is sent", async () => {
      const rate = async (data: Record<string, unknown>) =>
        (await call('productWithBenefitsAndUnderwriterDetails', data)).json().result.data[0].basePremiumRate
          .value;
      expect(await rate({ productSystemRef: 'APA-MP-PLUS' })).toBe(0.06);
      expect(await rate({ productSystemRef: 'APA-MP-PLUS', riskValue: 150_000_000 })).toBe(0.04);
      expect(await rate({ productSystemRef: 'APA-MP-PLUS', riskValue: 600_000_000 })).toBe(0.03);
    });

    it('answers 404 for an unknown product', async () => {
      const response = await call('productWithBenefitsAndUnderwriterDetails', { productSystemRef: 'NOPE' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('answers kept serialized', () => {
    it('answers the same JSON, headers and security headers from the kept answer as the first time', async () => {
      const requests = [
        [
          'fetchInsuranceClassReccomendations',
          { insuranceClass: '07', riskValue: 123_400_000, coverType: '' },
        ],
        [
          'productPremiumCalc',
          {
            productSystemRef: 'APA-MP-PLUS',
            risk: { value: 123_400_000 },
            additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-PVT' }],
            excesses: [],
            coverDetails: { period: 365 },
          },
        ],
      ] as const;
      for (const [action, data] of requests) {
        const first = await call(action, data);
        const again = await call(action, data);
        expect(first.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        expect(JSON.stringify(first.json())).toBe(first.body);
        expect(first.json().status).toBe(true);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(again.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers a browser in brotli or gzip, the same JSON, encoded once and kept', async () => {
      const data = { insuranceClass: '07', riskValue: 177_700_000, coverType: '' };
      const plain = await call('fetchInsuranceClassReccomendations', data);
      const ask = (acceptEncoding: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/v2/api/v1',
          headers: { 'accept-encoding': acceptEncoding },
          payload: envelope('underwriting', 'product', 'fetchInsuranceClassReccomendations', data),
        });
      const br = await ask('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect((await ask('gzip, deflate, br')).rawPayload.equals(br.rawPayload)).toBe(true);

      const gzip = await ask('gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(gzip.headers['x-content-type-options']).toBe('nosniff');

      const identity = await ask('identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain.body);
      expect(plain.headers.vary).toContain('accept-encoding');
    });

    it('reads accept-encoding as HTTP does: q-values, q=0 and the wildcard', () => {
      expect(preferredEncoding(undefined)).toBe('identity');
      expect(preferredEncoding('gzip, deflate, br')).toBe('br');
      expect(preferredEncoding('gzip, deflate')).toBe('gzip');
      expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
      expect(preferredEncoding('BR ; Q=0.1')).toBe('br');
      expect(preferredEncoding('*')).toBe('br');
      expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
      expect(preferredEncoding('deflate, identity')).toBe('identity');
      expect(preferredEncoding('gzip;q=0')).toBe('identity');
      expect(preferredEncoding(['deflate', 'gzip'])).toBe('gzip');
    });
  });

  describe('productPremiumCalc', () => {
    const base = {
      productSystemRef: 'APA-MP-PLUS',
      risk: { value: 200_000_000 },
      additionalBenefits: [],
      excesses: [],
      coverDetails: { period: 365 },
    };

    it('prices two optional benefits, a raised limit and an excess with an itemised breakdown', async () => {
      const response = await call('productPremiumCalc', {
        ...base,
        additionalBenefits: [
          { benefitSystemRef: 'APA-MP-PLUS-PVT' },
          { benefitSystemRef: 'APA-MP-PLUS-EXCESS-PROTECTOR' },
          { benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', params: { limit: 5_000_000 } },
        ],
        excesses: [{ id: 'collision', amount: 4_000_000 }],
      });
      expect(response.statusCode).toBe(200);
      const quote = response.json().result.data;
      expect(quote.basicPremium).toBe(8_000_000);
      const premium = (ref: string) =>
        quote.benefits.find((b: { benefitSystemRef: string }) => b.benefitSystemRef === ref)?.premium;
      expect(premium('APA-MP-PLUS-PVT')).toBe(500_000);
      expect(premium('APA-MP-PLUS-EXCESS-PROTECTOR')).toBe(500_000);
      expect(premium('APA-MP-PLUS-WINDSCREEN')).toBe(200_000);
      expect(quote.subtotal).toBe(9_200_000);
      expect(quote.charges.map((c: { amount: number }) => c.amount)).toEqual([18_400, 23_000, 4_000]);
      expect(quote.total).toBe(9_245_400);
      expect(quote.excesses).toContainEqual({
        id: 'collision',
        name: 'Collision',
        amount: 4_000_000,
        discount: 0,
      });
      // APA's rows give nothing for a higher excess.
      expect(quote.excessDiscount).toBe(0);
    });

    it('takes the underwriter’s discount for a higher excess off the basic premium (issue 26)', async () => {
      // CIC's rows: 5 % of the basic premium off from a KES 50,000 collision excess, 10 % from 100,000.
      const at = async (amount: number) => {
        const response = await call('productPremiumCalc', {
          ...base,
          productSystemRef: 'CIC-MP-COMP',
          excesses: [{ id: 'collision', amount }],
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().result.data;
      };
      const standard = await at(2_500_000);
      const higher = await at(5_000_000);
      const highest = await at(10_000_000);
      // KES 2M at CIC's 4 % band: KES 80,000.
      expect(standard.basicPremium).toBe(8_000_000);
      expect(standard.excessDiscount).toBe(0);
      expect(higher.excessDiscount).toBe(400_000);
      expect(higher.excesses).toContainEqual({
        id: 'collision',
        name: 'Collision',
        amount: 5_000_000,
        discount: 400_000,
      });
      expect(higher.subtotal).toBe(7_600_000);
      expect(highest.excessDiscount).toBe(800_000);
      expect(highest.total).toBe(highest.subtotal + highest.totalCharges);
      expect(highest.total).toBeLessThan(higher.total);
      expect(higher.total).toBeLessThan(standard.total);
    });

    it.each([
      [
        {
          additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-WINDSCREEN', params: { limit: 10_000_100 } }],
        },
        'additionalBenefits.0.limit',
      ],
      [
        { additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-TOWING', params: { limit: 6_000_000 } }] },
        'additionalBenefits.0.limit',
      ],
      [{ excesses: [{ id: 'collision', amount: 999_900 }] }, 'excesses.0.amount'],
      [{ excesses: [{ id: 'theft', amount: 15_000_100 }] }, 'excesses.0.amount'],
      [{ coverDetails: { period: 45 } }, 'coverDetails.period'],
      [{ coverDetails: {} }, 'coverDetails.period'],
      [{ risk: { value: 0 } }, 'risk.value'],
    ])('refuses %j with a field error on %s, never clamping', async (override, field) => {
      const response = await call('productPremiumCalc', { ...base, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });
});
