import { expect, test } from '@playwright/test';
import {
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  payInvoiceThroughApi,
  useSession,
} from './purchase-fixtures';

/** Twelve records: the portal's lists show ten a page, so each has a second page of two. */
const RECORDS = 12;

test.describe('client portal: lists a page at a time', () => {
  test.describe.configure({ timeout: 150_000 });

  test('quotations, invoices and the dashboard read from the server page by page; the page is in the address', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const made: Array<{ systemQuotationRef: string; invoiceSystemRef: string }> = [];
    for (let index = 0; index < RECORDS; index++)
      made.push(await createInvoiceThroughApi(request, client.session));
    // The oldest is paid: its policy is on the last page, linked by its id.
    const oldest = made[0]!;
    await payInvoiceThroughApi(request, client.session, oldest.invoiceSystemRef);
    await useSession(page, client.session);

    // The dashboard's counts are the lists' totals.
    await page.goto('/newportal');
    await expect(page.getByRole('link', { name: 'Invoice 11 unpaid' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'My Policies 1 active' })).toBeVisible();

    await page.goto('/newportal/quotations');
    const pages = page.getByRole('navigation', { name: 'Pages of your quotations' });
    await expect(pages).toContainText('Page 1 of 2');
    await expect(
      page.getByRole('heading', { level: 2, name: made.at(-1)!.systemQuotationRef }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: oldest.systemQuotationRef })).toHaveCount(0);
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectNoSeriousViolations(page, 'quotations, first page');

    await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/newportal\/quotations\?page=2$/);
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page.getByRole('heading', { level: 2, name: oldest.systemQuotationRef })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: made.at(-1)!.systemQuotationRef })).toHaveCount(
      0,
    );
    await expect(pages.getByText('Page 2', { exact: true })).toBeAttached();
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A reload keeps the page; Back goes to the first one.
    await page.reload();
    await expect(pages).toContainText('Page 2 of 2');
    await page.getByRole('link', { name: /^View policy BIMA\// }).click();
    await expect(page).toHaveURL(/\/newportal\/products\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\?page=2$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/newportal\/quotations$/);
    await expect(pages).toContainText('Page 1 of 2');

    // Invoices: newest first, ten a page; the paid one is on the second page.
    await page.goto('/newportal/invoice');
    const invoicePages = page.getByRole('navigation', { name: 'Pages of your invoices' });
    await expect(invoicePages).toContainText('Page 1 of 2');
    await expect(page.getByRole('heading', { level: 2, name: made.at(-1)!.invoiceSystemRef })).toBeVisible();
    await invoicePages.getByRole('button', { name: 'Next' }).click();
    await expect(invoicePages).toContainText('Page 2 of 2');
    const paid = page.getByRole('article').filter({ hasText: oldest.invoiceSystemRef });
    await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'invoices, second page at phone size');

    // An address past the last page goes to the last page.
    await page.goto('/newportal/invoice?page=9');
    await expect(page).toHaveURL(/\/newportal\/invoice\?page=2$/);
    await expect(invoicePages).toContainText('Page 2 of 2');
    await invoicePages.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(page).toHaveURL(/\/newportal\/invoice$/);
    await expect(invoicePages).toContainText('Page 1 of 2');
  });
});
