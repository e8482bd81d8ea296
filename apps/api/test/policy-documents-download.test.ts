import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentBrand } from '../src/modules/policy/document-brand';
import { call } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { pdfTextContent } from './pdf-raster';
import { invoiceFor, MPESA_TEST_ENV, payForPolicy, signedIn, waitUntil } from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('policy documents as downloaded: language, underwriter and levies', () => {
  let ctx: Ctx;
  let documents: { schedule: string; receipt: string; certificate: string };
  let policy: Parameters<typeof loadDocumentBrand>[1];
  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = await signedIn(ctx);
    const invoice = await invoiceFor(ctx, headers);
    const policyNumber = await payForPolicy(ctx, headers, invoice.invoiceSystemRef);
    // Read once DMVIC has issued the certificate (within seconds).
    const view = await waitUntil(
      async () => (await call(ctx, 'client', 'policy', 'getPolicy', { policyNumber }, headers)).json(),
      (body) => Boolean(body.result?.data?.documents?.certificate),
    );
    policy = view.result.data;
    documents = view.result.data.documents;
  });
  afterAll(() => ctx.app.close());

  const textOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return pdfTextContent(response.rawPayload);
  };

  it('writes the schedule in English by default, with the underwriter, Bima Portal and each levy', async () => {
    const text = await textOf(documents.schedule);
    expect(text).toContain('Motor Insurance Policy Schedule');
    expect(text).toContain('APA Insurance');
    expect(text).toContain('Bima Portal');
    expect(text).toContain('Sold directly on Bima Portal (no broker or agent)');
    expect(text).toMatch(/Training Levy \(0\.2%\)/);
    expect(text).toMatch(/PHCF Levy \(0\.25%\)/);
    expect(text).toContain('Stamp Duty');
  });

  it('follows ?lang=sw, else the browser’s Accept-Language', async () => {
    expect(await textOf(`${documents.schedule}?lang=sw`)).toContain('Jedwali la Sera ya Bima ya Magari');
    expect(await textOf(documents.receipt, { 'accept-language': 'sw-KE,sw;q=0.9' })).toContain(
      'Risiti ya Malipo',
    );
    // The certificate is DMVIC's own PDF, whatever the language asked.
    const certificate = await ctx.app.inject({ method: 'GET', url: `${documents.certificate}?lang=sw` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await textOf(`${documents.receipt}?lang=fr`)).toContain('Payment Receipt');
  });

  it('finds the underwriter’s logo through the quoted product', async () => {
    const brand = await loadDocumentBrand(ctx.database.db, policy);
    expect(brand.underwriterLogo).toEqual({ svg: expect.stringContaining('aria-label="APA logo"') });
    expect(brand.intermediary).toBeNull();
  });
});
