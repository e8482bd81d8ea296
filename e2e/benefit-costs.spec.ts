import { expect, test } from '@playwright/test';
import { calculatePremium, getQuotes, kes, quoteCard, saveVehicleValue, startMotorPrivate } from './fixtures';

const VALUE = 1_500_000;
const PRODUCT = 'JUB-MP-ELITE';
const DEFAULT_EXCESSES = [
  { id: 'collision', amount: 25_000 },
  { id: 'theft', amount: 35_000 },
  { id: 'windscreen', amount: 10_000 },
];
const priced = (additionalBenefits: unknown[], excesses = DEFAULT_EXCESSES) => ({
  productSystemRef: PRODUCT,
  risk: { value: VALUE },
  additionalBenefits,
  excesses,
  coverDetails: { period: 365 },
});

test.describe('the price of every change on the benefits page (issue 26)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a higher limit shows what it adds before it is confirmed; the running total stays on screen without covering the buttons @phone', async ({
    page,
    request,
  }) => {
    const base = await calculatePremium(request, priced([]));
    const windscreen = { benefitSystemRef: `${PRODUCT}-WINDSCREEN`, params: { limit: 100_000 } };
    const raised = await calculatePremium(request, priced([windscreen]));
    // Windscreen cover above its inbuilt KES 50,000 is priced per extra shilling: this is the KES
    // 5,000 (with its levies) the dialog never showed.
    expect(
      raised.benefits.find((line) => line.benefitSystemRef === windscreen.benefitSystemRef)?.premium,
    ).toBe(5_000);
    const extra = raised.total - base.total;

    await startMotorPrivate(page);
    await saveVehicleValue(page, VALUE);
    await getQuotes(page, 'Comprehensive');
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);

    // The running total: the engine's total for the choices as they stand, in sight at the top of
    // a long page on a phone.
    const bar = page.getByRole('region', { name: 'Total premium so far' });
    await expect(bar).toContainText(kes(base.total));
    await expect(bar).toBeInViewport();

    // The limit dialog prices the typed limit before Confirm.
    await page.getByRole('button', { name: 'Edit limit of Windscreen Cover' }).click();
    const modal = page.getByRole('dialog', { name: 'Set the limit of Windscreen Cover' });
    await modal.getByLabel('Limit (KES)').fill('100000');
    await expect(
      modal.getByText(`Your premium goes up by ${kes(extra)}, to ${kes(raised.total)}.`),
    ).toBeVisible();
    // Out of range: no price, the range is said instead.
    await modal.getByLabel('Limit (KES)').fill('900000');
    await expect(modal.getByText(/Your premium goes up/)).toHaveCount(0);
    await modal.getByLabel('Limit (KES)').fill('100000');
    await expect(
      modal.getByText(`Your premium goes up by ${kes(extra)}, to ${kes(raised.total)}.`),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toBeHidden();
    await expect(bar).toContainText(kes(raised.total));

    // An excess: these rows give no discount for a higher one, and the page says so before and in
    // the dialog.
    const excesses = page.getByRole('region', { name: 'Excesses' });
    await expect(excesses.getByText('This insurer gives no discount for a higher excess.')).toBeVisible();
    await page.getByRole('button', { name: 'Change Collision excess' }).click();
    const excessModal = page.getByRole('dialog', { name: 'Set the Collision excess' });
    await excessModal.getByLabel('Excess amount (KES)').fill('60000');
    await expect(excessModal.getByText('This insurer gives no discount for a higher excess.')).toBeVisible();
    await excessModal.getByRole('button', { name: 'Confirm' }).click();
    await expect(bar).toContainText(kes(raised.total));

    // An optional benefit: the total follows it.
    const withPvt = await calculatePremium(
      request,
      priced(
        [windscreen, { benefitSystemRef: `${PRODUCT}-PVT` }],
        [
          { id: 'collision', amount: 60_000 },
          { id: 'theft', amount: 35_000 },
          { id: 'windscreen', amount: 10_000 },
        ],
      ),
    );
    await page.getByRole('button', { name: 'Add Political Violence and Terrorism' }).click();
    await expect(bar).toContainText(kes(withPvt.total));
    await expect(bar).toBeInViewport();

    // At the end of the page the bar takes its own place: the buttons below it are not covered.
    await page.getByRole('button', { name: 'Save & View Quote' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const barBox = await bar.boundingBox();
    for (const name of ['Save & View Quote', 'Back to Basic Details']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      if (!barBox || !box) throw new Error('bar and buttons expected on screen');
      expect(box.y >= barBox.y + barBox.height || box.y + box.height <= barBox.y, name).toBe(true);
    }
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Your quotation' })).toBeVisible();
  });

  test('where the underwriter gives a discount for a higher excess, the page says how much before it is picked', async ({
    page,
    request,
  }) => {
    const cic = (excesses: Array<{ id: string; amount: number }>) =>
      calculatePremium(request, { ...priced([], excesses), productSystemRef: 'CIC-MP-COMP' });
    const standard = await cic(DEFAULT_EXCESSES);
    const highest = await cic([
      { id: 'collision', amount: 100_000 },
      { id: 'theft', amount: 150_000 },
      { id: 'windscreen', amount: 25_000 },
    ]);
    const higher = await cic([
      { id: 'collision', amount: 50_000 },
      { id: 'theft', amount: 35_000 },
      { id: 'windscreen', amount: 10_000 },
    ]);
    expect(higher.total).toBeLessThan(standard.total);

    await startMotorPrivate(page);
    await saveVehicleValue(page, VALUE);
    await getQuotes(page, 'Comprehensive');
    await quoteCard(page, 'CIC Motor Comprehensive').getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);

    const excesses = page.getByRole('region', { name: 'Excesses' });
    await expect(
      excesses.getByText(
        `A higher excess lowers your premium: up to ${kes(standard.total - highest.total)} less with every excess at its highest.`,
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Change Collision excess' }).click();
    const modal = page.getByRole('dialog', { name: 'Set the Collision excess' });
    await modal.getByLabel('Excess amount (KES)').fill('50000');
    await expect(
      modal.getByText(
        `Your premium goes down by ${kes(standard.total - higher.total)}, to ${kes(higher.total)}.`,
      ),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('region', { name: 'Total premium so far' })).toContainText(kes(higher.total));

    // The quotation takes it off as a line of its own.
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    const discount = page.getByRole('row', { name: /Discount for a higher excess/ });
    await expect(discount).toContainText(`- ${kes(higher.excessDiscount)}`);
    expect(higher.excessDiscount).toBeGreaterThan(0);
  });
});
