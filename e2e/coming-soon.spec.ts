import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { chooseCategory, productCard } from './fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

test.describe('coming-soon products', () => {
  test('a visitor opens Medical from the landing page and asks to be told; the admin sees the count @phone', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await chooseCategory(page, 'Individual');
    await productCard(page, 'Medical').getByRole('button', { name: 'Coming Soon' }).click();
    await expect(page).toHaveURL(/\/medical\/MD101\/Medical$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Medical' })).toBeVisible();
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What it will cover' })).toContainText(
      'Inpatient hospitalisation',
    );

    const tell = page.getByRole('region', { name: "Tell me when it's available" });
    await tell.getByRole('button', { name: "Tell me when it's available" }).click();
    await expect(tell.getByText('Email address is required')).toBeVisible();
    await tell.getByLabel('Email address').fill('not-an-email');
    await tell.getByRole('button', { name: "Tell me when it's available" }).click();
    await expect(tell.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoSeriousViolations(page, 'coming soon with an error');
    const email = `waiting.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.co.ke`;
    await tell.getByLabel('Email address').fill(email);
    await tell.getByRole('button', { name: "Tell me when it's available" }).click();
    await expect(tell.getByRole('status')).toHaveText(
      `Thank you. We will e-mail ${email} when Medical is available.`,
    );
    await expectNoSeriousViolations(page, 'coming soon, registered');

    // The admin sees the people waiting for it.
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signInStaffThroughPage(admin, STAFF.admin);
    await admin.goto('/staff/coming-soon');
    await expect(admin.getByRole('heading', { level: 1, name: 'Coming soon: who is waiting' })).toBeVisible();
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Medical' }) });
    await expect(row).toContainText('Coming soon');
    expect(Number(await row.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await expect(row).toContainText('When it is live');
    await expectNoSeriousViolations(admin, 'staff coming soon');
    await staff.close();
  });

  test('an unknown class route or product id shows the not-found page', async ({ page }) => {
    await page.goto('/marine/XX/YY');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/flying-carpets/FC101/FlyingCarpets');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
