import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  buyPolicyThroughApi,
  buyThirdPartyQuote,
  call,
  createClient,
  FULL_VEHICLE,
  fillKyc,
  fillVehicleIdentity,
  payInvoiceThroughApi,
  type Session,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';
import {
  createHelpRequestThroughApi,
  kenyaDate,
  STAFF,
  signInStaffThroughApi,
  signInStaffThroughPage,
} from './staff-fixtures';

/**
 * Verified identity (issue 30) against the identity simulator's sample register: the client,
 * Wanjiru Kamau, gives their KYC with consent to the check at the purchase's KYC step.
 */
test.describe('identity check at the KYC step', () => {
  test.describe.configure({ timeout: 90_000 });

  /** A new client without KYC, through the third-party quote and vehicle to the KYC step. */
  async function reachKycStep(page: Page, request: Parameters<typeof createClient>[0]) {
    const client = await createClient(request);
    await useSession(page, client.session);
    await buyThirdPartyQuote(page, THIRD_PARTY.name);
    await fillVehicleIdentity(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page).toHaveURL(/\/motor\/cover-details\/kyc-details$/);
  }

  async function giveKyc(page: Page, kyc: { idNumber: string; kraPin: string }) {
    await page.getByLabel('Phone number').fill('0712345678');
    await fillKyc(page);
    await page.getByLabel('KRA PIN').fill(kyc.kraPin);
    await page.getByLabel('ID Type').selectOption({ label: 'National ID' });
    await page.getByLabel('ID Number').fill(kyc.idNumber);
    const consent = page.getByRole('checkbox', { name: 'I agree to the identity check' });
    await expect(consent).toHaveAccessibleDescription(/checks my ID number, names and date of birth/);
    await consent.check();
    await page.getByRole('button', { name: 'Submit KYC Details' }).click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();
  }

  test('checks the ID and KRA PIN with consent; the profile shows them verified @phone', async ({
    page,
    request,
  }) => {
    await reachKycStep(page, request);
    await giveKyc(page, { idNumber: '27000001', kraPin: 'A270000001K' });
    await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();

    await page.goto('/newportal/profile');
    const panel = page.getByRole('region', { name: 'Identity check' });
    await expect(panel.getByRole('listitem').filter({ hasText: 'ID •••••001' })).toContainText('Verified');
    await expect(panel.getByRole('listitem').filter({ hasText: 'KRA PIN' })).toContainText('Verified');
  });

  test('shows a mismatch with what differs before going on, which never blocks the purchase @phone', async ({
    page,
    request,
  }) => {
    await reachKycStep(page, request);
    // 27000002 is Achieng Otieno's ID in the sample register.
    await giveKyc(page, { idNumber: '27000002', kraPin: 'A123456789X' });
    const alert = page.getByRole('alert').filter({ hasText: 'Identity check' });
    await expect(alert.getByRole('listitem').filter({ hasText: 'ID •••••002' })).toContainText(
      'Does not match',
    );
    await expect(alert).toContainText("The register's record differs in: first name, last name.");
    await expect(page).toHaveURL(/\/motor\/cover-details\/kyc-details$/);
    await alert.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
  });
});

/** Wanjiru Kamau's KYC giving Achieng Otieno's ID (27000002), and her consented check: a mismatch. */
async function kycWithSomeoneElsesId(request: APIRequestContext, session: Session) {
  const token = session.accessToken;
  await call(
    request,
    ['client', 'client', 'updateClient'],
    {
      kraPin: 'A123456789X',
      phone: '0712345678',
      address: 'Kenyatta Avenue, Nairobi',
      clientType: 'INDIVIDUAL',
      idType: 'NATIONAL_ID',
      idNumber: '27000002',
    },
    token,
  );
  await call(request, ['client', 'identity', 'startChecks'], { consent: true }, token);
}

/** Through the API: the client asks Savannah, its broker recommends APA cover, the client buys it. */
async function buyThroughSavannah(request: APIRequestContext, session: Session): Promise<string> {
  const { requestSystemRef } = await createHelpRequestThroughApi(
    request,
    session,
    'Savannah Insurance Brokers',
  );
  const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
  const inbox = await call<{ items: Array<{ id: number; requestSystemRef: string }> }>(
    request,
    ['intermediary', 'request', 'listRequests'],
    { page: 1, pageSize: 50 },
    broker.accessToken,
  );
  const row = inbox.items.find((item) => item.requestSystemRef === requestSystemRef);
  if (!row) throw new Error(`${requestSystemRef} is not in Savannah's inbox`);
  const recommendation = await call<{ id: number; quotations: Array<{ systemQuotationRef: string }> }>(
    request,
    ['intermediary', 'recommendation', 'sendRecommendation'],
    {
      requestId: row.id,
      items: [{ productSystemRef: 'APA-MP-PLUS', coverPeriod: 365, startDate: kenyaDate(1) }],
      note: 'APA Plus covers your family car well at a fair premium.',
    },
    broker.accessToken,
  );
  const systemQuotationRef = recommendation.quotations[0]!.systemQuotationRef;
  // The request had the plate and chassis only: the client gives the rest of the vehicle.
  const { chassisNumber: _chassis, ...vehicle } = FULL_VEHICLE;
  await call(
    request,
    ['client', 'quotation', 'completeQuotationDetails'],
    { systemQuotationRef, vehicleDetails: vehicle },
    session.accessToken,
  );
  const accepted = await call<{ invoiceSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'acceptReccommendation'],
    { id: recommendation.id, systemQuotationRef },
    session.accessToken,
  );
  const policyNumber = await payInvoiceThroughApi(request, session, accepted.invoiceSystemRef);
  expect(policyNumber, 'the policy issued with the payment').toBeTruthy();
  return policyNumber!;
}

test.describe('identity checks for staff', () => {
  test.describe.configure({ timeout: 90_000 });

  test("the broker sees its client's identity mismatch beside the policy on its commission statement @desktop @phone", async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await kycWithSomeoneElsesId(request, client.session);
    const policyNumber = await buyThroughSavannah(request, client.session);

    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await page.goto('/staff/commission-statement');
    await expect(page.getByRole('heading', { level: 1, name: 'Commission statement' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Commission by policy' });
    await expect(table.getByRole('columnheader', { name: 'Identity' })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: policyNumber });
    await expect(row).toContainText('ID •••••002');
    await expect(row).toContainText('Does not match');
    await expect(row).toContainText('Differs from the register: first name, last name');
  });

  test("the insurer sees the insured's mismatch with the policy; an admin approves it after review", async ({
    page,
    browser,
    request,
  }) => {
    // Wanjiru Kamau gives Achieng Otieno's ID (27000002), consents to the check, and buys APA cover.
    const client = await createClient(request);
    await kycWithSomeoneElsesId(request, client.session);
    const policyNumber = await buyPolicyThroughApi(request, client.session);

    await signInStaffThroughPage(page, 'underwriter.apa@bimaportal.co.ke');
    await page.goto('/staff/policies');
    await page.getByLabel('Policy number, registration, phone or receipt').fill(policyNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: policyNumber });
    await expect(row).toContainText('Does not match');
    await expect(row).toContainText('Differs from the register: first name, last name');

    const admin = await browser.newPage();
    await signInStaffThroughPage(admin, STAFF.admin);
    await admin.goto('/staff/identity-checks');
    await expect(admin.getByRole('heading', { name: 'Identity checks to review', level: 1 })).toBeVisible();
    const item = admin.getByRole('article').filter({ hasText: client.email });
    await expect(item).toContainText('Differs from the register: first name, last name');
    await item
      .getByLabel('Note (why you decide so)')
      .fill('Client showed the original ID card at the office');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('article').filter({ hasText: client.email })).toHaveCount(0);
    await admin.close();
  });
});
