import { expect, test } from '@playwright/test';
import {
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  payInvoiceThroughApi,
  useSession,
} from './purchase-fixtures';
import { createHelpRequestThroughApi, STAFF, signInStaffThroughPage } from './staff-fixtures';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

test.describe('notifications', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client switches the payment e-mail off, pays, sees the bell count, opens the centre and marks read', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);

    // Profile: in-app always, e-mail per kind; the payment's e-mail off.
    await page.goto('/newportal/profile');
    const preferences = page.getByRole('region', { name: 'Notifications by e-mail and SMS' });
    const paymentEmail = preferences.getByRole('checkbox', { name: 'E-mail for Payment received' });
    await expect(paymentEmail).toBeChecked({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'profile with e-mail preferences');
    await paymentEmail.uncheck();
    await preferences.getByRole('button', { name: 'Save notification preferences' }).click();
    await expect(preferences.getByText('Your notification preferences are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'E-mail for Payment received' })).not.toBeChecked({
      timeout: 20_000,
    });
    await expect(
      page.getByRole('checkbox', { name: 'E-mail for Policy issued (with the schedule and receipt)' }),
    ).toBeChecked();

    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    await payInvoiceThroughApi(request, client.session, invoiceSystemRef);

    // The bell asks again on the next page load: the payment, the policy, and DMVIC's certificate,
    // which the issuing job has from DMVIC seconds after the policy.
    const bell = page.getByRole('link', { name: 'Notifications, 3 unread' });
    await expect(async () => {
      await page.goto('/newportal');
      await expect(bell).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await bell.click();
    await expect(page).toHaveURL(/\/newportal\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(items).toHaveCount(3, { timeout: 20_000 });
    await expect(items.first()).toContainText(/Certificate [ABCD]\d{8} is ready/);
    await expect(items.nth(1)).toContainText(/Policy .+ issued/);
    await expect(items.nth(2)).toContainText(/Payment of KES [\d,]+ received/);
    await expect(page.getByText('3 unread')).toBeVisible();
    await expectNoSeriousViolations(page, 'notification centre, desktop');
    await page.setViewportSize(PHONE);
    await expectNoSeriousViolations(page, 'notification centre, phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: /^Mark read: Payment of KES/ }).click();
    await expect(page.getByText('2 unread')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    await page.getByRole('radio', { name: 'Unread only' }).check();
    await expect(items).toHaveCount(2);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('You have read every notification.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // The policy's link opens the policy.
    await page.getByRole('radio', { name: 'All' }).check();
    await page.getByRole('link', { name: /^Open: Policy .+ issued$/ }).click();
    await expect(page).toHaveURL(/\/newportal\/products\/\d+$/);

    // E-mail: the policy's documents came; the payment's e-mail, switched off, did not.
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get('/dev/outbox')).json()) as Array<{
            to: string;
            subject: string;
          }>;
          return mails.filter((mail) => mail.to === client.email).map((mail) => mail.subject);
        },
        { timeout: 20_000 },
      )
      .toContainEqual(expect.stringMatching(/is active$/));
    const mails = (await (await request.get('/dev/outbox')).json()) as Array<{ to: string; subject: string }>;
    expect(mails.filter((mail) => mail.to === client.email && mail.subject.startsWith('Payment of'))).toEqual(
      [],
    );
  });

  test("a broker is told of a client's help request and opens it from the staff centre; the admin sees the mail queue", async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await createHelpRequestThroughApi(
      request,
      client.session,
      'Savannah Insurance Brokers',
    );
    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await expect(page).toHaveURL(/\/staff\/notifications$/);
    const item = page.getByRole('listitem').filter({ hasText: `New help request ${requestSystemRef}` });
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'staff notification centre');
    await item.getByRole('link', { name: `Open: New help request ${requestSystemRef}` }).click();
    await expect(page).toHaveURL(/\/staff\/requests\/\d+$/);
    await expect(page.getByText(requestSystemRef).first()).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signInStaffThroughPage(page, STAFF.admin);
    await page.goto('/staff/mail-queue');
    await expect(page.getByRole('heading', { name: 'Mail queue', level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ failing/)).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'mail queue, failing');
    await page.getByLabel('Show').selectOption('sent');
    await expect(page.getByRole('table', { name: 'Queued e-mails' }).getByRole('row').nth(1)).toContainText(
      'Sent',
    );
    await page.setViewportSize(PHONE);
    await expectNoSeriousViolations(page, 'mail queue, sent, phone');
  });
});
