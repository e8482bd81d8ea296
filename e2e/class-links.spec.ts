import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { kes, PASSWORD, signInThroughUi, toast } from './fixtures';
import { createClient, signInThroughPage, useSession } from './purchase-fixtures';

const COMMERCIAL = '/motor-commercial/MC101/MotorCommercial';
const FIRE = '/fire-domestic/FD101/FireDomestic';
const PHONE = { width: 390, height: 844 };
/** Levies on every non-life premium: Training Levy 0.2 %, PHCF 0.25 % (each rounded half up), stamp duty 40. */
const withLevies = (basic: number) => basic + Math.round(basic * 0.002) + Math.round(basic * 0.0025) + 40;
/** Standard Commercial, a KES 2,500,000 lorry of 10 t on general cartage: 4.5 % × 1.4 = 157,500. */
const LORRY_PREMIUM = withLevies(157_500);

/** The phone project runs at 390 × 844. */
const viewportOf = (testInfo: TestInfo) =>
  testInfo.project.name === 'phone' ? PHONE : testInfo.project.use.viewport;

/** A new browser context, like a new device: nothing in its session storage. */
async function newDevice(browser: Browser, testInfo: TestInfo) {
  const { userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: viewportOf(testInfo),
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
  return field.inputValue();
}

const classHeading = (page: Page, step: string) =>
  page.getByRole('heading', { name: new RegExp(`: ${step}$`) });
const plan = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Quoted plans' }).getByRole('article', { name });

/** Motor commercial to its plans: comprehensive cover, a KES 2,500,000 ten-tonne lorry. */
async function quoteLorry(page: Page) {
  await page.goto(COMMERCIAL);
  await page.getByRole('radio', { name: /^Comprehensive Commercial Cover/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Estimated market value (KES)').fill('2500000');
  await page.getByLabel('Vehicle type').selectOption({ label: 'Lorry / truck' });
  await page.getByLabel('Tonnage capacity (tonnes)').fill('10');
  await page.getByLabel('Primary use').selectOption({ label: 'General cartage (carrying for hire)' });
  await page.getByLabel('Goods carried').fill('Building materials');
  await page.getByLabel('Routes').fill('Nairobi–Mombasa');
  await page.getByRole('button', { name: 'Get Quotation' }).click();
  await expect(page.getByRole('heading', { name: 'Your quotations' })).toBeVisible();
  await expect(plan(page, 'Standard Commercial')).toContainText(kes(LORRY_PREMIUM));
}

/** Fire domestic to its quotes: a KES 5,000,000 house with KES 1,000,000 of contents in Kileleshwa. */
async function quoteHome(page: Page) {
  await page.goto(FIRE);
  await page.getByLabel('Building value (KES)').fill('5000000');
  await page.getByLabel('Contents value (KES)').fill('1000000');
  await page.getByLabel('County').fill('Nairobi');
  await page.getByLabel('Town or estate').fill('Kileleshwa');
  await page
    .getByLabel('Construction')
    .selectOption({ label: 'Stone or block walls, tiled or concrete roof' });
  await page.getByLabel('Who lives there').selectOption({ label: 'Lived in by the owner' });
  await page.getByRole('button', { name: 'Get Quotes' }).click();
  await expect(classHeading(page, 'Quotes')).toBeVisible();
}

test.describe('motor commercial and class-cover quotes survive a new tab and a shared link (issue 14)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a shared motor commercial link opens the same plans in a new browser; a tampered one starts again @phone', async ({
    page,
    browser,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    await page.setViewportSize(viewportOf(testInfo)!);
    await quoteLorry(page);
    await expect(page).toHaveURL(/\/MotorCommercial\?quote=[\w-]+$/);
    const link = await shareLink(page);

    const other = await newDevice(browser, testInfo);
    try {
      const visitor = await other.newPage();
      await visitor.goto(link);
      await expect(toast(visitor, 'Quote opened')).toBeVisible();
      await expect(visitor.getByRole('heading', { name: 'Your quotations' })).toBeVisible();
      await expect(plan(visitor, 'Standard Commercial')).toContainText(kes(LORRY_PREMIUM));
      // The valuation came with it: Back shows the lorry as entered.
      await visitor.getByRole('button', { name: 'Back' }).click();
      await expect(visitor.getByLabel('Estimated market value (KES)')).toHaveValue('2500000');
      await expect(visitor.getByLabel('Goods carried')).toHaveValue('Building materials');

      const tampered = link.replace(/quote=([\w-]{8})/, 'quote=$1%24%24');
      await visitor.goto(tampered);
      await expect(visitor.getByRole('heading', { name: 'Choose your cover type' })).toBeVisible();
      await expect(
        visitor.getByText('This quote link is damaged or out of date.', { exact: false }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('a shared fire domestic link opens the same product and premium in a new browser @phone', async ({
    page,
    browser,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    await page.setViewportSize(viewportOf(testInfo)!);
    await quoteHome(page);
    await page.getByRole('button', { name: 'Choose CIC Fire Domestic' }).click();
    await expect(classHeading(page, 'Benefits')).toBeVisible();
    const premium = page.getByRole('region', { name: 'Your premium' });
    await expect(premium).toContainText(`Total premium${kes(withLevies(10_000))}`);
    const link = await shareLink(page);

    const other = await newDevice(browser, testInfo);
    try {
      const visitor = await other.newPage();
      await visitor.goto(link);
      await expect(toast(visitor, 'Quote opened')).toBeVisible();
      await expect(classHeading(visitor, 'Benefits')).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Your premium' })).toContainText(
        `Total premium${kes(withLevies(10_000))}`,
      );
      // A fire link on the theft address is not a theft quote: it starts again with the message.
      await visitor.goto(link.replace(FIRE, '/theft-insurance/TH101/TheftInsurance'));
      await expect(classHeading(visitor, 'What to insure')).toBeVisible();
      await expect(
        visitor.getByText('This quote link is damaged or out of date.', { exact: false }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("a signed-in client's motor commercial and fire domestic quotes open again on another device @phone", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewportOf(testInfo)!);
    const client = await createClient(request);
    await useSession(page, client.session);
    const savedOf = (line: string, step: string) =>
      page.waitForRequest(
        (req) =>
          req.postData()?.includes('"saveDraft"') === true &&
          req.postData()?.includes(`"productLine":"${line}"`) === true &&
          req.postData()?.includes(`"step":"${step}"`) === true,
      );
    const lorrySaved = savedOf('motor-commercial', 'quote');
    await quoteLorry(page);
    expect((await (await lorrySaved).response())?.status()).toBe(200);
    const homeSaved = savedOf('fire-domestic', 'quotes');
    await quoteHome(page);
    expect((await (await homeSaved).response())?.status()).toBe(200);

    const other = await newDevice(browser, testInfo);
    try {
      const device = await other.newPage();
      await signInThroughUi(device, client.email, PASSWORD);
      await expect(device).not.toHaveURL(/\/insurance\/auth/);

      await device.goto(COMMERCIAL);
      await expect(device.getByText('Continuing where you left off')).toBeVisible();
      await expect(device.getByRole('heading', { name: 'Your quotations' })).toBeVisible();
      await expect(plan(device, 'Standard Commercial')).toContainText(kes(LORRY_PREMIUM));
      await expect(device).toHaveURL(/\/MotorCommercial\?quote=[\w-]+$/);

      await device.goto(FIRE);
      await expect(device.getByText('Continuing where you left off')).toBeVisible();
      await expect(classHeading(device, 'Quotes')).toBeVisible();
      await expect(device.getByRole('button', { name: 'Choose CIC Fire Domestic' })).toBeVisible();

      // Start a new quote: the draft is gone, the journey starts at the risk, and stays so in a new tab.
      await device.getByRole('button', { name: 'Start a new quote' }).click();
      await expect(classHeading(device, 'What to insure')).toBeVisible();
      await expect(device.getByLabel('Building value (KES)')).toHaveValue('');
      const fresh = await other.newPage();
      await fresh.goto(FIRE);
      await expect(classHeading(fresh, 'What to insure')).toBeVisible();
      await expect(fresh.getByText('Continuing where you left off')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('a motor commercial quote begun signed out is kept once the client signs in at Select Plan @phone', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewportOf(testInfo)!);
    const client = await createClient(request);
    await quoteLorry(page);
    await plan(page, 'Standard Commercial').getByRole('button', { name: 'Select Plan' }).click();
    const saved = page.waitForRequest(
      (req) =>
        req.postData()?.includes('"saveDraft"') === true &&
        req.postData()?.includes('"step":"vehicle"') === true,
    );
    await signInThroughPage(page, client.email);
    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    expect((await (await saved).response())?.status()).toBe(200);

    const other = await newDevice(browser, testInfo);
    try {
      const device = await other.newPage();
      await signInThroughUi(device, client.email, PASSWORD);
      await expect(device).not.toHaveURL(/\/insurance\/auth/);
      await device.goto(COMMERCIAL);
      await expect(device.getByText('Continuing where you left off')).toBeVisible();
      await expect(device.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
      await expect(device.getByText('Selected plan: Standard Commercial')).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
