import { expect, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  buyComprehensiveQuote,
  buyThirdPartyQuote,
  confirmApplication,
  createClient,
  expectNoSeriousViolations,
  fillKyc,
  fillVehicleIdentity,
  PAYMENT_TIMEOUT,
  payWith,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';

// Each test runs at desktop size, and at 412 px in the phone project (@phone).
test.describe('purchase screens: accessibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test('vehicle details (all sections and errors) have no serious or critical violations @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await buyComprehensiveQuote(page);
    await expect(page.getByRole('group', { name: 'Security and Modifications' })).toBeVisible();
    await expectNoSeriousViolations(page, 'vehicle details');
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page.getByText('Vehicle make is required')).toBeVisible();
    await expectNoSeriousViolations(page, 'vehicle details: errors');
  });

  test('KYC, summary, payment, confirmation and terms have no serious or critical violations @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await buyThirdPartyQuote(page, THIRD_PARTY.name);
    await fillVehicleIdentity(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page.getByRole('heading', { name: 'KYC Verification' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit KYC Details' }).click();
    await expect(page.getByText('KRA PIN is required')).toBeVisible();
    await expectNoSeriousViolations(page, 'KYC: errors');
    await page.getByLabel('Phone number').fill('0712345678');
    await fillKyc(page);
    await page.getByRole('button', { name: 'Submit KYC Details' }).click();

    await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
    await expectNoSeriousViolations(page, 'summary');
    await confirmApplication(page);
    await page.getByLabel('M-Pesa number').fill('5');
    await expectNoSeriousViolations(page, 'payment: phone error');
    await payWith(page, '712345601');
    await expect(page.getByRole('timer')).toBeVisible();
    await expectNoSeriousViolations(page, 'payment: waiting');
    await expect(page.getByText('Payment Failed. Please try again.')).toBeVisible(PAYMENT_TIMEOUT);
    await expectNoSeriousViolations(page, 'payment: failed');
    await page.getByLabel('M-Pesa number').fill('712345678');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page.getByRole('progressbar', { name: 'Activating your policy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'confirmation: progress');
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download policy schedule (PDF)' })).toBeVisible();
    await expectNoSeriousViolations(page, 'confirmation');

    await page.goto('/terms-and-privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, 'terms and privacy');
  });
});
