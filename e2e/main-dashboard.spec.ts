import { expect, test } from '@playwright/test';
import { createClient, PASSWORD, useSession } from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

test.describe('/main/dashboard (spec-2 "The dashboard path") lands by role', () => {
  test('signed out: sign-in first, then the client portal dashboard @phone', async ({ page, request }) => {
    const client = await createClient(request);
    await page.goto('/main/dashboard');
    await expect(page).toHaveURL(/\/insurance\/auth/);
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/newportal$/);
  });

  test('a signed-in client goes to the client portal dashboard', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/main/dashboard');
    await expect(page).toHaveURL(/\/newportal$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('signed-in staff go to the staff area home', async ({ page }) => {
    await signInStaffThroughPage(page, STAFF.underwriter);
    await page.goto('/main/dashboard');
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
