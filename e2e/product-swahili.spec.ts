import { type APIRequestContext, expect, test } from '@playwright/test';
import { openMenu, signInThroughUi } from './fixtures';
import { call, type Session } from './purchase-fixtures';
import { swExactly, swStart } from './swahili';

// Issue 14: the underwriters' own words in Kiswahili. A staff member gives a benefit its Swahili
// name in the product back office; a visitor reading Kiswahili sees it when comparing quotes.
// APA's product: the back-office journey (backoffice-products.spec.ts) edits Jubilee's, at the same time.
const UNDERWRITER = 'underwriter.apa@bimaportal.co.ke';
const STAFF_PASSWORD = 'Bima-Staff-2026!';
const PRODUCT = { ref: 'APA-MP-PLUS', name: 'APA Motor Plus' };
const BENEFIT_REF = 'APA-MP-PLUS-OWN-DAMAGE';
const SEEDED_SWAHILI = 'Uharibifu wa Gari Lako';
const NEW_SWAHILI = 'Ajali na Uharibifu wa Gari Lako';

interface AdminProduct {
  version: number;
  configuration: {
    benefits: Array<{ benefitSystemRef?: string; translations?: { sw?: { name?: string } } }>;
    excesses: Array<{ translations?: { sw?: { name?: string } } }>;
  } & Record<string, unknown>;
}

/**
 * Gives the Own Damage benefit and the first excess their seeded Swahili names back (a new
 * version), for the journeys after this one.
 */
async function restoreSwahiliNames(request: APIRequestContext, excessName: string | null) {
  const session = await call<Session>(request, ['user', 'auth', 'login'], {
    username: UNDERWRITER,
    password: STAFF_PASSWORD,
    loginDevice: {},
  });
  const product = await call<AdminProduct>(
    request,
    ['backoffice', 'product', 'getProduct'],
    { productSystemRef: PRODUCT.ref },
    session.accessToken,
  );
  const benefits = product.configuration.benefits.map((benefit) =>
    benefit.benefitSystemRef === BENEFIT_REF
      ? { ...benefit, translations: { sw: { ...benefit.translations?.sw, name: SEEDED_SWAHILI } } }
      : benefit,
  );
  const excesses = product.configuration.excesses.map((excess, index) =>
    index === 0 && excessName !== null
      ? { ...excess, translations: { sw: { ...excess.translations?.sw, name: excessName } } }
      : excess,
  );
  if (
    JSON.stringify(benefits) === JSON.stringify(product.configuration.benefits) &&
    JSON.stringify(excesses) === JSON.stringify(product.configuration.excesses)
  )
    return;
  await call(
    request,
    ['backoffice', 'product', 'updateProduct'],
    {
      productSystemRef: PRODUCT.ref,
      expectedVersion: product.version,
      changeSummary: 'Own Damage’s and the first excess’s Swahili names back after the e2e journey.',
      configuration: { ...product.configuration, benefits, excesses },
    },
    session.accessToken,
  );
}

test.describe('underwriters’ words in Kiswahili', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a staff member names a benefit in Kiswahili; a visitor in Kiswahili sees it when comparing quotes @phone', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // The phone project's screens are the 390×844 phone of the other phone journeys.
    const phone = testInfo.project.name === 'phone' ? { width: 390, height: 844 } : null;
    if (phone) await page.setViewportSize(phone);
    let seededExcess: string | null = null;
    try {
      // The back office: the APA underwriter gives Own Damage a new Swahili name.
      await signInThroughUi(page, UNDERWRITER, STAFF_PASSWORD);
      await expect(page).toHaveURL(/\/staff$/);
      await page.goto(`/staff/products/${PRODUCT.ref}`);
      await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
      const ownDamage = page.getByRole('group', { name: 'Benefit 1: Own Damage' });
      const swahiliName = ownDamage.getByLabel('Name in Kiswahili');
      await expect(swahiliName).toHaveValue(SEEDED_SWAHILI);
      // Too long is refused on its field, with the domain's message.
      await swahiliName.fill('x'.repeat(121));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(ownDamage.getByText('The Swahili name can be at most 120 characters.')).toBeVisible();
      await expect(swahiliName).toHaveAttribute('aria-invalid', 'true');
      await swahiliName.fill(NEW_SWAHILI);
      // An excess is named in Kiswahili the same way.
      const excessSwahili = page.getByRole('group', { name: /^Excess 1:/ }).getByLabel('Name in Kiswahili');
      seededExcess = await excessSwahili.inputValue();
      await excessSwahili.fill('Kiasi cha kujilipia cha ajali');
      await page.getByLabel('Change summary').fill('Own Damage named in Kiswahili.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // The editor lists what changed before it saves (issue 28).
      const confirmation = page.getByRole('dialog', { name: 'Save these changes?' });
      await expect(confirmation.getByRole('listitem')).toHaveCount(2);
      await confirmation.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(page.getByText(/^Saved as version \d+/)).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Benefit 1: Own Damage' }).getByLabel('Name in Kiswahili'),
      ).toHaveValue(NEW_SWAHILI);
      await page.reload();
      await expect(
        page.getByRole('group', { name: /^Excess 1:/ }).getByLabel('Name in Kiswahili'),
      ).toHaveValue('Kiasi cha kujilipia cha ajali');

      // A visitor on another device (the same kind of screen) reading Kiswahili.
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
      const visitorContext = await browser.newContext({
        viewport: phone ?? viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto('/');
      // The header is drawn before its menu is asked for (on a phone the language is in it).
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      await openMenu(visitor);
      await visitor.getByRole('button', { name: 'Kiswahili' }).click();
      await expect(visitor.locator('html')).toHaveAttribute('lang', 'sw');
      await visitor.getByRole('button', { name: swExactly('Individual') }).click();
      await visitor
        .getByRole('article', { name: 'Bima ya Gari Binafsi', exact: true })
        .getByRole('button', { name: swExactly('Get Quote') })
        .click();
      await visitor.getByRole('heading', { name: swExactly('Choose your cover') }).waitFor();
      await visitor.getByLabel(swExactly('Vehicle value (KES)')).fill('1500000');
      await visitor.getByRole('button', { name: swExactly('Save Value') }).click();
      await visitor.getByRole('radio', { name: swStart('Comprehensive') }).check();
      await visitor.getByRole('button', { name: swExactly('Get Quote') }).click();
      await visitor.getByRole('heading', { name: swExactly('Compare quotations') }).waitFor();

      // The grid names the underwriters' products in Kiswahili where they have it.
      const grid = visitor.getByRole('list', { name: swExactly('Quoted products') });
      const ours = grid.getByRole('article', { name: PRODUCT.name, exact: true });
      const cic = grid.getByRole('article', { name: 'CIC Bima Kamili ya Gari', exact: true });
      await expect(cic).toBeVisible();
      await expect(ours.getByText(/^Bima kamili ya bei nafuu/)).toBeVisible();

      // Compare: the staff member's Swahili benefit name is there.
      await ours.getByRole('button', { name: swExactly('Compare') }).click();
      const dialog = visitor.getByRole('dialog', { name: swExactly('Compare Products') });
      await cic.getByRole('button', { name: swExactly('Compare') }).click();
      await expect(dialog.getByRole('article')).toHaveCount(2);
      const oursInModal = dialog.getByRole('article', { name: PRODUCT.name });
      await expect(oursInModal.getByText(NEW_SWAHILI, { exact: true })).toBeVisible();
      await expect(oursInModal.getByText('Own Damage', { exact: true })).toHaveCount(0);
      await expect(
        dialog
          .getByRole('article', { name: 'CIC Bima Kamili ya Gari' })
          .getByText(SEEDED_SWAHILI, { exact: true }),
      ).toBeVisible();

      // Back to English: the quotes on the screen are asked for again, in English.
      await visitor.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await openMenu(visitor, swExactly('Menu'));
      await visitor.getByRole('button', { name: 'English' }).click();
      await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
      const englishGrid = visitor.getByRole('list', { name: 'Quoted products' });
      await expect(
        englishGrid.getByRole('article', { name: 'CIC Motor Comprehensive', exact: true }),
      ).toBeVisible();
      await expect(
        englishGrid
          .getByRole('article', { name: PRODUCT.name, exact: true })
          .getByText(/^Value comprehensive cover/),
      ).toBeVisible();
      await visitorContext.close();
    } finally {
      await restoreSwahiliNames(request, seededExcess);
    }
  });
});
