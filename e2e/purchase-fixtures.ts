import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  getQuotes,
  isoDateFromToday,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
  toast,
} from './fixtures';

export const PASSWORD = 'Safari-2026!';
/** The web app's built-in session salt (lib/secure-storage.ts), used when VITE_SESSION_SALT is unset. */
const SESSION_SALT = 'bima-portal::session::v1';

function envelope(service: string, resource: string, action: string, data: unknown) {
  return {
    service: { name: service, version: 'v1' },
    resource: { name: resource, version: 'v1' },
    action: { name: action, version: 'v1' },
    data,
  };
}

export async function call<T>(
  request: APIRequestContext,
  [service, resource, action]: [string, string, string],
  data: unknown,
  accessToken?: string,
): Promise<T> {
  const response = await request.post('/v2/api/v1', {
    data: envelope(service, resource, action, data),
    headers: accessToken ? { accessToken } : {},
  });
  const body = (await response.json()) as { status: boolean; result?: { data: T }; err_msg?: string };
  if (!response.ok() || !body.result)
    throw new Error(`${action} failed: ${response.status()} ${body.err_msg}`);
  return body.result.data;
}

let counter = 0;

async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const mails = (await (await request.get('/dev/outbox')).json()) as Array<{ to: string; text: string }>;
  const code = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; names: { firstName: string; lastName: string } };
}

export interface TestClient {
  email: string;
  session: Session;
}

/** Signs a client up through the API (code from the dev outbox), and optionally gives their KYC. */
export async function createClient(
  request: APIRequestContext,
  {
    withKyc = false,
    names = { firstName: 'Wanjiru', lastName: 'Kamau' },
  }: { withKyc?: boolean; names?: { firstName: string; lastName: string } } = {},
): Promise<TestClient> {
  counter += 1;
  const email = `buyer.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.co.ke`;
  const registrationId = await call<string>(request, ['user', 'registration', 'createUser'], {
    email,
    names,
  });
  await call(request, ['user', 'registration', 'registrationValidation'], {
    registrationId,
    registrationCode: await latestCode(request, email),
  });
  await call(request, ['user', 'registration', 'setPassword'], {
    registrationId,
    username: email,
    password: PASSWORD,
  });
  const session = await call<Session>(request, ['user', 'auth', 'login'], {
    username: email,
    password: PASSWORD,
    loginDevice: {},
  });
  if (withKyc) await giveKyc(request, session);
  return { email, session };
}

/** Saves the KYC a purchase needs (KRA PIN, phone, address, account type), as the KYC step does. */
async function giveKyc(request: APIRequestContext, session: Session) {
  await call(
    request,
    ['client', 'client', 'updateClient'],
    {
      kraPin: 'A123456789X',
      phone: '0712345678',
      address: 'Kenyatta Avenue, Nairobi',
      clientType: 'INDIVIDUAL',
    },
    session.accessToken,
  );
}

/**
 * Puts the client's session in the app's signed session storage before any page script runs, as
 * sign-in would (stores/auth.ts, lib/secure-storage.ts). Only when none is there yet, so the app's
 * own changes (a renewed token) survive reloads.
 */
export async function useSession(page: Page, session: Session) {
  const data = {
    regId: null,
    authData: session.user,
    authToken: session.accessToken,
    refreshToken: session.refreshToken,
    isAuthenticated: true,
    purchaseType: '',
    isPasswordReset: false,
    forgotPasswordRef: null,
    pendingEmail: null,
  };
  const json = JSON.stringify(data);
  const sig = createHmac('sha512', SESSION_SALT)
    .update(json + SESSION_SALT)
    .digest('hex');
  const entry = JSON.stringify({ data, sig });
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('bima.auth')) window.sessionStorage.setItem('bima.auth', value);
  }, entry);
}

/** Signs in through the sign-in page (reached from 'Proceed to Purchase'). */
export async function signInThroughPage(page: Page, email: string) {
  await expect(page).toHaveURL(/\/insurance\/auth/);
  await page.getByRole('button', { name: 'Yes, Sign In' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export const COMPREHENSIVE = { name: 'Jubilee Motor Elite', value: 1_500_000 };
export const THIRD_PARTY = { name: 'Jubilee Third Party Only', ref: 'JUB-MP-TPO' };

/** Landing page → comprehensive quotation for Jubilee Motor Elite (for a vehicle worth `value`) → Proceed to Purchase. */
export async function buyComprehensiveQuote(page: Page, value = COMPREHENSIVE.value) {
  await startMotorPrivate(page);
  await saveVehicleValue(page, value);
  await getQuotes(page, 'Comprehensive');
  await quoteCard(page, COMPREHENSIVE.name).getByRole('button', { name: 'Buy Now' }).click();
  await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
  await page.getByLabel('Start date').fill(isoDateFromToday(2));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
  await page.getByRole('button', { name: 'Save & View Quote' }).click();
  await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
  await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
}

/** Landing page → third-party quotation → Proceed to Purchase; returns the product's name. */
export async function buyThirdPartyQuote(page: Page, productName: string) {
  await startMotorPrivate(page);
  await saveVehicleValue(page, 800_000);
  await getQuotes(page, 'Third Party Only');
  await quoteCard(page, productName).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
  await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
  await page.getByLabel('Start date').fill(isoDateFromToday(1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
  await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
}

export const VEHICLE = {
  make: 'Toyota',
  model: 'Harrier',
  registrationNumber: 'KDA 123B',
  chassisNumber: 'JTEBU5JR5K5123456',
  engineNumber: '2GR-1234567',
  engineCapacity: '2500',
  fuelType: 'Petrol',
  bodyType: 'SUV',
  usePurpose: 'Private',
  colour: 'Pearl White',
  yearOfManufacture: '2019',
  antiTheftDetails: 'Tracker fitted by a licensed company',
};

/** A vehicle identity. */
export interface VehicleIdentity {
  registrationNumber: string;
  chassisNumber: string;
}

/** KXA 000A … KXZ 999Z: 26 × 1000 × 26 plates, each with its own chassis. */
const CARS = 26 * 1000 * 26;
/** This worker's next car: a random start, then one after another, so no car repeats in a process. */
let nextCar = Math.floor(Math.random() * CARS);

/**
 * A plate and chassis of their own (KX… plates: none of the simulator's sample or failure plates):
 * DMVIC refuses a second cover for one plate or chassis over the same days, and every spec of a run
 * buys on the same server. Each worker counts on from a random start, so two workers meet only if
 * their runs of a few hundred cars overlap in 676,000.
 */
export function freshVehicleIdentity(): VehicleIdentity {
  const car = nextCar % CARS;
  nextCar += 1;
  const first = String.fromCharCode(65 + Math.floor(car / 26_000));
  const digits = String(Math.floor(car / 26) % 1000).padStart(3, '0');
  const last = String.fromCharCode(65 + (car % 26));
  return {
    registrationNumber: `KX${first} ${digits}${last}`,
    chassisNumber: `JTEBU5JR5K${String(car).padStart(7, '0')}`,
  };
}

/** The vehicle form's four identity fields (a car of its own unless given); answers the identity typed. */
export async function fillVehicleIdentity(page: Page, identity: VehicleIdentity = freshVehicleIdentity()) {
  await page.getByLabel('Make').selectOption(VEHICLE.make);
  await page.getByLabel('Model').selectOption(VEHICLE.model);
  await page.getByLabel('Registration number').fill(identity.registrationNumber);
  await page.getByLabel('Chassis number').fill(identity.chassisNumber);
  return identity;
}

/** Every field of the vehicle form, with an anti-theft device and no modifications; answers the identity typed. */
export async function fillFullVehicle(page: Page, identity: VehicleIdentity = freshVehicleIdentity()) {
  await fillVehicleIdentity(page, identity);
  await page.getByLabel('Engine number').fill(VEHICLE.engineNumber);
  await page.getByLabel('Engine capacity (cc)').fill(VEHICLE.engineCapacity);
  await page.getByLabel('Fuel type').selectOption(VEHICLE.fuelType);
  await page.getByLabel('Body type').fill(VEHICLE.bodyType);
  await page.getByLabel('Use purpose').selectOption({ label: VEHICLE.usePurpose });
  await page.getByLabel('Colour').fill(VEHICLE.colour);
  await page.getByLabel('Year of manufacture').fill(VEHICLE.yearOfManufacture);
  const antiTheft = page.getByRole('group', { name: 'Does the vehicle have an anti-theft device?' });
  await antiTheft.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Anti-theft device details').fill(VEHICLE.antiTheftDetails);
  await page
    .getByRole('group', { name: 'Has the vehicle been modified?' })
    .getByRole('radio', { name: 'No' })
    .check();
  return identity;
}

/** The KYC form, filled. */
export async function fillKyc(page: Page) {
  await page.getByLabel('KRA PIN').fill('A123456789X');
  await page.getByLabel('Account type').selectOption({ label: 'Individual' });
  await page.getByLabel('Physical address').fill('Kenyatta Avenue, Nairobi');
}

/** Summary → Confirm & Pay → the payment page. */
export async function confirmApplication(page: Page) {
  await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);
  await page.getByRole('button', { name: 'Confirm & Pay' }).click();
  // Completing asks DMVIC first (double insurance, NTSA): on a loaded machine that takes seconds.
  await expect(toast(page, 'Quotation Completed')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment$/);
}

/**
 * A new client with KYC buys through the screens up to the payment page: third-party cover, or
 * comprehensive cover for a car of `value` shillings.
 */
export async function reachPaymentPage(
  page: Page,
  request: APIRequestContext,
  cover: { kind: 'third-party' } | { kind: 'comprehensive'; value?: number },
) {
  const client = await createClient(request, { withKyc: true });
  await useSession(page, client.session);
  let vehicle: VehicleIdentity;
  if (cover.kind === 'third-party') {
    await buyThirdPartyQuote(page, THIRD_PARTY.name);
    vehicle = await fillVehicleIdentity(page);
  } else {
    await buyComprehensiveQuote(page, cover.value);
    vehicle = await fillFullVehicle(page);
  }
  await page.getByRole('button', { name: 'Submit Details' }).click();
  await confirmApplication(page);
  return Object.assign(client, { vehicle });
}

/** Types the M-Pesa number, ticks the terms and presses Pay Now. */
export async function payWith(page: Page, digits: string) {
  await page.getByLabel('M-Pesa number').fill(digits);
  const terms = page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ });
  if (!(await terms.isChecked())) await terms.check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

export { expectNoSeriousViolations } from './axe';

/** Waits out the polling (first poll after 5 s) with room to spare. */
export const PAYMENT_TIMEOUT = { timeout: 20_000 };

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
function kenyaDate(days: number) {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A comprehensive cover's vehicle: every field the full form asks for. */
export const FULL_VEHICLE = {
  make: 'Toyota',
  model: 'Harrier',
  chassisNumber: 'JTEBU5JR5K5123456',
  engineNumber: '2GR-1234567',
  engineCapacity: 2500,
  fuelType: 'Petrol',
  bodyType: 'SUV',
  usePurpose: 'private',
  colour: 'Pearl White',
  yearOfManufacture: 2019,
  antiTheftDevice: 'no',
  modifications: 'no',
};

export interface ApiQuotation {
  productSystemRef?: string;
  /** Whole shillings. */
  value?: number;
  /** A plate and chassis of their own (freshVehicleIdentity) unless given. */
  registrationNumber?: string;
  chassisNumber?: string;
  /** yyyy-mm-dd; tomorrow in Kenya unless given. */
  startDate?: string;
  /** The vehicle beyond its plate: third-party's four fields unless given. */
  vehicle?: Record<string, unknown>;
  /** Optional benefits bought on top (none unless given). */
  additionalBenefits?: Array<{ benefitSystemRef: string; params?: { limit: number } }>;
  /** At once unless given; monthly where the product offers it (issue 31: the invoice is month 1's). */
  paymentPlan?: 'annual' | 'monthly';
}

/**
 * Through the API: a motor private quotation with its invoice — by default third-party cover for
 * `THIRD_PARTY` on a car of its own from tomorrow. Answers the refs.
 */
export async function createInvoiceThroughApi(
  request: APIRequestContext,
  session: Session,
  options: ApiQuotation = {},
) {
  const fresh = freshVehicleIdentity();
  const registrationNumber = options.registrationNumber ?? fresh.registrationNumber;
  // The chassis too is the car's own unless given: DMVIC finds double insurance by either.
  const chassisNumber = options.chassisNumber ?? fresh.chassisNumber;
  // A policy is bought with the client's KYC (the wizard's KYC step): given here when the profile lacks it.
  const profile = await call<{ kraPin: string; address: string | null }>(
    request,
    ['client', 'client', 'getClientDetails'],
    {},
    session.accessToken,
  );
  if (profile.kraPin === 'N/A' || !profile.address) await giveKyc(request, session);
  const quotation = await call<{ systemQuotationRef: string }>(
    request,
    ['client', 'quotation', 'createQuotation'],
    {
      risks: [
        // The value in whole shillings, sent as cents (the wire's unit).
        {
          riskType: 'ASSET',
          value: (options.value ?? 800_000) * 100,
          riskRef: registrationNumber,
          details: {},
        },
      ],
      bussinessType: 'DIRECT',
      productSystemRef: options.productSystemRef ?? THIRD_PARTY.ref,
      clientDetails: {
        email: session.user.email,
        kraPin: 'A123456789X',
        names: { fname: 'W', lname: 'K' },
        kyc: {},
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: options.startDate ?? kenyaDate(1) },
      additionalBenefits: options.additionalBenefits ?? [],
      excesses: [],
      ...(options.paymentPlan ? { paymentPlan: options.paymentPlan } : {}),
      vehicleDetails: {
        ...(options.vehicle ?? { make: 'Toyota', model: 'Probox' }),
        registrationNumber,
        chassisNumber,
      },
    },
    session.accessToken,
  );
  const invoice = await call<{ invoiceSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'completeQuotation'],
    { systemQuotationRef: quotation.systemQuotationRef },
    session.accessToken,
  );
  return { systemQuotationRef: quotation.systemQuotationRef, invoiceSystemRef: invoice.invoiceSystemRef };
}

/** Through the API: pays an invoice with a good simulated number and waits for the policy. */
export async function payInvoiceThroughApi(
  request: APIRequestContext,
  session: Session,
  invoiceSystemRef: string,
  phone = '254712345678',
): Promise<string | null> {
  const started = await call<{ paymentRef: string }>(
    request,
    ['underwriting', 'accounting', 'invoicePaymentRequest'],
    {
      invoiceSystemRef,
      invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: phone } },
    },
    session.accessToken,
  );
  let policyNumber: string | null = null;
  await expect
    .poll(
      async () => {
        const status = await call<{ paymentRequestStatus: string; policyNumber: string | null }>(
          request,
          ['intergration', 'payment', 'paymentRequestDetails'],
          { paymentSystemRef: started.paymentRef },
          session.accessToken,
        );
        policyNumber = status.policyNumber ?? null;
        return status.paymentRequestStatus;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe('success');
  // The policy is issued in the payment's own transaction: its number comes with the success.
  return policyNumber;
}

/** Through the API: an APA comprehensive policy (KES 1.5M, the default excesses) starting today, paid. */
export async function buyPolicyThroughApi(
  request: APIRequestContext,
  session: Session,
  phone?: string,
): Promise<string> {
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const invoice = await createInvoiceThroughApi(request, session, {
    productSystemRef: 'APA-MP-PLUS',
    value: 1_500_000,
    startDate: today,
    vehicle: FULL_VEHICLE,
  });
  const policyNumber = await payInvoiceThroughApi(request, session, invoice.invoiceSystemRef, phone);
  expect(policyNumber, 'the policy issued with the payment').toBeTruthy();
  return policyNumber!;
}
