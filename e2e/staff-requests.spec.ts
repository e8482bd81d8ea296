import { expect, test } from '@playwright/test';
import { createClient } from './purchase-fixtures';
import { createHelpRequestThroughApi, STAFF, signInStaffThroughPage } from './staff-fixtures';

test.describe('staff area: a broker', () => {
  test('sees a help request sent to the firm, opens it and starts the review', async ({ page, request }) => {
    const client = await createClient(request);
    const { requestSystemRef, car } = await createHelpRequestThroughApi(
      request,
      client.session,
      'Savannah Insurance Brokers',
    );

    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await expect(page.getByText('Savannah Insurance Brokers').first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff area' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Requests',
      'Chats',
      'Commission statement',
      'Client assessments',
      'Claims',
      'Notifications',
    ]);

    await nav.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await expect(page.getByText(/^\d+ new$/)).toBeVisible();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: requestSystemRef }) });
    await expect(row).toContainText('Wanjiru Kamau');
    await expect(row).toContainText('KES 1,250,000');
    await expect(row).toContainText(car.registrationNumber);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();

    await page.getByLabel('Status').selectOption('PENDING');
    await expect(row).toBeVisible();
    await page.getByLabel('Status').selectOption('QUOTED');
    await expect(row).toBeHidden();
    await page.getByLabel('Status').selectOption('');

    await page.getByRole('link', { name: `Open request ${requestSystemRef}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Request ${requestSystemRef}` })).toBeVisible();
    await expect(page.getByText('Please quote comprehensive cover for my family car.')).toBeVisible();
    await expect(page.getByText(car.chassisNumber)).toBeVisible();
    await page.getByRole('button', { name: 'Start review' }).click();
    await expect(page.getByText('In review', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start review' })).toBeHidden();
    await expect(page.getByRole('table', { name: 'Status history' })).toContainText('Pending → In review');
  });
});
