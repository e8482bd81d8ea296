import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInThroughUi } from './fixtures';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  FULL_VEHICLE,
  payInvoiceThroughApi,
  type Session,
} from './purchase-fixtures';
import { signInStaffThroughPage } from './staff-fixtures';

// "Pay monthly" of a product (issue 31): the underwriter switches it on in the back office with its
// loading and grace; the next public quote offers the product monthly on those terms.
const UNDERWRITER = 'underwriter.jubilee@bimaportal.co.ke';
const STAFF_PASSWORD = 'Bima-Staff-2026!';
const PRODUCT = { ref: 'JUB-MP-TPO', name: 'Jubilee Third Party Only' };

interface GridProduct {
  productSystemRef: string;
  premium: number;
  monthly: { loadingBps: number; graceDays: number; total: number; monthlyAmount: number } | null;
}

async function thirdPartyQuote(request: APIRequestContext) {
  const quotes = await call<GridProduct[]>(
    request,
    ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
    { insuranceClass: '07', riskValue: 0, coverType: 'third-party' },
  );
  return quotes.find((quote) => quote.productSystemRef === PRODUCT.ref);
}

/** Switches the product's monthly payment off again (a new version), for the journeys after this one. */
async function switchOff(request: APIRequestContext) {
  const session = await call<Session>(request, ['user', 'auth', 'login'], {
    username: UNDERWRITER,
    password: STAFF_PASSWORD,
    loginDevice: {},
  });
  await call(
    request,
    ['backoffice', 'product', 'publishMonthlyTerms'],
    { productSystemRef: PRODUCT.ref, enabled: false, loadingBps: 0, graceDays: 0 },
    session.accessToken,
  );
}

test('an underwriter switches paying monthly on for a product with its loading and grace', async ({
  page,
  request,
}) => {
  expect((await thirdPartyQuote(request))?.monthly ?? null).toBeNull();

  await signInThroughUi(page, UNDERWRITER, STAFF_PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  await page
    .getByRole('navigation', { name: 'Staff area' })
    .getByRole('link', { name: 'Products', exact: true })
    .click();
  await page.getByRole('link', { name: PRODUCT.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();

  const monthly = page.getByRole('region', { name: 'Pay monthly' });
  await expect(monthly.getByText('Not offered monthly')).toBeVisible();
  await expect(monthly.getByText('Never offered monthly.')).toBeVisible();

  try {
    await monthly.getByRole('checkbox', { name: 'Offer paying monthly' }).check();
    const loading = monthly.getByRole('textbox', { name: 'Loading (%)' });
    const grace = monthly.getByRole('textbox', { name: 'Grace (days)' });
    // Out of bounds: the domain's rule beside each field, nothing published.
    await loading.fill('60');
    await grace.fill('30');
    await monthly.getByRole('button', { name: 'Publish' }).click();
    await expect(monthly.getByText('The loading is a percentage from 0 to 50.')).toBeVisible();
    await expect(monthly.getByText('The grace is a whole number of days from 0 to 27.')).toBeVisible();

    await loading.fill('12.5');
    await grace.fill('10');
    await monthly.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Monthly terms published as version \d+\./)).toBeVisible();
    await expect(monthly.getByText(/Offered \(version \d+\): loading 12\.5 %, grace 10 days/)).toBeVisible();
    const row = monthly.getByRole('row').filter({ hasText: '12.5 %' });
    await expect(row).toContainText('Yes');
    await expect(row).toContainText('10 days');
    await expect(row).toContainText(UNDERWRITER);

    // The public quote now offers it monthly on these terms.
    await expect.poll(async () => (await thirdPartyQuote(request))?.monthly?.loadingBps ?? null).toBe(1_250);
    const quote = (await thirdPartyQuote(request))!;
    expect(quote.monthly).toMatchObject({ loadingBps: 1_250, graceDays: 10 });
    expect(quote.monthly!.total).toBeGreaterThan(quote.premium);
  } finally {
    await switchOff(request);
  }
});

test("the claims desk shows whether a monthly policy's claim falls in a paid month", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A client buys APA Motor Plus (offered monthly in the sample) paying monthly, from today: month 1 paid.
  const client = await createClient(request, { withKyc: true });
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const invoice = await createInvoiceThroughApi(request, client.session, {
    productSystemRef: 'APA-MP-PLUS',
    value: 1_500_000,
    startDate: today,
    vehicle: FULL_VEHICLE,
    paymentPlan: 'monthly',
  });
  const policyNumber = await payInvoiceThroughApi(request, client.session, invoice.invoiceSystemRef);
  expect(policyNumber, 'the policy issued with month 1').toBeTruthy();
  const claim = await call<{ id: number; claimRef: string }>(
    request,
    ['client', 'claim', 'reportClaim'],
    {
      policyNumber,
      type: 'accident',
      incidentDate: today,
      place: 'Mombasa Road, Nairobi',
      description: 'Rear-ended at the lights; the boot lid and bumper are damaged.',
    },
    client.session.accessToken,
  );

  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInStaffThroughPage(desk, 'underwriter.apa@bimaportal.co.ke');
  await desk.goto('/staff/claims');
  const row = desk.getByRole('row').filter({ hasText: claim.claimRef });
  await expect(row).toContainText('In a paid month');
  await desk.goto(`/staff/claims/${claim.id}`);
  await expect(desk.getByRole('heading', { level: 1, name: `Claim ${claim.claimRef}` })).toBeVisible();
  await expect(desk.getByText('In a paid month')).toBeVisible();
  await expect(desk.getByText('Not in a paid month')).toHaveCount(0);
  await context.close();
});
