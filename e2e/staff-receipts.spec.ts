import { expect, type Page, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  createClient,
  createInvoiceThroughApi,
  PAYMENT_TIMEOUT,
  payWith,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

/** The simulator's 'failed, then paid' number (ending 09): the query says 1037, the money follows. */
const FAILED_THEN_PAID = '712345609';
/** Any ending outside 01–14 pays at once. */
const PAYING = '712345678';
/** The late callback comes MPESA_SIMULATOR_LATE_MS (8 s on the journey server) after the failure. */
const LATE_MONEY = { timeout: 60_000 };

const RECEIPTS = 'Money received without an invoice';

/** The client's receipts table on the portal's Invoice page (hidden while there is none). */
function clientReceipts(page: Page) {
  return page.getByRole('region', { name: RECEIPTS }).getByRole('table', { name: RECEIPTS });
}

/** Body rows only (the header row has no cells). */
function bodyRows(page: Page, table: ReturnType<Page['getByRole']>) {
  return table.getByRole('row').filter({ has: page.getByRole('cell') });
}

test.describe('staff area: money received without an invoice', () => {
  test.describe.configure({ timeout: 180_000 });

  test('money that came after a failed payment is recorded as refunded by an admin; the client sees it refunded', async ({
    page,
    browser,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    await useSession(page, client.session);

    // The client pays the invoice from the portal's Invoice page.
    await page.goto('/newportal/invoice');
    const invoice = page.getByRole('article', { name: invoiceSystemRef });
    await expect(invoice).toContainText(THIRD_PARTY.name);
    await expect(invoice.getByText('Unpaid', { exact: true })).toBeVisible();
    const premium = ((await invoice.getByText(/^KES /).first().textContent()) ?? '').trim();
    expect(premium).toMatch(/^KES [\d,]+$/);
    await expect(clientReceipts(page)).toHaveCount(0);
    await invoice.getByRole('link', { name: `Pay invoice ${invoiceSystemRef}` }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);

    // The first phone's payment shows as failed (its money is still on the way)…
    await payWith(page, FAILED_THEN_PAID);
    await expect(page.getByRole('button', { name: 'Waiting for confirmation...' })).toBeDisabled();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment Failed. Please try again.' }),
    ).toBeVisible(PAYMENT_TIMEOUT);
    await expect(toast(page, 'Payment Failed')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('Your phone could not be reached, or the PIN was not entered in time.'),
    ).toBeVisible();

    // …so the client pays again at once with another phone, and the policy is issued.
    await page.getByLabel('M-Pesa number').fill(PAYING);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    // The first phone's money arrives later, when nothing is owed: the client sees it credited.
    await page.goto('/newportal/invoice');
    await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(clientReceipts(page)).toBeVisible({ timeout: 3_000 });
    }).toPass({ ...LATE_MONEY, intervals: [2_000] });
    const clientRows = bodyRows(page, clientReceipts(page));
    await expect(clientRows).toHaveCount(1);
    const credited = clientRows.first();
    const cells = credited.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(premium);
    await expect(cells.nth(3)).toHaveText('Our team will refund or apply it.');
    const mpesaReceipt = ((await cells.nth(1).textContent()) ?? '').trim();
    expect(mpesaReceipt).toMatch(/^[A-Z0-9]{10}$/);

    // An admin, in their own browser, finds it under Money received, still to refund.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signInStaffThroughPage(staff, STAFF.admin);
    await staff
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Money received', exact: true })
      .click();
    await expect(staff).toHaveURL(/\/staff\/money-received$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Money received' })).toBeVisible();
    const staffTable = staff.getByRole('table', { name: 'Unallocated receipts' });
    const row = bodyRows(staff, staffTable).filter({ hasText: mpesaReceipt });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText(premium);
    await expect(row).toContainText(client.email);
    await expect(row).toContainText(`254${FAILED_THEN_PAID}`);
    await expect(row).toContainText('Payment arrived after the invoice was paid');
    await expect(row.getByText('To refund', { exact: true })).toBeVisible();

    // Record refund: the dialog says what it is about and asks for what happened and a note.
    await row.getByRole('button', { name: 'Record refund' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Record what became of this money' });
    await expect(dialog).toContainText(`${premium} received from 254${FAILED_THEN_PAID}.`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose whether the money was refunded or applied.').first()).toBeVisible();
    await expect(
      dialog.getByText('Say how the money was refunded or where it was applied.').first(),
    ).toBeVisible();
    await dialog.getByLabel('What happened').selectOption({ label: 'Refunded to the client' });
    const note = `M-Pesa reversal of ${mpesaReceipt} to 0${FAILED_THEN_PAID}`;
    await dialog.getByLabel('Note (M-Pesa reversal or B2C reference, or the invoice)').fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(staff, 'Saved: the receipt is marked Refunded.')).toBeVisible();

    // The row now reads Refunded, and the action is no longer offered.
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByText('To refund', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Record refund' })).toHaveCount(0);
    await staff.reload();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Record refund' })).toHaveCount(0);

    // The audit log keeps who did it, to which receipt, and the note.
    await staff
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Audit log', exact: true })
      .click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const entry = bodyRows(staff, staff.getByRole('table', { name: 'Audit log' })).filter({
      hasText: note,
    });
    await expect(entry).toHaveCount(1);
    // In words (issue 26): who, what was done with the money, and the values before and after.
    await expect(entry).toContainText(`${STAFF.admin} (Admin)`);
    await expect(entry).toContainText(
      /Refunded KES [\d,]+ to 07\d{2} \d{3} \d{3} \(M-Pesa, receipt RCT-[A-Z0-9]+\)/,
    );
    await expect(entry).toContainText('Receipt: Open → Refunded');
    await expect(entry).not.toContainText('resolveReceipt');
    await staffContext.close();

    // The client's Invoice page says the money was refunded.
    await page.reload();
    await expect(bodyRows(page, clientReceipts(page))).toHaveCount(1);
    await expect(credited.getByRole('cell').nth(1)).toHaveText(mpesaReceipt);
    await expect(credited.getByRole('cell').nth(3)).toHaveText('Refunded to you.');
  });
});
