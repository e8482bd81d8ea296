import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { addCalendarDays, formatKes, KRA_PIN_PATTERN } from '@bima/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  commissions,
  helpRequestIntermediaries,
  helpRequests,
  invoices,
  motorCertificates,
  notifications,
  outboxEmails,
  payments,
  policies,
  quotations,
  users,
} from '../src/db/schema';
import { buildListeningTestApp, rowsOf } from './helpers';
import { pdfTextContent } from './pdf-raster';
import {
  completeQuotation,
  fullVehicle,
  kenyaToday,
  MPESA_TEST_ENV,
  newSignedInClient,
  PAYS,
  pay,
  quotationPayload,
  waitSucceeded,
  waitUntil,
} from './purchase-helpers';
import { FIRM, firmId, type Headers, SAMPLE, send, signInAs } from './staff-helpers';
import { dial } from './ussd-helpers';

/*
 * Every route to a policy, one table, the same invariants on each (issue 26): a policy numbered by
 * its class, its risk complete (a motor vehicle's make, model, year, engine and chassis numbers —
 * never "N/A"), a certificate for motor and none otherwise, a balanced ledger, the client told in the
 * app and e-mailed the documents, the recommending firm credited. A new way of issuing a policy
 * joins this table: the last test reads the source for every caller of `completeInvoice` /
 * `issuePolicy` and fails for one no row (or NOT_A_ROUTE) names.
 */

type Ctx = Awaited<ReturnType<typeof buildListeningTestApp>>;

/** A client of the test: their headers, user id and e-mail. */
interface Client {
  headers: Headers;
  userId: string;
  email: string;
}

/** What a route answers once its policy is issued. */
interface Issued {
  client: Client;
  invoiceSystemRef: string;
  /** How many M-Pesa prompts paid it (0: wallet or lender). */
  prompts?: number;
}

interface Route {
  name: string;
  /** The product's class: the policy number's code and the risk checked. */
  classCode: '07' | '08' | '03' | '05' | '04';
  /** The code path that issues it: `<file under src/modules>#<function>` calling completeInvoice. */
  issuesThrough: string;
  /** The intermediary firm whose recommendation it was, if any. */
  firm?: string;
  issue: (ctx: Ctx) => Promise<Issued>;
  /** Excesses the client chose (whole KES): the policy and its schedule must carry them. */
  chosenExcesses?: Array<{ id: string; amount: number }>;
  /** Extra checks of this route (several prompts, a loan…). */
  also?: (ctx: Ctx, issued: Issued, policy: PolicyView) => Promise<void>;
}

interface PolicyView {
  id: number;
  policyNumber: string;
  classCode: string;
  coverType: string;
  vehicle: Record<string, unknown>;
  riskLines: Array<[string, string]>;
  certificate: {
    number: string | null;
    type: string;
    issuer: string;
    status: string;
    validFrom: string;
    validTo: string;
  } | null;
  insured: { kraPin: string | null; kyc: Record<string, string> | null };
  intermediary: { intermediaryNames: string } | null;
  financing: { loanRef: string } | null;
  documents: { schedule: string };
  breakdown: {
    benefits?: Array<{ name: string; limit: number }>;
    excesses?: Array<{ id: string; name: string; amount: number }>;
  };
}

const today = kenyaToday();

// ── The risks of each class, as their wizards send them ─────────────────────────────────────────
const lorry = {
  coverType: 'comprehensive-commercial',
  vehicleValue: 2_500_000,
  vehicleType: 'lorry',
  tonnageCapacity: 10,
  usageDetails: { primaryUse: 'own-goods', goodsCarried: 'Building materials', routes: 'Nairobi–Nakuru' },
};
const truck = {
  make: 'Isuzu',
  model: 'FVZ',
  registrationNumber: 'KCX 456T',
  chassisNumber: 'JALFVZ34SK7000123',
  engineNumber: '6HK1-123456',
  engineCapacity: 7790,
  bodyType: 'Flatbed',
  fuelType: 'Diesel',
  purpose: 'General cartage',
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
const shop = {
  premisesType: 'house',
  contentsValue: 500_000,
  highValueItems: [{ description: 'Laptop', value: 200_000 }],
  security: { alarm: true, guard: false, burglarBars: true, electricFence: false },
};
const cessna = {
  aircraftType: 'single-piston',
  registration: '5y-kbc',
  hullValue: 4_000_000,
  seats: 2,
  use: 'private',
  pilotHours: 1_500,
};
const classKyc = {
  fullName: 'Wanjiru Kamau',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.co.ke',
  address: 'Plot 12, Mombasa Road, Nairobi',
};

/** The vehicle fields a motor policy must carry, by class and cover (third-party asks four). */
function requiredVehicleFields(classCode: string, coverType: string): string[] {
  if (classCode === '07' && coverType === 'third-party') {
    return ['make', 'model', 'registrationNumber', 'chassisNumber'];
  }
  return ['make', 'model', 'registrationNumber', 'chassisNumber', 'engineNumber', 'yearOfManufacture'];
}

describe('every route to a policy keeps the same invariants (issue 26)', () => {
  let ctx: Ctx;
  let lender: Headers;
  let broker: Headers;
  beforeAll(async () => {
    ctx = await buildListeningTestApp(MPESA_TEST_ENV);
    lender = (await signInAs(ctx, SAMPLE.lender)).headers;
    broker = (await signInAs(ctx, SAMPLE.brokerA)).headers;
  }, 120_000);
  afterAll(() => ctx.app.close());

  const db = () => ctx.database.db;
  const ok = async (path: string, data: unknown, headers: Headers) => {
    const answer = await send(ctx, path, data, headers);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.result.data;
  };

  async function newClient(): Promise<Client> {
    const { headers, userId } = await newSignedInClient(ctx);
    const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
    return { headers, userId, email: user!.email };
  }

  /** A quotation of the client's own (the wizard's createQuotation), invoiced. */
  async function quoteAndInvoice(client: Client, payload: Record<string, unknown>) {
    const created = await ok('client/quotation/createQuotation', payload, client.headers);
    const invoiced = await completeQuotation(ctx, client.headers, created.systemQuotationRef);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    return invoiced.json().result.data as { invoiceSystemRef: string; amount: number };
  }

  const classPayload = (productSystemRef: string, details: unknown, extra: Record<string, unknown> = {}) => ({
    risks: [{ riskType: 'ASSET', value: null, riskRef: 'risk', details }],
    productSystemRef,
    clientDetails: { kyc: classKyc },
    coverPeriod: 365,
    coverDetails: { startDate: today },
    ...extra,
  });

  /** Pays the invoice's balance by M-Pesa, a prompt at a time (M-Pesa's per-prompt limit), until PAID. */
  async function payInFull(client: Client, invoiceSystemRef: string): Promise<number> {
    let prompts = 0;
    for (;;) {
      const [invoice] = await db()
        .select({ status: invoices.status })
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoiceSystemRef));
      if (invoice?.status === 'PAID') return prompts;
      expect(prompts, 'too many prompts').toBeLessThan(8);
      const started = await pay(ctx, client.headers, invoiceSystemRef, PAYS);
      expect(started.statusCode, started.body).toBe(200);
      await waitSucceeded(ctx, started.json().result.data.paymentRef, 15_000);
      prompts += 1;
    }
  }

  /** The wizard's route for one class: quotation, invoice, M-Pesa. */
  const wizard = (payload: () => Record<string, unknown>) => async (): Promise<Issued> => {
    const client = await newClient();
    const { invoiceSystemRef } = await quoteAndInvoice(client, payload());
    return { client, invoiceSystemRef, prompts: await payInFull(client, invoiceSystemRef) };
  };

  /** A motor private quotation for a car of `value` whole shillings (sent as cents, the wire's unit). */
  const motorPrivate = (value = 1_500_000, extra: Record<string, unknown> = {}) =>
    quotationPayload({
      risks: [{ riskType: 'ASSET', value: value * 100, riskRef: 'KDA 123B', details: {} }],
      ...extra,
    });

  let recommendedVehicles = 0;
  /**
   * A broker's recommendation for the client's help request (the request's plate and chassis only):
   * the first for KDC 321D, each later one for a car of its own (DMVIC refuses double insurance).
   */
  async function recommendationFor(client: Client) {
    const index = recommendedVehicles;
    recommendedVehicles += 1;
    const regNo = index === 0 ? 'KDC 321D' : `KDC ${String(400 + index)}D`;
    const chassisNumber =
      index === 0 ? 'JTEBU5JR5K5765432' : `JTEBU5JR5K5766${String(index).padStart(3, '0')}`;
    const savannah = await firmId(ctx, FIRM.savannah);
    const created = await ok(
      'underwriting/quotation/createHelpRequest',
      {
        entityRefs: [savannah],
        expiry: addCalendarDays(today, 7),
        status: 'PENDING',
        remarks: 'Please recommend comprehensive cover for my Harrier.',
        clientDetails: {
          names: { firstName: 'Achieng', lastName: 'Otieno' },
          email: client.email,
          kraPin: 'A123456789X',
        },
        riskDetails: { value: 150_000_000, chassisNumber, regNo },
      },
      client.headers,
    );
    const [row] = await db()
      .select({ id: helpRequestIntermediaries.id })
      .from(helpRequestIntermediaries)
      .innerJoin(helpRequests, eq(helpRequests.id, helpRequestIntermediaries.helpRequestId))
      .where(eq(helpRequests.requestSystemRef, created.requestSystemRef));
    const sent = await ok(
      'intermediary/recommendation/sendRecommendation',
      {
        requestId: row!.id,
        items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: today }],
        note: 'APA Plus covers your Harrier fully.',
      },
      broker,
    );
    return {
      id: sent.id as number,
      systemQuotationRef: sent.quotations[0].systemQuotationRef as string,
      vehicle: { registrationNumber: regNo.replace(' ', ''), chassisNumber },
    };
  }

  /** What the client gives on the details page before paying for a recommendation. */
  const completion = (systemQuotationRef: string) => ({
    systemQuotationRef,
    vehicleDetails: { ...fullVehicle, registrationNumber: undefined, chassisNumber: undefined },
  });

  const ROUTES: Route[] = [
    {
      name: 'wizard: motor private, comprehensive',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => motorPrivate(1_500_000, { excesses: [{ id: 'collision', amount: 5_000_000 }] })),
      chosenExcesses: [{ id: 'collision', amount: 5_000_000 }],
    },
    {
      name: 'wizard: motor private, third-party',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() =>
        motorPrivate(1_500_000, {
          productSystemRef: 'JUB-MP-TPO',
          additionalBenefits: [],
          vehicleDetails: {
            make: 'Mazda',
            model: 'Demio',
            registrationNumber: 'KDB 222C',
            chassisNumber: 'DE3FS1234567890AB',
          },
        }),
      ),
    },
    {
      name: 'wizard: motor commercial',
      classCode: '08',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() =>
        classPayload('JUB-MC-STD', lorry, {
          risks: [{ riskType: 'ASSET', value: 250_000_000, riskRef: 'KCX 456T', details: lorry }],
          vehicleDetails: truck,
        }),
      ),
    },
    {
      name: 'wizard: fire domestic',
      classCode: '03',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => classPayload('CIC-FD-DOM', home)),
    },
    {
      name: 'wizard: theft',
      classCode: '05',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => classPayload('APA-TH-BURG', shop)),
    },
    {
      name: 'wizard: aviation',
      classCode: '04',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => classPayload('APA-AV-HULL', cessna)),
    },
    {
      name: "a broker's recommendation, its vehicle completed before paying",
      classCode: '07',
      firm: 'Savannah Insurance Brokers',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: async () => {
        const client = await newClient();
        const recommendation = await recommendationFor(client);
        await ok(
          'client/quotation/completeQuotationDetails',
          completion(recommendation.systemQuotationRef),
          client.headers,
        );
        const accepted = await ok(
          'underwriting/quotation/acceptReccommendation',
          { id: recommendation.id, systemQuotationRef: recommendation.systemQuotationRef },
          client.headers,
        );
        return {
          client,
          invoiceSystemRef: accepted.invoiceSystemRef,
          prompts: await payInFull(client, accepted.invoiceSystemRef),
        };
      },
      also: async (_ctx, issued, policy) => {
        // The plate and chassis the request had, the make and model the client gave.
        expect(policy.vehicle).toMatchObject({
          registrationNumber: 'KDC321D',
          chassisNumber: 'JTEBU5JR5K5765432',
          make: 'Toyota',
        });
        void issued;
      },
    },
    {
      name: 'renewal of a motor private policy',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: async () => {
        const first = await wizard(() => motorPrivate())();
        const [old] = await db()
          .select({ policyNumber: policies.policyNumber })
          .from(policies)
          .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
          .where(eq(invoices.invoiceSystemRef, first.invoiceSystemRef));
        const moved = await ctx.app.inject({
          method: 'POST',
          url: '/dev/policies/ends-in',
          payload: { policyNumber: old!.policyNumber, days: 10 },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        const renewal = await ok(
          'policy/renewal/quoteRenewal',
          { policyNumber: old!.policyNumber },
          first.client.headers,
        );
        const invoiced = await completeQuotation(
          ctx,
          first.client.headers,
          renewal.quotation.systemQuotationRef,
        );
        expect(invoiced.statusCode, invoiced.body).toBe(200);
        const { invoiceSystemRef } = invoiced.json().result.data;
        return {
          client: first.client,
          invoiceSystemRef,
          prompts: await payInFull(first.client, invoiceSystemRef),
        };
      },
    },
    {
      // Issue 32: the same renewal from a feature phone, by USSD (*384*123# › 3 Pay), paid by the prompt
      // M-Pesa sends to the phone that dialled.
      name: 'USSD: a renewal chosen and paid from a feature phone',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: async () => {
        const first = await wizard(() => motorPrivate())();
        const [old] = await db()
          .select({ id: policies.id, policyNumber: policies.policyNumber })
          .from(policies)
          .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
          .where(eq(invoices.invoiceSystemRef, first.invoiceSystemRef));
        // Its DMVIC certificate first (issued by a job after payment): the dev tool moves an issued one
        // with the policy; one issued after the move would still cover the year and DMVIC would refuse
        // the renewal as double insurance.
        await waitUntil(
          () =>
            db()
              .select({ number: motorCertificates.certificateNumber })
              .from(motorCertificates)
              .where(eq(motorCertificates.policyId, old!.id)),
          (rows) => Boolean(rows[0]?.number),
        );
        const moved = await ctx.app.inject({
          method: 'POST',
          url: '/dev/policies/ends-in',
          payload: { policyNumber: old!.policyNumber, days: 10 },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        // The client's phone, verified in Profile: only such a phone sees Pay.
        const phone = '+254719000555';
        await db()
          .update(users)
          .set({ phone, phoneVerifiedAt: new Date() })
          .where(eq(users.id, first.client.userId));
        const session = await dial(ctx.app, { phone });
        if (session.first.screen.includes('Chagua lugha')) await session.answer('1');
        await session.answer('3');
        // The last 4 digits of the ID number the client's KYC gave.
        const [kyc] = await db()
          .select({ idNumber: clients.idNumber })
          .from(clients)
          .where(eq(clients.userId, first.client.userId));
        const list = await session.answer(String(kyc?.idNumber).slice(-4));
        expect(list.screen).toContain(`1. Renew ${old!.policyNumber}`);
        const confirm = await session.answer('1');
        expect(confirm.type, confirm.screen).toBe('con');
        expect((await session.answer('1')).screen).toContain('Enter your M-Pesa PIN');
        const [renewal] = await db()
          .select({ invoiceSystemRef: invoices.invoiceSystemRef })
          .from(invoices)
          .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
          .where(eq(quotations.renewalOfPolicyId, old!.id));
        const paid = await waitUntil(
          () =>
            db()
              .select({ status: invoices.status })
              .from(invoices)
              .where(eq(invoices.invoiceSystemRef, renewal!.invoiceSystemRef)),
          (rows) => rows[0]?.status === 'PAID',
          20_000,
        );
        expect(paid[0]?.status).toBe('PAID');
        return { client: first.client, invoiceSystemRef: renewal!.invoiceSystemRef, prompts: 1 };
      },
    },
    {
      name: 'the cart: a motor private and a fire domestic quotation paid as one',
      classCode: '07',
      issuesThrough: 'cart/service.ts#settleCartReceipt',
      issue: async () => {
        const client = await newClient();
        const motor = await ok('client/quotation/createQuotation', motorPrivate(1_000_000), client.headers);
        const fire = await ok(
          'client/quotation/createQuotation',
          classPayload('CIC-FD-DOM', home),
          client.headers,
        );
        for (const quotation of [motor, fire]) {
          await ok(
            'client/cart/addItem',
            { systemQuotationRef: quotation.systemQuotationRef },
            client.headers,
          );
        }
        const started = await ok('client/cart/pay', { phone: PAYS }, client.headers);
        await waitSucceeded(ctx, started.paymentRef, 15_000);
        const issued = await waitUntil(
          () =>
            db()
              .select({ invoiceSystemRef: invoices.invoiceSystemRef, status: invoices.status })
              .from(invoices)
              .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
              .where(eq(quotations.systemQuotationRef, motor.systemQuotationRef)),
          (rows) => rows[0]?.status === 'PAID',
          15_000,
        );
        return { client, invoiceSystemRef: issued[0]!.invoiceSystemRef, prompts: 1 };
      },
      also: async (_ctx, issued) => {
        // The fire policy paid in the same cart is numbered by its own class.
        const numbers = await db()
          .select({ policyNumber: policies.policyNumber })
          .from(policies)
          .where(eq(policies.userId, issued.client.userId));
        expect(numbers.map((row) => row.policyNumber.slice(0, 8)).sort()).toEqual(['BIMA/03/', 'BIMA/07/']);
      },
    },
    {
      name: 'premium financing: the lender approves and pays the premium',
      classCode: '07',
      issuesThrough: 'ipf/product.ts#disburse',
      issue: async () => {
        const client = await newClient();
        const { invoiceSystemRef } = await quoteAndInvoice(client, motorPrivate());
        const loan = await ok(
          'client/ipf/apply',
          { invoiceSystemRef, months: 6, acceptTerms: true },
          client.headers,
        );
        const started = await ok(
          'client/loan/payByMpesa',
          { loanRef: loan.loanRef, target: 'next', phone: '0712345678' },
          client.headers,
        );
        await waitSucceeded(ctx, started.paymentRef, 15_000);
        await waitUntil(
          () => ok('client/loan/getLoan', { loanRef: loan.loanRef }, client.headers),
          (view) => view.status === 'PENDING',
        );
        await ok('lender/application/approveApplication', { loanRef: loan.loanRef }, lender);
        return { client, invoiceSystemRef, prompts: 0 };
      },
      also: async (_ctx, _issued, policy) => {
        expect(policy.financing).not.toBeNull();
      },
    },
    {
      name: 'the wallet: topped up, then the invoice paid from it',
      classCode: '07',
      issuesThrough: 'wallet/service.ts#payInvoiceFromWallet',
      issue: async () => {
        const client = await newClient();
        const { invoiceSystemRef, amount } = await quoteAndInvoice(client, motorPrivate(1_000_000));
        // The invoice answers cents, the unit the wallet takes (issue 29).
        const topUp = await ok('client/wallet/topUp', { amount, phone: PAYS }, client.headers);
        await waitSucceeded(ctx, topUp.paymentRef, 15_000);
        await ok('client/wallet/payInvoice', { invoiceSystemRef, amount }, client.headers);
        return { client, invoiceSystemRef, prompts: 0 };
      },
    },
    {
      name: 'paying monthly: month 1 by M-Pesa (issue 31)',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => motorPrivate(1_500_000, { paymentPlan: 'monthly' })),
      also: async (_ctx, _issued, policy) => {
        // The year's policy, covered and certified for the paid month 1 only; month 2 billed.
        const view = (await ok('client/policy/getPolicy', { id: policy.id }, _issued.client.headers)) as {
          paymentPlan: string;
          paidUntil: string;
          endDate: string;
          certificate: { validTo: string };
          monthly: { paidMonths: number; nextDue: { monthNo: number } };
        };
        expect(view.paymentPlan).toBe('monthly');
        expect(view.paidUntil < view.endDate).toBe(true);
        expect(view.certificate.validTo).toBe(view.paidUntil);
        expect(view.monthly).toMatchObject({ paidMonths: 1, nextDue: { monthNo: 2 } });
        const [second] = await db()
          .select({ status: invoices.status })
          .from(invoices)
          .where(and(eq(invoices.policyId, policy.id), eq(invoices.monthNo, 2)));
        expect(second?.status).toBe('UNPAID');
      },
    },
    {
      name: 'split payments: a premium above M-Pesa’s per-prompt limit, paid in several prompts',
      classCode: '07',
      issuesThrough: 'invoice/service.ts#settleInvoiceReceipt',
      issue: wizard(() => motorPrivate(10_000_000)),
      also: async (_ctx, issued) => {
        expect(issued.prompts).toBeGreaterThanOrEqual(2);
        const paid = await db()
          .select({ id: payments.id })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(and(eq(invoices.invoiceSystemRef, issued.invoiceSystemRef), eq(payments.status, 'success')));
        expect(paid.length).toBe(issued.prompts);
      },
    },
  ];

  /** The same invariants, whatever the route. */
  async function expectInvariants(route: Route, issued: Issued) {
    const [row] = await waitUntil(
      () =>
        db()
          .select({ id: policies.id, policyNumber: policies.policyNumber })
          .from(policies)
          .innerJoin(invoices, eq(invoices.id, policies.invoiceId))
          .where(eq(invoices.invoiceSystemRef, issued.invoiceSystemRef)),
      (rows) => rows.length === 1,
      15_000,
    );
    expect(row, `${route.name}: no policy`).toBeDefined();
    const policy = (await ok(
      'client/policy/getPolicy',
      { id: row!.id },
      issued.client.headers,
    )) as PolicyView;

    // 1. Numbered by its own class.
    expect(policy.classCode).toBe(route.classCode);
    expect(policy.policyNumber).toMatch(new RegExp(`^BIMA/${route.classCode}/\\d{4}/\\d{8}$`));

    // 2. Its risk complete: the vehicle of a motor policy, the risk and KYC of the others.
    const isMotor = route.classCode === '07' || route.classCode === '08';
    if (isMotor) {
      for (const field of requiredVehicleFields(route.classCode, policy.coverType)) {
        const value = policy.vehicle[field];
        expect(value, `${route.name}: vehicle ${field}`).toBeTruthy();
        expect(String(value).trim(), `${route.name}: vehicle ${field}`).not.toMatch(/^(N\/A|)$/i);
      }
    } else {
      expect(policy.riskLines.length, `${route.name}: risk lines`).toBeGreaterThan(0);
    }
    if (route.classCode === '07') expect(policy.insured.kraPin ?? '').toMatch(KRA_PIN_PATTERN);
    else expect(policy.insured.kyc?.fullName).toBeTruthy();
    expect(JSON.stringify(policy.vehicle)).not.toContain('"N/A"');

    // 3. A certificate for motor, carrying the vehicle; none otherwise.
    const certificates = await db()
      .select()
      .from(motorCertificates)
      .where(eq(motorCertificates.policyId, policy.id));
    if (isMotor) {
      expect(policy.certificate, `${route.name}: certificate`).not.toBeNull();
      // DMVIC's certificate: issued by the job within seconds of the policy (the simulator's number).
      const issuedCertificate = await waitUntil(
        async () =>
          ((await ok('client/policy/getPolicy', { id: policy.id }, issued.client.headers)) as PolicyView)
            .certificate,
        (certificate) => certificate?.status === 'issued',
        45_000,
      );
      expect(issuedCertificate, `${route.name}: DMVIC certificate`).toMatchObject({
        number: expect.stringMatching(/^[ABCD]\d{8}$/),
        issuer: 'DMVIC',
        status: 'issued',
        type: route.classCode === '07' ? 'C' : expect.stringMatching(/^[AB]$/),
      });
      expect(
        ctx.app.services.dmvic.simulator
          ?.issued()
          .filter((item) => item.certificateNumber === issuedCertificate!.number),
        `${route.name}: issued once at DMVIC`,
      ).toHaveLength(1);
      expect(certificates).toHaveLength(1);
      expect(certificates[0]).toMatchObject({
        make: policy.vehicle.make,
        model: policy.vehicle.model,
        chassisNumber: String(policy.vehicle.chassisNumber),
      });
    } else {
      expect(policy.certificate).toBeNull();
      expect(certificates).toHaveLength(0);
    }

    // 4. The ledger balanced: every transaction sums to zero over two or more entries.
    const unbalanced = await rowsOf(
      db().execute(
        sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0 or count(*) < 2`,
      ),
    );
    expect(unbalanced).toHaveLength(0);

    // 5. The client told in the app and e-mailed the documents (the certificate with a motor policy).
    const told = await db()
      .select({ link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, issued.client.userId), eq(notifications.kind, 'policy_issued')));
    expect(told.map((notice) => notice.link)).toContain(`/newportal/products/${policy.id}`);
    const safe = policy.policyNumber.replace(/\//g, '-');
    const mail = await waitUntil(
      () =>
        db()
          .select({ attachments: outboxEmails.attachments })
          .from(outboxEmails)
          .where(eq(outboxEmails.to, issued.client.email))
          .orderBy(desc(outboxEmails.id)),
      (mails) => mails.some((one) => one.attachments.includes(`policy-schedule-${safe}.pdf`)),
      10_000,
    );
    const documents = mail.find((one) => one.attachments.includes(`policy-schedule-${safe}.pdf`));
    expect(documents, `${route.name}: documents e-mailed`).toBeDefined();
    // A motor policy's certificate follows by itself once DMVIC issued it, its PDF attached.
    if (isMotor) {
      const certificateMail = await waitUntil(
        () =>
          db()
            .select({ attachments: outboxEmails.attachments })
            .from(outboxEmails)
            .where(eq(outboxEmails.to, issued.client.email)),
        (mails) => mails.some((one) => one.attachments.some((name) => name.startsWith('certificate-'))),
        15_000,
      );
      expect(
        certificateMail.some((one) => one.attachments.some((name) => name.startsWith('certificate-'))),
        `${route.name}: certificate e-mailed`,
      ).toBe(true);
    } else {
      expect(documents!.attachments.some((name) => name.startsWith('certificate-'))).toBe(false);
    }

    // 6. The recommending firm named on the policy and credited its commission.
    const credited = await db().select().from(commissions).where(eq(commissions.policyId, policy.id));
    if (route.firm) {
      expect(policy.intermediary?.intermediaryNames).toBe(route.firm);
      expect(credited).toHaveLength(1);
    } else {
      expect(policy.intermediary).toBeNull();
      expect(credited).toHaveLength(0);
    }

    // 7. The schedule lists what was bought: each benefit with its limit, each excess at the amount
    //    chosen (a client proves a KES 50,000 excess with it).
    const schedule = await ctx.app.inject({ method: 'GET', url: policy.documents.schedule });
    expect(schedule.statusCode, `${route.name}: schedule`).toBe(200);
    const printed = (await pdfTextContent(schedule.rawPayload)).replace(/\s+/g, ' ');
    for (const benefit of policy.breakdown.benefits ?? []) {
      const limit = benefit.limit > 0 ? `Limit ${formatKes(benefit.limit)}` : 'Included';
      expect(printed, `${route.name}: ${benefit.name}`).toContain(`${benefit.name} ${limit}`);
    }
    for (const excess of policy.breakdown.excesses ?? []) {
      expect(printed, `${route.name}: ${excess.name} excess`).toContain(
        `${excess.name} excess ${formatKes(excess.amount)} per claim`,
      );
    }
    for (const chosen of route.chosenExcesses ?? []) {
      expect(policy.breakdown.excesses).toContainEqual(expect.objectContaining(chosen));
    }

    await route.also?.(ctx, issued, policy);
  }

  it.each(ROUTES.map((route) => [route.name, route] as const))(
    '%s',
    async (_name, route) => {
      const issued = await route.issue(ctx);
      await expectInvariants(route, issued);
    },
    120_000,
  );

  // ── No route pays for a quotation without the vehicle and KYC its class requires ─────────────
  describe('an incomplete quotation cannot be paid by any route', () => {
    /**
     * An invoice whose quotation lacks its vehicle (as one invoiced before the rule, or a
     * recommendation's plate and chassis): made complete, invoiced, then stripped back.
     */
    async function incompleteInvoice() {
      const client = await newClient();
      const recommendation = await recommendationFor(client);
      await ok(
        'client/quotation/completeQuotationDetails',
        completion(recommendation.systemQuotationRef),
        client.headers,
      );
      const accepted = await ok(
        'underwriting/quotation/acceptReccommendation',
        { id: recommendation.id, systemQuotationRef: recommendation.systemQuotationRef },
        client.headers,
      );
      await db()
        .update(quotations)
        .set({ vehicle: recommendation.vehicle })
        .where(eq(quotations.systemQuotationRef, recommendation.systemQuotationRef));
      return {
        client,
        recommendation,
        invoiceSystemRef: accepted.invoiceSystemRef as string,
        amount: accepted.amount as number,
      };
    }

    const expectRefusal = (answer: { status: number; body: Record<string, unknown> }, what: string) => {
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(409);
      expect(answer.body.err_code, what).toBe('RISK_DETAILS_MISSING');
      expect(answer.body.errors, what).toContainEqual({
        field: 'vehicleDetails.make',
        message: 'Vehicle make is required',
      });
    };

    it('accepting (invoicing), an M-Pesa prompt, the wallet, the cart and financing are all refused, naming what is missing', async () => {
      const fresh = await newClient();
      const untouched = await recommendationFor(fresh);
      expectRefusal(
        await send(ctx, 'underwriting/quotation/acceptReccommendation', untouched, fresh.headers),
        'accept',
      );

      const { client, recommendation, invoiceSystemRef } = await incompleteInvoice();
      const prompt = await pay(ctx, client.headers, invoiceSystemRef, PAYS);
      expectRefusal({ status: prompt.statusCode, body: prompt.json() }, 'M-Pesa prompt');
      // Any amount the wallet holds: the missing details are refused before the amount is weighed.
      const topUp = await ok('client/wallet/topUp', { amount: 1_000_00, phone: PAYS }, client.headers);
      await waitSucceeded(ctx, topUp.paymentRef, 15_000);
      expectRefusal(
        await send(ctx, 'client/wallet/payInvoice', { invoiceSystemRef, amount: 1_000_00 }, client.headers),
        'wallet',
      );
      expectRefusal(
        await send(
          ctx,
          'client/cart/addItem',
          { systemQuotationRef: recommendation.systemQuotationRef },
          client.headers,
        ),
        'cart',
      );
      expectRefusal(
        await send(
          ctx,
          'client/ipf/apply',
          { invoiceSystemRef, months: 6, acceptTerms: true },
          client.headers,
        ),
        'financing',
      );
      // Nothing was paid or issued.
      const [invoice] = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.invoiceSystemRef, invoiceSystemRef));
      expect(invoice?.status).toBe('UNPAID');

      // Completed again, the same invoice is paid and its policy carries the vehicle.
      await ok(
        'client/quotation/completeQuotationDetails',
        completion(recommendation.systemQuotationRef),
        client.headers,
      );
      await payInFull(client, invoiceSystemRef);
      const [policy] = await waitUntil(
        () => db().select().from(policies).where(eq(policies.invoiceId, invoice!.id)),
        (rows) => rows.length === 1,
      );
      const view = (await ok('client/policy/getPolicy', { id: policy!.id }, client.headers)) as PolicyView;
      expect(view.vehicle).toMatchObject({ make: 'Toyota', model: 'Harrier', yearOfManufacture: 2019 });
    }, 120_000);

    it('completeQuotationDetails: prefilled from the quotation, every missing field named, the KYC saved to the profile, locked once paid', async () => {
      const client = await newClient();
      // A client whose profile has no KYC yet (the recommendation came before it).
      await db().execute(
        sql`update clients set kra_pin = 'N/A', address = null where user_id = ${client.userId}`,
      );
      const recommendation = await recommendationFor(client);
      const details = await ok(
        'underwriting/quotation/getQuotationDetails',
        { systemQuotationRef: recommendation.systemQuotationRef },
        client.headers,
      );
      expect(details.vehicle).toEqual(recommendation.vehicle);
      expect(details.missingDetails.map((missing: { field: string }) => missing.field)).toEqual(
        expect.arrayContaining(['vehicleDetails.make', 'vehicleDetails.yearOfManufacture', 'kyc.address']),
      );

      const partial = await send(
        ctx,
        'client/quotation/completeQuotationDetails',
        { systemQuotationRef: recommendation.systemQuotationRef, vehicleDetails: { make: 'Toyota' } },
        client.headers,
      );
      expect(partial.status).toBe(400);
      expect(partial.body.errors).toContainEqual({
        field: 'vehicleDetails.engineNumber',
        message: 'Engine number is required',
      });
      expect(partial.body.errors.map((error: { field: string }) => error.field)).not.toContain(
        'vehicleDetails.make',
      );

      // The vehicle alone leaves the KYC missing; the KYC given is saved to the profile too.
      const vehicleOnly = await ok(
        'client/quotation/completeQuotationDetails',
        completion(recommendation.systemQuotationRef),
        client.headers,
      );
      expect(vehicleOnly.missingDetails.map((missing: { field: string }) => missing.field)).toContain(
        'kyc.address',
      );
      const complete = await ok(
        'client/quotation/completeQuotationDetails',
        {
          systemQuotationRef: recommendation.systemQuotationRef,
          kyc: {
            phone: '0712345678',
            kraPin: 'A987654321B',
            clientType: 'INDIVIDUAL',
            address: 'Kenyatta Avenue, Nakuru',
          },
        },
        client.headers,
      );
      expect(complete.missingDetails).toEqual([]);
      expect(complete.clientDetails).toMatchObject({
        kraPin: 'A987654321B',
        address: 'Kenyatta Avenue, Nakuru',
      });
      const profile = await ok('client/client/getClientDetails', {}, client.headers);
      expect(profile).toMatchObject({ kraPin: 'A987654321B', address: 'Kenyatta Avenue, Nakuru' });

      // Someone else's quotation is 404; once paid, the details are locked.
      const other = await newClient();
      expect(
        (
          await send(
            ctx,
            'client/quotation/completeQuotationDetails',
            completion(recommendation.systemQuotationRef),
            other.headers,
          )
        ).status,
      ).toBe(404);
      const accepted = await ok(
        'underwriting/quotation/acceptReccommendation',
        { id: recommendation.id, systemQuotationRef: recommendation.systemQuotationRef },
        client.headers,
      );
      await payInFull(client, accepted.invoiceSystemRef);
      const locked = await send(
        ctx,
        'client/quotation/completeQuotationDetails',
        completion(recommendation.systemQuotationRef),
        client.headers,
      );
      expect(locked.status).toBe(409);
      expect(locked.body.err_code).toBe('QUOTATION_PAID');
    }, 120_000);
  });

  // ── The table is the list of routes: a new caller of completeInvoice must join it ─────────────
  /** Callers that issue no policy of a route of their own, each with the reason. */
  const NOT_A_ROUTE: Record<string, string> = {
    'invoice/service.ts#completeInvoice': 'the mechanism itself: it calls issuePolicy',
    'invoice/service.ts#repairInvoiceIssuance':
      'the start-up repair of an invoice one of the routes above already paid (purchase.test.ts)',
  };

  it('every code path that issues a policy is a route of the table', () => {
    const modules = join(__dirname, '..', 'src', 'modules');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
      });
    })(modules);
    const callers = new Set<string>();
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      let enclosing = '';
      for (const line of lines) {
        const declared =
          /^\s*(?:export\s+)?(?:async\s+)?function\s+(\w+)/.exec(line) ?? /^\s+async\s+(\w+)\s*\(/.exec(line);
        if (declared) enclosing = declared[1]!;
        if (
          /\b(completeInvoice|issuePolicy)\(/.test(line) &&
          !/function\s+(completeInvoice|issuePolicy)\b/.test(line)
        ) {
          callers.add(`${relative(modules, file)}#${enclosing}`);
        }
      }
    }
    const covered = new Set([...ROUTES.map((route) => route.issuesThrough), ...Object.keys(NOT_A_ROUTE)]);
    const missing = [...callers].filter((caller) => !covered.has(caller));
    expect(missing, 'a path that issues policies without a row in ROUTES').toEqual([]);
    // And the table names no path that no longer exists.
    expect([...covered].filter((path) => !callers.has(path))).toEqual([]);
    // Every class on sale is bought through the wizard.
    expect(
      new Set(ROUTES.filter((route) => route.name.startsWith('wizard')).map((route) => route.classCode)),
    ).toEqual(new Set(['07', '08', '03', '05', '04']));
  });
});
