import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './purchase-fixtures';
import { listPublicIntermediaries, STAFF, signInStaffThroughPage } from './staff-fixtures';

// An ACTIVE sample firm with no staff accounts, so no other journey's session is revoked.
const FIRM = 'Pwani Cover Agency';

test.describe('staff area: an admin', () => {
  test('signs in, lands on /staff, suspends an active firm with a reason and approves it again', async ({
    page,
    request,
  }) => {
    await signInStaffThroughPage(page, STAFF.admin);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page.getByText('Bima Portal', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Staff area' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff area' });
    for (const name of [
      'Requests',
      'Products',
      'Intermediaries',
      'Commission',
      'Staff',
      'Money received',
      'Audit log',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Intermediaries', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Intermediaries' })).toBeVisible();
    await page.getByLabel('Search by name, e-mail or phone').fill('Pwani');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: FIRM }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Suspend ${FIRM}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${FIRM}` });
    await dialog.getByRole('button', { name: 'Suspend firm' }).click();
    await expect(dialog.getByText('Give the reason for the suspension.')).toBeVisible();
    await dialog.getByLabel('Reason for the suspension').fill('IRA licence renewal outstanding');
    await dialog.getByRole('button', { name: 'Suspend firm' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    await expect(row.getByText('Reason: IRA licence renewal outstanding')).toBeVisible();
    expect((await listPublicIntermediaries(request)).map((firm) => firm.intermediaryNames)).not.toContain(
      FIRM,
    );

    await row.getByRole('button', { name: `Approve ${FIRM}` }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect((await listPublicIntermediaries(request)).map((firm) => firm.intermediaryNames)).toContain(FIRM);

    // The audit log says in words who decided what, and the values before and after.
    await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const approved = page.getByRole('row').filter({ hasText: `Approved the intermediary ${FIRM}` });
    await expect(approved).toHaveCount(1);
    await expect(approved.getByText('Status: Suspended → Active')).toBeVisible();
    await expect(approved.getByText(`${STAFF.admin} (Admin)`, { exact: false })).toBeVisible();
    const suspended = page.getByRole('row').filter({ hasText: `Suspended the intermediary ${FIRM}` });
    await expect(suspended.getByText('Status: Active → Suspended')).toBeVisible();
    await expect(suspended.getByText('Reason: IRA licence renewal outstanding')).toBeVisible();
    // Words, not the gateway's action names or internal ids.
    await expect(page.getByText('admin/intermediary/', { exact: false })).toHaveCount(0);
    // In the reader's language: the same entries in Kiswahili.
    await page.getByRole('banner').getByRole('button', { name: 'Kiswahili' }).click();
    const inSwahili = page.getByRole('row').filter({ hasText: `Aliidhinisha mpatanishi ${FIRM}` });
    await expect(inSwahili.getByText('Hali: Imesimamishwa → Hai')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  });

  test('registers a new broker firm: checked as the API checks it, pending until approved', async ({
    page,
    request,
  }) => {
    const name = `Lamu Coast Insurance Brokers ${Date.now().toString(36)}`;
    await signInStaffThroughPage(page, STAFF.admin);
    await page
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Intermediaries', exact: true })
      .click();
    const form = page.getByRole('form', { name: 'Register a firm' });
    await form.getByRole('button', { name: 'Register firm' }).click();
    // The domain's own messages, before anything is sent.
    await expect(form.getByText('Intermediary name is required')).toBeVisible();
    await expect(form.getByText('Choose the category: BROKER or AGENT.')).toBeVisible();
    await expect(form.getByText('IRA licence number is required')).toBeVisible();

    await form.getByLabel('Firm name').fill(name);
    await form.getByLabel('Category').selectOption({ label: 'Broker' });
    await form.getByLabel('IRA licence').fill('IRA/BRK/2026/0456');
    await form.getByLabel("Firm's e-mail address").fill(`info.${Date.now()}@lamu-brokers.example`);
    await form.getByLabel("Firm's phone number").fill('0722 456 789');
    await form.getByLabel('Physical address').fill('Harambee Avenue, Lamu Old Town');
    await form.getByLabel('About the firm (optional)').fill('Marine and motor cover for the coast.');
    await form.getByRole('button', { name: 'Register firm' }).click();
    await expect(page.getByText(`${name} is registered: approve it to list it to clients`)).toBeVisible();

    await page.getByLabel('Search by name, e-mail or phone').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByText('Broker', { exact: true })).toBeVisible();
    // Not listed to clients until approved.
    expect((await listPublicIntermediaries(request)).map((firm) => firm.intermediaryNames)).not.toContain(
      name,
    );
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect((await listPublicIntermediaries(request)).map((firm) => firm.intermediaryNames)).toContain(name);
  });

  test('opens Background jobs: every queue the servers share, with its waiting, running and failed jobs @phone @desktop', async ({
    page,
  }) => {
    await signInStaffThroughPage(page, STAFF.admin);
    const nav = page.getByRole('navigation', { name: 'Staff area' });
    await nav.getByRole('link', { name: 'Background jobs', exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
    const queues = page.getByRole('table', { name: 'Queues' });
    for (const job of [
      'Settle M-Pesa payments',
      'Send e-mail',
      'Renewal reminders',
      'Settle claim payouts',
    ]) {
      const row = queues.getByRole('row', { name: new RegExp(job) });
      await expect(row).toBeVisible();
      await expect(row.getByRole('cell')).toHaveCount(3);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Failed jobs' })).toBeVisible();
    await expectNoSeriousViolations(page, 'background jobs');
  });
});
