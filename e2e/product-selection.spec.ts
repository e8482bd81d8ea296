import { expect, test } from '@playwright/test';
import { categoryCard, chooseCategory, featuredNames, fetchCatalogue, productCard } from './fixtures';

test.describe('product selection', () => {
  test('category cards show their counts, featured names and Explore Options @phone', async ({
    page,
    request,
  }) => {
    const catalogue = await fetchCatalogue(request);
    await page.goto('/');
    for (const [value, label] of [
      ['individual', 'Individual'],
      ['business', 'Business'],
    ] as const) {
      const products = catalogue.filter((product) => product.category === value);
      // The card (an article named by its button) says what the category holds.
      await expect(categoryCard(page, label)).toBeVisible();
      const card = page.getByRole('article', { name: label, exact: true });
      await expect(card).toContainText(`${products.length} products available`);
      for (const name of featuredNames(products)) await expect(card).toContainText(name);
      await expect(card).toContainText('Explore Options');
    }
  });

  test('choosing Individual shows the loading view, then its products with badges and buttons', async ({
    page,
    request,
  }) => {
    const individual = (await fetchCatalogue(request)).filter((product) => product.category === 'individual');
    // The loading view lasts half a second: the page's clock is held while it is looked at, so a busy
    // machine cannot let it pass unseen.
    await page.clock.install();
    await page.goto('/');
    await page.clock.pauseAt(Date.now() + 60_000);
    await categoryCard(page, 'Individual').click();
    // Both its lines at once.
    await expect(
      page
        .locator('div', { hasText: 'Preparing Your Options' })
        .filter({ hasText: 'This will only take a moment...' })
        .last(),
    ).toBeVisible();
    await page.clock.resume();

    await expect(page.getByRole('heading', { name: 'Excellent Choice!' })).toBeVisible();
    await expect(page.getByText('You selected: Individual')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(individual.length);

    for (const product of individual) {
      const card = productCard(page, product.name);
      await expect(card).toBeVisible();
      await expect(card.getByRole('img', { name: product.name, exact: true })).toBeVisible();
      if (product.available) {
        await expect(card.getByRole('img', { name: 'Available' })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Get Quote' })).toBeEnabled();
      } else if (product.comingSoon) {
        await expect(card.getByText('Soon', { exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Coming Soon' })).toBeEnabled();
      } else {
        await expect(card.getByText('N/A', { exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Unavailable' })).toBeDisabled();
      }
      const chips = card.getByRole('list', { name: 'Key features' }).getByRole('listitem');
      expect(await chips.count()).toBeLessThanOrEqual(3);
    }
  });

  test("Get Quote on Motor Private opens the motor wizard with the product's name @phone", async ({
    page,
  }) => {
    await page.goto('/');
    await chooseCategory(page, 'Individual');
    await productCard(page, 'Motor Private').getByRole('button', { name: 'Get Quote' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motor Private' })).toBeVisible();
    await expect(page.getByText('Selected product: Motor Private')).toBeVisible();
  });

  test('Back to Categories returns to the category step', async ({ page }) => {
    await page.goto('/');
    await chooseCategory(page, 'Business');
    await expect(page.getByText('You selected: Business')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Categories' }).click();
    await expect(categoryCard(page, 'Individual')).toBeVisible();
    await expect(categoryCard(page, 'Business')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Excellent Choice!' })).toBeHidden();
  });

  test('a broken product image falls back to the local fallback image', async ({ page }) => {
    await page.route('**/images/products/motor-private.svg', (route) => route.abort());
    await page.goto('/');
    await chooseCategory(page, 'Individual');
    const image = productCard(page, 'Motor Private').getByRole('img', { name: 'Motor Private', exact: true });
    await expect(image).toHaveAttribute('src', '/images/products/fallback.svg');
  });
});
