import { expect, test } from '@playwright/test';
import { toast } from './fixtures';
import { PAYMENT_TIMEOUT, reachPaymentPage } from './purchase-fixtures';

test.describe('payment: the M-Pesa number as Kenyans write it', () => {
  test.describe.configure({ timeout: 90_000 });

  test('"0712 345 678" typed key by key is accepted with one validity toast and pays', async ({
    page,
    request,
  }) => {
    await reachPaymentPage(page, request, { kind: 'third-party' });

    // The KYC phone (0712345678) is there already, as the digits after +254.
    const phone = page.getByLabel('M-Pesa number');
    await expect(phone).toHaveValue('712345678');

    await phone.fill('');
    await phone.pressSequentially('0712 345 678');
    await expect(phone).toHaveValue('0712 345 678');
    await expect(page.getByText('Your phone number is valid.', { exact: true }).first()).toBeVisible();
    await expect(toast(page, 'Your phone number is valid.')).toHaveCount(1);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ }).check();
    await expect(phone).toHaveValue('712345678');
    const sent = page.waitForRequest((req) => req.postData()?.includes('invoicePaymentRequest') === true);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    expect((await sent).postDataJSON().data.invoicePaymentDetails.params).toEqual({
      PhoneNumber: '254712345678',
    });
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
    await expect(page.getByRole('region', { name: 'Policy Details' })).toContainText(/Policy number\S+/);
  });

  test('a pasted "+254 722 000 111" becomes 722000111; ten digits are refused, not cut', async ({
    page,
    request,
  }) => {
    await reachPaymentPage(page, request, { kind: 'third-party' });

    const phone = page.getByLabel('M-Pesa number');
    await expect(phone).toHaveValue('712345678');
    await phone.fill('');
    await phone.focus();
    await phone.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '+254 722 000 111');
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(phone).toHaveValue('722000111');
    await expect(toast(page, 'Your phone number is valid.')).toHaveCount(1);

    // Typing more than nine digits is refused with the spec's message, not cut short.
    await phone.fill('+254 712 345 6789');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Phone number must be 9 digits');
    await expect(toast(page, 'Invalid phone number')).toHaveCount(1);
  });
});
