import { expect, test } from '@playwright/test';
import { createClient, createInvoiceThroughApi, useSession } from './purchase-fixtures';

test.describe('the M-Pesa number on the payment page', () => {
  test('a KYC phone arriving while the client types does not join what they type', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    await useSession(page, client.session);

    // Hold the client's details (the KYC phone) until the client is in the field.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v2/api/v1', async (route) => {
      if (route.request().postData()?.includes('"getClientDetails"')) await held;
      await route.continue();
    });

    await page.goto(`/motor/payment-confirmation/payment?invoice=${invoiceSystemRef}`);
    const number = page.getByLabel('M-Pesa number');
    await number.click();
    const details = page.waitForResponse((response) =>
      Boolean(response.request().postData()?.includes('"getClientDetails"')),
    );
    release();
    await details;
    // Let the page render what arrived before the client types.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await number.pressSequentially('798765432');
    await expect(number).toHaveValue('798765432');
  });
});
