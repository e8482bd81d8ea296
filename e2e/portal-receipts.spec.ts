import { expect, type Page, test } from '@playwright/test';
import { createClient, expectNoSeriousViolations, useSession } from './purchase-fixtures';

interface Receipt {
  receiptSystemRef: string;
  amount: number;
  mpesaReceiptNumber: string | null;
  reason: string;
  status: string;
  createdAt: string;
  invoiceSystemRef: string | null;
}

const receipts: Receipt[] = Array.from({ length: 7 }, (_, index) => ({
  receiptSystemRef: `RCT-${index + 1}`,
  amount: 1_000_00 * (index + 1), // cents, as the API answers
  mpesaReceiptNumber: `SGH${index + 1}ABCDEF`,
  reason: 'Payment arrived after the invoice was paid',
  status: index === 0 ? 'REFUNDED' : 'OPEN',
  createdAt: '2026-03-03T08:00:00.000Z',
  invoiceSystemRef: `INV-${index + 1}`,
}));

/**
 * Answers `client / wallet / listUnallocatedReceipts` in the browser (the gateway's other actions
 * go to the server): these states cannot be made on demand on the journey server.
 */
async function answerReceipts(page: Page, answer: (page: number, pageSize: number) => object | null) {
  await page.route('**/v2/api/v1', async (route) => {
    const body = route.request().postDataJSON() as {
      action?: { name?: string };
      data?: { page?: number; pageSize?: number };
    };
    if (body.action?.name !== 'listUnallocatedReceipts') return route.fallback();
    const reply = answer(body.data?.page ?? 1, body.data?.pageSize ?? 5);
    if (!reply) {
      return route.fulfill({
        status: 500,
        json: { status: false, err_code: 'INTERNAL', err_msg: 'Something went wrong.' },
      });
    }
    return route.fulfill({ json: { status: true, result: { data: reply } } });
  });
}

test.describe('client portal: money received without an invoice', () => {
  test.describe.configure({ timeout: 60_000 });

  test('listed with amount, M-Pesa receipt, date and what happens next, a page at a time', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await answerReceipts(page, (number, pageSize) => ({
      items: receipts.slice((number - 1) * pageSize, number * pageSize),
      total: receipts.length,
      page: number,
      pageSize,
    }));
    await page.goto('/newportal/invoice');

    const section = page.getByRole('region', { name: 'Money received without an invoice' });
    const table = section.getByRole('table', { name: 'Money received without an invoice' });
    await expect(table).toBeVisible();
    const columns = table.getByRole('columnheader');
    await expect(columns).toHaveText(['Amount', 'M-Pesa receipt', 'Date', 'What happens next']);
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toHaveText(/KES 1,000SGH1ABCDEF3 March 2026Refunded to you\./);
    await expect(rows.nth(1)).toContainText('Our team will refund or apply it.');
    await expectNoSeriousViolations(page, 'invoices with money received without an invoice');

    const pages = section.getByRole('navigation', { name: 'Pages of money received' });
    await expect(pages).toContainText('Page 1 of 2');
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('SGH6ABCDEF');
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('hidden when there is none; an error says so and can be tried again', async ({ page, request }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    let fails = true;
    await answerReceipts(page, (number, pageSize) =>
      fails ? null : { items: [], total: 0, page: number, pageSize },
    );
    await page.goto('/newportal/invoice');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const failure = page
      .getByRole('alert')
      .filter({ hasText: 'Money received without an invoice could not be loaded.' });
    await expect(failure).toBeVisible();

    fails = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByText('You have no invoices yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Money received without an invoice' })).toHaveCount(0);
  });
});
