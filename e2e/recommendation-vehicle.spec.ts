import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { mailTo, toast } from './fixtures';
import {
  call,
  createClient,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  payWith,
  type TestClient,
  useSession,
  VEHICLE,
} from './purchase-fixtures';
import {
  createHelpRequestThroughApi,
  kenyaDate,
  STAFF,
  signInStaffThroughApi,
  signInStaffThroughPage,
} from './staff-fixtures';

/*
 * Issue 26: a broker's recommendation holds only the help request's plate and chassis. Accepting it
 * asks for the vehicle (prefilled with them) and the KYC before payment — the wizard's Risk
 * Assessment step, really asked — and the policy and its certificate carry the real vehicle.
 */

const SAVANNAH = 'Savannah Insurance Brokers';
const PRODUCT = 'Jubilee Motor Elite';
const NOTE = 'Jubilee Motor Elite gives your family car the widest cover at a fair premium.';
// The help request's vehicle (staff-fixtures createHelpRequestThroughApi: a car of each test's own).
let PLATE = '';
let CHASSIS = '';
const useCar = (car: { registrationNumber: string; chassisNumber: string }) => {
  PLATE = car.registrationNumber.replace(/\s+/g, '');
  CHASSIS = car.chassisNumber;
};

/** Through the API: the Savannah broker recommends PRODUCT for the client's latest request. */
async function recommendThroughApi(request: APIRequestContext, requestSystemRef: string) {
  const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
  const inbox = await call<{ items: Array<{ id: number; requestSystemRef: string }> }>(
    request,
    ['intermediary', 'request', 'listRequests'],
    { page: 1, pageSize: 50 },
    broker.accessToken,
  );
  const row = inbox.items.find((item) => item.requestSystemRef === requestSystemRef);
  if (!row) throw new Error(`${requestSystemRef} is not in the inbox`);
  const products = await call<Array<{ productSystemRef: string; productName: string }>>(
    request,
    ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
    { insuranceClass: '07', riskValue: 125_000_000, coverType: '' },
  );
  const product = products.find((item) => item.productName === PRODUCT);
  if (!product) throw new Error(`${PRODUCT} is not offered`);
  await call(
    request,
    ['intermediary', 'recommendation', 'sendRecommendation'],
    {
      requestId: row.id,
      items: [{ productSystemRef: product.productSystemRef, coverPeriod: 365, startDate: kenyaDate(1) }],
      note: NOTE,
    },
    broker.accessToken,
  );
}

/** The review link of the recommendation e-mail, as a path of this server. */
async function emailedReviewPath(request: APIRequestContext, client: TestClient): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const mails = await mailTo(request, client.email);
      path = mails.map((mail) => /\/review\/\d+/.exec(mail.text)?.[0] ?? '').find(Boolean) ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

/** From the e-mailed link: accept, give the vehicle and KYC (step 2), pay by M-Pesa. */
async function acceptGiveDetailsAndPay(page: Page, request: APIRequestContext, client: TestClient) {
  await useSession(page, client.session);
  await page.goto(await emailedReviewPath(request, client));
  // The first screen of a fresh browser loads the portal's chunks and the recommendation.
  await expect(page.getByRole('heading', { level: 1, name: `Recommendation from ${SAVANNAH}` })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: `Accept and pay for ${PRODUCT}` }).click();

  // Step 2 of the wizard, in progress: the vehicle, started from the request's plate and chassis.
  await expect(page).toHaveURL(/\/motor\/cover-details\/complete\?quotation=QT/);
  const progress = page.getByRole('navigation', { name: 'Quotation progress' });
  await expect(progress.getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(progress.getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toContainText(
    'In Progress',
  );
  await expect(page.getByRole('heading', { name: 'Your vehicle and your details' })).toBeVisible();
  await expect(page.getByLabel('Registration number')).toHaveValue(PLATE);
  await expect(page.getByLabel('Chassis number')).toHaveValue(CHASSIS);
  await expectNoSeriousViolations(page, 'recommendation vehicle details');

  // Nothing goes on until the vehicle is complete.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Vehicle make is required')).toBeVisible();
  await page.getByLabel('Make').selectOption(VEHICLE.make);
  await page.getByLabel('Model').selectOption(VEHICLE.model);
  await page.getByLabel('Engine number').fill(VEHICLE.engineNumber);
  await page.getByLabel('Engine capacity (cc)').fill(VEHICLE.engineCapacity);
  await page.getByLabel('Fuel type').selectOption(VEHICLE.fuelType);
  await page.getByLabel('Body type').fill(VEHICLE.bodyType);
  await page.getByLabel('Use purpose').selectOption({ label: VEHICLE.usePurpose });
  await page.getByLabel('Colour').fill(VEHICLE.colour);
  await page.getByLabel('Year of manufacture').fill(VEHICLE.yearOfManufacture);
  await page
    .getByRole('group', { name: 'Does the vehicle have an anti-theft device?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await page
    .getByRole('group', { name: 'Has the vehicle been modified?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Then the KYC, prefilled from the profile.
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: your details' })).toBeVisible();
  await expect(page.getByLabel('KRA PIN')).toHaveValue('A123456789X');
  await expect(page.getByLabel('Physical address')).toHaveValue('Kenyatta Avenue, Nairobi');
  await expectNoSeriousViolations(page, 'recommendation KYC details');
  await page.getByRole('button', { name: 'Save and continue to payment' }).click();

  // Payment (step 3): Risk Assessment is done now, because it was asked.
  await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV-/);
  await expect(progress.getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toContainText(
    'Completed',
  );
  await expect(page.getByLabel('M-Pesa number')).toHaveValue('712345678');
  await payWith(page, '712345678');
  await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
  await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
}

/** The policy's page shows the real vehicle, and its certificate checks out with its make and model. */
async function expectPolicyWithVehicle(page: Page) {
  await page.goto('/newportal/products');
  const policy = page.getByRole('article').filter({ hasText: PRODUCT });
  await expect(policy).toHaveCount(1);
  await policy.getByRole('link', { name: /^View policy/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Policy BIMA\/07\// })).toBeVisible();
  const vehicle = page.getByRole('region', { name: 'Vehicle', exact: true });
  for (const value of [
    PLATE,
    VEHICLE.make,
    VEHICLE.model,
    CHASSIS,
    VEHICLE.engineNumber,
    VEHICLE.yearOfManufacture,
  ]) {
    await expect(vehicle).toContainText(value);
  }
  await expect(vehicle).not.toContainText('N/A');
  const certificateLink = page.getByRole('link', { name: /^Download DMVIC certificate/ });
  await expect(certificateLink).toBeVisible({ timeout: 30_000 });
  const certificateNumber = /[ABCD]\d{8}/.exec((await certificateLink.textContent()) ?? '')?.[0];
  expect(certificateNumber).toBeTruthy();
  await page.goto(`/verify?certificate=${certificateNumber}`);
  await expect(page.getByText(`${VEHICLE.make} ${VEHICLE.model}`)).toBeVisible();
}

test.describe('a recommended motor policy is issued with its vehicle (issue 26)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the broker recommends; the client accepts from the e-mail, gives the vehicle and KYC, pays; the policy and certificate carry the vehicle', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef, car } = await createHelpRequestThroughApi(request, client.session, SAVANNAH);
    useCar(car);

    // The broker prices and sends on the request's page.
    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await page.goto('/staff/requests');
    await page.getByRole('link', { name: `Open request ${requestSystemRef}` }).click();
    await page.getByRole('checkbox', { name: new RegExp(`^${PRODUCT} — `) }).check();
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await expect(page.getByText(new RegExp(`^${PRODUCT} — .* — premium KES [\\d,]+$`))).toBeVisible();
    await page.getByLabel('Note to the client').fill(NOTE);
    await page.getByRole('button', { name: 'Send recommendation' }).click();
    await expect(toast(page, 'Recommendation sent to the client.')).toBeVisible();
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });

    await acceptGiveDetailsAndPay(page, request, client);
    await expectPolicyWithVehicle(page);
  });

  test('the same on a phone @phone', async ({ page, request }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef, car } = await createHelpRequestThroughApi(request, client.session, SAVANNAH);
    useCar(car);
    await recommendThroughApi(request, requestSystemRef);
    await acceptGiveDetailsAndPay(page, request, client);
    await expectPolicyWithVehicle(page);
  });
});
