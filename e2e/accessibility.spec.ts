import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { categoryCard, chooseCategory, openMenu } from './fixtures';

for (const size of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 412, height: 915 },
]) {
  test.describe(`accessibility at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('category step has no serious or critical violations', async ({ page }) => {
      await page.goto('/');
      await expect(categoryCard(page, 'Individual')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('product step has no serious or critical violations', async ({ page }) => {
      await page.goto('/');
      await chooseCategory(page, 'Individual');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('help modal has no serious or critical violations', async ({ page }) => {
      await page.goto('/');
      await openMenu(page);
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(page.getByRole('dialog', { name: 'Need Assistance?' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
