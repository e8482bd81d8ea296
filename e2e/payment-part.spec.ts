import { expect, test } from '@playwright/test';
import { kes, toast } from './fixtures';
import { COMPREHENSIVE, PAYMENT_TIMEOUT, reachPaymentPage, useSession } from './purchase-fixtures';

/** M-Pesa's per-transaction limit (MPESA_MAX_AMOUNT's default). */
const MPESA_LIMIT = 250_000;
/** Jubilee Motor Elite takes vehicles up to KES 30M; at 3.5 % a KES 10M car's premium is over the limit. */
const VEHICLE_VALUE = 10_000_000;

const amountOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

test.describe('payment: a premium above the M-Pesa limit is paid in parts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a KES 10,000,000 car is paid in two M-Pesa prompts and its policy issued', async ({
    page,
    request,
  }) => {
    const client = await reachPaymentPage(page, request, { kind: 'comprehensive', value: VEHICLE_VALUE });

    // The summary: the total premium, nothing paid yet, and the first prompt at the limit.
    const summary = page.getByRole('region', { name: 'Payment Summary' });
    await expect(summary).toContainText(`Amount due now${kes(MPESA_LIMIT)}`);
    await expect(summary).toContainText(`Paid so far${kes(0)}`);
    const totalText = (await summary.getByText(/^KES /).first().textContent()) ?? '';
    const total = amountOf(totalText);
    expect(total).toBeGreaterThan(MPESA_LIMIT);
    expect(total).toBeLessThanOrEqual(2 * MPESA_LIMIT);
    const rest = total - MPESA_LIMIT;
    await expect(summary).toContainText(`Total premium${kes(total)}`);
    await expect(summary).toContainText(`Balance${kes(total)}`);
    const payNow = page.getByRole('button', { name: 'Pay Now' });
    await expect(payNow).toHaveAccessibleDescription(
      new RegExp(`Pay Now asks for ${kes(MPESA_LIMIT)} now; the remaining ${kes(rest)}`),
    );

    // First prompt: KES 250,000 (the number comes from the KYC details).
    await expect(page.getByLabel('M-Pesa number')).toHaveValue('712345678');
    await page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ }).check();
    const firstPrompt = page.waitForRequest(
      (req) => req.postData()?.includes('invoicePaymentRequest') === true,
    );
    await payNow.click();
    await firstPrompt;
    await expect(
      page.getByRole('status').filter({ hasText: 'Waiting for your confirmation...' }),
    ).toContainText(`This prompt asks for ${kes(MPESA_LIMIT)}.`);
    await expect(toast(page, 'Part payment received')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText(`${kes(MPESA_LIMIT)} received. Balance: ${kes(rest)}.`),
    ).toBeVisible();

    // Still on the payment page, with the new figures and Pay Now for the rest.
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment$/);
    await expect(summary).toContainText(`Paid so far${kes(MPESA_LIMIT)}`);
    await expect(summary).toContainText(`Balance${kes(rest)}`);
    await expect(summary).toContainText(`Amount due now${kes(rest)}`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Press Pay Now to pay the next part.' }),
    ).toBeVisible();
    await expect(payNow).toBeEnabled();

    // The portal (another tab) reads the invoice as partly paid.
    const portal = await page.context().newPage();
    await useSession(portal, client.session);
    await portal.goto('/newportal/invoice');
    const invoice = portal.getByRole('article').filter({ hasText: COMPREHENSIVE.name });
    await expect(invoice.getByText('Partly paid', { exact: true })).toBeVisible();
    await expect(invoice).toContainText(`Paid so far${kes(MPESA_LIMIT)}`);
    await expect(invoice).toContainText(`Balance${kes(rest)}`);
    await portal.close();

    // Second prompt: the balance; then the confirmation with the policy.
    await payNow.click();
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
    const details = page.getByRole('region', { name: 'Policy Details' });
    await expect(details).toContainText(/Policy number\S+/);
    await expect(details).not.toContainText('Policy numberN/A');
    await expect(details).toContainText(`Premium${kes(total)}`);
  });
});
