import { expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures';
import { call } from './purchase-fixtures';
import { STAFF, signInStaffThroughApi, signInStaffThroughPage } from './staff-fixtures';

/** The staff area shows twenty rows a page: twenty-one new accounts make a second page whatever else exists. */
const ACCOUNTS = 21;

test.describe('staff area: a list’s page lives in the address (issue 16)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Staff users on page 2 stays there on reload and on Back', async ({ page, request }) => {
    const admin = await signInStaffThroughApi(request, STAFF.admin);
    for (let index = 0; index < ACCOUNTS; index++) {
      await call(
        request,
        ['admin', 'staff', 'inviteStaff'],
        { email: uniqueEmail(`paged-${index}`), firstName: 'Wanjiru', lastName: 'Kamau', role: 'admin' },
        admin.accessToken,
      );
    }

    await signInStaffThroughPage(page, STAFF.admin);
    await page.goto('/staff/staff');
    const pages = page.getByRole('navigation', { name: 'Staff pages' });
    await expect(pages).toContainText(/Page 1 of \d+/);
    await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/staff\?page=2$/);
    await expect(pages).toContainText(/Page 2 of \d+/);

    await page.reload();
    await expect(pages).toContainText(/Page 2 of \d+/);

    await page.goto('/staff/audit');
    await page.goBack();
    await expect(page).toHaveURL(/\/staff\/staff\?page=2$/);
    await expect(pages).toContainText(/Page 2 of \d+/);

    // Back from page 2 goes to the first page, as the browser's history says.
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/staff\/staff$/);
    await expect(pages).toContainText(/Page 1 of \d+/);
  });
});
