import { expect, test } from '@playwright/test';
import { createClient, expectNoSeriousViolations, useSession } from './purchase-fixtures';

test.describe('client portal: intermediaries', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the directory searches by name and phone, and Ask for a quote preselects the firm', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await page.goto('/newportal');
    // The menu entry is available now: no '(not available yet)' in its name.
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Intermediaries', exact: true })
      .click();
    await expect(page).toHaveURL(/\/newportal\/intermediaries$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Intermediaries' })).toBeVisible();
    // Only ACTIVE firms: the pending and suspended samples are not listed.
    await expect(page.getByRole('link', { name: 'Savannah Insurance Brokers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kilima Insurance Brokers' })).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search intermediaries' });
    await search.fill('TANA');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Tana Insurance Brokers' })).toBeVisible();

    await search.fill('0744 000 404');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(1);

    await search.fill('no such firm');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No intermediary matches your search.')).toBeVisible();

    await search.fill('njoroge');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'Wanjiku Njoroge Insurance Agency' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wanjiku Njoroge Insurance Agency' }),
    ).toBeVisible();
    await expect(page.getByText('IRA/AGT/SAMPLE/0404')).toBeVisible();
    await expect(page.getByRole('link', { name: '+254744000404' })).toHaveAttribute(
      'href',
      'tel:+254744000404',
    );
    await expect(page.getByText('Kenyatta Highway, Thika')).toBeVisible();

    await page.getByRole('link', { name: 'Ask for a quote' }).click();
    await expect(page).toHaveURL(/\/motor\/help\?intermediary=\d+$/);
    await expect(page.getByRole('button', { name: 'Wanjiku Njoroge Insurance Agency' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  });

  test('the directory and a firm have no serious or critical violations @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await page.goto('/newportal/intermediaries');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'intermediaries');
    await page.getByRole('link', { name: 'Savannah Insurance Brokers' }).click();
    await expect(page.getByRole('link', { name: 'Ask for a quote' })).toBeVisible();
    await expectNoSeriousViolations(page, 'intermediary');
  });
});
