import { expect, type Page, test } from '@playwright/test';
import {
  getQuotes,
  isoDateFromToday,
  kenyaDateFromToday,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
  toast,
} from './fixtures';

const ERRORS_TITLE = 'Please correct the following errors:';

/** Up to the cover details of Jubilee Motor Elite for a KES 1,500,000 car. */
async function reachCoverDetails(page: Page) {
  await startMotorPrivate(page);
  await saveVehicleValue(page, 1_500_000);
  await getQuotes(page, 'Comprehensive');
  await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
}

async function reachBenefits(page: Page) {
  await reachCoverDetails(page);
  await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
  await page.getByLabel('Start date').fill(isoDateFromToday(3));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
}

function respondWith(page: Page, action: string, status: number, body: unknown) {
  return page.route('**/v2/api/v1', async (route) => {
    if (route.request().postData()?.includes(action)) {
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      return;
    }
    await route.fallback();
  });
}

test.describe('motor private: validation and errors', () => {
  test('vehicle value is required and at least KES 50,000 @phone', async ({ page }) => {
    await startMotorPrivate(page);
    const input = page.getByLabel('Vehicle value (KES)');
    // A text field with the number keypad: "50,000" is typed as people write it (issue 28).
    await expect(input).toHaveAttribute('inputmode', 'numeric');

    await page.getByRole('button', { name: 'Save Value' }).click();
    const errors = page.getByRole('alert').filter({ hasText: ERRORS_TITLE });
    await expect(errors).toContainText('Vehicle value is required.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await input.fill('49000');
    await page.getByRole('button', { name: 'Save Value' }).click();
    await expect(errors).toContainText('Vehicle value must be at least KES 50,000.');
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).toBeHidden();

    await input.fill('50000');
    await page.getByRole('button', { name: 'Save Value' }).click();
    await expect(toast(page, 'Vehicle Value Saved')).toBeVisible();
    await expect(page.getByText('KES 50,000', { exact: true })).toBeVisible();
  });

  test('a cover type is asked for only once Get Quote is tried without one @phone', async ({ page }) => {
    await startMotorPrivate(page);
    await saveVehicleValue(page, 600_000);
    const getQuote = page.getByRole('button', { name: 'Get Quote' });
    // Nothing done yet: no error in red before the visitor has tried to go on.
    await expect(page.getByText('Please select a cover type.')).toBeHidden();
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).not.toHaveAttribute('aria-invalid');
    await getQuote.click();
    await expect(page.getByText('Please select a cover type.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).toBeFocused();
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Compare quotations' })).toHaveCount(0);
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();
    await expect(page.getByText('Please select a cover type.')).toBeHidden();

    // Opening the quotes without a cover type sends the visitor back with the message.
    await page.goto('/motor/basic-details/nowhere'); // resets the flow
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type(\?quote=[\w-]+)?$/);
    await page.goto('/motor/basic-details/product-quotation');
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type(\?quote=[\w-]+)?$/);
    await expect(page.getByRole('alert').filter({ hasText: ERRORS_TITLE })).toContainText(
      'Please select a cover type.',
    );
    await expect(page.getByText('Please select a cover type to proceed.')).toBeVisible();
  });

  test('cover period and start date are required; the start date is not before today @phone', async ({
    page,
  }) => {
    await reachCoverDetails(page);
    await expect(page.getByLabel('Start date')).toHaveAttribute('min', kenyaDateFromToday(0));
    // Preselected (issue 14): a year, starting today; emptied, both are required.
    await expect(page.getByLabel('Cover period').locator('option:checked')).toHaveText('12 Months');
    await expect(page.getByLabel('Start date')).toHaveValue(kenyaDateFromToday(0));
    await page.getByLabel('Cover period').selectOption('');
    await page.getByLabel('Start date').fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    const errors = page.getByRole('alert').filter({ hasText: ERRORS_TITLE });
    await expect(errors).toContainText('Cover period is required.');
    await expect(errors).toContainText('Start date is required.');
    await expect(page.getByLabel('Cover period')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Cover period').selectOption({ label: '6 Months' });
    await page.getByLabel('Start date').fill(kenyaDateFromToday(-1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(errors).toContainText('Start date cannot be before today.');
    await expect(errors).not.toContainText('Cover period is required.');

    await page.getByLabel('Start date').fill(kenyaDateFromToday(0));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
  });

  test('limits and excesses out of range are refused, never clamped', async ({ page }) => {
    await reachBenefits(page);
    await page.getByRole('button', { name: 'Edit limit of Windscreen Cover' }).click();
    const limitModal = page.getByRole('dialog', { name: 'Set the limit of Windscreen Cover' });
    const limit = limitModal.getByLabel('Limit (KES)');
    await limit.fill('');
    await limitModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(limitModal.getByRole('alert')).toHaveText('Enter a limit.');
    await limit.fill('300000');
    await limitModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(limitModal.getByRole('alert')).toHaveText(
      'The limit must be between KES 50,000 and KES 200,000.',
    );
    // Left as typed, shown back grouped (issue 28): the value is kept, never clamped.
    await expect(limit).toHaveValue('300,000');
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await limitModal.getByRole('button', { name: 'Cancel' }).click();
    await expect(limitModal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit limit of Windscreen Cover' })).toBeFocused();
    await expect(page.getByRole('complementary', { name: 'Added Benefits' })).toContainText(
      'No benefits added yet.',
    );

    await page.getByRole('button', { name: 'Change Theft excess' }).click();
    const excessModal = page.getByRole('dialog', { name: 'Set the Theft excess' });
    await excessModal.getByLabel('Excess amount (KES)').fill('150001');
    await excessModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(excessModal.getByRole('alert')).toHaveText(
      'The excess must be between KES 15,000 and KES 150,000.',
    );
    await excessModal.getByLabel('Excess amount (KES)').fill('14999');
    await excessModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(excessModal.getByRole('alert')).toHaveText(
      'The excess must be between KES 15,000 and KES 150,000.',
    );
    await page.keyboard.press('Escape');
    await expect(excessModal).toBeHidden();
    await expect(page.getByText('KES 35,000 per claim')).toBeVisible();
  });

  test('a reload mid-journey keeps the state; an unknown wizard screen resets it', async ({ page }) => {
    await reachBenefits(page);
    await page.getByRole('button', { name: 'Edit limit of Windscreen Cover' }).click();
    const modal = page.getByRole('dialog', { name: 'Set the limit of Windscreen Cover' });
    await modal.getByLabel('Limit (KES)').fill('150000');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Add Road Rescue' }).click();

    await page.reload();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    const added = page.getByRole('complementary', { name: 'Added Benefits' });
    await expect(added).toContainText('Limit changed to KES 150,000');
    await expect(added).toContainText('Road Rescue');
    await page.getByRole('button', { name: 'Back to Basic Details' }).click();
    await expect(page.getByLabel('Cover period')).toHaveValue('365');
    await expect(page.getByLabel('Start date')).toHaveValue(isoDateFromToday(3));

    await page.goto('/motor/basic-details/not-a-step');
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type(\?quote=[\w-]+)?$/);
    await expect(page.getByLabel('Vehicle value (KES)')).toHaveValue('');
    await page.goto('/motor/basic-details/benefits');
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type(\?quote=[\w-]+)?$/);
  });

  test('screens without a product show their empty states', async ({ page }) => {
    await page.goto('/motor/basic-details/view-details');
    await expect(page.getByRole('heading', { name: 'No Product Selected' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Products' }).click();
    // No cover type either: the quotes send the visitor on to the cover type.
    await expect(page).toHaveURL(/\/cover-type(\?quote=[\w-]+)?$/);

    await startMotorPrivate(page);
    await saveVehicleValue(page, 700_000);
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();
    await page.goto('/motor/basic-details/quotation');
    await expect(page.getByRole('heading', { name: 'No Product Selected' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to product quotations' }).click();
    await expect(page).toHaveURL(/\/product-quotation(\?quote=[\w-]+)?$/);
    await expect(page.getByText('No products available. Please try again.')).toBeVisible();
  });

  test('failed calls show the error catalogue toasts', async ({ page }) => {
    await startMotorPrivate(page);
    await saveVehicleValue(page, 1_500_000);
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();

    await respondWith(page, 'fetchInsuranceClassReccomendations', 200, { status: false });
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await expect(toast(page, 'Quotation Fetch Failed')).toBeVisible();
    await expect(page.getByText('An error occured while fetching quotation.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: ERRORS_TITLE })).toContainText(
      'Failed to fetch quotations.',
    );
    await page.unrouteAll();

    await respondWith(page, 'fetchInsuranceClassReccomendations', 200, {
      status: true,
      result: { data: [] },
    });
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await expect(page.getByText('No products available. Please try again.')).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(quoteCard(page, 'Jubilee Motor Elite')).toBeVisible();

    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeDisabled();
    await quoteCard(page, 'APA Motor Plus').getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByRole('dialog', { name: 'Compare Products' }).getByRole('article')).toHaveCount(2);
    await respondWith(page, 'productWithBenefitsAndUnderwriterDetails', 500, {
      status: false,
      err_code: 'INTERNAL_ERROR',
      err_msg: 'Something went wrong.',
    });
    const jubilee = page
      .getByRole('dialog', { name: 'Compare Products' })
      .getByRole('article', { name: 'Jubilee Motor Elite' });
    await jubilee.getByRole('button', { name: 'Buy Now' }).click();
    await expect(toast(page, 'Error')).toBeVisible();
    await expect(page.getByText('Failed to fetch product details. Please try again.')).toBeVisible();
    await page.unrouteAll();
    await jubilee.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);

    await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
    await page.getByLabel('Start date').fill(isoDateFromToday(1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await respondWith(page, 'productPremiumCalc', 400, {
      status: false,
      err_code: 'INVALID_INPUT',
      err_msg: 'The limit of Windscreen Cover must be between KES 50,000 and KES 200,000.',
      errors: [
        {
          field: 'additionalBenefits.0.limit',
          message: 'The limit of Windscreen Cover must be between KES 50,000 and KES 200,000.',
        },
      ],
    });
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(toast(page, 'Quotation Error')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('The limit of Windscreen Cover must be between KES 50,000 and KES 200,000.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await page.unrouteAll();

    await page.route('**/v2/api/v1', (route) =>
      route.request().postData()?.includes('productPremiumCalc') ? route.abort() : route.fallback(),
    );
    await page.goto('/motor/basic-details/quotation');
    await expect(
      page.getByText('An error occurred while fetching the quotation. Please try again.'),
    ).toBeVisible();
    await expect(page.getByText('We could not calculate this quotation.')).toBeVisible();
  });
});
