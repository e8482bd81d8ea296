import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  call,
  createClient,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  type Session,
  THIRD_PARTY,
  useSession,
} from './purchase-fixtures';

const kesText = (amount: number) => `KES ${amount.toLocaleString('en-US')}`;

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
const kenyaDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Through the API: a saved third-party quotation for a car (no invoice yet). */
async function saveQuotation(request: APIRequestContext, session: Session, registration: string) {
  return call<{ systemQuotationRef: string; premium: number }>(
    request,
    ['client', 'quotation', 'createQuotation'],
    {
      risks: [{ riskType: 'ASSET', value: 80_000_000, riskRef: registration, details: {} }],
      bussinessType: 'DIRECT',
      productSystemRef: THIRD_PARTY.ref,
      clientDetails: {
        email: session.user.email,
        kraPin: 'A123456789X',
        names: { fname: 'W', lname: 'K' },
        kyc: {},
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: kenyaDate(1) },
      additionalBenefits: [],
      excesses: [],
      vehicleDetails: {
        make: 'Toyota',
        model: 'Probox',
        registrationNumber: registration,
        chassisNumber: `JTEBU5JR5K5${registration.replace(/\W/g, '').slice(-6)}`,
      },
    },
    session.accessToken,
  );
}

test.describe('cart: two quotations paid as one invoice', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a client adds two saved quotations to the cart, pays them by M-Pesa from the cart and gets both policies', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);

    // The empty cart says so and points to quotes.
    await page.goto('/newportal/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get a quote' })).toBeVisible();
    await expectNoSeriousViolations(page, 'empty cart');

    const first = await saveQuotation(request, client.session, 'KDB 111A');
    const second = await saveQuotation(request, client.session, 'KDC 222B');

    // Quotations: Add to cart on each (adding twice changes nothing).
    await page.goto('/newportal/quotations');
    for (const quotation of [first, second]) {
      await page
        .getByRole('button', { name: `Add to cart: quotation ${quotation.systemQuotationRef}` })
        .click();
      await expect(
        page
          .getByRole('article', { name: quotation.systemQuotationRef })
          .getByRole('link', { name: 'View cart' }),
      ).toBeVisible();
    }
    await expectNoSeriousViolations(page, 'quotations with Add to cart');

    // The cart: both quotations, their total, then a wrong phone and the right one.
    await page
      .getByRole('article', { name: first.systemQuotationRef })
      .getByRole('link', { name: 'View cart' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Quotations in your cart' });
    await expect(items.getByRole('article')).toHaveCount(2);
    await expect(items.getByRole('article').nth(0)).toContainText(first.systemQuotationRef);
    await expect(items.getByRole('article').nth(0)).toContainText('KDB111A');
    await expect(items.getByRole('article').nth(1)).toContainText(second.systemQuotationRef);
    // The quotations' premiums come in cents (issue 29); the screen shows whole shillings.
    const total = (first.premium + second.premium) / 100;
    await expect(page.getByTestId('cart-total')).toHaveText(kesText(total));
    await expect(page.getByText('For 2 quotations.')).toBeVisible();
    await expectNoSeriousViolations(page, 'cart (desktop)');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'cart (phone)');
    await page.setViewportSize({ width: 1280, height: 900 });

    const pay = page.getByRole('button', { name: `Pay ${kesText(total)} by M-Pesa` });
    const phone = page.getByLabel('M-Pesa phone number');
    await phone.fill('0812 345 678');
    await pay.click();
    await expect(page.getByText(/valid Safaricom number|Invalid phone number|9 digits/)).toBeVisible();
    await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await pay.click();
    await expect(
      page.getByText(`Check your phone: enter your M-Pesa PIN to pay ${kesText(total)}.`),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`^Payment of ${kesText(total)} received`))).toBeVisible(
      PAYMENT_TIMEOUT,
    );
    await expect(page.getByText('Your cart is paid. Your policies:')).toBeVisible();
    const policies = page.getByRole('list', { name: 'The quotations of this payment' });
    await expect(policies.getByRole('link', { name: /^Policy / })).toHaveCount(2, PAYMENT_TIMEOUT);
    await expectNoSeriousViolations(page, 'cart paid');

    // Both policies are the client's; the cart is empty again.
    const issued = await call<{ items: Array<{ policyNumber: string }>; total: number }>(
      request,
      ['client', 'policy', 'listPolicies'],
      { page: 1, pageSize: 10 },
      client.session.accessToken,
    );
    expect(issued.total).toBe(2);
    await policies
      .getByRole('link', { name: /^Policy / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/newportal\/products\/\d+/);
    await page.goto('/newportal/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });
});
