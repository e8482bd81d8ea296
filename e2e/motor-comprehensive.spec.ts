import { expect, test } from '@playwright/test';
import {
  breakdownAmount,
  calculatePremium,
  fetchMotorQuotes,
  getQuotes,
  isoDateFromToday,
  kes,
  percent,
  premiumRequestInCents,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
  toast,
} from './fixtures';
import { readmeShot } from './readme-screens';

const VALUE = 1_500_000;
const PRODUCT = { name: 'Jubilee Motor Elite', ref: 'JUB-MP-ELITE' };

test.describe('motor private: comprehensive quotation', () => {
  // A whole journey with several axe runs or a 2 s quote wait: longer than one screen's 30 s budget.
  test.describe.configure({ timeout: 60_000 });

  test('from value entry through compare, details, cover details and benefits to a priced quotation @phone @readme', async ({
    page,
    request,
  }, testInfo) => {
    const quoted = await fetchMotorQuotes(request, VALUE, 'comprehensive');
    expect(quoted.length).toBeGreaterThanOrEqual(2);

    await startMotorPrivate(page);
    await expect(page).toHaveURL(/\/motor\/basic-details$/);
    const wizard = page.getByRole('navigation', { name: 'Quotation progress' });
    await expect(wizard.getByRole('listitem').filter({ hasText: 'Get Quotation' })).toContainText(
      'In Progress',
    );
    await expect(wizard.getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toContainText(
      'Pending',
    );
    await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    // On a phone the breadcrumbs are behind Show steps: there, but not drawn.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb', includeHidden: true })).toContainText(
      'Get Quotation',
    );
    // The wizard's own Help button (spec-1 §2.3) beside the header's support Help.
    await expect(page.getByRole('main').getByRole('button', { name: 'Help', exact: true })).toBeVisible();

    // Vehicle value, saved; then the cover options.
    await saveVehicleValue(page, VALUE);
    await expect(toast(page, 'Vehicle Value Saved')).toBeVisible();
    await expect(page.getByText(kes(VALUE), { exact: true })).toBeVisible();
    // No cover type chosen yet, and none asked for in red before Get Quote is tried.
    await expect(page.getByRole('button', { name: 'Get Quote' })).toBeEnabled();
    await expect(page.getByText('Please select a cover type.')).toBeHidden();
    await page.getByRole('button', { name: 'Edit Value' }).click();
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).toBeHidden();
    await saveVehicleValue(page, VALUE);

    const quoteRequest = page.waitForRequest(
      (req) =>
        req.url().endsWith('/v2/api/v1') &&
        req.postData()?.includes('fetchInsuranceClassReccomendations') === true,
    );
    await getQuotes(page, 'Comprehensive');
    expect((await quoteRequest).postDataJSON().data).toEqual({
      insuranceClass: '07',
      riskValue: VALUE * 100, // the value entered, as cents (issue 29)
      coverType: 'comprehensive',
    });
    await expect(toast(page, 'Cover Type Selected')).toBeVisible();
    await expect(page).toHaveURL(/\/motor\/basic-details\/product-quotation(\?quote=[\w-]+)?$/);

    // The grid: every quoted product with its premium.
    const cards = page.getByRole('list', { name: 'Quoted products' }).getByRole('article');
    await expect(cards).toHaveCount(quoted.length);
    for (const product of quoted) {
      await expect(quoteCard(page, product.productName)).toContainText(kes(product.premium));
      await expect(quoteCard(page, product.productName).getByText('Fixed Rate')).toHaveCount(0);
    }
    await readmeShot(page, testInfo, 'motor-quotes');

    // Underwriter filter and Clear Filters.
    await page.getByLabel('Underwriter').selectOption('APA Insurance');
    const apaCount = quoted.filter((product) => product.underwriter[0]?.name === 'APA Insurance').length;
    await expect(cards).toHaveCount(apaCount);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards).toHaveCount(quoted.length);
    await expect(page.getByLabel('Underwriter')).toHaveValue('all');

    // Comparison: one product is not a comparison, so the first Compare opens nothing; the bar counts
    // it and asks for one more. The second opens the window; Escape closes it.
    const [first, second] = quoted;
    if (!first || !second) throw new Error('two products expected');
    await quoteCard(page, first.productName).getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare Products' });
    await expect(quoteCard(page, first.productName).getByRole('button', { name: 'Remove' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeDisabled();
    await expect(page.getByText('Choose one more product to compare.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Select at least two products to compare them side by side.')).toHaveCount(0);

    await quoteCard(page, second.productName).getByRole('button', { name: 'Compare' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.getByRole('button', { name: 'Compare (2)' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    const firstInModal = dialog.getByRole('article', { name: first.productName });
    await expect(firstInModal).toContainText(kes(first.premium));
    await expect(firstInModal).toContainText(first.underwriter[0]?.name ?? '');
    // Core benefits with their limits and the excesses are open side by side (issue 14).
    await expect(firstInModal.getByText('Own Damage', { exact: true })).toBeVisible();
    await expect(firstInModal.getByText(/^Limit KES [\d,]+$/).first()).toBeVisible();
    await expect(firstInModal.getByText(/^Excesses \(\d+\)$/)).toBeVisible();
    await readmeShot(page, testInfo, 'motor-compare');
    await dialog
      .getByRole('article', { name: second.productName })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(dialog.getByRole('article')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await expect(toast(page, 'Comparison Cleared')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(quoteCard(page, first.productName).getByRole('button', { name: 'Compare' })).toBeVisible();

    // Details of one product, then Buy Now.
    await quoteCard(page, PRODUCT.name).getByRole('button', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\/view-details(\?quote=[\w-]+)?$/);
    await expect(toast(page, 'Product Details Retrieved')).toBeVisible();
    await expect(page.getByRole('heading', { name: PRODUCT.name })).toBeVisible();
    await expect(page.getByText('4.5%', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute(
      'href',
      '/documents/terms/jub-mp-elite.html',
    );
    const optional = page.getByRole('region', { name: 'Optional benefits' });
    await expect(optional.getByRole('listitem').filter({ hasText: 'Loss of Use' })).toContainText(
      'Limit: KES 30,000',
    );
    await expect(optional.getByRole('listitem').filter({ hasText: 'Road Rescue' })).toContainText(
      'Limit: Adjustable',
    );
    await page.getByRole('button', { name: 'Buy Now' }).click();

    // Cover details.
    await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
    const startDate = isoDateFromToday(7);
    await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
    await page.getByLabel('Start date').fill(startDate);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Cover Details Submitted')).toBeVisible();

    // Benefits: two limit edits, an excess and an optional benefit.
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await page.getByRole('button', { name: 'Edit limit of Windscreen Cover' }).click();
    let modal = page.getByRole('dialog', { name: 'Set the limit of Windscreen Cover' });
    await expect(modal.getByLabel('Limit (KES)')).toBeFocused();
    await modal.getByLabel('Limit (KES)').fill('100000');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: 'Edit limit of Third Party Property Damage' }).click();
    modal = page.getByRole('dialog', { name: 'Set the limit of Third Party Property Damage' });
    await modal.getByLabel('Limit (KES)').fill('7500000');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: 'Change Collision excess' }).click();
    modal = page.getByRole('dialog', { name: 'Set the Collision excess' });
    await modal.getByLabel('Excess amount (KES)').fill('40000');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('KES 40,000 per claim')).toBeVisible();

    await page.getByRole('button', { name: 'Add Political Violence and Terrorism' }).click();
    const added = page.getByRole('complementary', { name: 'Added Benefits' });
    await expect(added.getByRole('listitem')).toHaveCount(3);
    await expect(added).toContainText('Political Violence and Terrorism');
    await expect(added).toContainText('Limit changed to KES 100,000');
    await expect(added).toContainText('Limit changed to KES 7,500,000');

    const expected = {
      productSystemRef: PRODUCT.ref,
      risk: { value: VALUE },
      additionalBenefits: [
        { benefitSystemRef: `${PRODUCT.ref}-PVT` },
        { benefitSystemRef: `${PRODUCT.ref}-TPP`, params: { limit: 7_500_000 } },
        { benefitSystemRef: `${PRODUCT.ref}-WINDSCREEN`, params: { limit: 100_000 } },
      ],
      excesses: [
        { id: 'collision', amount: 40_000 },
        { id: 'theft', amount: 35_000 },
        { id: 'windscreen', amount: 10_000 },
      ],
      coverDetails: { period: 365 },
    };
    let calcRequests = 0;
    page.on('request', (req) => {
      if (req.postData()?.includes('productPremiumCalc')) calcRequests += 1;
    });
    const calcRequest = page.waitForRequest(
      (req) => req.url().endsWith('/v2/api/v1') && req.postData()?.includes('productPremiumCalc') === true,
    );
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page.getByRole('button', { name: 'Getting quote...' })).toBeDisabled();
    const sent = (await calcRequest).postDataJSON().data;
    // The web sends the amounts as cents (issue 29).
    const expectedOnWire = premiumRequestInCents(expected);
    expect(sent).toMatchObject({ ...expectedOnWire, additionalBenefits: expect.any(Array) });
    expect(sent.additionalBenefits).toHaveLength(3);
    expect(sent.additionalBenefits).toEqual(
      expect.arrayContaining(
        expectedOnWire.additionalBenefits.map((benefit) => expect.objectContaining(benefit)),
      ),
    );

    // The quotation: every line of the breakdown is the engine's.
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
    await expect(toast(page, 'Quotation Retrieved')).toBeVisible();
    const engine = await calculatePremium(request, expected);
    await expect(breakdownAmount(page, 'Basic premium')).toHaveText(kes(engine.basicPremium));
    const priced = engine.benefits.filter((line) => line.premium > 0);
    expect(priced.map((line) => line.benefitSystemRef).sort()).toEqual(
      [`${PRODUCT.ref}-PVT`, `${PRODUCT.ref}-TPP`, `${PRODUCT.ref}-WINDSCREEN`].sort(),
    );
    for (const line of priced) await expect(breakdownAmount(page, line.name)).toHaveText(kes(line.premium));
    await expect(breakdownAmount(page, 'Subtotal')).toHaveText(kes(engine.subtotal));
    for (const charge of engine.charges) {
      const label =
        charge.charge_type === 'Percentage'
          ? `${charge.charge_name} (${percent(charge.rate)})`
          : charge.charge_name;
      await expect(breakdownAmount(page, label)).toHaveText(kes(charge.amount));
    }
    await expect(breakdownAmount(page, 'Total charges')).toHaveText(kes(engine.totalCharges));
    await expect(breakdownAmount(page, 'Total premium payable')).toHaveText(kes(engine.total));
    expect(engine.total).toBe(engine.subtotal + engine.totalCharges);
    // The quotation shows the quote the benefits page fetched; it does not ask again.
    expect(calcRequests).toBe(1);

    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText(PRODUCT.name);
    await expect(summary).toContainText(`Total premium${kes(engine.total)}`);
    await expect(summary).toContainText(`Vehicle value${kes(VALUE)}`);
    await expect(summary).toContainText('Cover typeComprehensive');
    await expect(summary).toContainText('Cover period12 Months');
    const benefits = page.getByRole('region', { name: 'Selected benefits' });
    await expect(benefits).toContainText('Windscreen Cover: limit KES 100,000');
    await expect(benefits).toContainText('Third Party Property Damage: limit KES 7,500,000');

    // Back keeps every choice.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await expect(added.getByRole('listitem')).toHaveCount(3);
    await page.goBack();
    await expect(breakdownAmount(page, 'Total premium payable')).toHaveText(kes(engine.total));
  });
});
