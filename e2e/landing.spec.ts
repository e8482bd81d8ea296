import { expect, test } from '@playwright/test';
import { fetchSupportContacts, openMenu } from './fixtures';

test.describe('landing page', () => {
  test('shows the title, badge, breadcrumb and header navigation @phone', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Professional Insurance Made Simple' }),
    ).toBeVisible();
    await expect(page.getByText('Trusted by 1M+ Customers')).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(breadcrumb.getByText('Insurance')).toHaveAttribute('aria-current', 'page');
    await openMenu(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Insurance', 'About Us', 'Contact Us']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Bima Portal home' })).toBeVisible();
  });

  test('serves the landing page at /home and /insurance too', async ({ page }) => {
    for (const path of ['/home', '/insurance']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Professional Insurance Made Simple' }),
      ).toBeVisible();
    }
  });

  test('Explore Now scrolls to the main content', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 700 });
    await page.goto('/');
    const firstCard = page.getByRole('button', { name: 'Individual', exact: true });
    await expect(firstCard).not.toBeInViewport();
    await page.getByRole('button', { name: 'Explore Now' }).click();
    await expect(firstCard).toBeInViewport();
  });

  test('rotates local hero images only', async ({ page }) => {
    await page.goto('/');
    const heroImage = page.locator('section[aria-labelledby="hero-title"] img').first();
    await expect(heroImage).toHaveAttribute('src', /^\/images\/hero\//);
  });

  test('help modal shows the support phone, e-mail and availability, and closes with Escape', async ({
    page,
    request,
  }) => {
    const contacts = await fetchSupportContacts(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Need Assistance?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: contacts.phone })).toHaveAttribute('href', /^tel:/);
    await expect(dialog.getByRole('link', { name: contacts.email })).toHaveAttribute(
      'href',
      `mailto:${contacts.email}`,
    );
    await expect(dialog.getByText('Available 24/7')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Help' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('about and contact pages are real pages', async ({ page, request }) => {
    const contacts = await fetchSupportContacts(request);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'About Us' })
      .click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Bima Portal' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await expect(page).toHaveURL(/\/contactus$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(main.getByRole('link', { name: contacts.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(main.getByRole('link', { name: contacts.email })).toHaveAttribute(
      'href',
      `mailto:${contacts.email}`,
    );
    await expect(main.getByText(contacts.address)).toBeVisible();
    await expect(main.getByText('Available 24/7')).toBeVisible();
  });
});
