import { expect, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  buyThirdPartyQuote,
  confirmApplication,
  createClient,
  fillVehicleIdentity,
  PAYMENT_TIMEOUT,
  payWith,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';

test.describe('purchase: third-party cover and a cancelled payment', () => {
  test.describe.configure({ timeout: 90_000 });

  test('third-party cover asks for four vehicle fields; a cancelled payment is retried and paid', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await buyThirdPartyQuote(page, THIRD_PARTY.name);

    await expect(page).toHaveURL(/\/motor\/cover-details\/vehicle-details$/);
    await expect(page.getByText(/Third-party cover needs only/)).toBeVisible();
    for (const label of ['Engine number', 'Engine capacity (cc)', 'Fuel type', 'Body type', 'Colour']) {
      await expect(page.getByLabel(label)).toHaveCount(0);
    }
    await expect(page.getByRole('group', { name: 'Security and Modifications' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    for (const message of [
      'Vehicle make is required',
      'Vehicle model is required',
      'Registration number is required',
      'Chassis number is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Engine number is required')).toHaveCount(0);
    await fillVehicleIdentity(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(toast(page, 'Vehicle Details Saved')).toBeVisible();

    // The summary leaves out the vehicle value and shows N/A for what was not asked.
    const insurance = page.getByRole('region', { name: 'Insurance Details' });
    await expect(insurance).toContainText('Cover typeThird Party Only');
    await expect(insurance).not.toContainText('Vehicle value');
    await expect(page.getByRole('region', { name: 'Vehicle Details' })).toContainText('Engine numberN/A');
    const createRequest = page.waitForRequest((req) => req.postData()?.includes('createQuotation') === true);
    await confirmApplication(page);
    expect((await createRequest).postDataJSON().data.risks[0].value).toBeNull();
    await expect(page.getByRole('region', { name: 'Payment Summary' })).toContainText(
      'Cover typeThird Party Only',
    );

    // The simulator cancels for numbers ending 01.
    await payWith(page, '712345601');
    await expect(page.getByRole('button', { name: 'Waiting for confirmation...' })).toBeDisabled();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment Failed. Please try again.' }),
    ).toBeVisible(PAYMENT_TIMEOUT);
    await expect(toast(page, 'Payment Failed')).toBeVisible();

    // Retry with a good number.
    await page.getByLabel('M-Pesa number').fill('712345678');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Policy Details' });
    await expect(details).toContainText('Cover typeThird Party Only');
    await expect(details).not.toContainText('Vehicle value');
  });
});
