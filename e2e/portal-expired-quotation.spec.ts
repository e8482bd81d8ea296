import { expect, test } from '@playwright/test';
import { createClient, createInvoiceThroughApi, THIRD_PARTY, useSession } from './purchase-fixtures';

const EXPIRED_ON = '2026-03-03T08:00:00.000Z';
const EXPIRED_TEXT = 'This quotation expired on 3 Mar 2026.';

// The journey server's quotations are valid for 30 days; the browser is told they expired (the
// server's own expiry rule is covered by the API tests). Getting a new price calls the real server.
test.describe('client portal: an expired quotation is priced again', () => {
  test.describe.configure({ timeout: 60_000 });

  test('Quotations and the payment page say it expired and offer Get a new price', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { systemQuotationRef } = await createInvoiceThroughApi(request, client.session);
    await useSession(page, client.session);
    const requotes: string[] = [];
    await page.route('**/v2/api/v1', async (route) => {
      const body = route.request().postDataJSON() as { action?: { name?: string }; data?: unknown };
      const action = body.action?.name;
      if (action === 'requoteQuotation') requotes.push(JSON.stringify(body.data));
      if (action === 'listQuotations') {
        const response = await route.fetch();
        const reply = (await response.json()) as {
          result: { data: { items: Array<Record<string, unknown>> } };
        };
        for (const item of reply.result.data.items)
          Object.assign(item, { isExpired: true, expiresAt: EXPIRED_ON });
        return route.fulfill({ response, json: reply });
      }
      if (action === 'invoicePaymentRequest') {
        return route.fulfill({
          status: 409,
          json: {
            status: false,
            err_code: 'QUOTATION_EXPIRED',
            err_msg: 'This quotation expired on 3 Mar 2026. Get a new price to continue.',
          },
        });
      }
      return route.fallback();
    });

    await page.goto('/newportal/quotations');
    const quotation = page.getByRole('article', { name: systemQuotationRef });
    await expect(quotation.getByText(EXPIRED_TEXT)).toBeVisible();
    await expect(quotation.getByText('Expired', { exact: true })).toBeVisible();
    await expect(quotation.getByRole('button', { name: /^Pay quotation/ })).toHaveCount(0);
    await quotation
      .getByRole('button', { name: `Get a new price for quotation ${systemQuotationRef}` })
      .click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);
    // The new invoice only exists once requoteQuotation answered, so the call has been seen here.
    expect(requotes).toEqual([JSON.stringify({ systemQuotationRef })]);
    await expect(page.getByText(THIRD_PARTY.name)).toBeVisible();

    // Paying is refused as expired: the page says so and offers a new price instead of Pay Now.
    await page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ }).check();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: `${EXPIRED_TEXT} Get a new price to continue.` });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await notice.getByRole('button', { name: 'Get a new price' }).click();
    await expect.poll(() => requotes.length).toBe(2);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);
  });
});
