import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { getQuotes, isoDateFromToday, quoteCard, saveVehicleValue, startMotorPrivate } from './fixtures';

async function reachQuotes(page: Page) {
  await startMotorPrivate(page);
  await saveVehicleValue(page, 1_500_000);
  await getQuotes(page, 'Comprehensive');
}

async function reachBenefits(page: Page) {
  await reachQuotes(page);
  await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Buy Now' }).click();
  await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
  await page.getByLabel('Start date').fill(isoDateFromToday(2));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
}

// Each test runs at desktop size, and at 412 px in the phone project (@phone).
test.describe('motor private screens: accessibility', () => {
  // A whole journey with several axe runs or a 2 s quote wait: longer than one screen's 30 s budget.
  test.describe.configure({ timeout: 60_000 });

  test('cover type, quotes and the comparison modal have no serious or critical violations @phone', async ({
    page,
  }) => {
    await startMotorPrivate(page);
    await expectNoSeriousViolations(page, 'cover type: value entry');
    await page.getByRole('button', { name: 'Save Value' }).click();
    await expect(page.getByText('Vehicle value is required.')).toBeVisible();
    await expectNoSeriousViolations(page, 'cover type: value error');
    await saveVehicleValue(page, 1_500_000);
    await expectNoSeriousViolations(page, 'cover type: options');

    await getQuotes(page, 'Comprehensive');
    await expect(
      page.getByRole('list', { name: 'Quoted products' }).getByRole('article').first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'product quotation');

    const dialog = page.getByRole('dialog', { name: 'Compare Products' });
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Compare' }).click();
    // One product chosen: the compare bar, not the window.
    await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeDisabled();
    await expectNoSeriousViolations(page, 'product quotation with the compare bar');
    await quoteCard(page, 'APA Motor Plus').getByRole('button', { name: 'Compare' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    await dialog
      .getByText(/^Optional benefits/)
      .first()
      .click();
    await expectNoSeriousViolations(page, 'comparison modal');
  });

  test('product details and cover details have no serious or critical violations @phone', async ({
    page,
  }) => {
    await reachQuotes(page);
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('heading', { name: 'Jubilee Motor Elite' })).toBeVisible();
    await expectNoSeriousViolations(page, 'product details');

    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByLabel('Cover period')).toBeVisible();
    await expectNoSeriousViolations(page, 'cover details');
    await page.getByLabel('Cover period').selectOption('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Cover period is required.')).toBeVisible();
    await expectNoSeriousViolations(page, 'cover details: errors');
  });

  test('benefits, the limit and excess modals and the quotation have no serious or critical violations @phone', async ({
    page,
  }) => {
    await reachBenefits(page);
    await page.getByRole('button', { name: 'Add Political Violence and Terrorism' }).click();
    await expectNoSeriousViolations(page, 'benefits');

    await page.getByRole('button', { name: 'Edit limit of Windscreen Cover' }).click();
    const limitModal = page.getByRole('dialog', { name: 'Set the limit of Windscreen Cover' });
    await limitModal.getByLabel('Limit (KES)').fill('1');
    await limitModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(limitModal.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page, 'limit modal');
    await limitModal.getByLabel('Limit (KES)').fill('80000');
    await limitModal.getByRole('button', { name: 'Confirm' }).click();

    await page.getByRole('button', { name: 'Change Collision excess' }).click();
    await expect(page.getByRole('dialog', { name: 'Set the Collision excess' })).toBeVisible();
    await expectNoSeriousViolations(page, 'excess modal');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();
    await expectNoSeriousViolations(page, 'quotation');
  });
});
