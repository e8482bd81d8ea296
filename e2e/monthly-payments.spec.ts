import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, advanceClock, daysBetween, resetClock, serverToday } from './clock-fixtures';
import {
  getQuotes,
  isoDateFromToday,
  kenyaDateFromToday,
  kes,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
  toast,
} from './fixtures';
import {
  call,
  confirmApplication,
  createClient,
  createInvoiceThroughApi,
  FULL_VEHICLE,
  fillFullVehicle,
  PAYMENT_TIMEOUT,
  payInvoiceThroughApi,
  payWith,
  type Session,
  useSession,
} from './purchase-fixtures';

/*
 * Pay monthly without a loan (issue 31): a client buys a monthly motor policy through the wizard,
 * pays month 1 by M-Pesa, approves an M-Pesa Ratiba standing order, and the business clock moved a
 * month makes the debit that pays month 2 (its certificate follows). Then a standing order whose
 * every debit fails: on month 2's due date the cover has stopped and the page says what to pay by
 * when; after the grace the policy is cancelled from the day after the last paid month.
 *
 * The business clock is the server's (POST /dev/clock), which every journey running beside these
 * would see: they are tagged @clock and run last, one at a time (playwright.config.ts), and each puts
 * the clock back in `finally`.
 */

/** A sample product whose underwriter offers monthly payment (the seed: 10 % loading, 14 days' grace). */
const PRODUCT = { name: 'APA Motor Plus', ref: 'APA-MP-PLUS' };
const OTHER_MONTHLY = 'CIC Motor Comprehensive';
const VALUE = 1_500_000;
const GRACE_DAYS = 14;

interface PolicyMonth {
  monthNo: number;
  from: string;
  to: string;
  amount: number;
  status: string;
  invoiceSystemRef: string | null;
}

interface MonthlyPolicy {
  id: number;
  policyNumber: string;
  status: string;
  paidUntil: string;
  paymentPlan: string;
  certificate: { status: string; validFrom: string; validTo: string; number: string | null } | null;
  cancellation: { cancelledOn: string; reason: string } | null;
  monthly: {
    state: string;
    paidMonths: number;
    monthlyAmount: number;
    months: PolicyMonth[];
    nextDue: { monthNo: number; dueDate: string; balance: number; invoiceSystemRef: string | null } | null;
    graceUntil: string | null;
    standingOrder: { status: string; resultDesc: string | null } | null;
  } | null;
}

const policyOf = (request: APIRequestContext, session: Session, policyNumber: string) =>
  call<MonthlyPolicy>(request, ['client', 'policy', 'getPolicy'], { policyNumber }, session.accessToken);

/** A date as the portal writes it in English: '1 December 2026'. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/** Moves the business clock on to `date` (runs the monthly jobs and the simulator's debits at once). */
async function moveClockTo(request: APIRequestContext, date: string) {
  const days = daysBetween(await serverToday(request), date);
  expect(days, `the clock moves forward to ${date}`).toBeGreaterThan(0);
  await advanceClock(request, days);
}

const monthlySection = (page: Page) => page.getByRole('region', { name: 'Monthly payments' });
const standingOrder = (page: Page) => page.getByRole('region', { name: 'M-Pesa standing order' });

/** On the policy page: sets up the standing order on `phone` and waits for M-Pesa's approval. */
async function setUpStandingOrder(page: Page, phone: string) {
  const order = standingOrder(page);
  await expect(order).toContainText('No standing order');
  await order.getByRole('button', { name: 'Set up M-Pesa standing order' }).click();
  await order.getByLabel('M-Pesa number').fill(phone);
  await order.getByRole('button', { name: 'Send the request to my phone' }).click();
  await expect(order).toContainText('Waiting for your approval');
  // The simulator approves a few seconds later; the page asks again while it waits.
  await expect(order.getByText('Active', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(order).toContainText(/M-Pesa pays KES [\d,]+ from \S+ on each due date/);
}

test.describe('paying monthly: month by month, a standing order, a missed month', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a client buys a monthly motor policy, pays month 1 by M-Pesa, approves the standing order, and a month later the debit pays month 2 and its certificate appears @phone @clock', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);

    // The quotes: Pay monthly shows on the products whose underwriter offers it, and only there.
    await startMotorPrivate(page);
    await saveVehicleValue(page, VALUE);
    await getQuotes(page, 'Comprehensive');
    await expect(quoteCard(page, PRODUCT.name)).toContainText(
      /Pay monthly: KES [\d,]+ a month for 12 months/,
    );
    await expect(quoteCard(page, OTHER_MONTHLY)).toContainText('Pay monthly:');
    await expect(quoteCard(page, 'Jubilee Motor Elite')).not.toContainText('Pay monthly');

    await quoteCard(page, PRODUCT.name).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
    await page.getByLabel('Start date').fill(isoDateFromToday(1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);

    // The quotation: the monthly amount, 12 months, the total against paying at once, the rule.
    const offer = page.getByRole('region', { name: 'Pay monthly' });
    await expect(offer).toContainText('Number of months12 months');
    await expect(offer).toContainText(/Total paid monthlyKES [\d,]+/);
    await expect(offer).toContainText(/Paying at onceKES [\d,]+/);
    await expect(offer).toContainText(/DifferenceKES [\d,]+ more \(10%\)/);
    await expect(offer).toContainText('Grace after a missed due date14 days');
    await expect(offer).toContainText('Cover runs month by month.');
    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
    await fillFullVehicle(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);

    // The summary: the choice, then the quotation created with the monthly plan.
    const plan = page.getByRole('region', { name: 'How you pay' });
    await expect(plan.getByRole('radio', { name: /^Pay at once: KES/ })).toBeChecked();
    await plan.getByRole('radio', { name: /^Pay monthly: KES [\d,]+ a month for 12 months$/ }).check();
    await expect(plan).toContainText(/You pay the first month \(KES [\d,]+\) now by M-Pesa/);
    const firstAmount = /You pay the first month \((KES [\d,]+)\)/.exec(
      (await plan.textContent()) ?? '',
    )?.[1];
    const createRequest = page.waitForRequest((req) => req.postData()?.includes('createQuotation') === true);
    await confirmApplication(page);
    expect((await createRequest).postDataJSON().data).toMatchObject({
      productSystemRef: PRODUCT.ref,
      paymentPlan: 'monthly',
    });

    // Month 1 by M-Pesa, as any purchase.
    const paymentSummary = page.getByRole('region', { name: 'Payment Summary' });
    await expect(paymentSummary).toContainText('MonthMonth 1 of 12');
    await expect(paymentSummary).toContainText(`This month's premium${firstAmount}`);
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    const details = page.getByRole('region', { name: 'Policy Details' });
    await expect(details).toContainText(/Policy number\S+/);
    const policyNumber = ((await details.getByRole('definition').first().textContent()) ?? '').trim();
    const issued = await policyOf(request, client.session, policyNumber);
    expect(issued.paymentPlan).toBe('monthly');
    const [month1, month2] = issued.monthly?.months ?? [];
    if (!month1 || !month2) throw new Error('a monthly policy has its months');

    try {
      // The policy: 1 of 12 paid, paid until month 1's end, its certificate for month 1 only.
      await page.goto(`/newportal/products/${issued.id}`);
      const monthly = monthlySection(page);
      await expect(monthly).toContainText('Months paid1 of 12');
      await expect(monthly).toContainText(`Paid until${longDate(month1.to)}`);
      await expect(monthly).toContainText(
        `Next paymentMonth 2 of 12: ${kes(month2.amount / 100)} due on ${longDate(month2.from)}`,
      );
      const months = monthly.getByRole('list', { name: 'Months' }).getByRole('listitem');
      await expect(months).toHaveCount(12);
      await expect(months.nth(0)).toContainText('Month 1 of 12');
      await expect(months.nth(0)).toContainText('Paid');
      await expect(months.nth(1)).toContainText('Upcoming');
      const policyDetails = page.getByRole('region', { name: 'Policy details' });
      await expect(policyDetails).toContainText('How you payMonthly');
      await expect(policyDetails).toContainText(
        `Certificate valid${longDate(month1.from)} to ${longDate(month1.to)}`,
      );
      await expect(
        page.getByRole('link', { name: /^Download DMVIC certificate C\d{8}, Type C \(PDF\)$/ }),
      ).toBeVisible({ timeout: 30_000 });

      // The standing order: approved on the phone a few seconds later; the page shows Active.
      await setUpStandingOrder(page, '0712 345 678');
      await expect(standingOrder(page)).toContainText(`Next debit on ${longDate(month2.from)}`);

      // A month later: M-Pesa debits month 2 on its due date; it is paid, and month 2's certificate follows.
      await moveClockTo(request, month2.from);
      await expect
        .poll(async () => (await policyOf(request, client.session, policyNumber)).monthly?.paidMonths, {
          timeout: 30_000,
          intervals: [1_000],
        })
        .toBe(2);
      await page.reload();
      await expect(monthly).toContainText('Months paid2 of 12');
      await expect(monthly).toContainText(`Paid until${longDate(month2.to)}`);
      await expect(months.nth(1)).toContainText('Paid');
      await expect(policyDetails).toContainText(
        `Certificate valid${longDate(month2.from)} to ${longDate(month2.to)}`,
        { timeout: 30_000 },
      );
      await expect(
        page.getByRole('link', { name: /^Download DMVIC certificate C\d{8}, Type C \(PDF\)$/ }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(standingOrder(page).getByText('Active', { exact: true })).toBeVisible();

      // Month 2's invoice says which month it is and when it was due.
      const invoiceRef = (await policyOf(request, client.session, policyNumber)).monthly?.months[1]
        ?.invoiceSystemRef;
      expect(invoiceRef).toBeTruthy();
      await page.goto(`/newportal/invoice/${invoiceRef}`);
      const invoice = page.getByRole('region', { name: 'Invoice details' });
      await expect(invoice).toContainText('MonthMonth 2 of 12');
      await expect(invoice).toContainText(`Due date${longDate(month2.from)}`);

      // Stopping the standing order asks first, then says to end it in the M-Pesa menu too.
      await page.goto(`/newportal/products/${issued.id}`);
      await standingOrder(page).getByRole('button', { name: 'Stop the standing order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stop the standing order?' });
      await dialog.getByRole('button', { name: 'Stop it' }).click();
      await expect(dialog).toBeHidden();
      await expect(standingOrder(page)).toContainText('You stopped the standing order');
      await expect(standingOrder(page)).toContainText('End it also in your M-Pesa menu');
    } finally {
      await resetClock(request);
    }
  });

  test('a standing order whose debits fail: on the due date the cover has stopped and Pay now shows; after the grace the policy is cancelled from the day after the last paid month @phone @clock', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    // Month 1 bought and paid through the API (the wizard is the first journey's).
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session, {
      productSystemRef: PRODUCT.ref,
      value: VALUE,
      startDate: kenyaDateFromToday(0),
      vehicle: FULL_VEHICLE,
      paymentPlan: 'monthly',
    });
    const policyNumber = await payInvoiceThroughApi(request, client.session, invoiceSystemRef);
    if (!policyNumber) throw new Error('the policy is issued with month 1');
    const issued = await policyOf(request, client.session, policyNumber);
    const [month1, month2] = issued.monthly?.months ?? [];
    if (!month1 || !month2) throw new Error('a monthly policy has its months');

    try {
      await page.goto(`/newportal/products/${issued.id}`);
      // A number whose M-Pesa account never has the balance: approved, every debit fails.
      await setUpStandingOrder(page, '0712 345 622');

      // Month 2's due date: the debit fails; the cover stopped at month 1's end; Pay now and by when.
      await moveClockTo(request, month2.from);
      await expect
        .poll(async () => (await policyOf(request, client.session, policyNumber)).status, {
          timeout: 30_000,
          intervals: [1_000],
        })
        .toBe('LAPSED');
      await expect
        .poll(
          async () =>
            (await policyOf(request, client.session, policyNumber)).monthly?.standingOrder?.resultDesc ??
            null,
          { timeout: 30_000, intervals: [1_000] },
        )
        .not.toBeNull();
      await page.reload();
      const details = page.getByRole('region', { name: 'Policy details' });
      await expect(details).toContainText('StatusLapsed');
      const monthly = monthlySection(page);
      await expect(monthly).toContainText(
        `Your cover stopped at the end of ${longDate(month1.to)}: month 2 was not paid by its due date.`,
      );
      await expect(monthly).toContainText(
        `Pay ${kes(month2.amount / 100)} by ${longDate(addDays(month2.from, GRACE_DAYS))} to resume your cover`,
      );
      await expect(standingOrder(page)).toContainText('Last debit:');
      await expect(monthly.getByRole('link', { name: /^Pay now: month 2, KES [\d,]+$/ })).toBeVisible();
      await expect(monthly.getByRole('list', { name: 'Months' }).getByRole('listitem').nth(1)).toContainText(
        'Due',
      );

      // Past the grace: the policy is cancelled from the day after the last paid month, nothing owed.
      await moveClockTo(request, addDays(month2.from, GRACE_DAYS + 1));
      await expect
        .poll(async () => (await policyOf(request, client.session, policyNumber)).status, {
          timeout: 30_000,
          intervals: [1_000],
        })
        .toBe('CANCELLED');
      await page.reload();
      await expect(details).toContainText('StatusCancelled');
      await expect(
        page.getByText(`This policy was cancelled from ${longDate(addDays(month1.to, 1))}.`),
      ).toBeVisible();
      await expect(monthly).toContainText(
        `Your cover ended on ${longDate(month1.to)}: month 2 was not paid within the grace days.`,
      );
      await expect(monthly).toContainText('Months paid1 of 12');
      await expect(monthly.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
      const cancelled = await policyOf(request, client.session, policyNumber);
      expect(cancelled.cancellation?.cancelledOn).toBe(addDays(month1.to, 1));
      expect(cancelled.paidUntil).toBe(month1.to);
    } finally {
      await resetClock(request);
    }
  });
});
