import { expect, type Page, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  buyThirdPartyQuote,
  createClient,
  fillKyc,
  fillVehicleIdentity,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';

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
