import { expect, type Locator, type Page, test } from '@playwright/test';
import { quoteCard, saveVehicleValue, toast } from './fixtures';
import { swExactly, swStart } from './swahili';

/**
 * Issue 28, the first screen shows what the person came for: on a 390 × 844 phone every wizard's
 * header is one compact block (the title, the product, one "Step n of N" line; the steps' list and
 * the breadcrumbs behind Show steps), so each step's content, and the first price, are on the first
 * screen; one product chosen to compare is counted in a bar rather than opened alone; toasts never
 * sit over the field just used or the button to press next.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Whether two elements' boxes on the screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('both elements must be drawn');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

const quotation = (page: Page) => page.getByRole('navigation', { name: 'Quotation progress' });

async function fireQuotes(page: Page) {
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
}

test.describe('the first screen on a phone', () => {
  test('motor private: a compact header, the value on the first screen and the first quote on load @phone', async ({
    page,
  }) => {
    await page.goto('/motor/basic-details');
    await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();
    // One line for the step; the ordered list stays for screen readers, its step marked current.
    await expect(quotation(page).getByText('Step 1 of 3: Get Quotation').first()).toBeVisible();
    await expect(quotation(page).getByRole('listitem').filter({ hasText: 'Get Quotation' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Choose your cover' })).toBeInViewport();
    await expect(page.getByLabel('Vehicle value (KES)')).toBeInViewport();

    // Show steps opens the list (and the breadcrumbs); Hide steps folds them again.
    await quotation(page).getByRole('button', { name: 'Show steps' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(quotation(page).getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toContainText(
      'Pending',
    );
    await quotation(page).getByRole('button', { name: 'Hide steps' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();

    await saveVehicleValue(page, 1_500_000);
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await expect(quotation(page).getByText('Step 1 of 3: Get Quotation').first()).toBeVisible();
    // The first quote and its price are on the screen as it opens, not below 800 px of header.
    const first = page.getByRole('list', { name: 'Quoted products' }).getByRole('article').first();
    await expect(first).toBeInViewport();
    await expect(first.getByText(/^KES [\d,]+$/).first()).toBeInViewport();
  });

  test('fire domestic: the compact header and the first quote on load @phone', async ({ page }) => {
    await page.goto('/fire-domestic/FD101/FireDomestic');
    await page.getByRole('heading', { name: /: What to insure$/ }).waitFor();
    const progress = page.getByRole('navigation', { name: 'Fire Domestic progress' });
    await expect(progress.getByText('Step 1 of 6: What to insure').first()).toBeVisible();
    await expect(progress.getByRole('listitem').filter({ hasText: 'What to insure' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(page.getByLabel('Building value (KES)')).toBeInViewport();
    await fireQuotes(page);
    await expect(progress.getByText('Step 2 of 6: Quotes').first()).toBeVisible();
    const first = page.getByRole('region', { name: 'Quotes' }).getByRole('listitem').first();
    await expect(first).toBeInViewport();
    await expect(first.getByText(/^KES [\d,]+/)).toBeInViewport();
  });

  test('compare: one product is counted in the bar; the second opens the window @phone', async ({ page }) => {
    await page.goto('/motor/basic-details');
    await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();
    await saveVehicleValue(page, 1_500_000);
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();
    await page.getByRole('button', { name: 'Get Quote' }).click();

    const dialog = page.getByRole('dialog', { name: 'Compare Products' });
    await quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Compare' }).click();
    await expect(
      quoteCard(page, 'Jubilee Motor Elite').getByRole('button', { name: 'Remove' }),
    ).toBeVisible();
    const bar = page.getByRole('button', { name: 'Compare (1)' });
    await expect(bar).toBeInViewport();
    await expect(bar).toBeDisabled();
    await expect(page.getByText('Choose one more product to compare.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await quoteCard(page, 'APA Motor Plus').getByRole('button', { name: 'Compare' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Compare (2)' }).click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
  });

  test('compare in Kiswahili: "Linganisha (1)", then the window with two @phone', async ({ page }) => {
    // The portal remembers the language chosen (apps/web/src/lib/i18n.ts, LANGUAGE_STORAGE_KEY).
    await page.addInitScript(() => window.localStorage.setItem('bima.language', 'sw'));
    await page.goto('/motor/basic-details');
    await page.getByRole('heading', { name: swExactly('Choose your cover') }).waitFor();
    await page.getByLabel(/^Thamani ya gari/).fill('1500000');
    await page.getByRole('button', { name: swExactly('Save Value') }).click();
    await page.getByRole('radio', { name: swStart('Comprehensive') }).check();
    await page.getByRole('button', { name: swExactly('Get Quote') }).click();
    const grid = page.getByRole('list', { name: swExactly('Quoted products') });
    await grid
      .getByRole('article')
      .nth(0)
      .getByRole('button', { name: swExactly('Compare') })
      .click();
    await expect(page.getByRole('button', { name: 'Linganisha (1)' })).toBeDisabled();
    await expect(page.getByText('Chagua bidhaa moja zaidi ili kulinganisha.')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: swExactly('Compare Products') });
    await expect(dialog).toHaveCount(0);
    await grid
      .getByRole('article')
      .nth(1)
      .getByRole('button', { name: swExactly('Compare') })
      .click();
    await expect(dialog.getByRole('article')).toHaveCount(2);
  });

  test('a toast covers neither the field just used nor the button to press next @phone', async ({ page }) => {
    await page.goto('/motor/basic-details');
    await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();
    await page.getByLabel(/^Vehicle value/).fill('1500000');
    await page.getByRole('button', { name: 'Save Value' }).click();
    const saved = toast(page, 'Vehicle Value Saved');
    await expect(saved).toBeVisible();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    expect(await overlap(toasts, page.getByText('KES 1,500,000', { exact: true }))).toBe(false);

    // The cover chosen, then the thumb scrolls down to the button to press next while the toast is up.
    const option = page.getByRole('radio', { name: /^Third Party Only/ });
    await option.check();
    await expect(toast(page, 'Cover Type Selected')).toBeVisible();
    const getQuote = page.getByRole('button', { name: 'Get Quote' });
    await getQuote.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await expect(getQuote).toBeInViewport();
    await expect(option).toBeInViewport();
    await expect(toast(page, 'Cover Type Selected')).toBeVisible();
    expect(await overlap(toasts, option)).toBe(false);
    expect(await overlap(toasts, getQuote)).toBe(false);
  });
});
