import { expect, test } from '@playwright/test';
import {
  buyComprehensiveQuote,
  call,
  createClient,
  createInvoiceThroughApi,
  FULL_VEHICLE,
  fillFullVehicle,
  freshVehicleIdentity,
  payInvoiceThroughApi,
  type Session,
  useSession,
} from './purchase-fixtures';
import { STAFF, signInStaffThroughPage } from './staff-fixtures';

/** Today in Kenya (yyyy-mm-dd). */
const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A paid comprehensive APA policy from today for the car: its number and id. */
async function buyThroughApi(
  request: Parameters<typeof createInvoiceThroughApi>[0],
  session: Session,
  car: { registrationNumber: string; chassisNumber: string },
) {
  const invoice = await createInvoiceThroughApi(request, session, {
    productSystemRef: 'APA-MP-PLUS',
    value: 1_500_000,
    startDate: kenyaToday(),
    vehicle: FULL_VEHICLE,
    ...car,
  });
  const policyNumber = await payInvoiceThroughApi(request, session, invoice.invoiceSystemRef);
  expect(policyNumber, 'the policy issued with the payment').toBeTruthy();
  const policy = await call<{ id: number }>(
    request,
    ['client', 'policy', 'getPolicy'],
    { policyNumber },
    session.accessToken,
  );
  return { policyNumber: policyNumber!, id: policy.id };
}

test.describe('motor certificates through DMVIC', () => {
  test('@phone a car already insured for the dates is refused on the summary, before any payment prompt', async ({
    page,
    request,
  }) => {
    // Someone insured this car from today, for a year.
    const car = freshVehicleIdentity();
    const owner = await createClient(request, { withKyc: true });
    await buyThroughApi(request, owner.session, car);

    // Another buyer tries the same car (its plate and chassis) from the day after tomorrow.
    const buyer = await createClient(request, { withKyc: true });
    await useSession(page, buyer.session);
    await buyComprehensiveQuote(page);
    await fillFullVehicle(page, car);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();

    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'This vehicle is already insured for these dates' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`${car.registrationNumber} is already insured until`);
    await expect(refusal).toContainText('by APA Insurance; your cover can start on');
    // A year ahead cannot be quoted yet: no button, and no payment was asked.
    await expect(refusal).toContainText('no payment was asked');
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    const invoices = await call<unknown[] | { items: unknown[] }>(
      request,
      ['client', 'invoice', 'listInvoices'],
      {},
      buyer.session.accessToken,
    );
    expect(Array.isArray(invoices) ? invoices : invoices.items).toHaveLength(0);
  });

  test('@phone the policy page says the certificate is being issued while DMVIC is down, then shows DMVIC’s', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    // DMVIC is down for this car only: journeys running beside this one keep their DMVIC.
    const car = freshVehicleIdentity();
    const outage = { registrationNumber: car.registrationNumber };
    expect((await request.post('/dev/dmvic', { data: { down: true, ...outage } })).ok()).toBe(true);
    let policy: { policyNumber: string; id: number };
    try {
      policy = await buyThroughApi(request, client.session, car);
      await useSession(page, client.session);
      await page.goto(`/newportal/products/${policy.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Policy ${policy.policyNumber}` }),
      ).toBeVisible();
      await expect(page.getByText('Certificate being issued.')).toBeVisible();
      await expect(page.getByText('Being issued by DMVIC')).toBeVisible();
    } finally {
      expect((await request.post('/dev/dmvic', { data: { down: false, ...outage } })).ok()).toBe(true);
    }
    // Once DMVIC answers, the queue issues it and the open page shows it by itself.
    const download = page.getByRole('link', { name: /^Download DMVIC certificate C\d{8}, Type C \(PDF\)$/ });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/^C\d{8}, Type C \(issued by DMVIC\)$/)).toBeVisible();
  });

  test('@phone staff see a certificate waiting for DMVIC, why, and retry it once DMVIC is back', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const car = freshVehicleIdentity();
    const outage = { registrationNumber: car.registrationNumber };
    expect((await request.post('/dev/dmvic', { data: { down: true, ...outage } })).ok()).toBe(true);
    let policyNumber = '';
    try {
      ({ policyNumber } = await buyThroughApi(request, client.session, car));
      await signInStaffThroughPage(page, STAFF.admin);
      await page.goto('/staff/policies');
      const desk = page.getByRole('region', { name: 'Motor certificates (DMVIC)' });
      const row = desk.getByRole('listitem').filter({ hasText: policyNumber });
      await expect(row).toContainText('DMVIC unavailable', { timeout: 30_000 });
      await expect(desk.getByRole('table', { name: /Certificate stock at DMVIC/ })).toBeVisible();
    } finally {
      expect((await request.post('/dev/dmvic', { data: { down: false, ...outage } })).ok()).toBe(true);
    }
    const desk = page.getByRole('region', { name: 'Motor certificates (DMVIC)' });
    await desk.getByRole('button', { name: `Retry now: certificate of ${policyNumber}` }).click();
    await expect(desk.getByRole('listitem').filter({ hasText: policyNumber })).toHaveCount(0, {
      timeout: 30_000,
    });
  });
});
