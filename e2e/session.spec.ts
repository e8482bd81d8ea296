import { expect, test } from '@playwright/test';
import { categoryCard, chooseCategory } from './fixtures';

test.describe('session persistence', () => {
  test('a reload keeps the product step and the chosen category', async ({ page }) => {
    await page.goto('/');
    await chooseCategory(page, 'Business');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Excellent Choice!' })).toBeVisible();
    await expect(page.getByText('You selected: Business')).toBeVisible();
  });

  test('a tampered session value clears the whole session storage and starts over', async ({ page }) => {
    await page.goto('/');
    await chooseCategory(page, 'Business');
    const key = await page.evaluate(() =>
      Object.keys(sessionStorage).find((name) => name.endsWith('session_data')),
    );
    expect(key).toBeTruthy();
    await page.evaluate((storageKey) => {
      const raw = sessionStorage.getItem(storageKey) ?? '';
      sessionStorage.setItem(storageKey, raw.replace('business', 'individual'));
      sessionStorage.setItem('e2e-sentinel', 'must be cleared');
    }, key as string);

    await page.reload();
    await expect(categoryCard(page, 'Individual')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Excellent Choice!' })).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-sentinel'))).toBeNull();
    expect(await page.evaluate((storageKey) => sessionStorage.getItem(storageKey), key as string)).toBeNull();
  });

  test('entering the page by in-app navigation resets to the category step', async ({ page }) => {
    await page.goto('/');
    await chooseCategory(page, 'Business');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(categoryCard(page, 'Business')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Excellent Choice!' })).toBeHidden();
  });

  test('going back restores the stored step', async ({ page }) => {
    await page.goto('/');
    await chooseCategory(page, 'Business');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'About Us' })
      .click();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.goBack();
    await expect(page.getByText('You selected: Business')).toBeVisible();
  });
});
