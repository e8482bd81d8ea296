import { expect, test } from '@playwright/test';
import { createClient, useSession } from './purchase-fixtures';
import { STAFF, signInStaffThroughApi } from './staff-fixtures';

test.describe('staff area: who may enter', () => {
  test('a client who opens /staff is sent to the portal @phone', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/newportal$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Staff area' })).toHaveCount(0);
  });

  test('a signed-out visitor who opens /staff is sent to sign in', async ({ page }) => {
    await page.goto('/staff/requests');
    await expect(page).toHaveURL(/\/insurance\/auth$/);
  });

  test('a broker who opens an admin screen is told it is not for their role', async ({ page, request }) => {
    const session = await signInStaffThroughApi(request, STAFF.savannahBroker);
    await useSession(page, session);
    await page.goto('/staff/commission');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This screen is not for your role' }),
    ).toBeVisible();
    // No refused call signed the broker out.
    await page.getByRole('link', { name: 'Back to the staff dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  });
});
