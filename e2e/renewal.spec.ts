import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { calculatePremium, kes, toast } from './fixtures';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  FULL_VEHICLE,
  PAYMENT_TIMEOUT,
  payInvoiceThroughApi,
  payWith,
  type Session,
  useSession,
} from './purchase-fixtures';

const PHONE = { width: 390, height: 844 };

/** A yyyy-mm-dd date as the portal writes it (lib/dates.ts formatIsoDate, English). */
const readable = (iso: string) =>
  new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

const dayAfter = (iso: string) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

const VALUE = 1_500_000;

/**
 * A client with a paid motor private policy (comprehensive, through the API), moved by the dev tool
 * to end `days` days from today; the tool runs the renewal reminders at once.
 */
async function policyEndingIn(
  request: APIRequestContext,
  days: number,
  additionalBenefits: Array<{ benefitSystemRef: string }> = [],
) {
  const client = await createClient(request, { withKyc: true });
  // A comprehensive Jubilee quotation for a KES 1.5M car from today, invoiced.
  const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session, {
    productSystemRef: 'JUB-MP-ELITE',
    value: VALUE,
    additionalBenefits,
    startDate: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10),
    vehicle: {
      ...FULL_VEHICLE,
      antiTheftDevice: 'yes',
      antiTheftDetails: 'Tracker fitted by a licensed company',
    },
  });
  await payInvoiceThroughApi(request, client.session, invoiceSystemRef);
  const [policy] = await call<Array<{ policyNumber: string }>>(
    request,
    ['client', 'policy', 'listPolicies'],
    {},
    client.session.accessToken,
  );
  const moved = await request.post('/dev/policies/ends-in', {
    data: { policyNumber: policy!.policyNumber, days },
  });
  expect(moved.ok()).toBe(true);
  const dates = (await moved.json()) as { id: number; policyNumber: string; endDate: string };
  return { session: client.session, ...dates };
}

async function openAsPhone(page: Page, session: Session) {
  await page.setViewportSize(PHONE);
  await useSession(page, session);
}

test.describe('renewing a policy, at phone size', () => {
  test.describe.configure({ timeout: 120_000 });

  test('from the reminder to the new policy: Renew, last year beside this year, the alternatives, M-Pesa, cover from the day after', async ({
    page,
    request,
  }) => {
    const policy = await policyEndingIn(request, 10);
    await openAsPhone(page, policy.session);

    // The reminder in the portal's notification centre opens the policy.
    await page.goto('/newportal/notifications');
    const reminder = page.getByRole('link', { name: `Open: Policy ${policy.policyNumber} ends in 10 days` });
    await expect(reminder).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'notification centre with the reminder');
    await reminder.click();
    await expect(page).toHaveURL(new RegExp(`/newportal/products/${policy.id}$`));
    await expect(page.getByText(`This policy ends on ${readable(policy.endDate)}.`)).toBeVisible();
    await expectNoSeriousViolations(page, 'policy due for renewal');

    await page.getByRole('link', { name: 'Renew', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Renew policy ${policy.policyNumber}` }),
    ).toBeVisible();
    const premiums = page.getByRole('region', { name: 'Last year and this year' });
    await expect(premiums.getByText(/^Last year's premium/)).toBeVisible({ timeout: 20_000 });
    await expect(premiums.getByText(/^This year's premium/)).toBeVisible();
    await expect(premiums.getByText(/KES [\d,]+/).first()).toBeVisible();
    const cover = page.getByRole('region', { name: 'Your renewed cover' });
    await expect(cover.getByText(readable(dayAfter(policy.endDate)))).toBeVisible();
    await expectNoSeriousViolations(page, 'renewal quote');

    // The other underwriters' prices, one tap away; choosing one prices it for the same period.
    await page.getByRole('button', { name: "See other underwriters' prices" }).click();
    const alternatives = page.getByRole('region', {
      name: "Other underwriters' prices for the same vehicle value and cover",
    });
    const choices = alternatives.getByRole('button', { name: /^Choose / });
    await expect(choices.first()).toBeVisible();
    await expectNoSeriousViolations(page, 'renewal alternatives');
    const chosenLabel = (await choices.first().getAttribute('aria-label')) ?? '';
    const chosenName = chosenLabel.replace(/^Choose /, '');
    await choices.first().click();
    await expect(cover.getByText(chosenName, { exact: true })).toBeVisible({ timeout: 20_000 });

    // Paid like any purchase.
    await page.getByRole('button', { name: /^Pay KES [\d,]+ by M-Pesa$/ }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV/);
    await expect(page.getByText(chosenName).first()).toBeVisible();
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);

    // The old policy names its renewal; the new one starts the day after the old one ends.
    await page.goto(`/newportal/products/${policy.id}`);
    const renewed = page.getByRole('link', { name: /^See policy / });
    await expect(renewed).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`covers you from ${readable(dayAfter(policy.endDate))}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Renew', exact: true })).toHaveCount(0);
    await renewed.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Policy / })).toBeVisible();
    const details = page.getByRole('region', { name: 'Policy details' });
    await expect(details.getByText(chosenName, { exact: true })).toBeVisible();
    await expect(details.getByText(readable(dayAfter(policy.endDate)), { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the renewed policy');
  });

  test('the other underwriters are priced like for like: with the policy’s extra benefits where they sell them, saying what they cannot offer', async ({
    page,
    request,
  }) => {
    const policy = await policyEndingIn(request, 12, [
      { benefitSystemRef: 'JUB-MP-ELITE-PVT' },
      { benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE' },
    ]);
    // APA Motor Plus sells PVT but no road rescue: its renewal price has PVT.
    const apa = await calculatePremium(request, {
      productSystemRef: 'APA-MP-PLUS',
      risk: { value: VALUE },
      additionalBenefits: [{ benefitSystemRef: 'APA-MP-PLUS-PVT' }],
      excesses: [],
      coverDetails: { period: 365 },
    });
    await openAsPhone(page, policy.session);
    await page.goto(`/newportal/products/${policy.id}/renew`);
    await page.getByRole('button', { name: "See other underwriters' prices" }).click({ timeout: 20_000 });
    const alternatives = page.getByRole('region', {
      name: "Other underwriters' prices for the same vehicle value and cover",
    });
    await expect(
      alternatives.getByText(
        'Every price here has the benefits you chose last year, where the underwriter offers them: Political Violence and Terrorism; Road Rescue.',
      ),
    ).toBeVisible();
    const apaItem = alternatives.getByRole('listitem').filter({ hasText: 'APA Motor Plus' });
    await expect(apaItem).toContainText(kes(apa.total));
    await expect(apaItem).toContainText('Includes: Political Violence and Terrorism');
    await expect(apaItem).toContainText('Not offered, so not in this price: Road Rescue');
    await expectNoSeriousViolations(page, 'renewal alternatives like for like');

    // Chosen, it is quoted at the price compared, and the cover says what it lacks.
    await apaItem.getByRole('button', { name: 'Choose APA Motor Plus' }).click();
    const cover = page.getByRole('region', { name: 'Your renewed cover' });
    await expect(cover.getByText('APA Motor Plus', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(cover).toContainText('Not offered, so not in this price: Road Rescue');
    await expect(page.getByRole('button', { name: `Pay ${kes(apa.total)} by M-Pesa` })).toBeVisible();
  });

  test('an expired policy says so and offers a new quote with its value', async ({ page, request }) => {
    const policy = await policyEndingIn(request, -2);
    await openAsPhone(page, policy.session);
    await page.goto(`/newportal/products/${policy.id}`);
    await expect(page.getByText(`This policy expired on ${readable(policy.endDate)}.`)).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: 'Renew', exact: true })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'expired policy');
    // Renewing it anyway (an old link) is refused with the reason.
    await page.goto(`/newportal/products/${policy.id}/renew`);
    await expect(page.getByRole('alert')).toContainText('This policy has expired', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Back to the policy' }).first().click();
    await page.getByRole('link', { name: 'Get a new quote' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type(\?quote=[\w-]+)?$/);
    await expect(page.getByRole('heading', { name: 'Choose your cover' })).toBeVisible();
    await expect(page.getByLabel('Vehicle value (KES)')).toHaveValue(String(VALUE));
    await expectNoSeriousViolations(page, 'new quote with the value entered');
  });
});
