import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { mailTo, uniqueEmail } from './fixtures';
import { call } from './purchase-fixtures';
import { STAFF, signInStaffThroughApi } from './staff-fixtures';

test.describe('staff invitation: from the admin’s e-mail to the staff area', () => {
  test('an invited admin types the e-mailed code and a password on the accept-invitation page, and is signed in @phone', async ({
    page,
    request,
  }) => {
    const admin = await signInStaffThroughApi(request, STAFF.admin);
    const email = uniqueEmail('new-admin');
    await call(
      request,
      ['admin', 'staff', 'inviteStaff'],
      { email, firstName: 'Achieng', lastName: 'Otieno', role: 'admin' },
      admin.accessToken,
    );
    const [mail] = await mailTo(request, email);
    expect(mail, 'the invitation e-mail').toBeTruthy();
    const code = mail!.text.match(/invitation code is (\d{4})/)?.[1];
    // The e-mail's link opens /password-setup (e2e/password-setup.spec.ts); an invitation sent before
    // it still works with its reference and code on the accept-invitation page.
    const ref = mail!.text.match(/Invitation reference: ([0-9a-f-]{36})/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(ref).toBeTruthy();

    await page.goto(`/staff/accept-invitation?ref=${ref}`);
    await expect(page.getByRole('heading', { name: "Join Bima Portal's staff area" })).toBeVisible();
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(page.getByText('Please enter a valid 4-digit code')).toBeVisible();
    await expectNoSeriousViolations(page, 'accept invitation with errors');

    await page.getByLabel('Invitation code').fill(code === '0000' ? '1111' : '0000');
    await page.getByLabel('Password', { exact: true }).fill('Karibu-Staff-2026!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Karibu-Staff-2026!');
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    // A wrong code is refused and nothing is signed in.
    await expect(page).toHaveURL(/\/staff\/accept-invitation/);

    await page.getByLabel('Invitation code').fill(code!);
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByText('Achieng Otieno').first()).toBeVisible();
  });

  test('a link without its reference says so', async ({ page }) => {
    await page.goto('/staff/accept-invitation');
    await expect(page.getByRole('heading', { name: 'This invitation link is not complete' })).toBeVisible();
  });
});
