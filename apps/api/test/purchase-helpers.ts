import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, users } from '../src/db/schema';
import { call, loginUser, registerUser } from './accounts-helpers';
import type { buildTestApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** Today in Kenya (UTC+3) as YYYY-MM-DD. */
export const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** `days` days from a YYYY-MM-DD date. */
export const plusDays = (date: string, days: number) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

export const fullVehicle = {
  make: 'Toyota',
  model: 'Harrier',
  registrationNumber: 'KDA 123B',
  chassisNumber: 'JTEBU5JR5K5123456',
  engineNumber: '2GR-1234567',
  engineCapacity: 2500,
  fuelType: 'Petrol',
  bodyType: 'SUV',
  usePurpose: 'private',
  colour: 'Pearl White',
  yearOfManufacture: 2019,
  antiTheftDevice: 'yes',
  antiTheftDetails: 'Tracker fitted by a licensed company',
  modifications: 'no',
};

let vehiclesMade = 0;
/**
 * The plate and chassis of the next quotation's car: the first of a test file is fullVehicle's
 * (KDA 123B), each later one its own (KTA 001C, …), as DMVIC refuses a second cover for one plate or
 * chassis over the same days (double insurance) — a file buying several cars needs several cars.
 */
export function nextVehicleIdentity(): { registrationNumber: string; chassisNumber: string } {
  const index = vehiclesMade;
  vehiclesMade += 1;
  if (index === 0)
    return { registrationNumber: fullVehicle.registrationNumber, chassisNumber: fullVehicle.chassisNumber };
  const letter = String.fromCharCode(65 + (Math.floor(index / 1000) % 26));
  const digits = String(index % 1000).padStart(3, '0');
  return {
    registrationNumber: `KT${letter} ${digits}C`,
    chassisNumber: `JTEBU5JR5K5${String(index).padStart(6, '0')}`,
  };
}

/** A comprehensive APA quotation for a KES 1.5M car (a car of its own: nextVehicleIdentity), as the web app sends it. */
export const quotationPayload = (overrides: Record<string, unknown> = {}) => {
  const identity = nextVehicleIdentity();
  return {
    risks: [{ riskType: 'ASSET', value: 150_000_000, riskRef: identity.registrationNumber, details: {} }],
    bussinessType: 'DIRECT',
    productSystemRef: 'APA-MP-PLUS',
    clientDetails: { email: 'x@example.co.ke', kraPin: 'N/A', names: { fname: 'A', lname: 'B' }, kyc: {} },
    coverPeriod: 365,
    quotationChannel: 'web',
    coverDetails: { startDate: kenyaToday() },
    additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-PVT' }],
    excesses: [],
    vehicleDetails: { ...fullVehicle, ...identity },
    ...overrides,
  };
};

/** The KYC a motor private purchase needs (the wizard's KYC step): what `giveKyc` saves. */
export const CLIENT_KYC = {
  phone: '0712345678',
  kraPin: 'A123456789X',
  clientType: 'INDIVIDUAL',
  address: 'Moi Avenue, Nairobi',
  idType: 'NATIONAL_ID',
  idNumber: '12345678',
};

/** Saves the client's KYC, as the wizard's KYC step does before a quotation is made. */
export async function giveKyc(ctx: Ctx, headers: Record<string, string>) {
  const saved = await call(ctx, 'client', 'client', 'updateClient', CLIENT_KYC, headers);
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A new client, signed in, with the KYC a purchase needs: the headers of their calls. */
export async function signedIn(ctx: Ctx) {
  const session = await loginUser(ctx, await registerUser(ctx));
  const headers = { accesstoken: session.accessToken };
  await giveKyc(ctx, headers);
  return headers;
}

export async function createQuotation(
  ctx: Ctx,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const created = await call(
    ctx,
    'client',
    'quotation',
    'createQuotation',
    quotationPayload(overrides),
    headers,
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json().result.data as { systemQuotationRef: string; premium: number; startDate: string };
}

export const completeQuotation = (ctx: Ctx, headers: Record<string, string>, systemQuotationRef: string) =>
  call(ctx, 'underwriting', 'quotation', 'completeQuotation', { systemQuotationRef }, headers);

/** A quotation for the client, invoiced: the invoice's reference and amount. */
export async function invoiceFor(ctx: Ctx, headers: Record<string, string>) {
  const { systemQuotationRef } = await createQuotation(ctx, headers);
  const completed = await completeQuotation(ctx, headers, systemQuotationRef);
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json().result.data as {
    invoiceSystemRef: string;
    amount: number;
    systemQuotationRef: string;
  };
}

/** The payment's row as stored. */
export async function paymentRow(ctx: Ctx, paymentSystemRef: string) {
  const [row] = await ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.paymentSystemRef, paymentSystemRef));
  return row!;
}

export const pay = (ctx: Ctx, headers: Record<string, string>, invoiceSystemRef: string, phone: string) =>
  call(
    ctx,
    'underwriting',
    'accounting',
    'invoicePaymentRequest',
    { invoiceSystemRef, invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: phone } } },
    headers,
  );

/**
 * Reads until `done` holds or the time is up, then answers the last value read. The time is generous
 * (it only runs out when something is wrong): a loaded 2-core CI machine took over 5 s to issue and
 * e-mail a policy with its PDFs.
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Pays an invoice by M-Pesa through the simulator and waits for its policy's number. */
export async function payForPolicy(
  ctx: Ctx,
  headers: Record<string, string>,
  invoiceSystemRef: string,
  phone = '254712345678',
): Promise<string> {
  const started = await pay(ctx, headers, invoiceSystemRef, phone);
  expect(started.statusCode, started.body).toBe(200);
  const { paymentRef } = started.json().result.data;
  const status = await waitUntil(
    async () =>
      (
        await call(
          ctx,
          'intergration',
          'payment',
          'paymentRequestDetails',
          { paymentSystemRef: paymentRef },
          headers,
        )
      ).json().result.data,
    (data) => Boolean(data.policyNumber),
    15_000,
  );
  expect(status.policyNumber, JSON.stringify(status)).toBeTruthy();
  return status.policyNumber as string;
}

/**
 * The environment of the tests that pay by M-Pesa (cart, wallet, loans, school fees): the simulator
 * answers at once (and late once), the reconciler runs often, and the rate limits stay out of the way.
 */
export const MPESA_TEST_ENV = {
  AUTH_RATE_LIMIT_SCALE: '100',
  MPESA_SIMULATOR_DELAY_MS: '40',
  MPESA_SIMULATOR_LATE_MS: '400',
  RECONCILE_INTERVAL_MS: '200',
  RATE_LIMIT_MAX: '100000',
};

/** The phone the tests pay from. */
export const PAYS = '254712345678';

/** A new client, signed in, with the KYC a purchase needs, and their user id. */
export async function newSignedInClient(
  ctx: Ctx,
): Promise<{ headers: Record<string, string>; userId: string }> {
  const email = await registerUser(ctx);
  const session = await loginUser(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const headers = { accesstoken: session.accessToken };
  await giveKyc(ctx, headers);
  return { headers, userId: user!.id };
}

/** Waits until M-Pesa has answered a payment (within `timeoutMs`) and expects it a success. */
export async function waitSucceeded(ctx: Ctx, paymentSystemRef: string, timeoutMs: number) {
  const row = await waitUntil(
    () => paymentRow(ctx, paymentSystemRef),
    (payment) => payment.status !== 'pending',
    timeoutMs,
  );
  expect(row.status).toBe('success');
  return row;
}
