import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  motorCertificates,
  notifications,
  payments,
  policies,
  quotations,
  users,
} from '../src/db/schema';
import { SAMPLE_DMVIC_MEMBER_COMPANY_IDS } from '../src/db/seed';
import { cancelCertificateOfPolicy, refreshCertificateStock } from '../src/modules/certificate/service';
import { call, loginUser, registerUser } from './accounts-helpers';
import { buildTestApp } from './helpers';
import { pdfTextContent } from './pdf-raster';
import {
  completeQuotation,
  createQuotation,
  fullVehicle,
  kenyaToday,
  MPESA_TEST_ENV,
  newSignedInClient,
  payForPolicy,
  plusDays,
  waitUntil,
} from './purchase-helpers';
import { SAMPLE, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = Record<string, string>;
interface Certificate {
  number: string | null;
  type: string;
  issuer: string;
  status: string;
  validFrom: string;
  validTo: string;
}

const APA = SAMPLE_DMVIC_MEMBER_COMPANY_IDS.apa!;
/** A chassis number of the plate's own (17 characters). */
const chassisOf = (plate: string) =>
  `JTEBU5JR5K${plate.replace(/\s+/g, '').toUpperCase()}`.padEnd(17, '0').slice(0, 17);

describe('motor certificates through DMVIC (the local simulator)', () => {
  let ctx: Ctx;
  let admin: Headers;
  const simulator = () => {
    const found = ctx.app.services.dmvic.simulator;
    if (!found) throw new Error('the DMVIC simulator is not running');
    return found;
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ env: MPESA_TEST_ENV });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    admin = (await signInAs(ctx, SAMPLE.admin)).headers;
  }, 60_000);
  afterAll(() => ctx.app.close());

  /** A motor private quotation (APA) for a plate, from today unless told. */
  const quoteFor = (headers: Headers, plate: string, startDate = kenyaToday(), coverPeriod = 365) =>
    createQuotation(ctx, headers, {
      coverPeriod,
      risks: [{ riskType: 'ASSET', value: 150_000_000, riskRef: plate, details: {} }],
      // Each vehicle its own chassis: DMVIC finds double insurance by plate or chassis.
      vehicleDetails: { ...fullVehicle, registrationNumber: plate, chassisNumber: chassisOf(plate) },
      coverDetails: { startDate },
    });

  async function buy(headers: Headers, plate: string, coverPeriod = 365) {
    const { systemQuotationRef } = await quoteFor(headers, plate, kenyaToday(), coverPeriod);
    const completed = await completeQuotation(ctx, headers, systemQuotationRef);
    expect(completed.statusCode, completed.body).toBe(200);
    const policyNumber = await payForPolicy(ctx, headers, completed.json().result.data.invoiceSystemRef);
    const [policy] = await ctx.database.db
      .select({ id: policies.id })
      .from(policies)
      .where(eq(policies.policyNumber, policyNumber));
    return { policyNumber, policyId: policy!.id, systemQuotationRef };
  }

  const getPolicy = async (headers: Headers, id: number) => {
    const response = await call(ctx, 'client', 'policy', 'getPolicy', { id }, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data as {
      startDate: string;
      endDate: string;
      certificateNumber: string | null;
      certificate: Certificate;
      documents: { certificate: string | null; schedule: string };
    };
  };

  const waitForCertificate = (headers: Headers, id: number, status: string, timeoutMs = 20_000) =>
    waitUntil(
      () => getPolicy(headers, id),
      (policy) => policy.certificate?.status === status,
      timeoutMs,
    );

  const rowOf = async (policyId: number) =>
    (
      await ctx.database.db.select().from(motorCertificates).where(eq(motorCertificates.policyId, policyId))
    )[0]!;

  const desk = async (headers = admin) => {
    const response = await call(ctx, 'backoffice', 'certificate', 'certificateDesk', {}, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data as {
      queue: Array<{ id: number; policyNumber: string; reason: string | null; status: string }>;
      stock: Array<{ underwriterId: string; type: string; remaining: number; low: boolean }>;
    };
  };

  it('issues the certificate of a paid motor policy through DMVIC within seconds: number, type, PDF', async () => {
    const client = await newSignedInClient(ctx);
    const { policyId, policyNumber } = await buy(client.headers, 'KDG 123A');
    const policy = await waitForCertificate(client.headers, policyId, 'issued');
    const { pdf: _pdf, ...row } = await rowOf(policyId);
    expect(policy.certificate, JSON.stringify(row)).toEqual({
      number: expect.stringMatching(/^C\d{8}$/),
      type: 'C',
      issuer: 'DMVIC',
      status: 'issued',
      validFrom: policy.startDate,
      validTo: policy.endDate,
    });
    expect(policy.certificateNumber).toBe(policy.certificate.number);
    // The schedule names DMVIC's certificate, its number and type.
    const schedule = await ctx.app.inject({ method: 'GET', url: policy.documents.schedule });
    expect((await pdfTextContent(schedule.rawPayload)).replace(/\s+/g, ' ')).toContain(
      `DMVIC certificate ${policy.certificate.number}, Type C`,
    );
    const atDmvic = simulator()
      .issued()
      .filter((item) => item.policyNumber === policyNumber);
    expect(atDmvic).toHaveLength(1);
    expect(atDmvic[0]).toMatchObject({
      certificateNumber: policy.certificate.number,
      registrationNumber: 'KDG123A',
      memberCompanyId: APA,
      type: 'C',
      commencingDate: policy.startDate,
      expiringDate: policy.endDate,
    });
    // DMVIC's PDF is kept with the policy and downloaded through the owner's signed link.
    const kept = await waitUntil(
      () => rowOf(policyId),
      (row) => row.pdf !== null,
    );
    expect(Buffer.from(kept.pdf!).subarray(0, 5).toString()).toBe('%PDF-');
    const download = await ctx.app.inject({ method: 'GET', url: policy.documents.certificate! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, Buffer.from(kept.pdf!))).toBe(0);
    // The client is told in the app.
    const told = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, client.userId));
    expect(told.map((row) => row.title)).toContain(`Certificate ${policy.certificate.number} is ready`);
  });

  it('refuses a second cover for the same plate and overlapping dates before any invoice or prompt', async () => {
    const first = await newSignedInClient(ctx);
    const { policyId } = await buy(first.headers, 'KDG 124A', 30);
    const bought = await getPolicy(first.headers, policyId);
    const second = await newSignedInClient(ctx);
    const { systemQuotationRef } = await quoteFor(second.headers, 'kdg124a');
    const refused = await completeQuotation(ctx, second.headers, systemQuotationRef);
    expect(refused.statusCode, refused.body).toBe(409);
    const offered = plusDays(bought.endDate, 1);
    const until = new Date(`${bought.endDate}T12:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(refused.json()).toMatchObject({
      status: false,
      err_code: 'DOUBLE_INSURANCE',
      err_msg: expect.stringMatching(
        new RegExp(`^KDG 124A is already insured until ${until} by APA Insurance; your cover can start on `),
      ),
      details: { registrationNumber: 'KDG 124A', insuredUntil: bought.endDate, offeredStartDate: offered },
    });
    // In Swahili when asked.
    const swahili = await ctx.app.inject({
      method: 'POST',
      url: '/v2/api/v1',
      headers: { ...second.headers, 'accept-language': 'sw' },
      payload: {
        service: { name: 'underwriting', version: 'v1' },
        resource: { name: 'quotation', version: 'v1' },
        action: { name: 'completeQuotation', version: 'v1' },
        data: { systemQuotationRef },
      },
    });
    expect(swahili.json().err_msg).toMatch(/^KDG 124A tayari ina bima hadi/);
    // No invoice, so no payment prompt could be sent.
    const [quotation] = await ctx.database.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.systemQuotationRef, systemQuotationRef));
    expect(
      await ctx.database.db.select().from(invoices).where(eq(invoices.quotationId, quotation!.id)),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.userId, second.userId))).toEqual(
      [],
    );
    // From the offered day it is fine.
    const later = await quoteFor(second.headers, 'KDG 124A', offered);
    const invoiced = await completeQuotation(ctx, second.headers, later.systemQuotationRef);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
  });

  it('refuses cover DMVIC alone knows of, and names the field NTSA does not match', async () => {
    const client = await newSignedInClient(ctx);
    const covered = await quoteFor(client.headers, 'KDV 001X');
    const refused = await completeQuotation(ctx, client.headers, covered.systemQuotationRef);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      err_code: 'DOUBLE_INSURANCE',
      err_msg: expect.stringMatching(/^KDV 001X is already insured until .+ by APA INSURANCE LIMITED; /),
      details: { offeredStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    const mismatch = await quoteFor(client.headers, 'KDV 003X');
    const wrong = await completeQuotation(ctx, client.headers, mismatch.systemQuotationRef);
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().err_code).toBe('NTSA_MISMATCH');
    expect(wrong.json().errors[0].field).toMatch(/^vehicleDetails\.\w+/);
    expect(wrong.json().err_msg).toMatch(/does not match NTSA's records for KDV 003X/);
  });

  it('takes a +tagged e-mail as its mailbox, and refuses before payment a phone DMVIC would not take', async () => {
    const tagged = await newSignedInClient(ctx);
    const [user] = await ctx.database.db
      .update(users)
      .set({ email: sql`replace(${users.email}, '@', '+motor@')` })
      .where(eq(users.id, tagged.userId))
      .returning({ email: users.email });
    expect(user!.email).toContain('+motor@');
    const { policyId, policyNumber } = await buy(tagged.headers, 'KDG 131A');
    await waitForCertificate(tagged.headers, policyId, 'issued');
    const atDmvic = simulator()
      .issued()
      .find((item) => item.policyNumber === policyNumber);
    expect(atDmvic?.email).toBe(user!.email.replace('+motor@', '@'));

    const abroad = await newSignedInClient(ctx);
    await ctx.database.db.update(users).set({ phone: '+447700900123' }).where(eq(users.id, abroad.userId));
    const { systemQuotationRef } = await quoteFor(abroad.headers, 'KDG 132A');
    const refused = await completeQuotation(ctx, abroad.headers, systemQuotationRef);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      err_code: 'DMVIC_DETAILS',
      err_msg: 'The certificate needs a Kenyan mobile number: change the phone in your details.',
      errors: [{ field: 'kyc.phone' }],
    });
  });

  it('sends DMVIC the phone the class KYC gave when the account has none (motor commercial)', async () => {
    // Signed up, no profile KYC: the commercial journey's own KYC step gives the phone.
    const client = { headers: { accesstoken: (await loginUser(ctx, await registerUser(ctx))).accessToken } };
    const created = await call(
      ctx,
      'client',
      'quotation',
      'createQuotation',
      {
        risks: [
          {
            riskType: 'ASSET',
            value: 200_000_000,
            riskRef: 'KDG 133A',
            details: {
              coverType: 'comprehensive-commercial',
              vehicleValue: 2_000_000,
              vehicleType: 'lorry',
              tonnageCapacity: 2,
              usageDetails: { primaryUse: 'own-goods', goodsCarried: 'Hardware', routes: 'Nairobi–Thika' },
            },
          },
        ],
        productSystemRef: 'JUB-MC-STD',
        clientDetails: {
          kyc: {
            fullName: 'Otieno Achieng Odhiambo',
            idNumber: '29876543',
            kraPin: 'A123456789Z',
            phoneNumber: '0712345678',
            email: 'otieno@example.co.ke',
            address: 'Plot 12, Mombasa Road, Nairobi',
          },
        },
        coverPeriod: 365,
        coverDetails: { startDate: kenyaToday() },
        vehicleDetails: {
          make: 'Isuzu',
          model: 'NQR',
          registrationNumber: 'KDG 133A',
          chassisNumber: chassisOf('KDG 133A'),
          engineNumber: '6HK1-123456',
          engineCapacity: 4570,
          bodyType: 'Lorry',
          fuelType: 'Diesel',
          purpose: 'Goods',
          modifications: 'no',
          yearOfManufacture: 2018,
        },
      },
      client.headers,
    );
    expect(created.statusCode, created.body).toBe(200);
    const invoiced = await completeQuotation(
      ctx,
      client.headers,
      created.json().result.data.systemQuotationRef,
    );
    expect(invoiced.statusCode, invoiced.body).toBe(200);
  });

  it('with DMVIC down at payment: the policy is issued, the certificate waits, then is issued once DMVIC is back', async () => {
    const client = await newSignedInClient(ctx);
    simulator().goDown();
    let policyId = 0;
    let policyNumber = '';
    try {
      ({ policyId, policyNumber } = await buy(client.headers, 'KDG 125A'));
      const row = await waitUntil(
        () => rowOf(policyId),
        (value) => value.attempts > 0 && value.pendingReason === 'DMVIC unavailable',
      );
      expect(row).toMatchObject({ status: 'pending', certificateNumber: null, needsStaff: false });
      const pending = await getPolicy(client.headers, policyId);
      expect(pending.certificate).toMatchObject({ status: 'pending', number: null, issuer: 'DMVIC' });
      expect(pending.documents.certificate).toBeNull();
      const schedule = await ctx.app.inject({ method: 'GET', url: pending.documents.schedule });
      expect((await pdfTextContent(schedule.rawPayload)).replace(/\s+/g, ' ')).toContain(
        'DMVIC certificate (Type C): being issued',
      );
      expect((await desk()).queue).toContainEqual(
        expect.objectContaining({ policyNumber, reason: 'DMVIC unavailable', status: 'pending' }),
      );
    } finally {
      simulator().goUp();
    }
    // Staff's "Retry now" (else the backoff's next attempt) issues it, once.
    const retried = await call(
      ctx,
      'backoffice',
      'certificate',
      'retryCertificate',
      { id: (await rowOf(policyId)).id },
      admin,
    );
    expect(retried.statusCode, retried.body).toBe(200);
    const issued = await waitForCertificate(client.headers, policyId, 'issued');
    expect(issued.certificate.number).toMatch(/^C\d{8}$/);
    expect(
      simulator()
        .issued()
        .filter((item) => item.policyNumber === policyNumber),
    ).toHaveLength(1);
    expect((await desk()).queue.map((item) => item.policyNumber)).not.toContain(policyNumber);
  });

  it('adopts a certificate DMVIC issued when our call lost its answer, never doubling it', async () => {
    const client = await newSignedInClient(ctx);
    const { policyId, policyNumber } = await buy(client.headers, 'KDG 126A');
    const issued = await waitForCertificate(client.headers, policyId, 'issued');
    // As if the answer had been lost: our row still pending, DMVIC holding the certificate.
    await ctx.database.db
      .update(motorCertificates)
      .set({
        status: 'pending',
        certificateNumber: null,
        issuedAt: null,
        pdf: null,
        attempts: 1,
        nextAttemptAt: null,
      })
      .where(eq(motorCertificates.policyId, policyId));
    const again = await waitForCertificate(client.headers, policyId, 'issued');
    expect(again.certificate.number).toBe(issued.certificate.number);
    expect(
      simulator()
        .issued()
        .filter((item) => item.policyNumber === policyNumber),
    ).toHaveLength(1);
  });

  it('waits in the queue with the stock reason when the insurer has no stock, and alerts staff once', async () => {
    const client = await newSignedInClient(ctx);
    simulator().setStock(APA, 'C', 0);
    const { policyId, policyNumber } = await buy(client.headers, 'KDG 127A');
    await waitUntil(
      () => rowOf(policyId),
      (row) => row.pendingReason === 'No certificate stock for APA Insurance, type C',
    );
    expect((await getPolicy(client.headers, policyId)).certificate.status).toBe('pending');
    const context = {
      db: ctx.database.db,
      dmvic: ctx.app.services.dmvic.client,
      clock: ctx.app.services.clock,
      log: ctx.app.log,
    };
    await refreshCertificateStock(context);
    await refreshCertificateStock(context);
    const seen = await desk();
    expect(seen.stock).toContainEqual(
      expect.objectContaining({ underwriterId: 'apa', type: 'C', remaining: 0, low: true }),
    );
    const alerts = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.kind, 'certificate_desk')));
    expect(
      alerts.filter((row) => row.title === 'APA Insurance: 0 type C certificates left').length,
    ).toBeGreaterThan(0);
    const before = alerts.length;
    await refreshCertificateStock(context);
    expect(
      (await ctx.database.db.select().from(notifications).where(eq(notifications.kind, 'certificate_desk')))
        .length,
    ).toBe(before);
    // Jubilee's staff see only their own insurer's stock.
    const underwriter = (await signInAs(ctx, SAMPLE.underwriter)).headers;
    expect((await desk(underwriter)).stock.every((line) => line.underwriterId === 'jubilee')).toBe(true);
    expect((await desk(underwriter)).queue.map((item) => item.policyNumber)).not.toContain(policyNumber);
    simulator().setStock(APA, 'C', 1000);
    await call(
      ctx,
      'backoffice',
      'certificate',
      'retryCertificate',
      { id: (await rowOf(policyId)).id },
      admin,
    );
    await waitForCertificate(client.headers, policyId, 'issued');
  });

  it('cancels within 6 hours of issue at DMVIC, and asks the insurer after', async () => {
    const client = await newSignedInClient(ctx);
    const early = await buy(client.headers, 'KDG 128A');
    const issuedEarly = await waitForCertificate(client.headers, early.policyId, 'issued');
    await ctx.database.db.transaction((tx) =>
      cancelCertificateOfPolicy(tx, {
        policyId: early.policyId,
        reason: 'clientRequest',
        now: ctx.app.services.clock.now(),
      }),
    );
    await waitForCertificate(client.headers, early.policyId, 'cancelled');
    const atDmvic = simulator()
      .issued()
      .find((item) => item.certificateNumber === issuedEarly.certificate.number);
    expect(atDmvic).toMatchObject({ status: 'cancelled', cancelReasonId: 8 });

    const late = await buy(client.headers, 'KDG 129A');
    const issuedLate = await waitForCertificate(client.headers, late.policyId, 'issued');
    const sevenHoursOn = new Date(ctx.app.services.clock.now().getTime() + 7 * 3_600_000);
    await ctx.database.db.transaction((tx) =>
      cancelCertificateOfPolicy(tx, { policyId: late.policyId, reason: 'nonPayment', now: sevenHoursOn }),
    );
    expect((await getPolicy(client.headers, late.policyId)).certificate.status).toBe('cancel_requested');
    expect(
      simulator()
        .issued()
        .find((item) => item.certificateNumber === issuedLate.certificate.number),
    ).toMatchObject({
      status: 'active',
    });
    const asked = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.kind, 'certificate_desk'));
    expect(asked.map((row) => row.title)).toContain(
      `Cancel certificate ${issuedLate.certificate.number} with DMVIC`,
    );
    expect((await desk()).queue).toContainEqual(
      expect.objectContaining({ policyNumber: late.policyNumber, status: 'cancel_requested' }),
    );
  });

  it('verifies with DMVIC, and says so; our records answer, labelled, when DMVIC does not', async () => {
    const client = await newSignedInClient(ctx);
    const { policyId } = await buy(client.headers, 'KDG 130A');
    const { certificate } = await waitForCertificate(client.headers, policyId, 'issued');
    const verify = (data: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/api/v1',
        remoteAddress: '10.1.2.3',
        payload: {
          service: { name: 'underwriting', version: 'v1' },
          resource: { name: 'certificate', version: 'v1' },
          action: { name: 'verifyCertificate', version: 'v1' },
          data,
        },
      });
    const byNumber = (await verify({ certificateNumber: certificate.number })).json().result.data;
    expect(byNumber).toMatchObject({
      source: 'DMVIC',
      status: 'VALID',
      certificate: {
        certificateNumber: certificate.number,
        registrationNumber: 'KDG 130A',
        type: 'C',
        makeModel: 'Toyota Harrier',
      },
    });
    const byPlate = (await verify({ registrationNumber: 'KDG 130A', date: kenyaToday() })).json().result.data;
    expect(byPlate).toMatchObject({ source: 'DMVIC', status: 'VALID' });
    simulator().goDown();
    try {
      const fallback = (await verify({ certificateNumber: certificate.number })).json().result.data;
      expect(fallback).toMatchObject({
        source: 'portal-records',
        status: 'VALID',
        certificate: { certificateNumber: certificate.number, insurer: 'APA Insurance' },
      });
    } finally {
      simulator().goUp();
    }
  });
});
