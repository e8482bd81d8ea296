import { expect, test } from '@playwright/test';
import {
  breakdownAmount,
  calculatePremium,
  fetchMotorQuotes,
  getQuotes,
  kenyaDateFromToday,
  kes,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
} from './fixtures';

test.describe('motor private: third-party quotation', () => {
  test('value becomes 0, fixed-rate cards, no benefits page, no vehicle value, sign-in to buy @phone', async ({
    page,
    request,
  }) => {
    const quoted = await fetchMotorQuotes(request, 0, 'third-party');
    expect(quoted.length).toBeGreaterThanOrEqual(1);
    const product = quoted.find((entry) => entry.productSystemRef === 'JUB-MP-TPO');
    if (!product) throw new Error('JUB-MP-TPO expected in the sample market');

    await startMotorPrivate(page);
    await saveVehicleValue(page, 800_000);
    await page.getByRole('radio', { name: /^Third Party Only/ }).check();
    await expect(
      page.getByText(
        'Third-party cover is sold at a fixed rate, so the vehicle value for this quote is set to KES 0.',
      ),
    ).toBeVisible();

    const quoteRequest = page.waitForRequest(
      (req) => req.postData()?.includes('fetchInsuranceClassReccomendations') === true,
    );
    await getQuotes(page, 'Third Party Only');
    expect((await quoteRequest).postDataJSON().data).toEqual({
      insuranceClass: '07',
      riskValue: 0,
      coverType: 'third-party',
    });

    const cards = page.getByRole('list', { name: 'Quoted products' }).getByRole('article');
    await expect(cards).toHaveCount(quoted.length);
    for (const entry of quoted) {
      await expect(quoteCard(page, entry.productName).getByText('Fixed Rate', { exact: true })).toBeVisible();
      await expect(quoteCard(page, entry.productName)).toContainText(kes(entry.premium));
    }

    await quoteCard(page, product.productName).getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
    await page.getByLabel('Cover period').selectOption({ label: '1 Month' });
    await page.getByLabel('Start date').fill(kenyaDateFromToday(0));
    await page.getByRole('button', { name: 'Continue' }).click();

    // The benefits page is skipped.
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
    const engine = await calculatePremium(request, {
      productSystemRef: product.productSystemRef,
      risk: { value: 0 },
      additionalBenefits: [],
      excesses: [],
      coverDetails: { period: 30 },
    });
    await expect(breakdownAmount(page, 'Total premium payable')).toHaveText(kes(engine.total));
    await expect(breakdownAmount(page, 'Basic premium')).toHaveText(kes(engine.basicPremium));
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('Cover typeThird Party Only');
    await expect(summary).toContainText('Cover period1 Month');
    await expect(summary.getByText('Vehicle value')).toHaveCount(0);

    // Even asked for directly, the benefits page sends third-party cover on to the quotation.
    await page.goto('/motor/basic-details/benefits');
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
    await expect(breakdownAmount(page, 'Total premium payable')).toHaveText(kes(engine.total));

    // Back goes to the cover details, not the benefits.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/basic-cover-details(\?quote=[\w-]+)?$/);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Signed out: proceeding lands on the sign-in page, with purchase type 'new'.
    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
    await expect(page).toHaveURL(/\/insurance\/auth$/);
    const auth = await page.evaluate(() => sessionStorage.getItem('bima.auth'));
    expect(JSON.parse(auth ?? '{}').data?.purchaseType).toBe('new');
  });
});
