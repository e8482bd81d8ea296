import { expect, type Page, test } from '@playwright/test';
import { isoDateFromToday, openMenu } from './fixtures';
import { createClient, PASSWORD, PAYMENT_TIMEOUT, VEHICLE } from './purchase-fixtures';
import { sw, swExactly, swStart } from './swahili';

/** A toast in the notifications region, in Swahili. */
const toast = (page: Page, english: string) =>
  page.getByRole('region', { name: swExactly('Notifications') }).getByText(swExactly(english));
const button = (page: Page, english: string) => page.getByRole('button', { name: swExactly(english) });
const field = (page: Page, english: string) => page.getByLabel(swExactly(english));

test.describe('Kiswahili', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client switches to Kiswahili, which is remembered, and buys comprehensive motor cover paid by M-Pesa @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);

    // The browser speaks English: English first, then one tap to Kiswahili, kept on reload.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await openMenu(page);
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      sw('Professional Insurance Made Simple'),
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await openMenu(page, swExactly('Menu'));
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bima ya Kitaalamu, kwa Urahisi');

    // Landing → Individual → Motor Private → Get Quote; the catalogue's own words are in Kiswahili too.
    await page.getByRole('button', { name: swExactly('Individual') }).click();
    await page.getByRole('heading', { name: swExactly('Excellent Choice!') }).waitFor();
    const motorPrivate = page.getByRole('article', { name: 'Bima ya Gari Binafsi', exact: true });
    await expect(motorPrivate.getByText(/^Bima ya gari lako binafsi/)).toBeVisible();
    await expect(motorPrivate.getByRole('list', { name: swExactly('Key features') })).toContainText(
      'Uharibifu',
    );
    await motorPrivate.getByRole('button', { name: swExactly('Get Quote') }).click();
    await page.getByRole('heading', { name: swExactly('Choose your cover') }).waitFor();

    // The value, the cover type and the quotes.
    await field(page, 'Vehicle value (KES)').fill('1500000');
    await button(page, 'Save Value').click();
    await expect(toast(page, 'Vehicle Value Saved')).toBeVisible();
    await page.getByRole('radio', { name: swStart('Comprehensive') }).check();
    await button(page, 'Get Quote').click();
    await page.getByRole('heading', { name: swExactly('Compare quotations') }).waitFor();
    await page
      .getByRole('list', { name: swExactly('Quoted products') })
      .getByRole('article', { name: 'Jubilee Motor Elite', exact: true })
      .getByRole('button', { name: swExactly('Buy Now') })
      .click();

    // Cover details (12 months in Swahili), benefits, the priced quotation.
    await field(page, 'Cover period').selectOption({ label: sw('12 Months') });
    await field(page, 'Start date').fill(isoDateFromToday(2));
    await button(page, 'Continue').click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await button(page, 'Save & View Quote').click();
    await expect(page.getByRole('table', { name: swExactly('Premium breakdown') })).toBeVisible();
    await button(page, 'Proceed to Purchase').click();

    // Sign in, in Swahili.
    await expect(page).toHaveURL(/\/insurance\/auth/);
    await button(page, 'Yes, Sign In').click();
    await field(page, 'E-mail address').fill(client.email);
    await page.getByLabel(swExactly('Password'), { exact: true }).fill(PASSWORD);
    await button(page, 'Sign In').click();

    // Vehicle details, then KYC.
    await expect(page.getByRole('heading', { name: swExactly('Vehicle Details') })).toBeVisible();
    await field(page, 'Make').selectOption(VEHICLE.make);
    await field(page, 'Model').selectOption(VEHICLE.model);
    await field(page, 'Registration number').fill(VEHICLE.registrationNumber);
    await field(page, 'Chassis number').fill(VEHICLE.chassisNumber);
    await field(page, 'Engine number').fill(VEHICLE.engineNumber);
    await field(page, 'Engine capacity (cc)').fill(VEHICLE.engineCapacity);
    await field(page, 'Fuel type').selectOption(VEHICLE.fuelType);
    await field(page, 'Body type').fill(VEHICLE.bodyType);
    await field(page, 'Use purpose').selectOption({ index: 1 });
    await field(page, 'Colour').fill(VEHICLE.colour);
    await field(page, 'Year of manufacture').fill(VEHICLE.yearOfManufacture);
    await page
      .getByRole('group', { name: swExactly('Does the vehicle have an anti-theft device?') })
      .getByRole('radio', { name: swExactly('No') })
      .check();
    await page
      .getByRole('group', { name: swExactly('Has the vehicle been modified?') })
      .getByRole('radio', { name: swExactly('No') })
      .check();
    await button(page, 'Submit Details').click();
    await expect(toast(page, 'Vehicle Details Saved')).toBeVisible();

    await expect(page.getByRole('heading', { name: swExactly('KYC Verification') })).toBeVisible();
    // A field left empty is refused in Swahili, with the spec's rule.
    await button(page, 'Submit KYC Details').click();
    await expect(page.getByText(swExactly('KRA PIN is required')).first()).toBeVisible();
    await field(page, 'Phone number').fill('0712345678');
    await field(page, 'KRA PIN').fill('A123456789X');
    await field(page, 'Account type').selectOption({ index: 1 });
    await field(page, 'Physical address').fill('Kenyatta Avenue, Nairobi');
    await button(page, 'Submit KYC Details').click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();

    // Summary → Confirm & Pay → M-Pesa.
    await expect(page.getByRole('heading', { name: swExactly('Application Summary') })).toBeVisible();
    await button(page, 'Confirm & Pay').click();
    // Completing asks DMVIC first (double insurance, NTSA): on a loaded machine that takes seconds.
    await expect(toast(page, 'Quotation Completed')).toBeVisible({ timeout: 20_000 });
    await field(page, 'M-Pesa number').fill('712345678');
    const terms = page.getByRole('checkbox');
    if (!(await terms.isChecked())) await terms.check();
    await button(page, 'Pay Now').click();
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page.getByRole('heading', { name: swExactly('Payment Successful') })).toBeVisible();
    await expect(page.getByText(swExactly('Your insurance policy has been activated.'))).toBeVisible();
    // Dates in Swahili (sw-KE): the month names are Swahili's.
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

    // The schedule is downloaded in the portal's language, whatever the browser's.
    const schedule = page.getByRole('link', { name: swExactly('Download policy schedule (PDF)') });
    const href = await schedule.getAttribute('href');
    expect(href).toMatch(/[?&]lang=sw$/);
    const pdf = await page.request.get(href!, { headers: { 'accept-language': 'en' } });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });
});
