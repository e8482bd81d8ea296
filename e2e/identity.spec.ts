import { expect, type Page, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  buyPolicyThroughApi,
  buyThirdPartyQuote,
  call,
  createClient,
  fillKyc,
  fillVehicleIdentity,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

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

test.describe('identity checks for staff', () => {
  test.describe.configure({ timeout: 90_000 });

  test("the insurer sees the insured's mismatch with the policy; an admin approves it after review", async ({
    page,
    browser,
    request,
  }) => {
    // Wanjiru Kamau gives Achieng Otieno's ID (27000002), consents to the check, and buys APA cover.
    const client = await createClient(request);
    const token = client.session.accessToken;
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
