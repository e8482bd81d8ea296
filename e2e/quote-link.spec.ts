import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  breakdownAmount,
  getQuotes,
  isoDateFromToday,
  PASSWORD,
  quoteCard,
  saveVehicleValue,
  signInThroughUi,
  startMotorPrivate,
  toast,
} from './fixtures';
import { createClient, useSession } from './purchase-fixtures';

const PRODUCT = 'Jubilee Motor Elite';

/** A new browser context, like a new device: nothing in its session storage. Phone-sized on the phone project. */
async function newDevice(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
}

/** Presses "Share this quote" and answers the link it offered (copied, and shown under the button). */
async function shareLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share this quote' }).click();
  const field = page.getByLabel('Link to this quote');
  await expect(field).toHaveValue(/\?quote=[\w-]+$/);
  await expect(
    toast(page, 'Link copied').or(toast(page, 'Copy the link')),
    'the copy is confirmed (or the visitor is told to copy it by hand)',
  ).toBeVisible();
  return field.inputValue();
}

/** The premiums of the quote grid, by product name, in the grid's order. */
async function gridPremiums(page: Page): Promise<string[]> {
  const cards = page.getByRole('list', { name: 'Quoted products' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  return (await cards.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test.describe('a quote survives a new tab and a shared link (issue 14)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a visitor shares the quotes and the quotation; a new browser opens the same product and premium @phone', async ({
    page,
    browser,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    await startMotorPrivate(page);
    await saveVehicleValue(page, 1_500_000);
    await getQuotes(page, 'Comprehensive');
    await expect(page).toHaveURL(/\/product-quotation\?quote=[\w-]+$/);
    const grid = await gridPremiums(page);
    const gridLink = await shareLink(page);

    await quoteCard(page, PRODUCT).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByLabel('Start date').fill(isoDateFromToday(7));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add Political Violence and Terrorism' }).click();
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Your quotation' })).toBeVisible();
    const total = await breakdownAmount(page, 'Total premium payable').textContent();
    expect(total).toMatch(/^KES [\d,]+$/);
    const quotationLink = await shareLink(page);

    const other = await newDevice(browser, testInfo);
    try {
      const visitor = await other.newPage();
      // The quotes link: the same products at the same premiums, in the same order.
      await visitor.goto(gridLink);
      await expect(visitor.getByRole('heading', { name: 'Compare quotations' })).toBeVisible();
      expect(await gridPremiums(visitor)).toEqual(grid);

      // The quotation link: the same product, benefit, start date and premium.
      await visitor.goto(quotationLink);
      await expect(visitor.getByRole('heading', { name: 'Your quotation' })).toBeVisible();
      await expect(toast(visitor, 'Quote opened')).toBeVisible();
      const summary = visitor.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText(PRODUCT);
      await expect(visitor.getByRole('region', { name: 'Selected benefits' })).toContainText(
        'Political Violence and Terrorism',
      );
      await expect(breakdownAmount(visitor, 'Total premium payable')).toHaveText(total ?? '');

      // A tampered link starts again with a clear message, never a broken page.
      const tampered = quotationLink.replace(/quote=([\w-]{8})/, 'quote=$1%24%24');
      await visitor.goto(tampered);
      await expect(visitor.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
      await expect(
        visitor.getByText('This quote link is damaged or out of date.', { exact: false }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('the prefill address opens the quotes with its cover type and value @phone', async ({ page }) => {
    await page.goto('/motor/basic-details?coverType=third-party-fire-theft&value=1200000&period=12');
    await expect(page.getByRole('heading', { name: 'Compare quotations' })).toBeVisible();
    await expect(page.getByText(/Third Party, Fire and Theft/).first()).toBeVisible();
    await page.getByRole('link', { name: 'Previous Step' }).click();
    await expect(page.getByText('KES 1,200,000')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Third Party, Fire and Theft/ })).toBeChecked();

    // Without a usable value the cover type is kept and the value is asked for, with the reason.
    await page.goto('/motor/basic-details?coverType=comprehensive&value=12abc');
    await expect(page.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
    await expect(
      page.getByText('Some of the quote details in the link could not be used.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel('Vehicle value (KES)')).toBeVisible();
  });

  test("a signed-in client's quote opens again on another device after signing in @phone", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await startMotorPrivate(page);
    await saveVehicleValue(page, 1_500_000);
    await getQuotes(page, 'Comprehensive');
    await quoteCard(page, PRODUCT).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    // Each step is saved as the client's draft a second after it opens.
    const saved = page.waitForRequest(
      (req) =>
        req.postData()?.includes('"saveDraft"') === true &&
        req.postData()?.includes('"step":"quotation"') === true,
    );
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Your quotation' })).toBeVisible();
    const total = await breakdownAmount(page, 'Total premium payable').textContent();
    expect((await (await saved).response())?.status()).toBe(200);

    const other = await newDevice(browser, testInfo);
    try {
      const device = await other.newPage();
      await signInThroughUi(device, client.email, PASSWORD);
      await expect(device).not.toHaveURL(/\/insurance\/auth/);
      await device.goto('/motor/basic-details');
      await expect(device.getByText('Continuing where you left off')).toBeVisible();
      await expect(device.getByRole('heading', { name: 'Your quotation' })).toBeVisible();
      await expect(device.getByRole('region', { name: 'Summary' })).toContainText(PRODUCT);
      await expect(breakdownAmount(device, 'Total premium payable')).toHaveText(total ?? '');

      // Start a new quote: the draft is gone, the journey starts at the cover type.
      await device.getByRole('button', { name: 'Start a new quote' }).click();
      await expect(device.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
