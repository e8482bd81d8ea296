import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { toast } from './fixtures';
import { COMPREHENSIVE, PAYMENT_TIMEOUT, payWith, reachPaymentPage } from './purchase-fixtures';

test.describe('client portal: Pay Later, then pay from the portal', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an unpaid quotation is paid from Quotations; the policy and its schedule are in My Policies', async ({
    page,
    request,
  }) => {
    const { vehicle } = await reachPaymentPage(page, request, { kind: 'comprehensive' });

    await page.getByRole('button', { name: 'Pay Later' }).click();
    await expect(page).toHaveURL(/\/newportal\/quotations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quotations' })).toBeVisible();
    const quotation = page.getByRole('article').filter({ hasText: COMPREHENSIVE.name });
    await expect(quotation).toHaveCount(1);
    await expect(quotation.getByText('Unpaid')).toBeVisible();

    await quotation.getByRole('button', { name: /^Pay quotation/ }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);
    const invoiceRef = new URL(page.url()).searchParams.get('invoice') ?? '';
    await expect(page.getByText(COMPREHENSIVE.name)).toBeVisible();
    // The invoice is not this tab's motor flow: the wizard header names no product after the flow.
    await expect(page.getByText(/^Selected product:/)).toHaveCount(0);
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(COMPREHENSIVE.name)).toBeVisible();

    await page.goto('/newportal/products');
    await expect(page.getByRole('heading', { level: 1, name: 'My Policies' })).toBeVisible();
    const policy = page.getByRole('article').filter({ hasText: COMPREHENSIVE.name });
    await expect(policy).toHaveCount(1);
    await expect(policy.getByText('Active')).toBeVisible();
    await expect(policy.getByText(vehicle.registrationNumber.replace(' ', ''))).toBeVisible();
    await policy.getByRole('link', { name: /^View policy/ }).click();
    await expect(page).toHaveURL(/\/newportal\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Policy BIMA\// })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download policy schedule' }).click();
    const bytes = await readFile(await (await download).path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto(`/newportal/invoice/${invoiceRef}`);
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceRef}` })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay / })).toHaveCount(0);

    // The same screen under Accounts › Invoices, and the quotation now reads Paid.
    await page.goto('/newportal/accounts/invoices');
    const listed = page.getByRole('article').filter({ hasText: invoiceRef });
    await expect(listed.getByText('Paid', { exact: true })).toBeVisible();
    await expect(listed).toContainText('BalanceKES 0');
    await page.goto('/newportal/quotations');
    await expect(page.getByRole('link', { name: /^View policy BIMA\// })).toBeVisible();
  });
});
