import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { call, createClient, createInvoiceThroughApi, payInvoiceThroughApi } from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

test.describe('staff area: finding a policy', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin finds a client’s policy by the phone that paid and by its number @phone @desktop', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    await payInvoiceThroughApi(request, client.session, invoiceSystemRef);
    const policies = await call<Array<{ policyNumber: string }>>(
      request,
      ['client', 'policy', 'listPolicies'],
      {},
      client.session.accessToken,
    );
    const policyNumber = policies[0]?.policyNumber;
    expect(policyNumber).toBeTruthy();

    await signInStaffThroughPage(page, STAFF.admin);
    await page.getByRole('link', { name: 'Policies' }).first().click();
    await expect(page).toHaveURL(/\/staff\/policies$/);
    await expect(page.getByText('Type at least three characters and press Search.')).toBeVisible();
    await expectNoSeriousViolations(page, 'policy search');

    const box = page.getByLabel('Policy number, registration, phone or receipt');
    await box.fill(policyNumber!);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Policies found' });
    await expect(table.getByRole('rowheader', { name: policyNumber })).toBeVisible();
    await expect(table).toContainText(client.email);
    // Each policy says where it stands: this one's cover starts tomorrow (the helpers' start date).
    const found = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: policyNumber }) });
    await expect(found.getByText('Not yet in force', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'policy search results');

    // The phone as people write it finds it too; a plate nobody has finds nothing.
    await box.fill('0712 345 678');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('rowheader', { name: policyNumber })).toBeVisible();
    await box.fill('ZZZ 999Z');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No policy matches this search.')).toBeVisible();

    // Once its cover has ended, the search says Expired, not Active.
    const moved = await request.post('/dev/policies/ends-in', { data: { policyNumber, days: -3 } });
    expect(moved.ok()).toBe(true);
    await box.fill(policyNumber!);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(found.getByText('Expired', { exact: true })).toBeVisible();
    await expect(found.getByText('Not yet in force', { exact: true })).toHaveCount(0);
  });

  test('an underwriter of another insurer does not see it', async ({ page, request }) => {
    const client = await createClient(request, { withKyc: true });
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    await payInvoiceThroughApi(request, client.session, invoiceSystemRef);
    const policies = await call<Array<{ policyNumber: string }>>(
      request,
      ['client', 'policy', 'listPolicies'],
      {},
      client.session.accessToken,
    );
    // The helpers buy Jubilee third-party cover: APA's underwriter finds nothing of it.
    await signInStaffThroughPage(page, 'underwriter.apa@bimaportal.co.ke');
    await page.goto('/staff/policies');
    await page.getByLabel('Policy number, registration, phone or receipt').fill(policies[0]!.policyNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No policy matches this search.')).toBeVisible();
  });
});
