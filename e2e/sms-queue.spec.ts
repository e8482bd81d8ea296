import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { call, createClient } from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

interface DevSms {
  id: number;
  to: string;
  status: string;
  deliveryStatus: string | null;
  retryOf: number | null;
}

test.describe('Staff › Text messages (SMS queue)', () => {
  test('an admin sees a text that was not delivered twice and sends it again @phone', async ({
    page,
    request,
  }) => {
    // A client asks for a code on a phone the local Africa's Talking never delivers to (ending 32):
    // the text goes out, its delivery report says Failed, it is sent once more, and fails again.
    const client = await createClient(request);
    const phone = `+2547${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}32`;
    await call(request, ['client', 'profile', 'requestPhoneChange'], { phone }, client.session.accessToken);
    await expect
      .poll(
        async () => {
          const texts = (await (
            await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`)
          ).json()) as DevSms[];
          return texts.map(
            (text) => `${text.retryOf ? 'retry' : 'first'}:${text.status}:${text.deliveryStatus}`,
          );
        },
        { timeout: 20_000 },
      )
      .toEqual(['retry:failed:Failed', 'first:sent:Failed']);

    await signInStaffThroughPage(page, STAFF.admin);
    await page.getByRole('link', { name: 'Text messages' }).first().click();
    await expect(page).toHaveURL(/\/staff\/sms-queue$/);
    await expect(page.getByRole('heading', { name: 'Text messages', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Queued text messages' });
    const row = table.getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('Not delivered (DeliveryFailure)');
    await expect(row).toContainText('Sent again');
    await expectNoSeriousViolations(page, 'SMS queue, failing');

    await row.getByRole('button', { name: `Retry now: the text to ${phone}` }).click();
    await expect(page.getByText(/^Text \d+: Sent\.$/)).toBeVisible();
    // Sent now: no longer among the failing ones (its delivery report comes later, and fails again).
    await expect(table.getByRole('row').filter({ hasText: phone })).toHaveCount(0);
    await page.getByLabel('Show').selectOption('all');
    await expect(table.getByRole('row').filter({ hasText: phone })).toHaveCount(2);
    await expectNoSeriousViolations(page, 'SMS queue, all');
  });
});
