import { expect, test } from '@playwright/test';
import {
  buyPolicyThroughApi,
  call,
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  useSession,
} from './purchase-fixtures';
import { readmeShot } from './readme-screens';

/** A screen's first load on a busy machine (its chunk, then its data). */
const SLOW = { timeout: 30_000 };

const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

test.describe('the client dashboard (issue 28)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client with an unpaid invoice and an open claim sees those counts on their entries, two to a row @phone @readme', async ({
    page,
    request,
  }, testInfo) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);
    await call(
      request,
      ['client', 'claim', 'reportClaim'],
      {
        policyNumber,
        type: 'windscreen',
        incidentDate: kenyaToday(),
        place: 'Mombasa Road, Nairobi',
        description: 'A stone from a lorry cracked the windscreen across the driver side.',
      },
      client.session.accessToken,
    );
    await createInvoiceThroughApi(request, client.session, { registrationNumber: 'KDC 777D' });
    // Another client's unpaid invoice is not counted for this one.
    const other = await createClient(request, { withKyc: true });
    await createInvoiceThroughApi(request, other.session, { registrationNumber: 'KDD 888E' });
    await useSession(page, client.session);

    await page.goto('/newportal');
    const entries = page.getByRole('list', { name: 'What you can do here' });
    const invoices = entries.getByRole('link', { name: 'Invoice 1 unpaid' });
    await expect(invoices).toBeVisible(SLOW);
    await expect(entries.getByRole('link', { name: 'Claims 1 open' })).toBeVisible();
    await expect(entries.getByRole('link', { name: 'My Policies 1 active' })).toBeVisible();
    // Entries without anything waiting carry no count; each has its icon.
    await expect(entries.getByRole('link', { name: /^KYC/ })).toBeVisible();
    await expect(entries.locator('svg')).toHaveCount(await entries.getByRole('link').count());

    if (testInfo.project.name === 'phone') {
      // Phone first: two entries to a row, nothing wider than the screen.
      const [first, second, third] = await Promise.all(
        [0, 1, 2].map((index) => entries.getByRole('listitem').nth(index).boundingBox()),
      );
      expect(first!.y).toBe(second!.y);
      expect(third!.y).toBeGreaterThan(first!.y);
      const viewport = page.viewportSize()!;
      expect(second!.x + second!.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    await expectNoSeriousViolations(page, 'client dashboard with counts');
    await readmeShot(page, testInfo, 'client-dashboard');

    await invoices.click();
    await expect(page).toHaveURL(/\/newportal\/invoice$/, SLOW);

    // In Kiswahili the entries and their counts are Kiswahili.
    await page.evaluate(() => localStorage.setItem('bima.language', 'sw'));
    await page.goto('/newportal');
    await expect(page.getByRole('link', { name: 'Ankara 1 hazijalipwa' })).toBeVisible(SLOW);
    await expect(page.getByRole('link', { name: 'Madai 1 yanaendelea' })).toBeVisible();
    await expectNoSeriousViolations(page, 'client dashboard in Kiswahili');

    // The policy names its class in Kiswahili too ("Kundi la bima: Gari Binafsi", not "Motor Private").
    const policies = await call<{ items: Array<{ id: number }> }>(
      request,
      ['client', 'policy', 'listPolicies'],
      { page: 1, pageSize: 1 },
      client.session.accessToken,
    );
    await page.goto(`/newportal/products/${policies.items[0]!.id}`);
    await expect(page.getByText('Gari Binafsi', { exact: true })).toBeVisible(SLOW);
    await expect(page.locator('main')).not.toContainText('Motor Private');
  });
});
