import { expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  chooseCategory,
  getQuotes,
  kenyaDateFromToday,
  kes,
  productCard,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
} from './fixtures';
import { createClient, fillFullVehicle, useSession } from './purchase-fixtures';

const PHONE = { width: 390, height: 844 };

/** A screenshot of what the phone shows, kept with the test's results. */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
}

test.describe('the phone experience (390×844)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('quotes cheapest first, a year from today preselected, a Japanese frame number and "SUV 4x4" accepted, your own details on the summary', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);

    await startMotorPrivate(page);
    await saveVehicleValue(page, 1_500_000);
    await getQuotes(page, 'Comprehensive');
    const cards = page.getByRole('list', { name: 'Quoted products' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    const premiums = (await cards.allTextContents()).map((card) => {
      const match = /KES ([\d,]+)/.exec(card);
      return Number(match?.[1]?.replace(/,/g, ''));
    });
    expect(premiums.length).toBeGreaterThan(2);
    expect(premiums.every((premium) => Number.isFinite(premium))).toBe(true);
    expect([...premiums].sort((a, b) => a - b)).toEqual(premiums);
    // Underwriter logos are wordmarks: shown in their own shape and wide enough to read.
    const logo = await cards.first().getByRole('img').first().boundingBox();
    expect(logo?.width).toBeGreaterThanOrEqual(110);
    expect((logo?.width ?? 0) / (logo?.height ?? 1)).toBeCloseTo(2.5, 1);
    await keep(page, testInfo, 'quotes-cheapest-first');

    // The details page gives the core benefits' limits, not only their names.
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Details' }).click();
    const core = page.getByRole('region', { name: 'Core benefits' });
    await expect(core.getByText(/^Limit: KES [\d,]+/).first()).toBeVisible();
    await keep(page, testInfo, 'details-core-limits');
    await page.goBack();
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByLabel('Cover period').locator('option:checked')).toHaveText('12 Months');
    await expect(page.getByLabel('Start date')).toHaveValue(kenyaDateFromToday(0));
    await keep(page, testInfo, 'cover-details-preselected');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    // Each optional benefit says what it adds before it is added.
    const optional = page.getByRole('region', { name: 'Optional benefits' });
    await expect(optional.getByText(/^Adds KES [\d,]+ to the premium$/).first()).toBeVisible();
    await keep(page, testInfo, 'optional-benefits-priced');
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();

    // A Japanese import: a frame number, not a VIN; a body type with digits.
    await fillFullVehicle(page);
    await page.getByLabel('Chassis number').fill('nze161-3012345');
    await page.getByLabel('Body type').fill('SUV 4x4');
    await keep(page, testInfo, 'vehicle-frame-number');
    await page.getByRole('button', { name: 'Submit Details' }).click();

    // The summary names the client as the policy will, before any money moves.
    await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
    const vehicle = page.getByRole('region', { name: 'Vehicle Details' });
    await expect(vehicle).toContainText('Chassis numberNZE161-3012345');
    await expect(vehicle).toContainText('Body typeSUV 4x4');
    const yours = page.getByRole('region', { name: 'Your Details' });
    await expect(yours).toContainText('NameWanjiru Kamau');
    await expect(yours).toContainText('KRA PINA123456789X');
    await expect(yours).toContainText('Phone number0712345678');
    await expect(yours).toContainText('Physical addressKenyatta Avenue, Nairobi');
    await expect(yours).toContainText(`E-mail address${client.email}`);
    await yours.scrollIntoViewIfNeeded();
    await keep(page, testInfo, 'summary-your-details');
    await expect(page.getByRole('region', { name: 'Insurance Details' })).toContainText(kes(1_500_000));
  });

  test('the header is one row with a menu; choosing a category shows its products, not the hero; toasts stay clear of the header, two at most', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // The header is one compact row: the logo, Sign In and Menu side by side.
    const banner = page.getByRole('banner');
    const row = await Promise.all(
      [
        banner.getByRole('link', { name: 'Bima Portal home' }),
        banner.getByRole('link', { name: 'Sign In' }),
        banner.getByRole('button', { name: 'Menu' }),
      ].map((element) => element.boundingBox()),
    );
    const middles = row.map((box) => (box ? box.y + box.height / 2 : Number.NaN));
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
    expect((await banner.boundingBox())?.height).toBeLessThan(80);
    await expect(banner.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await keep(page, testInfo, 'header-one-row');
    await banner.getByRole('button', { name: 'Menu' }).click();
    await expect(banner.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Kiswahili' })).toBeVisible();
    await keep(page, testInfo, 'header-menu-open');
    await page.keyboard.press('Escape');
    await expect(banner.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await chooseCategory(page, 'Individual');
    const heading = page.getByRole('heading', { name: 'Excellent Choice!' });
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
    await keep(page, testInfo, 'category-products-in-view');

    // Three toasts in a row (value saved, then twice more): two are shown, none over the header.
    await productCard(page, 'Motor Private').getByRole('button', { name: 'Get Quote' }).click();
    await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();
    for (const value of [900_000, 950_000, 1_000_000]) {
      if (await page.getByRole('button', { name: 'Edit Value' }).isVisible()) {
        await page.getByRole('button', { name: 'Edit Value' }).click();
      }
      await saveVehicleValue(page, value);
    }
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByText('Vehicle Value Saved');
    await expect(toasts).toHaveCount(2);
    const header = await page.getByRole('banner').boundingBox();
    for (const box of await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()))) {
      expect(box && header && box.y > header.y + header.height).toBe(true);
    }
    await keep(page, testInfo, 'toasts-clear-of-header');
  });

  test('third-party cover is quoted without asking the vehicle value', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await startMotorPrivate(page);
    await page.getByRole('button', { name: /Continue without the vehicle value/ }).click();
    await expect(page.getByText('Third-party cover needs no vehicle value.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Third Party Only/ })).toBeChecked();
    await keep(page, testInfo, 'third-party-no-value');
    const quoteRequest = page.waitForRequest(
      (req) => req.postData()?.includes('fetchInsuranceClassReccomendations') === true,
    );
    await page.getByRole('button', { name: 'Get Quote' }).click();
    expect((await quoteRequest).postDataJSON().data).toMatchObject({
      riskValue: 0,
      coverType: 'third-party',
    });
    await page.getByRole('heading', { name: 'Compare quotations' }).waitFor();
    await expect(
      page.getByRole('list', { name: 'Quoted products' }).getByRole('article').first(),
    ).toBeVisible();
    // Choosing another cover asks for the value first.
    await page.goBack();
    // (The options give way to the value field at once, so a click, not a check that waits for the tick.)
    await page.getByRole('radio', { name: /^Comprehensive/ }).click();
    await expect(page.getByLabel('Vehicle value (KES)')).toBeVisible();
  });

  test('the client portal has a menu on a phone and no "Soon" tiles', async ({ page, request }, testInfo) => {
    await page.setViewportSize(PHONE);
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await page.goto('/newportal');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(
      page.getByRole('main').getByText('Soon', { exact: true }).filter({ visible: true }),
    ).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Client portal' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Portal menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Client portal' });
    await expect(menu.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
    await keep(page, testInfo, 'portal-menu-open');
    await menu.getByRole('link', { name: 'My Policies' }).click();
    await expect(page).toHaveURL(/\/newportal\/products$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
