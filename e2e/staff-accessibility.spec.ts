import { expect, test } from '@playwright/test';
import { createClient, expectNoSeriousViolations, useSession } from './purchase-fixtures';
import { createHelpRequestThroughApi, STAFF, signInStaffThroughApi } from './staff-fixtures';

// Desktop (@desktop), and at 412 px in the phone project (@phone).
test.describe('staff area: accessibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test("the admin's screens have no serious or critical violations @phone @desktop", async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await createHelpRequestThroughApi(request, client.session, 'Tana Insurance Brokers');
    await useSession(page, await signInStaffThroughApi(request, STAFF.admin));

    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard');

    await page.goto('/staff/requests');
    await expect(page.getByRole('link', { name: /^Open request / }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'requests');
    await page
      .getByRole('link', { name: /^Open request / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Request / })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Status history' })).toBeVisible();
    await expectNoSeriousViolations(page, 'request');

    await page.goto('/staff/intermediaries');
    await expect(page.getByRole('rowheader', { name: 'Savannah Insurance Brokers' })).toBeVisible();
    await expectNoSeriousViolations(page, 'intermediaries');
    await page.getByRole('button', { name: 'Suspend Savannah Insurance Brokers' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'suspend dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/staff/commission');
    await page
      .getByRole('button', { name: /^Edit the rate of / })
      .first()
      .click();
    const rate = page.getByLabel(/^Rate for .* \(percent\)$/);
    await rate.fill('99');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await expect(
      page.getByText(/^The commission rate cannot exceed the cap of .* for this class\.$/),
    ).toBeVisible();
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, 'commission');

    await page.goto('/staff/staff');
    // The staff list, whatever page the sample broker is on (other journeys invite staff too).
    await expect(page.getByRole('cell', { name: /@/ }).first()).toBeVisible();
    await page.getByLabel('Role').selectOption('intermediary');
    await expect(page.getByLabel('Intermediary firm')).toBeVisible();
    await expectNoSeriousViolations(page, 'staff');

    await page.goto('/staff/money-received');
    await expect(page.getByRole('table', { name: 'Unallocated receipts' })).toBeVisible();
    await expectNoSeriousViolations(page, 'money received');

    await page.goto('/staff/audit');
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
    await expectNoSeriousViolations(page, 'audit log');
  });

  test("the broker's and the underwriter's screens have no serious or critical violations @phone @desktop", async ({
    page,
    request,
  }) => {
    await useSession(page, await signInStaffThroughApi(request, STAFF.savannahBroker));
    await page.goto('/staff/requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Help requests' })).toBeVisible();
    await expectNoSeriousViolations(page, 'broker requests');

    const underwriter = await signInStaffThroughApi(request, STAFF.underwriter);
    // A new tab has its own session storage: the underwriter signs in there.
    const page2 = await page.context().newPage();
    await useSession(page2, underwriter);
    await page2.goto('/staff');
    await expect(page2.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page2.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Products',
      'Policies',
      'Claims',
      'Notifications',
    ]);
    await expectNoSeriousViolations(page2, 'underwriter dashboard');
  });
});
