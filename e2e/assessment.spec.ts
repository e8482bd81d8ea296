import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { kes, toast } from './fixtures';
import { call, createClient, type TestClient, useSession } from './purchase-fixtures';
import { listPublicIntermediaries, STAFF, signInStaffThroughApi } from './staff-fixtures';

const SAVANNAH = 'Savannah Insurance Brokers';
const MOTOR_HREF = '/motor/basic-details?coverType=comprehensive&value=1500000';

/** The cheapest premium our live products quote for a risk (what the assessment must show). */
async function cheapest(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const quotes = await call<Array<{ premium: number }>>(
    request,
    ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
    data,
  );
  // Premiums come in cents (issue 29); the screen prints shillings.
  return Math.min(...quotes.map((quote) => quote.premium)) / 100;
}

/** A client who already works with Savannah (a chat with the firm), signed in on `page`. */
async function clientOfSavannah(page: Page, request: APIRequestContext): Promise<TestClient> {
  const client = await createClient(request);
  const savannah = (await listPublicIntermediaries(request)).find(
    (firm) => firm.intermediaryNames === SAVANNAH,
  )!;
  await call(
    request,
    ['chat', 'conversation', 'startConversation'],
    { with: 'intermediary', intermediaryId: savannah.id },
    client.session.accessToken,
  );
  await useSession(page, client.session);
  return client;
}

/** Fills the questionnaire: a family with a private car, an owned stone house, SHA, KES 12,000 a month. */
async function answerQuestionnaire(page: Page) {
  await page.getByLabel('Adults in your household').fill('2');
  await page.getByLabel('Children in your household').fill('1');
  await page.getByLabel('People who rely on your income').fill('2');
  await page.getByRole('button', { name: 'Add a vehicle' }).click();
  await page.getByLabel('How is it used?').selectOption({ label: 'Private: family and personal trips' });
  await page.getByLabel('Value today (KES)').fill('1500000');
  await page.getByLabel('Do you own or rent your home?').selectOption({ label: 'I own my home' });
  await page.getByLabel('Type of home').selectOption({ label: 'Standalone house' });
  await page
    .getByLabel('How is it built?')
    .selectOption({ label: 'Stone or block walls, tiled or concrete roof' });
  await page.getByLabel('Value of the building (KES)').fill('6000000');
  await page.getByLabel('Value of your household contents (KES)').fill('500000');
  await page.getByRole('checkbox', { name: 'SHA (public health cover)' }).check();
  await page.getByLabel('Monthly budget for insurance (KES)').fill('12000');
  await page.getByRole('button', { name: 'See my covers' }).click();
}

const suggestion = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });

test.describe('insurance needs assessment', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a client completes the assessment, sees motor and fire domestic with estimates, opens the motor quote and shares it with a broker who sees it @phone', async ({
    page,
    request,
    browser,
  }) => {
    await clientOfSavannah(page, request);
    await page.goto('/newportal/assessment');
    await expect(page.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible();
    await expectNoSeriousViolations(page, 'assessment questionnaire');

    // Nothing answered: the spec-style messages beside the fields.
    await page.getByRole('button', { name: 'See my covers' }).click();
    await expect(
      page.getByText('Enter what you can spend on insurance each month, in whole shillings, more than 0.'),
    ).toBeVisible();
    await expect(page.getByText('Choose whether you own or rent your home.')).toBeVisible();
    await expectNoSeriousViolations(page, 'assessment questionnaire with errors');

    await answerQuestionnaire(page);
    await expect(toast(page, 'Your assessment is saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Covers that fit you' })).toBeVisible();

    // Motor and fire domestic, each with the cheapest live product's premium.
    const motorPremium = await cheapest(request, {
      insuranceClass: '07',
      riskValue: 150_000_000,
      coverType: 'comprehensive',
    });
    const firePremium = await cheapest(request, {
      insuranceClass: '03',
      risk: {
        buildingValue: 6_000_000,
        contentsValue: 500_000,
        location: { county: 'Nairobi', town: 'Karen' },
        construction: 'stone-tile',
        occupancy: 'owner-occupied',
      },
    });
    const motor = suggestion(page, 'Motor Private');
    await expect(motor).toContainText(`From ${kes(motorPremium)} a year`);
    await expect(motor).toContainText('Kenyan law requires at least third-party cover');
    const fire = suggestion(page, 'Fire Domestic');
    await expect(fire).toContainText(`From ${kes(firePremium)} a year`);
    await expect(fire).toContainText('What is missing');
    await expect(fire.getByRole('link', { name: 'Get a quote for Fire Domestic' })).toHaveAttribute(
      'href',
      '/fire-domestic/FD101/FireDomestic?buildingValue=6000000&contentsValue=500000&construction=stone-tile&occupancy=owner-occupied',
    );
    await expectNoSeriousViolations(page, 'assessment result');

    // Share with the broker the client works with.
    await page.getByRole('button', { name: `Share with ${SAVANNAH}` }).click();
    await expect(toast(page, `Shared with ${SAVANNAH}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Stop sharing with ${SAVANNAH}` })).toBeVisible();

    // Edit answers keeps what was saved.
    await page.getByRole('button', { name: 'Edit answers' }).click();
    await expect(page.getByLabel('Monthly budget for insurance (KES)')).toHaveValue('12000');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Get a quote opens the motor wizard with the cover type and value of the assessment.
    const quote = motor.getByRole('link', { name: 'Get a quote for Motor Private' });
    await expect(quote).toHaveAttribute('href', MOTOR_HREF);
    await quote.click();
    await expect(page).toHaveURL(/\/motor\/basic-details/);

    // The broker sees it, read-only, on their client assessments.
    const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
    const brokerContext = await browser.newContext();
    const brokerPage = await brokerContext.newPage();
    await useSession(brokerPage, broker);
    await brokerPage.goto('/staff/assessments');
    await expect(brokerPage.getByRole('heading', { level: 1, name: 'Client assessments' })).toBeVisible();
    await brokerPage.getByRole('link', { name: 'Wanjiru Kamau' }).first().click();
    await expect(
      brokerPage.getByRole('heading', { level: 1, name: 'Assessment of Wanjiru Kamau' }),
    ).toBeVisible();
    await expect(suggestion(brokerPage, 'Motor Private')).toContainText(`From ${kes(motorPremium)} a year`);
    await expect(brokerPage.getByRole('link', { name: /Get a quote/ })).toHaveCount(0);
    await expectNoSeriousViolations(brokerPage, 'shared assessment (broker)');
    await brokerContext.close();
  });

  // The motor wizard reads ?coverType=&value= (ARCHITECTURE: the pinned prefill): the quotes open
  // for the assessed cover and value, and the step before shows the value.
  test('the motor quote opens with the assessed vehicle value filled in', async ({ page, request }) => {
    await clientOfSavannah(page, request);
    await page.goto('/newportal/assessment');
    await answerQuestionnaire(page);
    await suggestion(page, 'Motor Private')
      .getByRole('link', { name: 'Get a quote for Motor Private' })
      .click();
    await expect(page.getByRole('heading', { name: 'Compare quotations' })).toBeVisible();
    await page.getByRole('link', { name: 'Previous Step' }).click();
    await expect(page.getByText('KES 1,500,000')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Comprehensive/ })).toBeChecked();
  });

  test('the fire domestic quote opens with the sums insured filled in', async ({ page, request }) => {
    await clientOfSavannah(page, request);
    await page.goto('/newportal/assessment');
    await answerQuestionnaire(page);
    await suggestion(page, 'Fire Domestic')
      .getByRole('link', { name: 'Get a quote for Fire Domestic' })
      .click();
    await expect(page).toHaveURL(/\/fire-domestic\/FD101\/FireDomestic\?/);
    await expect(page.getByLabel('Building value (KES)')).toHaveValue('6000000');
    await expect(page.getByLabel('Contents value (KES)')).toHaveValue('500000');
  });
});
