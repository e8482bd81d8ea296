import { expect, type Page, test } from '@playwright/test';
import { chooseCategory, kes, productCard, toast } from './fixtures';
import {
  createClient,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  signInThroughPage,
  useSession,
} from './purchase-fixtures';

const WIZARD = /\/motor-commercial\/MC101\/MotorCommercial(\?quote=[\w-]+)?$/;
/** Levies on every non-life premium: Training Levy 0.2 %, PHCF 0.25 % (each rounded half up), stamp duty 40. */
const withLevies = (basic: number) => basic + Math.round(basic * 0.002) + Math.round(basic * 0.0025) + 40;
/** Standard Commercial, a KES 2,500,000 lorry of 10 t on general cartage: 4.5 % × 1.4 = 157,500 (contract). */
const LORRY_PREMIUM = withLevies(157_500);
const PHONE = { width: 390, height: 844 };

const progress = (page: Page) => page.getByRole('navigation', { name: 'Motor commercial progress' });
const stepItem = (page: Page, title: string) =>
  progress(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`: ${title}`) });

/** Landing page → Business → Motor Commercial → Get Quote: step 1 of the wizard. */
async function openWizard(page: Page) {
  await page.goto('/');
  await chooseCategory(page, 'Business');
  await productCard(page, 'Motor Commercial').getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(WIZARD);
  await expect(page.getByRole('heading', { name: 'Choose your cover type' })).toBeVisible();
}

async function chooseCover(
  page: Page,
  label: 'Comprehensive Commercial Cover' | 'Third Party Commercial Only',
) {
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicle valuation' })).toBeVisible();
}

async function fillLorry(page: Page, value: number) {
  await page.getByLabel('Estimated market value (KES)').fill(String(value));
  await page.getByLabel('Vehicle type').selectOption({ label: 'Lorry / truck' });
  await page.getByLabel('Tonnage capacity (tonnes)').fill('10');
  await page.getByLabel('Primary use').selectOption({ label: 'General cartage (carrying for hire)' });
  await page.getByLabel('Goods carried').fill('Building materials');
  await page.getByLabel('Routes').fill('Nairobi–Mombasa');
}

/** The paid step's policy number, and its schedule, receipt and motor certificate as PDFs to download. */
async function expectPolicyAndDocuments(page: Page) {
  await expect(page.getByRole('region', { name: 'Policy Details' })).toContainText(
    /Policy numberBIMA\/\d{2}\/\d{4}\/\d+/,
    PAYMENT_TIMEOUT,
  );
  const documents = page.getByRole('region', { name: 'Your documents' });
  const links = [
    documents.getByRole('link', { name: 'Download policy schedule (PDF)' }),
    documents.getByRole('link', { name: 'Download payment receipt (PDF)' }),
    // DMVIC's certificate, issued within seconds of the payment (the panel asks again until it is).
    documents.getByRole('link', { name: /^Download DMVIC certificate [AB]\d{8}, Type [AB] \(PDF\)$/ }),
  ];
  for (const link of links) {
    await expect(link).toBeVisible({ timeout: 30_000 });
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  }
}

test.describe('motor commercial wizard', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a signed-in client buys cover for a 10-tonne general-cartage lorry through all seven steps and pays by M-Pesa', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.setViewportSize(PHONE);
    await openWizard(page);

    // 1 Cover Type. The phone's compact header: one line for the step, the breadcrumbs and the
    // steps' list behind Show steps.
    await expect(progress(page).getByText('Step 1 of 7: Cover Type').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
    await progress(page).getByRole('button', { name: 'Show steps' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Cover Type');
    await expect(stepItem(page, 'Cover Type')).toHaveAttribute('aria-current', 'step');
    await expect(stepItem(page, 'Valuation')).toBeInViewport();
    await progress(page).getByRole('button', { name: 'Hide steps' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
    // Continue waits for a choice.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expectNoSeriousViolations(page, 'cover type (phone)');
    await chooseCover(page, 'Comprehensive Commercial Cover');
    await expect(stepItem(page, 'Cover Type')).toContainText('Completed');

    // 2 Valuation: Get Quotation waits for a value above 0; the rest is checked on submit.
    const getQuotation = page.getByRole('button', { name: 'Get Quotation' });
    await expect(getQuotation).toBeDisabled();
    await page.getByLabel('Estimated market value (KES)').fill('2500000');
    await expect(getQuotation).toBeEnabled();
    await getQuotation.click();
    await expect(page.getByText('Vehicle type is required.').first()).toBeVisible();
    await expect(page.getByText('Tonnage capacity is required.').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'valuation with errors (phone)');
    await fillLorry(page, 2_500_000);
    await page.getByLabel('Routes').blur();
    await expect(page.getByText('Vehicle type is required.')).toHaveCount(0);
    await getQuotation.click();

    // 3 Get Quote: the plans priced from the rows, with features and View Details.
    await expect(page.getByRole('heading', { name: 'Your quotations' })).toBeVisible();
    const plans = page.getByRole('list', { name: 'Quoted plans' });
    const standard = plans.getByRole('article', { name: 'Standard Commercial' });
    await expect(standard).toContainText(kes(LORRY_PREMIUM));
    await expect(plans.getByRole('article', { name: 'Executive Commercial' })).toBeVisible();
    await expect(
      standard.getByRole('list', { name: 'Features' }).getByRole('listitem').first(),
    ).toBeVisible();
    for (const done of ['Cover Type', 'Valuation'])
      await expect(stepItem(page, done)).toContainText('Completed');
    await expect(stepItem(page, 'Get Quote')).toContainText('In Progress');
    await standard.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Standard Commercial' });
    await expect(dialog.getByRole('heading', { name: 'Benefits' })).toBeVisible();
    await expectNoSeriousViolations(page, 'plan details (phone)');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expectNoSeriousViolations(page, 'quotations (phone)');
    await standard.getByRole('button', { name: 'Select Plan' }).click();

    // 4 Vehicle Details: every field required.
    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    await expect(page.getByText('Selected plan: Standard Commercial')).toBeVisible();
    await page.getByRole('button', { name: 'Save Vehicle Details' }).click();
    await expect(page.getByText('Make is required.').first()).toBeVisible();
    await expect(page.getByText('Please specify if the vehicle has modifications.').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'vehicle details with errors (phone)');
    await page.getByLabel('Make').fill('Isuzu');
    await page.getByLabel('Model').fill('FVZ');
    await page.getByLabel('Registration number').fill('KCX 456T');
    await page.getByLabel('Chassis number').fill('JALFVZ34SK7000123');
    await page.getByLabel('Engine number').fill('6HK1-123456');
    await page.getByLabel('Engine capacity (cc)').fill('7790');
    await page.getByLabel('Year of manufacture').fill('2018');
    await page.getByLabel('Body type').fill('Flatbed');
    await page.getByLabel('Fuel type').selectOption('Diesel');
    await page.getByLabel('Purpose').fill('General cartage');
    await page
      .getByRole('group', { name: 'Has the vehicle been modified?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Save Vehicle Details' }).click();

    // 5 Your Details: filled in from the profile; phone and e-mail fields of their types.
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Wanjiru Kamau');
    await expect(page.getByLabel('Email address')).toHaveValue(client.email);
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
    await page.getByRole('button', { name: 'Save My Details' }).click();
    await expect(page.getByText('ID number is required.').first()).toBeVisible();
    await page.getByLabel('ID or passport number').fill('29876543');
    await page.getByLabel('KRA PIN').fill('A123456789Z');
    await page.getByLabel('Phone number').fill('0712345678');
    await page.getByLabel('Physical address').fill('Plot 12, Mombasa Road, Nairobi');
    await expectNoSeriousViolations(page, 'your details (phone)');
    await page.getByRole('button', { name: 'Save My Details' }).click();

    // 6 Summary: the cover, the vehicle and the customer; Back and forth keeps the answers.
    await expect(page.getByRole('heading', { name: 'Summary', exact: true })).toBeVisible();
    const cover = page.getByRole('region', { name: 'Cover' });
    await expect(cover).toContainText('Cover typeComprehensive Commercial Cover');
    await expect(cover).toContainText(`Vehicle value${kes(2_500_000)}`);
    await expect(cover).toContainText('ProductStandard Commercial');
    await expect(cover).toContainText(`Premium${kes(LORRY_PREMIUM)}`);
    await expect(page.getByRole('region', { name: 'Vehicle details' })).toContainText(
      'Registration numberKCX 456T',
    );
    await expect(page.getByRole('region', { name: 'Customer details' })).toContainText(
      'Full nameWanjiru Kamau',
    );
    await expect(page.getByRole('region', { name: 'Vehicle use' })).toContainText(
      'Tonnage capacity10 tonnes',
    );
    await expectNoSeriousViolations(page, 'summary (phone)');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('ID or passport number')).toHaveValue('29876543');
    await page.getByRole('button', { name: 'Save My Details' }).click();

    const created = page.waitForRequest((req) => req.postData()?.includes('createQuotation') === true);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const sent = (await created).postDataJSON().data;
    expect(sent).toMatchObject({
      risks: [
        {
          riskType: 'ASSET',
          value: 250_000_000, // cents (issue 29); the details keep the shillings entered
          riskRef: 'KCX 456T',
          details: {
            coverType: 'comprehensive-commercial',
            vehicleType: 'lorry',
            tonnageCapacity: 10,
            usageDetails: { primaryUse: 'general-cartage' },
          },
        },
      ],
      productSystemRef: 'JUB-MC-STD',
      clientDetails: { kyc: { fullName: 'Wanjiru Kamau', idNumber: '29876543', kraPin: 'A123456789Z' } },
      vehicleDetails: { make: 'Isuzu', engineCapacity: 7790, modifications: 'no' },
    });
    // Completing asks DMVIC first (double insurance, NTSA): on a loaded machine that takes seconds.
    await expect(toast(page, 'Quotation Completed')).toBeVisible({ timeout: 20_000 });

    // 7 Payment: the order summary, then the real M-Pesa flow through the simulator.
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    const order = page.getByRole('region', { name: 'Order summary' });
    await expect(order).toContainText(`Amount to pay${kes(LORRY_PREMIUM)}`);
    await expect(page.getByText('Please proceed with the payment.')).toBeVisible();
    await expectNoSeriousViolations(page, 'payment (phone)');
    await payByMpesa(page);
    // The portal's one confirmation: the policy, its lines and its documents; no way back.
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible(PAYMENT_TIMEOUT);
    await expectPolicyAndDocuments(page);
    await expect(page.getByRole('region', { name: 'Policy Details' })).toContainText(
      `Amount to pay${kes(LORRY_PREMIUM)}`,
    );
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    // A reload keeps the paid step: no second payment is offered.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectPolicyAndDocuments(page);
    await expect(page.getByRole('button', { name: /^Make Payment/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    for (const done of [
      'Cover Type',
      'Valuation',
      'Get Quote',
      'Vehicle Details',
      'Your Details',
      'Summary',
    ]) {
      await expect(stepItem(page, done)).toContainText('Completed');
    }
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/newportal$/);

    // The policy is in My Policies; the wizard starts afresh.
    await page.goto('/newportal/products');
    await expect(page.getByRole('heading', { level: 1, name: 'My Policies' })).toBeVisible();
    const policy = page.getByRole('article').filter({ hasText: 'Standard Commercial' });
    await expect(policy).toHaveCount(1, { timeout: 20_000 });
    await expect(policy.getByText('KCX456T')).toBeVisible();
    await page.goto('/motor-commercial/MC101/MotorCommercial');
    await expect(page.getByRole('heading', { name: 'Choose your cover type' })).toBeVisible();
  });

  test('a signed-out visitor quotes, signs in at Select Plan and comes back to the vehicle details; an empty market says so', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await openWizard(page);
    await expectNoSeriousViolations(page, 'cover type (desktop)');
    await chooseCover(page, 'Comprehensive Commercial Cover');

    // No comprehensive plan insures a vehicle worth KES 100,000 (every minimum is higher).
    await fillLorry(page, 100_000);
    await page.getByRole('button', { name: 'Get Quotation' }).click();
    await expect(
      page.getByText(
        'No quotations available for the selected criteria. Please try again with different values.',
      ),
    ).toBeVisible();

    // Back to the valuation: a new value is quoted again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Estimated market value (KES)')).toHaveValue('100000');
    await page.getByLabel('Estimated market value (KES)').fill('2500000');
    await page.getByRole('button', { name: 'Get Quotation' }).click();
    const standard = page.getByRole('list', { name: 'Quoted plans' }).getByRole('article', {
      name: 'Standard Commercial',
    });
    await expect(standard).toContainText(kes(LORRY_PREMIUM));
    await expectNoSeriousViolations(page, 'quotations (desktop)');

    // Third-party cover asks no value and quotes its own plans.
    for (let step = 0; step < 2; step += 1) await page.getByRole('button', { name: 'Back' }).click();
    await chooseCover(page, 'Third Party Commercial Only');
    await expect(page.getByLabel('Estimated market value (KES)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Get Quotation' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Quoted plans' })
        .getByRole('article', { name: 'Third Party Commercial' }),
    ).toContainText(kes(withLevies(23_400)));
    await page
      .getByRole('list', { name: 'Quoted plans' })
      .getByRole('article', { name: 'Third Party Commercial' })
      .getByRole('button', { name: 'Select Plan' })
      .click();

    // Signed out: sign in, then straight back to the same step.
    await signInThroughPage(page, client.email);
    await expect(page).toHaveURL(WIZARD);
    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    await expect(page.getByText('Selected plan: Third Party Commercial')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Your quotations' })).toBeVisible();
  });

  test('another product id or class code is not found', async ({ page }) => {
    await page.goto('/motor-commercial/MC102/MotorCommercial');
    await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
  });
});

/** Pays through the shared M-Pesa checkout with the simulator's good number. */
async function payByMpesa(page: Page) {
  await page.getByLabel('M-Pesa number').fill('712345678');
  const terms = page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ });
  if (!(await terms.isChecked())) await terms.check();
  await page.getByRole('button', { name: 'Make Payment' }).click();
}
