import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { useSession } from './purchase-fixtures';
import { signInStaffThroughApi } from './staff-fixtures';

const LENDER = 'lender@mavuno-finance.example';

test.describe('lender: pricing tables', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the sample lender reads its tables and publishes a new school fees table for a later day @phone @desktop', async ({
    page,
    request,
  }) => {
    // The name and day are this run's own: the phone and desktop runs share one server.
    const name = `Mavuno school fees ${Math.random().toString(36).slice(2, 7)}`;
    await useSession(page, await signInStaffThroughApi(request, LENDER));
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/staff\/loan-pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const tables = page.getByRole('region', { name: 'Your pricing tables' });
    await expect(tables.getByText('In force').first()).toBeVisible();
    await expect(tables.getByText('Premium financing').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'lender pricing');

    // A band with no term, amount or price: each field says what is wrong.
    const form = page.getByRole('region', { name: 'Publish a new table' });
    await form.getByLabel('Loan product').selectOption({ label: 'School fees' });
    await form.getByLabel('Table name').fill(name);
    await form.getByRole('button', { name: 'Publish the table' }).click();
    await expect(form.getByLabel('Months', { exact: true })).toHaveAccessibleDescription(
      'Choose a term this product offers: 2, 3 months.',
    );
    await expect(form.getByLabel('Facility fee (KES)')).toHaveAccessibleDescription(
      'Give either a facility fee (KES) or a monthly rate (%), not both.',
    );
    await expect(form.getByRole('alert')).toContainText('Choose a term this product offers: 2, 3 months.');

    // Started from the table in force, for a day far ahead (nothing else is priced by it).
    const day = `20${90 + Math.floor(Math.random() * 9)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    await form.getByRole('button', { name: 'Start from the table in force' }).click();
    await expect(form.getByText('Band 2', { exact: true })).toBeVisible();
    await form.getByLabel('First day in force').fill(day);
    await form.getByRole('button', { name: 'Publish the table' }).click();
    await expect(form.getByRole('status')).toHaveText(`${name} is published: it is in force from ${day}.`);
    const published = tables.getByRole('region', { name });
    await expect(published.getByText('Scheduled')).toBeVisible();
    await expect(published.getByText(`From ${day}`)).toBeVisible();
    await expect(published.getByRole('row')).not.toHaveCount(1);
  });
});
