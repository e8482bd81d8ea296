import { type APIRequestContext, expect, test } from '@playwright/test';
import { toast } from './fixtures';
import {
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  payInvoiceThroughApi,
  useSession,
} from './purchase-fixtures';

/** The texts queued to one phone, newest first (`GET /dev/sms?to=`, outside production only). */
async function textsTo(request: APIRequestContext, phone: string) {
  const response = await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ to: string; text: string; kind: string }>;
}

test.describe('notification texts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client verifies their phone, switches the payment SMS off in Profile, and pays: only the policy is texted @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    // A number of this journey's own (never ending 31–33, the simulator's failing phones).
    const local = `0791${String(Date.now()).slice(-5)}0`;
    const e164 = `+254${local.slice(1)}`;

    await page.goto('/newportal/profile');
    const phone = page.getByRole('region', { name: 'Phone number' });
    await phone.getByLabel('New phone number').fill(local);
    await phone.getByRole('button', { name: 'Send code by SMS' }).click();
    await expect(phone.getByText(`We sent a 4-digit code to ${e164}`)).toBeVisible();
    const code = (await textsTo(request, e164))[0]?.text.match(/\b(\d{4})\b/)?.[1];
    expect(code, 'the texted code').toBeTruthy();
    await phone.getByLabel('Code').fill(code!);
    await phone.getByRole('button', { name: 'Confirm phone number' }).click();
    await expect(toast(page, 'Phone number changed')).toBeVisible();

    // Profile: each kind's e-mail and SMS; the payment's SMS off, its e-mail kept.
    const preferences = page.getByRole('region', { name: 'Notifications by e-mail and SMS' });
    const paymentSms = preferences.getByRole('checkbox', { name: 'SMS for Payment received' });
    await expect(paymentSms).toBeChecked({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'profile with e-mail and SMS preferences, phone');
    await paymentSms.uncheck();
    await preferences.getByRole('button', { name: 'Save notification preferences' }).click();
    await expect(preferences.getByText('Your notification preferences are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'SMS for Payment received' })).not.toBeChecked({
      timeout: 20_000,
    });
    await expect(page.getByRole('checkbox', { name: 'E-mail for Payment received' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'SMS for Policy issued (with the schedule and receipt)' }),
    ).toBeChecked();

    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session);
    const policyNumber = await payInvoiceThroughApi(request, client.session, invoiceSystemRef);
    await expect
      .poll(async () => (await textsTo(request, e164)).map((text) => text.kind), { timeout: 20_000 })
      .toContain('policy_issued');
    const texts = await textsTo(request, e164);
    expect(texts.find((text) => text.kind === 'policy_issued')?.text).toContain(
      `policy ${policyNumber} is issued.`,
    );
    expect(texts.filter((text) => text.kind === 'payment_received')).toEqual([]);
  });
});
