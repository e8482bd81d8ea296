import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface CatalogueEntry {
  id: number;
  name: string;
  category: 'individual' | 'business';
  available: boolean;
  comingSoon: boolean;
  routeName: string;
}

function envelope(service: string, resource: string, action: string) {
  return {
    service: { name: service, version: 'v1' },
    resource: { name: resource, version: 'v1' },
    action: { name: action, version: 'v1' },
    data: {},
  };
}

/** The catalogue as the API serves it, so the journeys never hard-code counts. */
export async function fetchCatalogue(request: APIRequestContext): Promise<CatalogueEntry[]> {
  const response = await request.post('/v2/api/v1', {
    data: envelope('underwriting', 'catalogue', 'listProducts'),
  });
  const body = (await response.json()) as { result: { data: CatalogueEntry[] } };
  return body.result.data;
}

export async function fetchSupportContacts(
  request: APIRequestContext,
): Promise<{ phone: string; email: string; address: string }> {
  const response = await request.post('/v2/api/v1', {
    data: envelope('platform', 'support', 'getSupportContacts'),
  });
  const body = (await response.json()) as {
    result: { data: { phone: string; email: string; address: string } };
  };
  return body.result.data;
}

/** Names a category card lists: available first, then coming-soon ones, at most three. */
export function featuredNames(products: CatalogueEntry[]): string[] {
  const available = products.filter((product) => product.available).map((product) => product.name);
  const comingSoon = products
    .filter((product) => !product.available && product.comingSoon)
    .map((product) => `${product.name} (Coming Soon)`);
  return [...available, ...comingSoon].slice(0, 3);
}

/** The category cards are buttons named after the category. */
export function categoryCard(page: Page, label: 'Individual' | 'Business') {
  return page.getByRole('button', { name: label, exact: true });
}

/** A product card is an article named after the product. */
export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Chooses a category and waits for the product step. */
export async function chooseCategory(page: Page, label: 'Individual' | 'Business') {
  await categoryCard(page, label).click();
  await page.getByRole('heading', { name: 'Excellent Choice!' }).waitFor();
}

/** Calls one gateway action through the API, as the web app does. */
export async function callAction<T>(
  request: APIRequestContext,
  action: { service: string; resource: string; action: string },
  data: unknown,
): Promise<{ status: number; body: { status: boolean; result?: { data: T }; err_msg?: string } }> {
  const response = await request.post('/v2/api/v1', {
    data: { ...envelope(action.service, action.resource, action.action), data },
  });
  return { status: response.status(), body: await response.json() };
}

export interface QuotedProductEntry {
  id: number;
  productName: string;
  productSystemRef: string;
  coverType: string;
  premium: number;
  underwriter: Array<{ name: string }>;
}

/**
 * `fetchInsuranceClassReccomendations` for class 07, as the grid asks for it: the value in whole
 * shillings as a person enters it (sent as cents, the wire's unit); premiums answered in shillings,
 * as the screens print them.
 */
export async function fetchMotorQuotes(
  request: APIRequestContext,
  riskValue: number,
  coverType: string,
): Promise<QuotedProductEntry[]> {
  const { body } = await callAction<QuotedProductEntry[]>(
    request,
    { service: 'underwriting', resource: 'product', action: 'fetchInsuranceClassReccomendations' },
    { insuranceClass: '07', riskValue: riskValue * 100, coverType },
  );
  return (body.result?.data ?? []).map((entry) => ({ ...entry, premium: entry.premium / 100 }));
}

export interface PremiumQuoteEntry {
  basicPremium: number;
  /** Taken off the basic premium for a higher excess. */
  excessDiscount: number;
  benefits: Array<{ benefitSystemRef: string; name: string; premium: number; limit: number }>;
  subtotal: number;
  charges: Array<{ charge_name: string; charge_type: string; rate: number; amount: number }>;
  totalCharges: number;
  total: number;
}

interface PremiumCalcData {
  [field: string]: unknown;
  risk?: { value?: number };
  additionalBenefits?: readonly unknown[];
  excesses?: Array<{ amount: number }>;
}

const limitOf = (benefit: unknown) => (benefit as { params?: { limit?: number } }).params?.limit;

/** A premium request with its amounts in whole shillings, as the wire takes it: in cents. */
export function premiumRequestInCents<T extends PremiumCalcData>(data: T): T {
  return {
    ...data,
    ...(data.risk ? { risk: { ...data.risk, value: (data.risk.value ?? 0) * 100 } } : {}),
    ...(data.additionalBenefits
      ? {
          additionalBenefits: data.additionalBenefits.map((benefit) => {
            const limit = limitOf(benefit);
            return limit === undefined
              ? benefit
              : {
                  ...(benefit as object),
                  params: { ...(benefit as { params: object }).params, limit: limit * 100 },
                };
          }),
        }
      : {}),
    ...(data.excesses
      ? { excesses: data.excesses.map((excess) => ({ ...excess, amount: excess.amount * 100 })) }
      : {}),
  };
}

/**
 * `productPremiumCalc` straight from the engine, to check what the quotation screen shows: asked with
 * whole shillings (sent as cents) and answered in shillings, as the screens print them.
 */
export async function calculatePremium(
  request: APIRequestContext,
  data: PremiumCalcData,
): Promise<PremiumQuoteEntry> {
  const { status, body } = await callAction<PremiumQuoteEntry>(
    request,
    { service: 'underwriting', resource: 'product', action: 'productPremiumCalc' },
    premiumRequestInCents(data),
  );
  if (status !== 200 || !body.result) throw new Error(`productPremiumCalc failed: ${body.err_msg}`);
  const quote = body.result.data;
  const kes = (cents: number) => cents / 100;
  return {
    ...quote,
    basicPremium: kes(quote.basicPremium),
    excessDiscount: kes(quote.excessDiscount),
    benefits: quote.benefits.map((line) => ({ ...line, premium: kes(line.premium), limit: kes(line.limit) })),
    subtotal: kes(quote.subtotal),
    charges: quote.charges.map((line) => ({
      ...line,
      rate: line.charge_type === 'Percentage' ? line.rate : kes(line.rate),
      amount: kes(line.amount),
    })),
    totalCharges: kes(quote.totalCharges),
    total: kes(quote.total),
  };
}

/** 'KES 1,500,000', as the motor screens print whole shillings. */
export function kes(amount: number): string {
  return `KES ${amount.toLocaleString('en-US')}`;
}

/** A charge's rate as the breakdown labels it: 0.0025 → '0.25%'. */
export function percent(fraction: number): string {
  return `${Math.round(fraction * 100 * 10_000) / 10_000}%`;
}

/** yyyy-mm-dd, `days` from today in the browser's (and the test's) time zone. */
export function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * yyyy-mm-dd, `days` from today in Kenya (UTC+3): the motor cover's start date is checked against
 * Kenya's today, whatever the browser's time zone (between 21:00 and 24:00 UTC the two differ).
 */
export function kenyaDateFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * On a phone the header's navigation, Help, language and account links are in its menu: opens it
 * (nothing to do on a wide screen).
 */
export async function openMenu(page: Page, name: string | RegExp = 'Menu') {
  const banner = page.getByRole('banner');
  // isVisible() does not wait: right after a navigation the header may not be drawn yet, and the
  // menu would be taken for absent (a desktop) and left closed. The header is drawn in one go, so
  // once its home link is there the phone's menu button is too.
  await banner.getByRole('link').first().waitFor();
  const menu = banner.getByRole('button', { name, exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
}

/** A toast in the notifications region. */
export function toast(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true });
}

/** Landing page → Individual → Motor Private → Get Quote: the cover-type screen. */
export async function startMotorPrivate(page: Page) {
  await page.goto('/');
  await chooseCategory(page, 'Individual');
  await productCard(page, 'Motor Private').getByRole('button', { name: 'Get Quote' }).click();
  await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();
}

/** Enters and saves the vehicle value. */
export async function saveVehicleValue(page: Page, value: number) {
  await page.getByLabel('Vehicle value (KES)').fill(String(value));
  await page.getByRole('button', { name: 'Save Value' }).click();
  await page.getByRole('radio', { name: /Comprehensive/ }).waitFor();
}

/** Chooses a cover type and asks for quotes: the product quotation grid. */
export async function getQuotes(
  page: Page,
  cover: 'Comprehensive' | 'Third Party, Fire and Theft' | 'Third Party Only',
) {
  await page.getByRole('radio', { name: new RegExp(`^${cover}`) }).check();
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await page.getByRole('heading', { name: 'Compare quotations' }).waitFor();
}

/** A quoted product's card in the grid (an article named after the product). */
export function quoteCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'Quoted products' }).getByRole('article', { name, exact: true });
}

/** The amount cell of a premium breakdown row. */
export function breakdownAmount(page: Page, label: string) {
  return page
    .getByRole('table', { name: 'Premium breakdown' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

/** A password that meets every criterion of the strength meter (Strong). */
export const PASSWORD = 'Safari-2026!';

let emailCounter = 0;
/** A fresh e-mail address for each journey, unique across workers and runs. */
export function uniqueEmail(prefix = 'client'): string {
  emailCounter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}.${Date.now().toString(36)}.${random}.${emailCounter}@example.co.ke`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The mail sent to an address, newest first (`GET /dev/outbox`, outside production only). */
export async function mailTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const response = await request.get('/dev/outbox');
  const mails = (await response.json()) as OutboxMail[];
  return mails.filter((mail) => mail.to === email);
}

/** The 4-digit code of the newest mail to an address. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const [mail] = await mailTo(request, email);
  const code = mail?.text.match(/\b(\d{4})\b/)?.[1] ?? mail?.subject.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const action = (service: string, resource: string, name: string) => ({ service, resource, action: name });

/** Creates a verified account with a password through the API (for journeys not about sign-up). */
export async function createAccount(
  request: APIRequestContext,
  { email = uniqueEmail(), password = PASSWORD, firstName = 'Wanjiru', lastName = 'Kamau' } = {},
): Promise<{ email: string; password: string; firstName: string; lastName: string }> {
  const created = await callAction<string>(request, action('user', 'registration', 'createUser'), {
    email,
    names: { firstName, lastName },
  });
  const registrationId = created.body.result?.data;
  if (!registrationId) throw new Error(`createUser failed: ${created.body.err_msg}`);
  const verified = await callAction(request, action('user', 'registration', 'registrationValidation'), {
    registrationId,
    registrationCode: await latestCode(request, email),
  });
  if (verified.status !== 200) throw new Error(`registrationValidation failed: ${verified.body.err_msg}`);
  const set = await callAction(request, action('user', 'registration', 'setPassword'), {
    registrationId,
    username: email,
    password,
  });
  if (set.status !== 200) throw new Error(`setPassword failed: ${set.body.err_msg}`);
  return { email, password, firstName, lastName };
}

/** The sign-in page's login mode, filled in and submitted. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/insurance/auth?mode=login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The four code boxes of the OTP page. */
export function codeBox(page: Page, position: number) {
  return page.getByRole('textbox', { name: `Digit ${position} of 4` });
}

/** Types a code into the OTP page's boxes, one key at a time as a person would. */
export async function typeCode(page: Page, code: string) {
  await codeBox(page, 1).click();
  await page.keyboard.type(code);
}

/** The access token the web app holds, read from its signed session storage. */
export async function readAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('bima.auth');
    return raw ? ((JSON.parse(raw) as { data?: { authToken?: string } }).data?.authToken ?? null) : null;
  });
  if (!token) throw new Error('no access token in session storage');
  return token;
}
