import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  payWith,
  useSession,
} from './purchase-fixtures';

const kesText = (amount: number) => `KES ${amount.toLocaleString('en-US')}`;

test.describe('wallet: top up, pay half an invoice from it and half by M-Pesa, the statement', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a client tops up the wallet, pays half an invoice from it and half by M-Pesa, gets the policy and sees it all on the statement', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    const invoice = await call<{ amount: number }>(
      request,
      ['client', 'invoice', 'getInvoice'],
      { invoiceSystemRef },
      client.session.accessToken,
    );
    // The invoice answers cents; the client types and reads whole shillings.
    const shillings = invoice.amount / 100;
    const half = Math.floor(shillings / 2);
    const rest = shillings - half;

    // Top Up Options: an empty wallet, a top-up by M-Pesa followed to its answer.
    await page.goto('/newportal/top-up-options');
    await expect(page.getByRole('heading', { level: 1, name: 'Top Up Options' })).toBeVisible();
    const balance = page.getByTestId('wallet-balance');
    await expect(balance).toHaveText('KES 0');
    await expect(page.getByText('No money has moved through your wallet yet.')).toBeVisible();
    await expectNoSeriousViolations(page, 'top-up options');

    const form = page.getByRole('region', { name: 'Top up by M-Pesa' });
    await form.getByRole('button', { name: 'Send the M-Pesa prompt' }).click();
    await expect(form.getByText('Enter an amount.')).toBeVisible();
    await form.getByLabel('Amount (KES)').fill('abc');
    await form.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await form.getByLabel('Amount (KES)').blur();
    await expect(form.getByText('Enter the amount in numbers, e.g. 1500.')).toBeVisible();
    await form.getByLabel('Amount (KES)').fill('0');
    await form.getByLabel('Amount (KES)').blur();
    await expect(form.getByText('Enter an amount more than 0.')).toBeVisible();
    await form.getByLabel('Amount (KES)').fill(String(half));
    await form.getByRole('button', { name: 'Send the M-Pesa prompt' }).click();
    await expect(
      form.getByText(`Check your phone: enter your M-Pesa PIN to pay ${kesText(half)}.`),
    ).toBeVisible();
    await expect(form.getByText(new RegExp(`^${kesText(half)} added to your wallet`))).toBeVisible(
      PAYMENT_TIMEOUT,
    );
    await expect(balance).toHaveText(kesText(half));
    const movements = page.getByRole('table', { name: 'Wallet transactions, newest first' });
    await expect(movements.getByRole('row').nth(1)).toContainText('Wallet top-up by M-Pesa');
    await expect(movements.getByRole('row').nth(1)).toContainText(`+${kesText(half)}`);

    // The invoice: half from the wallet (a larger amount is refused), then the rest by M-Pesa.
    await page.goto(`/newportal/invoice/${invoiceSystemRef}`);
    const wallet = page.getByRole('region', { name: 'Pay from your wallet' });
    await expect(wallet.getByText(`Your wallet holds ${kesText(half)}.`)).toBeVisible();
    const amount = wallet.getByLabel('Amount to pay from the wallet (KES)');
    await expect(amount).toHaveValue(String(half));
    await amount.fill(String(half + 1));
    await wallet.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(
      wallet.getByText(`Your wallet has ${kesText(half)}: enter that much or less.`),
    ).toBeVisible();
    await amount.fill(String(half));
    await wallet.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(
      page.getByText(`${kesText(half)} paid from your wallet. ${kesText(rest)} is left to pay.`),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'invoice with the wallet');

    await page.getByRole('link', { name: `Pay ${kesText(rest)} now` }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    await page.goto(`/newportal/invoice/${invoiceSystemRef}`);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^BIMA\/07\// })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pay from your wallet' })).toHaveCount(0);

    // Accounts: the statement of the last 90 days shows every movement, and downloads.
    await page.goto('/newportal/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    const lines = page.getByRole('table', { name: 'Statement lines, oldest first' });
    await expect(
      lines
        .getByRole('row')
        .filter({ hasText: `Invoice ${invoiceSystemRef}` })
        .first(),
    ).toContainText(`Invoice ${invoiceSystemRef}`);
    await expect(lines).toContainText('Wallet top-up by M-Pesa');
    await expect(lines).toContainText(`Paid from your wallet towards invoice ${invoiceSystemRef}`);
    await expect(lines).toContainText(`M-Pesa payment for invoice ${invoiceSystemRef}`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('Opening balanceKES 0');
    await expect(summary).toContainText('Closing balanceKES 0');
    await expectNoSeriousViolations(page, 'accounts');

    const csvDownload = page.waitForEvent('download');
    await summary.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    expect(csv).toContain('Date,Account,Reference,Description,Debit (KES),Credit (KES),Balance (KES)');
    expect(csv).toContain(`M-Pesa payment for invoice ${invoiceSystemRef}`);
    expect(csv).toContain(`Closing balance (KES),0.00`);
    const pdfDownload = page.waitForEvent('download');
    await summary.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = await readFile(await (await pdfDownload).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A phone-sized screen reads the same statement.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(lines).toContainText('Wallet top-up by M-Pesa');
    await expectNoSeriousViolations(page, 'accounts on a phone');
  });

  test('in Kiswahili the wallet and the statement read each line in Kiswahili, and in English after the switch', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const token = client.session.accessToken;
    const balanceOf = async () =>
      (await call<{ balance: number }>(request, ['client', 'wallet', 'getWallet'], {}, token)).balance;
    await call(request, ['client', 'wallet', 'topUp'], { amount: 1_500_00, phone: '254712345678' }, token);
    await expect.poll(balanceOf, { timeout: 20_000, intervals: [500] }).toBe(1_500_00);

    await page.addInitScript(() => window.localStorage.setItem('bima.language', 'sw'));
    await useSession(page, client.session);
    await page.goto('/newportal/top-up-options');
    const movements = page.getByRole('table', { name: 'Miamala ya pochi, ya karibuni kwanza' });
    await expect(movements.getByRole('row').nth(1)).toContainText(
      /Pesa zilizoongezwa kwenye pochi kwa M-Pesa \(risiti \w+\)/,
    );
    await expect(movements).not.toContainText('Wallet top-up');

    await page.goto('/newportal/accounts');
    const lines = page.getByRole('table', { name: 'Mistari ya taarifa, ya zamani kwanza' });
    await expect(lines).toContainText('Pesa zilizoongezwa kwenye pochi kwa M-Pesa');
    await expect(lines.getByRole('row').nth(1)).toContainText('Pochi');

    // One tap to English: the same lines, now in English (not the Swahili answer kept from before).
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('table', { name: 'Statement lines, oldest first' })).toContainText(
      'Wallet top-up by M-Pesa',
    );
  });
});
