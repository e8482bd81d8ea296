import { expect, type Page, test } from '@playwright/test';
import { chooseCategory, getQuotes, productCard, quoteCard, saveVehicleValue } from './fixtures';

/**
 * Issue 26, labels on the way to paying: each wizard names its own product and takes its class from
 * its address, whatever card was clicked last on the landing page and however the address was opened.
 */

const quoteGrid = (page: Page) => page.getByRole('list', { name: 'Quoted products' });

test.describe('wizard labels', () => {
  test('the motor wizard names motor private, not the card clicked last, then the product chosen in it @phone', async ({
    page,
  }) => {
    // A coming-soon card, then the motor wizard's address typed in the same tab.
    await page.goto('/');
    await chooseCategory(page, 'Individual');
    await productCard(page, 'Medical').getByRole('button', { name: 'Coming Soon' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Medical' })).toBeVisible();
    await page.goto('/motor/basic-details');
    await expect(page.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
    await expect(page.getByText('Selected product: Motor Private')).toBeVisible();
    await expect(page.getByText('Selected product: Medical')).toHaveCount(0);

    // Another flow's card (fire domestic), then back to the motor wizard: still motor private, and
    // its quotes are motor private's (class 07), not the fire market's.
    // The landing page reopens on the products of the category chosen before (a full page load).
    await page.goto('/');
    await productCard(page, 'Fire Domestic').getByRole('button', { name: 'Get Quote' }).click();
    await expect(page).toHaveURL(/\/fire-domestic\/FD101\/FireDomestic$/);
    await page.goto('/motor/basic-details');
    await expect(page.getByText('Selected product: Motor Private')).toBeVisible();
    await expect(page.getByText('Selected product: Fire Domestic')).toHaveCount(0);
    await saveVehicleValue(page, 1_500_000);
    const quoteRequest = page.waitForRequest(
      (req) => req.postData()?.includes('fetchInsuranceClassReccomendations') === true,
    );
    await getQuotes(page, 'Comprehensive');
    expect((await quoteRequest).postDataJSON().data).toMatchObject({ insuranceClass: '07' });
    await expect(quoteCard(page, 'Jubilee Motor Elite')).toBeVisible();

    // The product chosen in this flow is the one named from then on, through the purchase steps.
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
    await expect(page.getByText('Selected product: Jubilee Motor Elite')).toBeVisible();
    await expect(page.getByText('Selected product: Fire Domestic')).toHaveCount(0);
  });

  test('/motor/basic-details opened from a bookmark quotes motor private without the landing page @phone', async ({
    page,
  }) => {
    await page.goto('/motor/basic-details');
    await expect(page.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
    await saveVehicleValue(page, 800_000);
    await getQuotes(page, 'Comprehensive');
    await expect(page).toHaveURL(/\/motor\/basic-details\/product-quotation(\?quote=[\w-]+)?$/);
    await expect(quoteGrid(page).getByRole('article').first()).toBeVisible();
    await expect(page.getByText('Insurance class code is required but not provided.')).toHaveCount(0);

    // The cover-type step's own address, as a shared first-step link.
    await page.context().clearCookies();
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/motor/basic-details/cover-type');
    await saveVehicleValue(page, 800_000);
    await getQuotes(page, 'Third Party, Fire and Theft');
    await expect(quoteGrid(page).getByRole('article').first()).toBeVisible();
  });

  test("the other flows' first steps, opened directly, go on to their quotes", async ({ page }) => {
    test.setTimeout(90_000);
    // Motor commercial.
    await page.goto('/motor-commercial/MC101/MotorCommercial');
    await page.getByRole('radio', { name: /^Comprehensive Commercial Cover/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Estimated market value (KES)').fill('2500000');
    await page.getByLabel('Vehicle type').selectOption({ label: 'Lorry / truck' });
    await page.getByLabel('Tonnage capacity (tonnes)').fill('10');
    await page.getByLabel('Primary use').selectOption({ label: 'General cartage (carrying for hire)' });
    await page.getByLabel('Goods carried').fill('Building materials');
    await page.getByLabel('Routes').fill('Nairobi–Mombasa');
    await page.getByRole('button', { name: 'Get Quotation' }).click();
    await expect(
      page.getByRole('list', { name: 'Quoted plans' }).getByRole('article', { name: 'Standard Commercial' }),
    ).toBeVisible();

    const quotesHeading = page.getByRole('heading', { name: /: Quotes$/ });
    // Fire domestic.
    await page.goto('/fire-domestic/FD101/FireDomestic');
    await page.getByLabel('Building value (KES)').fill('5000000');
    await page.getByLabel('Contents value (KES)').fill('1000000');
    await page.getByLabel('County').fill('Nairobi');
    await page.getByLabel('Town or estate').fill('Kileleshwa');
    await page
      .getByLabel('Construction')
      .selectOption({ label: 'Stone or block walls, tiled or concrete roof' });
    await page.getByLabel('Who lives there').selectOption({ label: 'Lived in by the owner' });
    await page.getByRole('button', { name: 'Get Quotes' }).click();
    await expect(quotesHeading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose CIC Fire Domestic' })).toBeVisible();

    // Theft.
    await page.goto('/theft-insurance/TH101/TheftInsurance');
    await page.getByLabel('Type of premises').selectOption({ label: 'Standalone house' });
    await page.getByLabel('Contents value (KES)').fill('500000');
    await page.getByRole('button', { name: 'Get Quotes' }).click();
    await expect(quotesHeading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose CIC Theft Insurance' })).toBeVisible();

    // Aviation.
    await page.goto('/aviation-insurance/AV101/AviationInsurance');
    await page.getByLabel('Aircraft type').selectOption({ label: 'Single-engine piston (e.g. Cessna 172)' });
    await page.getByLabel('Registration').fill('5Y-KBC');
    await page.getByLabel('Hull value (KES)').fill('30000000');
    await page.getByLabel('Seats').fill('4');
    await page.getByLabel('Use of the aircraft').selectOption({ label: 'Private and business flying' });
    await page.getByLabel("Pilot's total flying hours").fill('1500');
    await page.getByRole('button', { name: 'Get Quotes' }).click();
    await expect(quotesHeading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose ICEA LION Aviation' })).toBeVisible();
  });
});
