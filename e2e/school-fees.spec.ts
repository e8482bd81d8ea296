import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  call,
  createClient,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  type Session,
  useSession,
} from './purchase-fixtures';
import { STAFF_PASSWORD } from './staff-fixtures';

const LENDER = 'lender@mavuno-finance.example';
const LENDER_NAME = 'Mavuno Premium Finance (sample)';
const kes = (amount: number) => `KES ${amount.toLocaleString('en-US')}`;

/** Tops the wallet up by `amount` shillings (the wire's cents) by M-Pesa through the API and waits for the simulator's answer. */
async function topUp(request: APIRequestContext, session: Session, amount: number) {
  const started = await call<{ paymentRef: string }>(
    request,
    ['client', 'wallet', 'topUp'],
    { amount: amount * 100, phone: '0712345678' },
    session.accessToken,
  );
  await expect
    .poll(
      async () =>
        (
          await call<{ paymentRequestStatus: string }>(
            request,
            ['intergration', 'payment', 'paymentRequestDetails'],
            { paymentSystemRef: started.paymentRef },
            session.accessToken,
          )
        ).paymentRequestStatus,
      { timeout: 30_000 },
    )
    .toBe('success');
}

async function lenderPage(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/insurance/auth?mode=login');
  await page.getByLabel('E-mail address').fill(LENDER);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return page;
}

test.describe('school fees: find the school, link the child, pay the invoice, a school fee loan', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a parent finds the school, links the child, pays part from the wallet and the rest by M-Pesa', async ({
    page,
    request,
  }) => {
    const parent = await createClient(request, { withKyc: true });
    await useSession(page, parent.session);
    await topUp(request, parent.session, 8_000);

    // The dashboard's School fees card opens the directory.
    await page.goto('/newportal');
    await page.getByRole('link', { name: /^School fees/ }).click();
    await expect(page).toHaveURL(/\/newportal\/school\/schools$/);
    await expect(page.getByRole('heading', { level: 1, name: 'School fees' })).toBeVisible();
    await expect(page.getByText('You have not linked a child yet')).toBeVisible();
    await expectNoSeriousViolations(page, 'school directory');

    // Search on the server: Thika finds Baobab Girls High School.
    await page.getByLabel('Search by school name, town or county').fill('Thika');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const schools = page.getByRole('table', { name: 'Partner schools' });
    await expect(schools.getByRole('row')).toHaveCount(2);
    await expect(schools).toContainText('Baobab Girls High School (sample)');
    await schools.getByRole('button', { name: 'Link a child at Baobab Girls High School (sample)' }).click();

    // Wrong details are a field's message; the right ones link the child.
    const form = page.getByRole('region', { name: 'Link a child at Baobab Girls High School (sample)' });
    await form.getByRole('button', { name: 'Link child' }).click();
    await expect(form.getByText('Enter the admission number.')).toBeVisible();
    await form.getByLabel('Admission number').fill('BG-9999');
    await form.getByLabel("Child's name").fill('Achieng Otieno');
    await form.getByRole('button', { name: 'Link child' }).click();
    await expect(form.getByText('The school has no student with this admission number.')).toBeVisible();
    await form.getByLabel('Admission number').fill('BG-2041');
    await form.getByLabel("Child's name").fill('Wanjiku Kamau');
    await form.getByRole('button', { name: 'Link child' }).click();
    await expect(
      form.getByText('This name does not match the school’s records for this admission number.'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'link a child with errors');
    await form.getByLabel("Child's name").fill('Achieng Otieno');
    await form.getByRole('button', { name: 'Link child' }).click();
    await expect(
      form.getByText(
        'Achieng Wanjiru Otieno at Baobab Girls High School (sample) is linked to your account.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Children linked to your account' })).toContainText(
      'BG-2041',
    );

    // The invoice.
    await form.getByRole('link', { name: 'See the school fee invoices' }).click();
    const invoices = page.getByRole('table', { name: 'School fee invoices' });
    await expect(invoices).toContainText('Term 1 2027');
    await expect(invoices).toContainText(kes(48_000));
    await expectNoSeriousViolations(page, 'school fee invoices');
    await invoices.getByRole('link', { name: 'SFI-BG2041-T127' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'School fee invoice SFI-BG2041-T127' }),
    ).toBeVisible();
    const balance = page.getByTestId('school-balance');
    await expect(balance).toHaveText(kes(48_000));

    // KES 8,000 from the wallet (more than it holds is refused).
    const wallet = page.getByRole('region', { name: 'Pay from your wallet' });
    await expect(wallet.getByText(`Your wallet has ${kes(8_000)}.`)).toBeVisible();
    await wallet.getByLabel('Amount from the wallet (KES)').fill('9000');
    await wallet.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(wallet.getByText(`Your wallet has ${kes(8_000)}: enter that much or less.`)).toBeVisible();
    await wallet.getByLabel('Amount from the wallet (KES)').fill('8000');
    await wallet.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(balance).toHaveText(kes(40_000));

    // The rest by M-Pesa (the simulator answers).
    const mpesa = page.getByRole('region', { name: 'Pay by M-Pesa' });
    await expect(mpesa.getByLabel('Amount by M-Pesa (KES)')).toHaveValue('40000');
    await mpesa.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await mpesa.getByRole('button', { name: 'Send M-Pesa request' }).click();
    // Paid in full: the invoice says so and lists both receipts.
    await expect(balance).toHaveText(kes(0), PAYMENT_TIMEOUT);
    await expect(page.getByText('This invoice is paid in full.')).toBeVisible();
    const receipts = page.getByRole('table', { name: 'Payments towards this invoice' });
    await expect(receipts).toContainText('Paid from your wallet towards school fee invoice SFI-BG2041-T127');
    await expect(receipts).toContainText('M-Pesa payment for school fee invoice SFI-BG2041-T127');
    await expectNoSeriousViolations(page, 'paid school fee invoice');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'paid school fee invoice on a phone');
  });

  test('a parent applies for a school fee loan, pays the first instalment, the sample lender approves and pays the school', async ({
    page,
    request,
    browser,
  }) => {
    const parent = await createClient(request, { withKyc: true });
    await useSession(page, parent.session);
    await call(
      request,
      ['client', 'school', 'linkChild'],
      { schoolRef: 'SCH-S004', admissionNumber: 'DB-5530', studentName: 'Chege Njoroge' },
      parent.session.accessToken,
    );

    await page.goto('/newportal/school/invoice?invoice=SFI-DB5530-T127');
    await page.getByRole('link', { name: 'Pay over 2 or 3 months' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pay school fee invoice SFI-DB5530-T127 over time' }),
    ).toBeVisible();
    await page.getByRole('radio', { name: /^2 instalments/ }).check();
    const cost = page.getByRole('region', { name: 'What it costs' });
    await expect(cost).toContainText(`Facility fee${kes(750)}`);
    await expect(cost).toContainText(`Total you repay${kes(41_750)}`);
    await expect(cost).toContainText(LENDER_NAME);
    const schedule = page.getByRole('table', { name: 'Repayment schedule over 2 instalments' });
    await expect(schedule.getByRole('row')).toHaveCount(3);
    await expectNoSeriousViolations(page, 'school fee loan offer');
    await page.getByRole('button', { name: 'Apply for the loan' }).click();
    await expect(page.getByText('Tick the box to accept the schedule.')).toBeVisible();
    await page.getByLabel(/^I accept 2 instalments/).check();
    await page.getByRole('button', { name: 'Apply for the loan' }).click();
    await expect(page).toHaveURL(/\/newportal\/my-loans\?loan=LN-/);
    const loanRef = new URL(page.url()).searchParams.get('loan')!;
    await expect(page.getByRole('heading', { level: 1, name: `Loan ${loanRef}` })).toBeVisible();
    await expect(
      page.getByText('Chege Omondi Njoroge (DB-5530), Dunga Boys Secondary (sample)'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'school fee loan awaiting its first instalment');

    const pay = page.getByRole('region', { name: 'Pay', exact: true });
    await pay.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await pay.getByRole('button', { name: `Pay ${kes(20_875)} by M-Pesa` }).click();
    await expect(
      page.getByText(`Your first instalment is paid: ${LENDER_NAME} is considering your application.`),
    ).toBeVisible(PAYMENT_TIMEOUT);

    // The lender sees what the loan pays for and approves: the school is paid.
    const lender = await lenderPage(browser);
    await lender
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Loan applications' })
      .click();
    await lender.getByRole('link', { name: loanRef }).click();
    await expect(lender.getByRole('heading', { level: 1, name: `Application ${loanRef}` })).toBeVisible();
    const lenderSummary = lender.getByRole('region', { name: 'Summary' });
    await expect(lenderSummary).toContainText('SchoolDunga Boys Secondary (sample), Kisumu');
    await expect(lenderSummary).toContainText('StudentChege Omondi Njoroge (DB-5530)');
    await expect(lenderSummary).toContainText('TermTerm 1 2027');
    await expectNoSeriousViolations(lender, 'lender: school fee application');
    await lender.getByRole('button', { name: 'Approve and pay the invoice' }).click();
    await expect(lenderSummary).toContainText('StatusActive');
    await lender.context().close();

    await page.goto('/newportal/school/invoice?invoice=SFI-DB5530-T127');
    await expect(page.getByTestId('school-balance')).toHaveText(kes(0));
    await expect(page.getByRole('table', { name: 'Payments towards this invoice' })).toContainText(
      `${LENDER_NAME} paid school fee invoice SFI-DB5530-T127`,
    );
    await page.goto('/newportal/school/loans');
    const loans = page.getByRole('table', { name: 'Your school fee loans' });
    await expect(loans).toContainText(loanRef);
    await expect(loans).toContainText('Active');
    await expectNoSeriousViolations(page, 'school fee loans');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'school fee loans on a phone');
  });
});
