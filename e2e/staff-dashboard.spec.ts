import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { buyPolicyThroughApi, call, createClient, useSession } from './purchase-fixtures';
import { readmeShot } from './readme-screens';
import { createHelpRequestThroughApi, kenyaDate, STAFF, signInStaffThroughApi } from './staff-fixtures';

// The staff dashboard's waiting work (staff/dashboard/getWork), on a phone and on a desktop.
const APA_UNDERWRITER = 'underwriter.apa@bimaportal.co.ke';
const SLOW = { timeout: 20_000 };

/** The number a dashboard count shows (its first line). */
const countIn = async (link: import('@playwright/test').Locator) =>
  Number((await link.locator('span').first().textContent())?.trim());

test.describe('staff dashboard: the work waiting for the role', () => {
  test.setTimeout(120_000);

  test('an underwriter with an open claim sees it counted by age, and the count opens the desk filtered to it @phone @desktop @readme', async ({
    page,
    request,
  }, testInfo) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);
    const claim = await call<{ id: number; claimRef: string }>(
      request,
      ['client', 'claim', 'reportClaim'],
      {
        policyNumber,
        type: 'windscreen',
        incidentDate: kenyaDate(0),
        place: 'Mombasa Road, Nairobi',
        description: 'A stone from a lorry cracked the windscreen across the driver side.',
      },
      client.session.accessToken,
    );

    await useSession(page, await signInStaffThroughApi(request, APA_UNDERWRITER));
    await page.goto('/staff');
    const claims = page.getByRole('region', { name: /open claims?, by days since reported/ });
    await expect(claims).toBeVisible(SLOW);
    const fresh = claims.getByRole('link', { name: /Under 7 days/ });
    expect(await countIn(fresh)).toBeGreaterThanOrEqual(1);
    await expect(claims.getByRole('link', { name: /New, not picked up yet/ })).toBeVisible();
    await readmeShot(page, testInfo, 'staff-dashboard-underwriter');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectNoSeriousViolations(page, 'underwriter dashboard with waiting work');

    await fresh.click();
    await expect(page).toHaveURL(/\/staff\/claims\?open=1&age=under7Days$/);
    await expect(page.getByText('Showing the open claims reported less than 7 days ago.')).toBeVisible();
    // Oldest first: after a long run the new claim may be pages away, so the desk is searched for it.
    await page.getByRole('searchbox', { name: 'Claim, policy number or e-mail' }).fill(claim.claimRef);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('link', { name: `Open claim ${claim.claimRef}` })).toBeVisible(SLOW);
    // Older buckets do not hold it.
    await page.goto('/staff/claims?open=1&age=over30Days');
    await expect(page.getByText('Showing the open claims reported more than 30 days ago.')).toBeVisible();
    await expect(page.getByRole('link', { name: `Open claim ${claim.claimRef}` })).toHaveCount(0);
  });

  test("a broker sees their firm's help request waiting for an answer @phone @desktop", async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const { requestSystemRef } = await createHelpRequestThroughApi(
      request,
      client.session,
      'Savannah Insurance Brokers',
    );

    await useSession(page, await signInStaffThroughApi(request, STAFF.savannahBroker));
    await page.goto('/staff');
    const waiting = page.getByRole('region', { name: /help requests? waiting for an answer/ });
    await expect(waiting).toBeVisible(SLOW);
    const fresh = waiting.getByRole('link', { name: /Under 7 days/ });
    expect(await countIn(fresh)).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('region', { name: 'Recommendations sent' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

    await fresh.click();
    await expect(page).toHaveURL(/\/staff\/requests$/);
    await expect(page.getByText(requestSystemRef).first()).toBeVisible(SLOW);
  });

  test('the dashboard speaks Kiswahili', async ({ page, request }) => {
    await useSession(page, await signInStaffThroughApi(request, STAFF.admin));
    await page.goto('/staff');
    await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    const queues = page.getByRole('region', { name: 'Yanahitaji kushughulikiwa' });
    await expect(queues).toBeVisible();
    await expect(
      queues.getByRole('link', { name: /Mialiko ya wafanyakazi ambayo haijakubaliwa/ }),
    ).toBeVisible();
  });
});
