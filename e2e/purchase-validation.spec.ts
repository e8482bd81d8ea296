import { expect, type Page, test } from '@playwright/test';
import { isoDateFromToday, toast } from './fixtures';
import {
  buyComprehensiveQuote,
  buyThirdPartyQuote,
  confirmApplication,
  createClient,
  fillFullVehicle,
  fillVehicleIdentity,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';

/** A field's error is announced through the field's aria-describedby. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `${label} points at its error`).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

test.describe('purchase: validation messages', () => {
  test.describe.configure({ timeout: 90_000 });

  test('signed-out visitors are sent to sign in', async ({ page }) => {
    await page.goto('/motor/cover-details');
    await expect(page).toHaveURL(/\/insurance\/auth$/);
  });

  test('without a quotation the purchase sends the client back to it', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/motor/payment-confirmation/payment');
    await expect(toast(page, 'Quotation needed')).toBeVisible();
    await expect(page).toHaveURL(/\/motor\/basic-details/);
  });

  test('every vehicle rule of spec-2 §5, checked after the first submit', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await buyComprehensiveQuote(page);
    await expect(page).toHaveURL(/\/vehicle-details$/);

    // Nothing is checked before the first submit.
    await page.getByLabel('Registration number').fill('bad');
    await page.getByLabel('Colour').click();
    await expect(page.getByText('Please enter a valid registration number (e.g., KAA 123A)')).toHaveCount(0);
    await page.getByLabel('Registration number').fill('');

    await page.getByRole('button', { name: 'Submit Details' }).click();
    const required: Array<[string, string]> = [
      ['Make', 'Vehicle make is required'],
      ['Model', 'Vehicle model is required'],
      ['Registration number', 'Registration number is required'],
      ['Chassis number', 'Chassis number is required'],
      ['Engine number', 'Engine number is required'],
      ['Engine capacity (cc)', 'Engine capacity is required'],
      ['Fuel type', 'Fuel type is required'],
      ['Body type', 'Body type is required'],
      ['Use purpose', 'Use purpose is required'],
      ['Colour', 'Colour is required'],
      ['Year of manufacture', 'Year of manufacture is required'],
    ];
    for (const [label, message] of required) await expectFieldError(page, label, message);
    await expect(page.getByText('Anti-theft device information is required.')).toBeVisible();
    await expect(page.getByText('Please specify if the vehicle has modifications.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Details' })).toBeDisabled();

    await fillFullVehicle(page);
    const year = new Date().getFullYear();
    const invalid: Array<[string, string, string]> = [
      ['Registration number', 'KDA 12B', 'Please enter a valid registration number (e.g., KAA 123A)'],
      ['Chassis number', 'JTEBU5JR5', 'Chassis number should be 17 characters long'],
      ['Engine capacity (cc)', '0', 'Engine capacity must be greater than 0'],
      // Digits are fine where dealers write them ("SUV 4x4"); a body type must start with a letter.
      ['Body type', '4x4', 'Body type should only contain letters'],
      ['Colour', 'Red!', 'Colour should only contain letters'],
      ['Year of manufacture', '1899', `Year must be between 1900 and ${year}`],
      ['Anti-theft device details', '', 'Anti-theft device details are required'],
    ];
    for (const [label, value, message] of invalid) {
      const field = page.getByLabel(label, { exact: true });
      const before = await field.inputValue();
      await field.fill(value);
      await field.blur();
      await expectFieldError(page, label, message);
      await field.fill(before);
      await field.blur();
    }
    await page.getByLabel('Anti-theft device details').fill('Tracker');
    await page.getByLabel('Anti-theft device details').blur();
    await expectFieldError(page, 'Anti-theft device details', 'Details must be at least 10 characters');
    await page.getByLabel('Anti-theft device details').fill('Tracker fitted by Cartrack');

    await page
      .getByRole('group', { name: 'Has the vehicle been modified?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expectFieldError(page, 'Modification details', 'Modification details are required');
    await expectFieldError(page, 'Modification date', 'Modification date is required');
    await page.getByLabel('Modification details').fill('Roof rack fitted');
    await page.getByLabel('Modification date').fill(isoDateFromToday(3));
    await page.getByLabel('Modification date').blur();
    await expectFieldError(page, 'Modification date', 'Modification date cannot be in the future');
    await page.getByLabel('Modification date').fill(isoDateFromToday(-30));
    await page.getByLabel('Modification date').blur();
    await expect(page.getByRole('button', { name: 'Submit Details' })).toBeEnabled();
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(toast(page, 'Vehicle Details Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/kyc-details$/);
  });

  test('every KYC and M-Pesa rule', async ({ page, request }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await buyThirdPartyQuote(page, THIRD_PARTY.name);
    await fillVehicleIdentity(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page).toHaveURL(/\/kyc-details$/);

    await page.getByRole('button', { name: 'Submit KYC Details' }).click();
    await expectFieldError(page, 'Phone number', 'Phone number is required');
    await expectFieldError(page, 'KRA PIN', 'KRA PIN is required');
    await expectFieldError(page, 'Account type', 'Account type is required');
    await expectFieldError(page, 'Physical address', 'Physical address is required');
    const invalid: Array<[string, string, string]> = [
      [
        'Phone number',
        '0012345678',
        'Please enter a valid Kenyan phone number (e.g., 0712345678 or +254712345678)',
      ],
      ['KRA PIN', 'A12345678X', 'Please enter a valid KRA PIN (e.g., A123456789X)'],
      ['Physical address', 'Nairobi', 'Address must be at least 10 characters long'],
    ];
    for (const [label, value, message] of invalid) {
      await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByLabel(label, { exact: true }).blur();
      await expectFieldError(page, label, message);
    }
    await page.getByLabel('Phone number').fill('+254712345678');
    await page.getByLabel('KRA PIN').fill('A123456789X');
    await page.getByLabel('Account type').selectOption({ label: 'Corporate' });
    await page.getByLabel('Physical address').fill('Moi Avenue, Mombasa');
    await page.getByRole('button', { name: 'Submit KYC Details' }).click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();
    await confirmApplication(page);

    // M-Pesa number: the fixed +254, prefilled from the KYC phone, the spec's messages.
    const phone = page.getByLabel('M-Pesa number');
    const payNow = page.getByRole('button', { name: 'Pay Now' });
    await expect(phone).toHaveValue('712345678');
    await expect(payNow).toBeDisabled();
    await phone.fill('5');
    await expectFieldError(
      page,
      'M-Pesa number',
      'Please enter a valid Safaricom number starting with 7 or 1',
    );
    await phone.fill('7123');
    await expectFieldError(page, 'M-Pesa number', 'Phone number must be 9 digits');
    await phone.fill('+254 712 345 678');
    await expect(toast(page, 'Your phone number is valid.')).toBeVisible();
    await phone.blur();
    await expect(phone).toHaveValue('712345678');
    await expect(payNow).toBeDisabled();
    await page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ }).check();
    await expect(payNow).toBeEnabled();
    // Nothing is cut to nine characters: ten digits are refused, not silently shortened.
    await phone.fill('7123456789');
    await expectFieldError(page, 'M-Pesa number', 'Phone number must be 9 digits');
    await expect(payNow).toBeDisabled();
    await phone.fill('0712 345 678');
    await expect(payNow).toBeEnabled();

    // Pay Later leads to the portal's quotations; the terms page is real.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/summary$/);
    await page.goto('/terms-and-privacy');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms of Use and Privacy Notice' }),
    ).toBeVisible();
    await expect(page.getByText(/Data Protection Act/).first()).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByRole('button', { name: 'Pay Later' }).click();
    await expect(page).toHaveURL(/\/newportal\/quotations$/);
  });
});
