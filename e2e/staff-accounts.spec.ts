import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { mailTo, uniqueEmail } from './fixtures';
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
    await expect(
      page.getByText('Choose the role: intermediary, underwriter, lender or admin.'),
    ).toBeVisible();
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

  test('an admin invites a lender user for the sample lender; it accepts and works that lender’s applications', async ({
    page,
    request,
    browser,
  }) => {
    const email = uniqueEmail('credit-officer');
    await useSession(page, await signInStaffThroughApi(request, STAFF.admin));
    await page.goto('/staff/staff');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('First name').fill('Atieno');
    await page.getByLabel('Last name').fill('Odhiambo');
    await page.getByLabel('Role').selectOption('lender');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Choose the lender this user works for.')).toBeVisible();
    await page
      .getByLabel('Lender', { exact: true })
      .selectOption({ label: 'Mavuno Premium Finance (sample)' });
    await expectNoSeriousViolations(page, 'invite a lender user');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email }) });
    await expect(row).toContainText('Mavuno Premium Finance (sample)');
    await expect(row).toContainText('Lender');

    // The invitee accepts from the e-mail and lands in the lender's part of the staff area.
    const [mail] = await mailTo(request, email);
    expect(mail?.text).toContain('for Mavuno Premium Finance (sample)');
    const link = mail!.text.match(/Open (\S+\/password-setup\?token=\S+) and/)?.[1];
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const invitee = await context.newPage();
    await invitee.goto(new URL(link!).pathname + new URL(link!).search);
    await invitee.getByLabel('Password', { exact: true }).fill('Karibu-Lender-2026!');
    await invitee.getByLabel('Confirm password', { exact: true }).fill('Karibu-Lender-2026!');
    await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(invitee).toHaveURL(/\/staff$/);
    await expect(invitee.getByText('Mavuno Premium Finance (sample)').first()).toBeVisible();
    await invitee.getByRole('link', { name: 'Loan applications' }).first().click();
    await expect(invitee).toHaveURL(/\/staff\/loan-applications$/);
    await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });
});
