import { expect, test } from '@playwright/test';
import { call, createClient, createInvoiceThroughApi } from './purchase-fixtures';

// Each page is over 1 KB, so the browser receives it compressed: it must arrive whole, not blank.
test.describe('the developer pages are readable', () => {
  test('mailbox, M-Pesa phone and API docs open with their content', async ({ page, request }) => {
    // Two sign-ups put two code mails in the mailbox; a payment puts a prompt on the phone page.
    const { email, session } = await createClient(request);
    await createClient(request);
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, session);
    await call(
      request,
      ['underwriting', 'accounting', 'invoicePaymentRequest'],
      {
        invoiceSystemRef,
        invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: '254712345678' } },
      },
      session.accessToken,
    );

    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expect(page.getByText(`To ${email}`)).toBeVisible();

    await page.goto('/dev/mpesa');
    await expect(page.getByRole('heading', { level: 1, name: 'M-Pesa simulator' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Pay KES [\d,]+ to / }).first()).toBeVisible();

    await page.goto('/v2/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'Bima Portal API' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'underwriting / catalogue / listProducts' }),
    ).toBeVisible();
  });
});
