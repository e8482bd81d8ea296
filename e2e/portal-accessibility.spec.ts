import { expect, test } from '@playwright/test';
import {
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  payInvoiceThroughApi,
  useSession,
} from './purchase-fixtures';

// Desktop, and at 412 px in the phone project (@phone).
test.describe('client portal records: accessibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test('policies, policy, quotations and invoices have no serious or critical violations @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const paid = await createInvoiceThroughApi(request, client.session);
    await payInvoiceThroughApi(request, client.session, paid.invoiceSystemRef);
    const unpaid = await createInvoiceThroughApi(request, client.session);
    await useSession(page, client.session);

    await page.goto('/newportal/products');
    await expect(page.getByRole('heading', { level: 1, name: 'My Policies' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'policies');

    await page.getByRole('link', { name: /^View policy/ }).click();
    await expect(page.getByRole('link', { name: 'Download policy schedule' })).toBeVisible();
    await expectNoSeriousViolations(page, 'policy detail');

    await page.goto('/newportal/quotations');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(
      page.getByRole('button', { name: `Pay quotation ${unpaid.systemQuotationRef}` }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'quotations');

    await page.goto('/newportal/invoice');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'invoices');

    await page.goto(`/newportal/invoice/${unpaid.invoiceSystemRef}`);
    await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay KES/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'invoice detail');

    await page.goto('/newportal');
    await expect(page.getByRole('link', { name: 'Invoice 1 unpaid' })).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard');
  });

  test('paying an invoice from the portal shows its summary without the purchase flow', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const unpaid = await createInvoiceThroughApi(request, client.session);
    await useSession(page, client.session);
    await page.goto(`/newportal/invoice/${unpaid.invoiceSystemRef}`);
    await page.getByRole('link', { name: /^Pay KES/ }).click();
    await expect(page).toHaveURL(/\/payment\?invoice=/);
    await expect(page.getByLabel('M-Pesa number')).toBeVisible();
    await expect(page.getByText(unpaid.invoiceSystemRef)).toBeVisible();
    await expectNoSeriousViolations(page, 'payment of an invoice');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/invoice/${unpaid.invoiceSystemRef}$`));
  });
});
