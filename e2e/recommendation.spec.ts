import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { calculatePremium, kes, toast } from './fixtures';
import {
  call,
  createClient,
  expectNoSeriousViolations,
  fillFullVehicle,
  PASSWORD,
  PAYMENT_TIMEOUT,
  payWith,
  type Session,
  useSession,
} from './purchase-fixtures';
import {
  createHelpRequestThroughApi,
  kenyaDate,
  listPublicIntermediaries,
  STAFF,
  signInStaffThroughApi,
  signInStaffThroughPage,
} from './staff-fixtures';

const SAVANNAH = 'Savannah Insurance Brokers';
const TANA = 'Tana Insurance Brokers';
const PRODUCT = 'Jubilee Motor Elite';
const NOTE = 'Jubilee Motor Elite gives you the widest cover for your family car at a fair premium.';

/** A signed-in client's help request to Savannah and Tana at once, through the API. */
async function askTwoBrokers(request: APIRequestContext, session: Session) {
  const firms = await listPublicIntermediaries(request);
  const ids = [SAVANNAH, TANA].map((name) => {
    const firm = firms.find((item) => item.intermediaryNames === name);
    if (!firm) throw new Error(`${name} is not in the directory`);
    return firm.id;
  });
  return call<{ requestSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'createHelpRequest'],
    {
      entityRefs: ids,
      expiry: kenyaDate(14),
      status: 'PENDING',
      remarks: 'Please recommend comprehensive cover for my family car.',
      clientDetails: {
        names: { firstName: session.user.names.firstName, lastName: session.user.names.lastName },
        email: session.user.email,
        kraPin: 'A123456789X',
      },
      riskDetails: { value: 125_000_000, chassisNumber: 'JTEBU5JR5K5765432', regNo: 'KDC 321D' }, // cents
    },
    session.accessToken,
  );
}

/** Signs out of whatever the page holds (the app keeps its session in session storage). */
async function signOut(page: Page) {
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
}

async function openRequest(page: Page, requestSystemRef: string) {
  await page.goto('/staff/requests');
  await page.getByRole('link', { name: `Open request ${requestSystemRef}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Request ${requestSystemRef}` })).toBeVisible();
}

/** Through the API: the Savannah broker sends the client a recommendation of PRODUCT; answers its id. */
async function sendRecommendationThroughApi(request: APIRequestContext, requestSystemRef: string) {
  const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
  const inbox = await call<{ items: Array<{ id: number; requestSystemRef: string }> }>(
    request,
    ['intermediary', 'request', 'listRequests'],
    { page: 1, pageSize: 50 },
    broker.accessToken,
  );
  const row = inbox.items.find((item) => item.requestSystemRef === requestSystemRef);
  if (!row) throw new Error(`${requestSystemRef} is not in the inbox`);
  const products = await call<Array<{ productSystemRef: string; productName: string }>>(
    request,
    ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
    { insuranceClass: '07', riskValue: 125_000_000, coverType: '' }, // cents
  );
  const product = products.find((item) => item.productName === PRODUCT);
  if (!product) throw new Error(`${PRODUCT} is not offered`);
  return call<{ id: number }>(
    request,
    ['intermediary', 'recommendation', 'sendRecommendation'],
    {
      requestId: row.id,
      items: [{ productSystemRef: product.productSystemRef, coverPeriod: 365, startDate: kenyaDate(1) }],
      note: NOTE,
    },
    broker.accessToken,
  );
}

test.describe('recommendations: an intermediary recommends, the client answers', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the client follows their help requests from the portal menu: each firm’s status, and opens the recommendation @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await askTwoBrokers(request, client.session);
    await sendRecommendationThroughApi(request, requestSystemRef);

    await useSession(page, client.session);
    await page.goto('/newportal');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    // On a phone the portal menu is behind its button.
    const menuButton = page.getByRole('button', { name: 'Portal menu' });
    if (await menuButton.isVisible()) await menuButton.click();
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Help Requests' })
      .click();
    await expect(page).toHaveURL(/\/newportal\/help-requests$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My help requests' })).toBeVisible();

    const sent = page.getByRole('article', { name: `Request ${requestSystemRef}` });
    await expect(sent).toContainText('KDC 321D');
    const savannah = sent.getByRole('listitem').filter({ hasText: SAVANNAH });
    await expect(savannah.getByText('Recommendation sent', { exact: true })).toBeVisible();
    await expect(savannah.getByText('Awaiting your answer', { exact: true })).toBeVisible();
    const tana = sent.getByRole('listitem').filter({ hasText: TANA });
    await expect(tana.getByText('Not opened yet', { exact: true })).toBeVisible();
    await expect(tana.getByText('No recommendation yet.')).toBeVisible();
    await expectNoSeriousViolations(page, 'my help requests');

    await savannah.getByRole('link', { name: `Open the recommendation from ${SAVANNAH}` }).click();
    await expect(page).toHaveURL(/\/newportal\/client-quotation-review\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Recommendation from ${SAVANNAH}` }),
    ).toBeVisible();
    // Back comes to the list again.
    await page.goBack();
    await expect(page.getByRole('article', { name: `Request ${requestSystemRef}` })).toBeVisible();
  });

  test('the broker prices and sends; the client signs in from the link, accepts and pays; the commission is earned', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await askTwoBrokers(request, client.session);

    // The Savannah broker prepares the recommendation on the request page.
    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await openRequest(page, requestSystemRef);
    await expect(page.getByRole('heading', { name: 'Prepare a recommendation' })).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(`^${PRODUCT} — `) }).check();
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await expect(page.getByText(new RegExp(`^${PRODUCT} — .* — premium KES [\\d,]+$`))).toBeVisible();
    await expectNoSeriousViolations(page, 'recommendation slot');

    // The note is required.
    await page.getByRole('button', { name: 'Send recommendation' }).click();
    await expect(page.getByText('Add a note for the client.', { exact: true })).toBeVisible();
    await page.getByLabel('Note to the client').fill(NOTE);
    const sent = page.waitForResponse(
      (response) =>
        response.url().includes('/v2/api/v1') &&
        Boolean(response.request().postData()?.includes('sendRecommendation')),
    );
    await page.getByRole('button', { name: 'Send recommendation' }).click();
    const answer = (await (await sent).json()) as { result: { data: { id: number } } };
    const recommendationId = answer.result.data.id;
    await expect(toast(page, 'Recommendation sent to the client.')).toBeVisible();
    await expect(page.getByText('Quoted', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recommendation', exact: true })).toBeVisible();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    await expect(page.getByText(NOTE)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recommended quotations' })).toContainText(PRODUCT);

    // The client, signed out, follows the e-mailed link: sign in first, then back to the review.
    await signOut(page);
    await page.goto(`/review/${recommendationId}`);
    await expect(page).toHaveURL(/\/insurance\/auth/);
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-review/${recommendationId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Recommendation from ${SAVANNAH}` }),
    ).toBeVisible();
    await expect(page.getByText(NOTE)).toBeVisible();
    await expect(page.getByText('Awaiting your answer')).toBeVisible();
    await expectNoSeriousViolations(page, 'recommendation review');

    await page.getByRole('button', { name: `Accept and pay for ${PRODUCT}` }).click();
    // The recommendation has the request's plate and chassis: the rest of the vehicle, then the KYC
    // (recommendation-vehicle.spec.ts follows this step closely).
    await expect(page).toHaveURL(/\/motor\/cover-details\/complete\?quotation=QT/);
    await fillFullVehicle(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Save and continue to payment' }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment\?invoice=INV-/);
    // The number comes from the client's KYC once it has loaded; the simulator's 0712345678 pays.
    await expect(page.getByLabel('M-Pesa number')).toHaveValue('712345678');
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);

    // The policy names the broker.
    await page.goto('/newportal/products');
    const policy = page.getByRole('article').filter({ hasText: PRODUCT });
    await expect(policy).toHaveCount(1);
    await policy.getByRole('link', { name: /^View policy/ }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Policy / });
    await expect(heading).toBeVisible();
    await expect(page.getByText(SAVANNAH)).toBeVisible();
    const policyNumber = (await heading.textContent())?.replace(/^Policy /, '').trim();

    // The recommendation's summary: the accepted product paid, with its policy; its KYC step saves
    // and comes back to the summary.
    await page.goto(`/newportal/client-quotation-summary/${recommendationId}`);
    const chosen = page.getByRole('region', { name: PRODUCT });
    await expect(chosen).toContainText('Paid');
    await expect(chosen).toContainText(SAVANNAH);
    if (policyNumber) await expect(chosen).toContainText(policyNumber);
    await expect(chosen.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'recommendation summary');
    await chosen.getByRole('link', { name: 'Check your details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your details for this policy' })).toBeVisible();
    await expect(page.getByLabel('Physical Address')).not.toHaveValue('');
    await expectNoSeriousViolations(page, 'recommendation KYC');
    await page.getByRole('button', { name: 'Save KYC Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-summary/${recommendationId}$`));

    // The broker's commission statement shows the policy with its commission.
    await signOut(page);
    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await page
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Commission statement' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Commission statement' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Commission by policy' });
    const line = table
      .getByRole('row')
      .filter({ hasText: 'Wanjiru Kamau' })
      .filter({ hasText: PRODUCT })
      .first();
    await expect(line).toBeVisible();
    if (policyNumber) await expect(table).toContainText(policyNumber);
    await expect(line).toContainText(/KES [\d,.]+.*KES [\d,.]+/);
    await expectNoSeriousViolations(page, 'commission statement');
  });

  test('the broker prices the add-ons the client asked for: the price follows each one and the recommendation carries them', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await askTwoBrokers(request, client.session);
    const engine = (additionalBenefits: unknown[]) =>
      calculatePremium(request, {
        productSystemRef: 'JUB-MP-ELITE',
        risk: { value: 1_250_000 },
        additionalBenefits,
        excesses: [],
        coverDetails: { period: 365 },
      });
    const pvt = { benefitSystemRef: 'JUB-MP-ELITE-PVT' };
    const windscreen = { benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN', params: { limit: 100_000 } };
    const alone = await engine([]);
    const withPvt = await engine([pvt]);
    const withBoth = await engine([pvt, windscreen]);

    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await openRequest(page, requestSystemRef);
    await page.getByRole('checkbox', { name: new RegExp(`^${PRODUCT} — `) }).check();
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    const line = (total: number) => page.getByText(new RegExp(`^${PRODUCT} — .* — premium ${kes(total)}$`));
    await expect(line(alone.total)).toBeVisible();

    // The client asked for political violence cover and a higher windscreen limit.
    const addOns = page.getByRole('group', { name: `Add-ons for ${PRODUCT}` });
    await addOns.getByRole('checkbox', { name: 'Add Political Violence and Terrorism' }).check();
    await expect(line(withPvt.total)).toBeVisible();
    await expect(page.getByText(/^With: Political Violence and Terrorism KES [\d,]+$/)).toBeVisible();
    const limit = addOns.getByLabel('Limit of Windscreen Cover (KES)');
    await limit.fill('900000');
    await expect(addOns.getByText('Enter a whole amount between KES 50,000 and KES 200,000.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send recommendation' })).toBeDisabled();
    await limit.fill('100000');
    await expect(line(withBoth.total)).toBeVisible();
    await expectNoSeriousViolations(page, 'recommendation add-ons');

    await page.getByLabel('Note to the client').fill(NOTE);
    await page.getByRole('button', { name: 'Send recommendation' }).click();
    await expect(toast(page, 'Recommendation sent to the client.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recommended quotations' })).toContainText(
      kes(withBoth.total),
    );

    // The client's quotation carries them: its premium and its lines.
    const received = await call<{ items: Array<{ id: number }> }>(
      request,
      ['underwriting', 'quotation', 'clientQuotationRequest'],
      { page: 1, pageSize: 10 },
      client.session.accessToken,
    );
    const details = await call<{
      quotations: Array<{
        premium: number;
        breakdown: { benefits: Array<{ benefitSystemRef: string; limit: number; premium: number }> };
      }>;
    }>(
      request,
      ['underwriting', 'quotation', 'getQuotationDetails'],
      { id: received.items[0]?.id },
      client.session.accessToken,
    );
    const [quotation] = details.quotations;
    // The API answers cents (issue 29); the engine helper answers shillings.
    expect(quotation?.premium).toBe(withBoth.total * 100);
    const lines = quotation?.breakdown.benefits.filter((benefit) => benefit.premium > 0) ?? [];
    expect(lines.map((benefit) => benefit.benefitSystemRef).sort()).toEqual([
      'JUB-MP-ELITE-PVT',
      'JUB-MP-ELITE-WINDSCREEN',
    ]);
    expect(lines.find((benefit) => benefit.benefitSystemRef === 'JUB-MP-ELITE-WINDSCREEN')?.limit).toBe(
      10_000_000,
    );
  });

  test('the client declines with a reason and the broker reads it @phone', async ({ page, request }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await createHelpRequestThroughApi(request, client.session, SAVANNAH);
    const { id } = await sendRecommendationThroughApi(request, requestSystemRef);
    // Another request, still pending, for the broker's recommendation panel.
    const pending = await createHelpRequestThroughApi(request, client.session, SAVANNAH);

    await useSession(page, client.session);
    await page.goto('/newportal/quotations');
    await expect(
      page.getByRole('heading', { name: 'Recommendations from your intermediaries' }),
    ).toBeVisible();
    await page
      .getByRole('link', { name: `Review the recommendation from ${SAVANNAH}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-review/${id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Recommendation from ${SAVANNAH}` }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'recommendation review');

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline the recommendation' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your reason').fill('Too dear');
    await dialog.getByRole('button', { name: 'Decline recommendation' }).click();
    await expect(dialog.getByText('The reason must be at least 10 characters.')).toBeVisible();
    await expectNoSeriousViolations(page, 'decline dialog');
    const reason = 'The premium is more than my budget this year.';
    await dialog.getByLabel('Your reason').fill(reason);
    await dialog.getByRole('button', { name: 'Decline recommendation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Declined', { exact: true })).toBeVisible();
    await expect(page.getByText(`Your reason for declining: ${reason}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0);

    // The broker sees the reason on the request page.
    await signOut(page);
    await signInStaffThroughPage(page, STAFF.savannahBroker);
    await openRequest(page, requestSystemRef);
    await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();

    await openRequest(page, pending.requestSystemRef);
    await expect(page.getByRole('heading', { name: 'Prepare a recommendation' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${PRODUCT} — `) })).toBeVisible();
    await expectNoSeriousViolations(page, 'recommendation slot');

    await page.goto('/staff/commission-statement');
    await expect(page.getByRole('heading', { level: 1, name: 'Commission statement' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Commission by policy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'commission statement');
  });

  test("a signed-out client opening the summary's e-mailed address signs in and comes back to it", async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await createHelpRequestThroughApi(request, client.session, SAVANNAH);
    const { id } = await sendRecommendationThroughApi(request, requestSystemRef);

    await page.goto(`/summary/${id}`);
    await expect(page).toHaveURL(/\/insurance\/auth/);
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-summary/${id}$`));
    // Not answered yet: the summary says so and leads to the review.
    await expect(page.getByText(`You have not answered ${SAVANNAH}'s recommendation yet.`)).toBeVisible();
    await page.getByRole('link', { name: 'Open the review' }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-review/${id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Recommendation from ${SAVANNAH}` }),
    ).toBeVisible();

    // The details address shows each quotation's premium breakdown.
    await page.getByRole('link', { name: 'See the premium breakdowns' }).click();
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-details/${id}$`));
    await expect(page.getByRole('heading', { name: 'Premium breakdown' })).toBeVisible();
  });
});
