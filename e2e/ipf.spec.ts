import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { advanceClock, daysBetween, resetClock, serverToday } from './clock-fixtures';
import {
  call,
  createClient,
  expectNoSeriousViolations,
  freshVehicleIdentity,
  PAYMENT_TIMEOUT,
  type Session,
  useSession,
} from './purchase-fixtures';
import { STAFF_PASSWORD } from './staff-fixtures';

const LENDER = 'lender@mavuno-finance.example';
const LENDER_NAME = 'Mavuno Premium Finance (sample)';
const PHONE = '254712345678';
const kes = (amount: number) => `KES ${amount.toLocaleString('en-US')}`;

/** A loan as `client / loan / getLoan` answers it (amounts in cents). */
interface LoanView {
  loanRef: string;
  status: string;
  amountDueNow: number;
  outstanding: number;
  instalments: Array<{ number: number; dueDate: string; amount: number }>;
  policy: { id: number; policyNumber: string } | null;
}

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
const kenyaDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Through the API: a comprehensive Jubilee quotation whose premium is exactly KES 80,000 (a car of
 * KES 1,768,935, no optional benefits, on the sample rates), and its invoice.
 */
async function invoiceOf80000(request: APIRequestContext, session: Session) {
  // A car of its own: DMVIC refuses a second cover for one plate or chassis.
  const car = freshVehicleIdentity();
  const quotation = await call<{ systemQuotationRef: string; premium: number }>(
    request,
    ['client', 'quotation', 'createQuotation'],
    {
      risks: [{ riskType: 'ASSET', value: 176_893_500, riskRef: car.registrationNumber, details: {} }],
      bussinessType: 'DIRECT',
      productSystemRef: 'JUB-MP-ELITE',
      clientDetails: {
        email: session.user.email,
        kraPin: 'A123456789X',
        names: { fname: 'Wanjiru', lname: 'Kamau' },
        kyc: {},
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: kenyaDate(0) },
      additionalBenefits: [],
      excesses: [],
      vehicleDetails: {
        make: 'Toyota',
        model: 'Harrier',
        registrationNumber: car.registrationNumber,
        chassisNumber: car.chassisNumber,
        engineNumber: '2GR-8080808',
        engineCapacity: 2500,
        fuelType: 'Petrol',
        bodyType: 'SUV',
        usePurpose: 'private',
        colour: 'Silver',
        yearOfManufacture: 2019,
        antiTheftDevice: 'yes',
        antiTheftDetails: 'Tracker fitted by a licensed company',
        modifications: 'no',
      },
    },
    session.accessToken,
  );
  expect(quotation.premium).toBe(8_000_000); // cents (issue 29)
  const invoice = await call<{ invoiceSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'completeQuotation'],
    { systemQuotationRef: quotation.systemQuotationRef },
    session.accessToken,
  );
  return invoice.invoiceSystemRef;
}

const getLoan = (request: APIRequestContext, session: Session, loanRef: string) =>
  call<LoanView>(request, ['client', 'loan', 'getLoan'], { loanRef }, session.accessToken);

/** Tops the wallet up by `amount` shillings (the wire's cents) through the simulator and waits until the money is in. */
async function topUp(request: APIRequestContext, session: Session, amount: number) {
  const before = (
    await call<{ balance: number }>(request, ['client', 'wallet', 'getWallet'], {}, session.accessToken)
  ).balance;
  await call(
    request,
    ['client', 'wallet', 'topUp'],
    { amount: amount * 100, phone: PHONE },
    session.accessToken,
  );
  await expect
    .poll(
      async () =>
        (await call<{ balance: number }>(request, ['client', 'wallet', 'getWallet'], {}, session.accessToken))
          .balance,
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(before + amount * 100);
}

/** Signs the sample lender in on the usual sign-in page, in its own browser context. */
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

test.describe('premium financing: pay over time, the lender, instalments, arrears', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a client finances a KES 80,000 premium over 6 months, pays the first instalment, the lender approves, the policy is issued, two instalments are paid, the statement shows it all', async ({
    page,
    request,
    browser,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    const invoiceSystemRef = await invoiceOf80000(request, client.session);

    // The invoice offers to pay over time.
    await page.goto(`/newportal/invoice/${invoiceSystemRef}`);
    const overTime = page.getByRole('region', { name: 'Pay over time' });
    await expect(overTime).toContainText('Spread this premium over 4 to 10 monthly instalments');
    await overTime.getByRole('link', { name: 'Pay over time' }).click();
    await expect(page).toHaveURL(/\/newportal\/ipf-requests\?invoice=INV/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Pay over time: invoice ${invoiceSystemRef}` }),
    ).toBeVisible();

    // Six months: the schedule, fee, total cost and rates before accepting.
    await page.getByRole('radio', { name: /^6 months/ }).check();
    const cost = page.getByRole('region', { name: 'What it costs' });
    await expect(cost).toContainText(`Lender${LENDER_NAME}`);
    await expect(cost).toContainText(`Amount financed${kes(80_000)}`);
    await expect(cost).toContainText(`Facility fee${kes(7_333)}`);
    await expect(cost).toContainText(`Total cost of financing${kes(7_333)}`);
    await expect(cost).toContainText(`Total to repay${kes(87_333)}`);
    await expect(cost).toContainText('Fee as a share of the premium9.17%');
    await expect(cost).toContainText('Yearly rate (APR)43.78%');
    await expect(cost).toContainText(`First instalment, paid now${kes(14_558)}`);
    const schedule = page.getByRole('table', { name: 'Schedule of 6 monthly instalments' });
    await expect(schedule.getByRole('row')).toHaveCount(7);
    await expect(schedule.getByRole('row').nth(1)).toContainText(kes(14_558));
    await expect(schedule.getByRole('row').nth(6)).toContainText(kes(14_555));
    await expect(page.getByText('the fees of instalments not yet due are waived')).toBeVisible();
    await expectNoSeriousViolations(page, 'pay over time');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'pay over time on a phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Apply for premium financing' }).click();
    await expect(page.getByText('Confirm that you accept the schedule and its total cost.')).toBeVisible();
    await page.getByLabel(/^I accept 6 instalments totalling KES 87,333/).check();
    await page.getByRole('button', { name: 'Apply for premium financing' }).click();
    await expect(page).toHaveURL(/\/newportal\/my-loans\?loan=LN-/);
    const loanRef = new URL(page.url()).searchParams.get('loan')!;
    await expect(page.getByRole('heading', { level: 1, name: `Loan ${loanRef}` })).toBeVisible();
    await expect(
      page.getByText(
        `Pay the first instalment of ${kes(14_558)} to send your application to ${LENDER_NAME}.`,
      ),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'loan awaiting its first instalment');

    // The first instalment by M-Pesa.
    const pay = page.getByRole('region', { name: 'Pay', exact: true });
    await pay.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await pay.getByRole('button', { name: `Pay ${kes(14_558)} by M-Pesa` }).click();
    // Paid: the application goes to the lender (and there is nothing more to pay until it decides).
    await expect(
      page.getByText(`Your first instalment is paid: ${LENDER_NAME} is considering your application.`),
    ).toBeVisible(PAYMENT_TIMEOUT);
    await expect(pay).toHaveCount(0);
    // Nothing is outstanding until the lender pays: what it is asked to finance is shown instead.
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(`To be financed${kes(80_000)}`);
    await expect(page.getByRole('region', { name: 'Summary' })).not.toContainText('Outstanding');

    // The lender approves it in the staff area: the invoice is paid and the policy issued.
    const lender = await lenderPage(browser);
    await lender
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Loan applications' })
      .click();
    await expect(lender.getByRole('heading', { level: 1, name: 'Loan applications' })).toBeVisible();
    await lender.getByRole('link', { name: loanRef }).click();
    await expect(lender.getByRole('heading', { level: 1, name: `Application ${loanRef}` })).toBeVisible();
    await expect(lender.getByRole('region', { name: 'Summary' })).toContainText(
      `To be financed (not paid yet)${kes(80_000)}`,
    );
    await expectNoSeriousViolations(lender, 'lender application');
    await lender.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(lender, 'lender application on a phone');
    await lender.setViewportSize({ width: 1280, height: 900 });
    await lender.getByRole('button', { name: 'Approve and pay the invoice' }).click();
    const lenderSummary = lender.getByRole('region', { name: 'Summary' });
    await expect(lenderSummary).toContainText('StatusActive');
    await expect(lenderSummary).toContainText(/PolicyBIMA\/07\//);
    await lender.context().close();

    await page.reload();
    await expect(page.getByText(`${LENDER_NAME} paid your premium.`)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByRole('link', { name: /^BIMA\/07\/.* \(active\)$/ })).toBeVisible();
    await expect(summary).toContainText(`Outstanding${kes(87_333 - 14_558)}`);

    // The second instalment by M-Pesa.
    await expect(pay).toContainText(`Next: instalment 2, ${kes(14_555)}`);
    await pay.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await pay.getByRole('button', { name: `Pay ${kes(14_555)} by M-Pesa` }).click();
    await expect(pay.getByText(new RegExp(`^Paid ${kes(14_555)} \\(receipt`))).toBeVisible(PAYMENT_TIMEOUT);
    const rows = page.getByRole('table', { name: 'Instalments of the loan' }).getByRole('row');
    await expect(rows.nth(2)).toContainText('Paid');

    // The third from the wallet.
    await topUp(request, client.session, 14_555);
    await page.reload();
    await expect(pay).toContainText(`Next: instalment 3, ${kes(14_555)}`);
    await pay.getByRole('button', { name: `Pay ${kes(14_555)} from your wallet` }).click();
    await expect(rows.nth(3)).toContainText('Paid');
    await expect(summary).toContainText(`Outstanding${kes(87_333 - 14_558 - 2 * 14_555)}`);
    await expect(page.getByRole('region', { name: 'Settle early' })).toContainText('Fees waived');
    await expectNoSeriousViolations(page, 'active loan');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'active loan on a phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The policy says it is financed.
    await summary.getByRole('link', { name: /^BIMA\/07\// }).click();
    await expect(page.getByRole('link', { name: `${LENDER_NAME} (loan ${loanRef})` })).toBeVisible();

    // IPF Requests lists it; the statement shows the whole story.
    await page.goto('/newportal/ipf-requests');
    await expect(page.getByRole('table', { name: 'Your premium financing applications' })).toContainText(
      loanRef,
    );
    await page.goto('/newportal/accounts');
    const lines = page.getByRole('table', { name: 'Statement lines, oldest first' });
    await expect(lines).toContainText(`Invoice ${invoiceSystemRef}`);
    await expect(lines).toContainText(`Loan ${loanRef}`);
    await expect(lines).toContainText(`First instalment of loan ${loanRef} (paid up front) by M-Pesa`);
    await expect(lines).toContainText(`${LENDER_NAME} paid invoice ${invoiceSystemRef} (loan ${loanRef})`);
    await expect(lines).toContainText(`Facility fee of loan ${loanRef}`);
    await expect(lines).toContainText(`Instalment of loan ${loanRef} by M-Pesa`);
    await expect(lines).toContainText(`Instalment of loan ${loanRef} from your wallet`);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(
      `Closing balance${kes(87_333 - 14_558 - 2 * 14_555)} owed`,
    );
  });

  test('a missed instalment: reminded, overdue, notice, then the policy is cancelled with the unearned premium refunded to the lender @clock', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const session = client.session;
    const invoiceSystemRef = await invoiceOf80000(request, session);
    // Applied, first instalment from the wallet, approved by the lender: all through the API.
    const applied = await call<LoanView>(
      request,
      ['client', 'ipf', 'apply'],
      { invoiceSystemRef, months: 6, acceptTerms: true },
      session.accessToken,
    );
    // The loan answers cents; the wallet's top-up takes shillings.
    await topUp(request, session, applied.amountDueNow / 100);
    await call(
      request,
      ['client', 'loan', 'payFromWallet'],
      { loanRef: applied.loanRef },
      session.accessToken,
    );
    const lender = await call<Session>(request, ['user', 'auth', 'login'], {
      username: LENDER,
      password: STAFF_PASSWORD,
      loginDevice: {},
    });
    await call(
      request,
      ['lender', 'application', 'approveApplication'],
      { loanRef: applied.loanRef },
      lender.accessToken,
    );
    const loan = await getLoan(request, session, applied.loanRef);
    expect(loan.status).toBe('ACTIVE');
    const due = loan.instalments[1]!.dueDate;
    await useSession(page, session);
    const loanPage = `/newportal/my-loans?loan=${applied.loanRef}`;

    try {
      // The day before the second instalment: a reminder.
      await advanceClock(request, daysBetween(await serverToday(request), due) - 1);
      await page.goto('/newportal/notifications');
      await expect(page.getByText(`Loan ${applied.loanRef}: instalment due tomorrow`)).toBeVisible();

      // The day after: missed.
      await advanceClock(request, 2);
      await page.goto(loanPage);
      await expect(page.getByRole('alert')).toContainText(
        `Instalment 2 is overdue: ${kes(14_555)} is unpaid.`,
      );
      await expect(
        page.getByRole('table', { name: 'Instalments of the loan' }).getByRole('row').nth(2),
      ).toContainText('Overdue');

      // After the 7-day grace period: the notice.
      await advanceClock(request, 7);
      await page.reload();
      await expect(page.getByRole('alert')).toContainText(
        `Notice: ${kes(14_555)} is overdue. Unless it is paid before`,
      );
      await expect(page.getByRole('region', { name: 'What happened' })).toContainText(
        'the lender will ask the insurer to cancel the policy it financed',
      );

      // After the notice: the lender asks the insurer to cancel; the policy is cancelled.
      await advanceClock(request, 7);
      await page.reload();
      const message = page.getByRole('status').filter({ hasText: 'cancelled policy' });
      await expect(message).toContainText(`at the request of ${LENDER_NAME}, as instalments were not paid`);
      await expect(message).toContainText(`was refunded to ${LENDER_NAME} and set against the loan`);
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText('StatusCancelled');
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText(
        'Unearned premium refunded to the lender',
      );
      const history = page.getByRole('region', { name: 'What happened' });
      await expect(history).toContainText(`${LENDER_NAME} asked the insurer to cancel the financed policy`);
      await expectNoSeriousViolations(page, 'cancelled loan');

      // The policy page says why; the notifications too.
      await page
        .getByRole('region', { name: 'Summary' })
        .getByRole('link', { name: /\(cancelled\)$/ })
        .click();
      await expect(
        page.getByText(/^This policy was cancelled from .* Cancelled at the request of/),
      ).toBeVisible();
      await page.goto('/newportal/notifications');
      await expect(page.getByText(`Loan ${applied.loanRef}: policy cancelled`)).toBeVisible();

      // The refund reached the lender through the ledger: the statement shows it set against the loan.
      await page.goto('/newportal/accounts');
      await expect(page.getByRole('table', { name: 'Statement lines, oldest first' })).toContainText(
        `${LENDER_NAME} set the refunded premium against loan ${applied.loanRef}`,
      );
    } finally {
      await resetClock(request);
    }
  });
});
