import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { openMenu } from './fixtures';
import { sw, swExactly } from './swahili';

test.describe('/radio-test: the style guide of the shared form controls', () => {
  test('shows every control in its states, passes axe in English and Kiswahili, and is not indexed @phone', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/radio-test');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.getByRole('heading', { level: 1, name: 'Form controls' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /radio-test');

    for (const section of ['Text fields', 'Selects', 'Radios', 'Checkboxes', 'Text areas', 'Buttons']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    // Errors in the spec's words, tied to their controls.
    await expect(page.getByLabel('KRA PIN')).toHaveAccessibleDescription(
      'Please enter a valid KRA PIN (e.g., A123456789X)',
    );
    await expect(page.getByRole('group', { name: 'Modifications' })).toContainText(
      'Please specify if the vehicle has modifications.',
    );
    await expect(page.getByLabel('Last Name')).toBeDisabled();
    // The focused example takes the real keyboard focus.
    await page.getByRole('button', { name: 'Focus this example' }).first().click();
    await expect(page.locator('#style-name-focused')).toBeFocused();
    await expectNoSeriousViolations(page, 'style guide in English');

    await openMenu(page);
    await page.getByRole('banner').getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sw('Form controls'));
    await expect(page.getByRole('heading', { level: 2, name: swExactly('Radios') })).toBeVisible();
    await expect(page.getByLabel('KRA PIN')).toHaveAccessibleDescription(
      sw('Please enter a valid KRA PIN (e.g., A123456789X)'),
    );
    await expectNoSeriousViolations(page, 'style guide in Kiswahili');
    await openMenu(page, swExactly('Menu'));
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  });
});
