import { CERTIFICATE_MESSAGES } from '@bima/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motorCertificates, policies } from '../src/db/schema';
import { createPendingCertificate, issueMissingCertificates } from '../src/modules/certificate/service';
import { signDocumentLink } from '../src/modules/policy/document-links';
import { call } from './accounts-helpers';
import { buildTestApp, linkReaderOf, TEST_JWT_SECRET } from './helpers';
import {
  completeQuotation,
  createQuotation,
  kenyaToday,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  pay,
  plusDays,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;
/** What getPolicy answers, as far as these tests read it. */
interface PolicyAnswer {
  id: number;
  certificateNumber: string;
  policyNumber: string;
  classCode: string;
  underwriter: string;
  startDate: string;
  endDate: string;
  certificate: {
    number: string;
    type: string;
    issuer: string;
    status: string;
    validFrom: string;
    validTo: string;
  };
  documents: { certificate: string };
}

const kyc = {
  fullName: 'Otieno Achieng Odhiambo',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'otieno@example.co.ke',
  address: 'Plot 12, Mombasa Road, Nairobi',
};
const matatu = {
  coverType: 'comprehensive-commercial',
  vehicleValue: 2_000_000,
  vehicleType: 'lorry',
  tonnageCapacity: 2,
  usageDetails: { primaryUse: 'psv', goodsCarried: 'Passengers', routes: 'Nairobi–Thika' },
};
const truck = {
  make: 'Isuzu',
  model: 'NQR',
  registrationNumber: 'KCX 456T',
  chassisNumber: 'JALFVZ34SK7000123',
  engineNumber: '6HK1-123456',
  engineCapacity: 4570,
  bodyType: 'Bus',
  fuelType: 'Diesel',
  purpose: 'Passengers',
  modifications: 'no',
  yearOfManufacture: 2018,
};
const home = {
  buildingValue: 5_000_000,
  contentsValue: 1_000_000,
  location: { county: 'Nairobi', town: 'Kileleshwa' },
  construction: 'stone-tile',
  occupancy: 'owner-occupied',
};

describe('motor certificates: issued once per motor policy, checked by anyone', () => {
  let ctx: Ctx;
  let owner: { headers: Headers; userId: string };
  let privatePolicy: PolicyAnswer;
  let commercialPolicy: PolicyAnswer;
  let firePolicy: PolicyAnswer;

  const verify = (data: unknown, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      remoteAddress,
      payload: {
        service: { name: 'underwriting', version: 'v1' },
        resource: { name: 'certificate', version: 'v1' },
        action: { name: 'verifyCertificate', version: 'v1' },
        data,
      },
    });

  async function buyAndIssue(headers: Headers, systemQuotationRef: string) {
    const completed = await completeQuotation(ctx, headers, systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const started = await pay(ctx, headers, completed.json().result.data.invoiceSystemRef, PAYS);
    expect(started.statusCode, started.body).toBe(200);
    await waitSucceeded(ctx, started.json().result.data.paymentRef, 15_000);
    const invoiceRef = completed.json().result.data.invoiceSystemRef;
    const invoice = await waitUntil(
      async () =>
        (await call(ctx, 'client', 'invoice', 'getInvoice', { invoiceSystemRef: invoiceRef }, headers)).json()
          .result?.data,
      (value: { policyId: number | null } | undefined) => Boolean(value?.policyId),
      15_000,
    );
    // A motor policy's certificate is issued through DMVIC by the job, within seconds.
    const policy = await waitUntil(
      async () =>
        (await call(ctx, 'client', 'policy', 'getPolicy', { id: invoice!.policyId }, headers)).json().result
          .data,
      (value: PolicyAnswer) => value.certificate === null || value.certificate.status === 'issued',
      15_000,
    );
    return policy;
  }

  beforeAll(async () => {
    ctx = await buildTestApp({ env: { ...MPESA_TEST_ENV, PUBLIC_BASE_URL: 'https://bima.example.co.ke' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await newSignedInClient(ctx);
    const motor = await createQuotation(ctx, owner.headers);
    privatePolicy = await buyAndIssue(owner.headers, motor.systemQuotationRef);
    const commercial = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      {
        risks: [{ riskType: 'ASSET', value: 200_000_000, riskRef: 'KCX 456T', details: matatu }],
        productSystemRef: 'JUB-MC-STD',
        clientDetails: { kyc },
        coverPeriod: 365,
        coverDetails: { startDate: kenyaToday() },
        vehicleDetails: truck,
      },
      owner.headers,
    );
    expect(commercial.statusCode, commercial.body).toBe(200);
    commercialPolicy = await buyAndIssue(owner.headers, commercial.json().result.data.systemQuotationRef);
    const fire = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      {
        risks: [{ riskType: 'ASSET', value: 600_000_000, riskRef: 'Kileleshwa', details: home }],
        productSystemRef: 'JUB-FD-HOME',
        clientDetails: { kyc },
        coverPeriod: 365,
        coverDetails: { startDate: kenyaToday() },
      },
      owner.headers,
    );
    expect(fire.statusCode, fire.body).toBe(200);
    firePolicy = await buyAndIssue(owner.headers, fire.json().result.data.systemQuotationRef);
  }, 90_000);
  afterAll(() => ctx.app.close());

  const certificateOf = async (policyId: number) =>
    (
      await ctx.database.db.select().from(motorCertificates).where(eq(motorCertificates.policyId, policyId))
    )[0];

  it('gives each motor policy one DMVIC certificate of its type, and none to fire, theft or aviation', async () => {
    expect(privatePolicy.certificate).toEqual({
      number: expect.stringMatching(/^C\d{8}$/),
      type: 'C',
      issuer: 'DMVIC',
      status: 'issued',
      validFrom: privatePolicy.startDate,
      validTo: privatePolicy.endDate,
    });
    expect(commercialPolicy.certificate).toMatchObject({
      number: expect.stringMatching(/^A\d{8}$/),
      type: 'A',
      issuer: 'DMVIC',
    });
    // The policy page and schedule show the certificate's number.
    expect(commercialPolicy.certificateNumber).toBe(commercialPolicy.certificate.number);
    const row = await certificateOf(commercialPolicy.id);
    expect(row).toMatchObject({
      registrationNumber: 'KCX456T',
      make: 'Isuzu',
      model: 'NQR',
      chassisNumber: 'JALFVZ34SK7000123',
      insuredName: 'Otieno Achieng Odhiambo',
      insurer: commercialPolicy.underwriter,
      startDate: commercialPolicy.startDate,
      endDate: commercialPolicy.endDate,
    });
    expect(firePolicy.classCode).toBe('03');
    expect(firePolicy.certificate).toBeNull();
    expect(firePolicy.documents.certificate).toBeNull();
    expect(await certificateOf(firePolicy.id)).toBeUndefined();
    // Making it again changes nothing.
    const again = await ctx.database.db.transaction((tx) => createPendingCertificate(tx, privatePolicy.id));
    expect(again).toEqual({ certificateNumber: privatePolicy.certificate.number, isNew: false });
    expect(await ctx.database.db.transaction((tx) => createPendingCertificate(tx, firePolicy.id))).toBeNull();
    expect(await issueMissingCertificates(ctx.database.db)).toBe(0);
  });

  it('backfills policies without one as pending, each once however many run at once; DMVIC’s are adopted, not doubled', async () => {
    const ids = [privatePolicy.id, commercialPolicy.id];
    const before = ctx.app.services.dmvic.simulator!.issued().length;
    await ctx.database.db.delete(motorCertificates).where(inArray(motorCertificates.policyId, ids));
    const runs = await Promise.all([1, 2, 3].map(() => issueMissingCertificates(ctx.database.db)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const rows = await ctx.database.db
      .select()
      .from(motorCertificates)
      .where(inArray(motorCertificates.policyId, ids));
    expect(rows).toHaveLength(2);
    // The job asks DMVIC, which already holds both: the same numbers come back, none issued twice.
    const issued = await waitUntil(
      () => ctx.database.db.select().from(motorCertificates).where(inArray(motorCertificates.policyId, ids)),
      (found) => found.every((row) => row.status === 'issued'),
      15_000,
    );
    expect(issued.map((row) => row.certificateNumber).sort()).toEqual(
      [privatePolicy.certificate.number, commercialPolicy.certificate.number].sort(),
    );
    expect(ctx.app.services.dmvic.simulator!.issued()).toHaveLength(before);
  });

  it('answers a check by number: valid, with only what the certificate shows', async () => {
    const response = await verify({
      certificateNumber: commercialPolicy.certificate.number.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().result.data;
    expect(answer).toEqual({
      source: 'DMVIC',
      status: 'VALID',
      checkedOn: kenyaToday(),
      certificate: {
        certificateNumber: commercialPolicy.certificate.number,
        registrationNumber: 'KCX 456T',
        makeModel: 'Isuzu NQR',
        insurer: commercialPolicy.underwriter,
        type: 'A',
        startDate: commercialPolicy.startDate,
        endDate: commercialPolicy.endDate,
        insuredName: 'O*** A*** O***',
      },
    });
    const text = response.body;
    for (const secret of [
      kyc.fullName,
      'Otieno',
      kyc.idNumber,
      kyc.kraPin,
      kyc.email,
      kyc.phoneNumber,
      kyc.address,
      'JALFVZ34SK7000123',
      commercialPolicy.policyNumber,
    ])
      expect(text).not.toContain(secret);
  });

  it('answers by plate and date: valid, expired, not yet in force, unknown', async () => {
    const { startDate, endDate } = privatePolicy;
    const on = (date: string, registrationNumber = 'kda 123b') => verify({ registrationNumber, date });
    const valid = (await on(startDate)).json().result.data;
    expect(valid.status).toBe('VALID');
    expect(valid.certificate.certificateNumber).toBe(privatePolicy.certificate.number);
    expect(valid.certificate.type).toBe('C');
    expect((await on(plusDays(endDate, 1))).json().result.data.status).toBe('EXPIRED');
    expect((await on(plusDays(startDate, -1))).json().result.data.status).toBe('NOT_YET_VALID');
    expect((await on(startDate, 'KZZ 999Z')).json().result.data).toEqual({
      source: 'DMVIC',
      status: 'UNKNOWN',
      checkedOn: startDate,
      certificate: null,
    });
    expect((await verify({ certificateNumber: 'BIMA-C-2020-999999' })).json().result.data.status).toBe(
      'UNKNOWN',
    );
  });

  it('answers from our records, labelled so, when DMVIC does not answer: expired, then cancelled', async () => {
    const db = ctx.database.db;
    const number = privatePolicy.certificate.number;
    const yesterday = plusDays(kenyaToday(), -1);
    const simulator = ctx.app.services.dmvic.simulator!;
    simulator.goDown();
    try {
      await db
        .update(motorCertificates)
        .set({ endDate: yesterday })
        .where(eq(motorCertificates.certificateNumber, number));
      expect((await verify({ certificateNumber: number })).json().result.data).toMatchObject({
        source: 'portal-records',
        status: 'EXPIRED',
      });
      await db
        .update(motorCertificates)
        .set({ endDate: privatePolicy.endDate })
        .where(eq(motorCertificates.certificateNumber, number));
      await db
        .update(policies)
        .set({ cancelledAt: new Date(), cancelledOn: kenyaToday(), cancellationReason: 'test' })
        .where(eq(policies.id, privatePolicy.id));
      expect((await verify({ certificateNumber: number })).json().result.data.status).toBe('CANCELLED');
      expect(
        (await verify({ registrationNumber: 'KDA123B', date: kenyaToday() })).json().result.data,
      ).toMatchObject({ source: 'portal-records', status: 'CANCELLED' });
      expect(
        (await verify({ registrationNumber: 'KDA123B', date: yesterday })).json().result.data.status,
      ).not.toBe('CANCELLED');
    } finally {
      simulator.goUp();
    }
  });

  it('refuses bad input with 400 and a message per field, in Swahili when asked', async () => {
    const bad = await verify({ registrationNumber: '12', date: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, err_code: expect.any(String) });
    expect(bad.json().errors).toEqual([
      { field: 'registrationNumber', message: CERTIFICATE_MESSAGES.registrationInvalid },
      { field: 'date', message: CERTIFICATE_MESSAGES.dateInvalid },
    ]);
    const empty = await verify({});
    expect(empty.json().errors).toEqual([
      { field: 'certificateNumber', message: CERTIFICATE_MESSAGES.certificateOrPlateRequired },
    ]);
    const wrong = await verify({ certificateNumber: 'C1#23' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('certificateNumber');
    const swahili = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { 'accept-language': 'sw' },
      payload: {
        service: { name: 'underwriting', version: 'v1' },
        resource: { name: 'certificate', version: 'v1' },
        action: { name: 'verifyCertificate', version: 'v1' },
        data: { certificateNumber: 'C1' },
      },
    });
    expect(swahili.json().errors[0].message).toBe(
      'Weka nambari ya cheti kama C12345678 (kama ilivyo kwenye cheti).',
    );
  });

  it('lets only the owner download the certificate PDF; another client gets 404', async () => {
    const pdf = await ctx.app.inject({ method: 'GET', url: commercialPolicy.documents.certificate });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(commercialPolicy.certificate.number);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // DMVIC's own PDF, as kept.
    const kept = await certificateOf(commercialPolicy.id);
    expect(Buffer.compare(pdf.rawPayload, Buffer.from(kept!.pdf!))).toBe(0);
    const other = await newSignedInClient(ctx);
    const asked = await call(
      ctx,
      'client',
      'policy',
      'getPolicy',
      { id: commercialPolicy.id },
      other.headers,
    );
    expect(asked.statusCode).toBe(404);
    const forged = signDocumentLink(
      TEST_JWT_SECRET,
      'certificate',
      commercialPolicy.id,
      linkReaderOf(other.headers),
    );
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const tampered = commercialPolicy.documents.certificate.replace(/.$/, 'x');
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const fireLink = signDocumentLink(
      TEST_JWT_SECRET,
      'certificate',
      firePolicy.id,
      linkReaderOf(owner.headers),
    );
    expect((await ctx.app.inject({ method: 'GET', url: fireLink })).statusCode).toBe(404);
  });
});

describe('the certificate check’s own limit per IP', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: false });
  });
  afterAll(() => ctx.app.close());

  const verify = (remoteAddress: string, data: unknown = { certificateNumber: 'BIMA-C-2026-000001' }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      remoteAddress,
      payload: {
        service: { name: 'underwriting', version: 'v1' },
        resource: { name: 'certificate', version: 'v1' },
        action: { name: 'verifyCertificate', version: 'v1' },
        data,
      },
    });

  it('refuses the 31st check in ten minutes with 429 in the gateway’s shape; bad input counts; other IPs go on', async () => {
    for (let index = 0; index < 30; index += 1) {
      const response = await verify('10.9.9.9', index % 2 === 0 ? undefined : { certificateNumber: 'nope' });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await verify('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      err_code: expect.any(String),
      err_msg: expect.stringMatching(/^Too many attempts/),
      errors: [],
    });
    expect((await verify('10.9.9.10')).statusCode).toBe(200);
  });
});
