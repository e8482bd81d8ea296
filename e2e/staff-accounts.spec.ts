import { expect, test } from '@playwright/test';
import { useSession } from './purchase-fixtures';
import { STAFF, signInStaffThroughApi } from './staff-fixtures';

test.describe('staff area: staff accounts', () => {
  test('an admin invites an intermediary for a firm, then disables and enables the account', async ({
    page,
    request,
  }) => {
    const email = `agent.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@tana-brokers.example`;
    await useSession(page, await signInStaffThroughApi(request, STAFF.admin));
    await page.goto('/staff/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Choose the role: intermediary, underwriter or admin.')).toBeVisible();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('First name').fill('Achieng');
    await page.getByLabel('Last name').fill('Otieno');
    await page.getByLabel('Role').selectOption('intermediary');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Choose the intermediary firm this user works for.')).toBeVisible();
    await page.getByLabel('Intermediary firm').selectOption({ label: 'Tana Insurance Brokers' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });
    await expect(row).toContainText('Tana Insurance Brokers');
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Disable Achieng Otieno' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Enable Achieng Otieno' }).click();
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  });
});
