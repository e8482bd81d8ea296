import { expect, test } from '@playwright/test';
import { getQuotes, quoteCard, saveVehicleValue, startMotorPrivate, toast } from './fixtures';
import {
  COMPREHENSIVE,
  call,
  confirmApplication,
  createClient,
  fillFullVehicle,
  PAYMENT_TIMEOUT,
  payWith,
  useSession,
} from './purchase-fixtures';
import { STAFF, signInStaffThroughApi } from './staff-fixtures';

const SLOW = { timeout: 30_000 };

/** Today in Kenya (yyyy-mm-dd): the cover starts today so a claim can be reported at once. */
const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Issue 26: the excess a client chooses in the wizard is the excess their claim deducts (a KES
 * 50,000 collision excess once deducted KES 500), and the policy page shows what was bought.
 */
test.describe('a chosen excess, from the wizard to a paid claim', () => {
  test.setTimeout(120_000);

  test('@phone a client chooses a KES 50,000 collision excess, buys, claims; the claim deducts KES 50,000', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);

    // The wizard: comprehensive cover, the collision excess raised from KES 25,000 to 50,000.
    await startMotorPrivate(page);
    await saveVehicleValue(page, COMPREHENSIVE.value);
    await getQuotes(page, 'Comprehensive');
    await quoteCard(page, COMPREHENSIVE.name).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByLabel('Cover period').selectOption({ label: '12 Months' });
    await page.getByLabel('Start date').fill(kenyaToday());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/benefits(\?quote=[\w-]+)?$/);
    await page.getByRole('button', { name: 'Change Collision excess' }).click();
    const modal = page.getByRole('dialog', { name: 'Set the Collision excess' });
    await modal.getByLabel('Excess amount (KES)').fill('50000');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('KES 50,000 per claim')).toBeVisible();
    await page.getByRole('button', { name: 'Save & View Quote' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);
    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
    await fillFullVehicle(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await confirmApplication(page);
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);

    // The policy page shows the excess bought.
    const [policy] = await call<Array<{ id: number; policyNumber: string }>>(
      request,
      ['client', 'policy', 'listPolicies'],
      {},
      client.session.accessToken,
    );
    await page.goto(`/newportal/products/${policy!.id}`);
    const terms = page.getByRole('region', { name: 'Limits and excesses' });
    await expect(terms).toContainText('Collision excess', SLOW);
    await expect(terms).toContainText('KES 50,000 per claim');

    // The client reports an accident.
    await page.goto('/newportal/claims/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Report a claim' })).toBeVisible(SLOW);
    await page.getByLabel('Policy').selectOption({ index: 1 });
    await page.getByLabel('What happened', { exact: true }).first().selectOption('accident');
    await page.getByLabel('Date of the incident').fill(kenyaToday());
    await page.getByLabel('Where it happened').fill('Uhuru Highway, Nairobi');
    await page
      .getByRole('textbox', { name: 'What happened' })
      .fill('Another car changed lanes into mine; the front wing and the headlamp are damaged.');
    await page.getByRole('button', { name: 'Report claim' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Claim CLM-/ })).toBeVisible(SLOW);
    const claimId = Number(/\/newportal\/claims\/(\d+)/.exec(page.url())?.[1]);
    const details = page.getByRole('region', { name: 'Details', exact: true });
    await expect(details).toContainText('ExcessKES 50,000');

    // The underwriter approves KES 85,000 and pays it out (its desk's screens are claims.spec's).
    const staff = await signInStaffThroughApi(request, STAFF.underwriter);
    const desk = <T>(action: string, data: Record<string, unknown> = {}) =>
      call<T>(request, ['claims', 'desk', action], { id: claimId, ...data }, staff.accessToken);
    const [assessor] = await desk<Array<{ id: string }>>('listAssessors');
    await desk('appointAssessor', { assessorId: assessor!.id });
    await desk('recordAssessment', {
      report: 'Front wing and headlamp to replace.',
      assessedLoss: 85_000_00,
    });
    await desk('approveClaim', { amount: 85_000_00 });
    await desk('settleClaim', { method: 'mpesa', phone: '254712345678' });

    // The client sees the excess deducted and the amount paid.
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByRole('heading', { level: 1, name: /^Claim CLM-/ })).toBeVisible(SLOW);
          return page.getByText('Settled', { exact: true }).first().isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(details).toContainText('ExcessKES 50,000');
    await expect(details).toContainText('Amount payable (less the excess)KES 35,000');
    await expect(page.getByText('KES 85,000 less the excess KES 50,000: KES 35,000 to pay')).toBeVisible();
  });
});
