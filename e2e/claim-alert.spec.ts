import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { buyPolicyThroughApi, createClient, useSession } from './purchase-fixtures';
import { signInStaffThroughPage } from './staff-fixtures';

const APA_UNDERWRITER = 'underwriter.apa@bimaportal.co.ke';
const SLOW = { timeout: 30_000 };
const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

test.describe('claim alert', () => {
  test.setTimeout(180_000);

  test('a client reports a claim on a phone; the underwriter is alerted, sees it on the dashboard with its age, and approving past a requested document asks for the waiver', async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session, '0712 345 678');

    // The client, on a phone, reports the accident and finds the claim form on the checklist.
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await phoneContext.newPage();
    await useSession(page, client.session);
    await page.goto('/newportal/claims/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Report a claim' })).toBeVisible(SLOW);
    await page.getByLabel('Policy').selectOption({ index: 1 });
    await page.getByLabel('What happened', { exact: true }).first().selectOption('accident');
    await page.getByLabel('Date of the incident').fill(kenyaToday());
    await page.getByLabel('Where it happened').fill('Thika Road, Roysambu, Nairobi');
    await page
      .getByRole('textbox', { name: 'What happened' })
      .fill('A boda boda hit the driver door in slow traffic; the door and mirror are damaged.');
    await page.getByRole('button', { name: 'Report claim' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Claim CLM-/ });
    await expect(heading).toBeVisible(SLOW);
    const claimRef = (await heading.textContent())!.replace('Claim ', '').trim();
    const form = page.getByRole('link', { name: 'Download the claim form (PDF)' });
    await expect(form).toBeVisible();
    const download = await page.request.get((await form.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    await expectNoSeriousViolations(page, 'claim page with the claim form (phone)');

    // The underwriter: the bell's notification, then the dashboard's open claims with the age.
    const deskContext = await browser.newContext();
    const desk = await deskContext.newPage();
    await signInStaffThroughPage(desk, APA_UNDERWRITER);
    await desk.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await expect(desk.getByText(`New claim ${claimRef} on policy ${policyNumber}`)).toBeVisible(SLOW);
    await desk.goto('/staff');
    const openClaims = desk.getByRole('table', { name: 'Open claims by age' });
    await expect(openClaims).toBeVisible(SLOW);
    const row = openClaims.getByRole('row').filter({ hasText: claimRef });
    await expect(row).toContainText('Under an hour');
    await expect(row).toContainText('Reported');
    await expectNoSeriousViolations(desk, 'staff dashboard with open claims');
    await row.getByRole('link', { name: `Open claim ${claimRef}` }).click();
    await expect(desk.getByRole('heading', { level: 1, name: `Claim ${claimRef}` })).toBeVisible(SLOW);

    // The desk asks for the police abstract, assesses, and approves before it arrives.
    await desk.getByRole('checkbox', { name: 'Police abstract with its OB number' }).check();
    await desk.getByRole('button', { name: 'Request documents' }).click();
    await expect(desk.getByText('Documents pending', { exact: true }).first()).toBeVisible(SLOW);
    await desk.getByLabel('Assessor', { exact: true }).selectOption({ index: 1 });
    await desk.getByRole('button', { name: 'Appoint assessor' }).click();
    await expect(desk.getByText('Under assessment', { exact: true }).first()).toBeVisible(SLOW);
    await desk.getByLabel('Assessment report').fill('Driver door and mirror to replace.');
    await desk.getByLabel('Assessed loss (KES)').fill('90000');
    await desk.getByRole('button', { name: 'Record assessment' }).click();
    await desk.getByLabel('Agreed loss before the excess (KES)').fill('90000');
    await desk.getByRole('button', { name: 'Approve claim' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Approve without the documents you asked for?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Documents to waive' })).toHaveText(
      'Police abstract with its OB number',
    );
    await expectNoSeriousViolations(desk, 'waiver confirmation');
    await dialog.getByRole('button', { name: 'Waive and approve' }).click();
    await expect(desk.getByText('Approved', { exact: true }).first()).toBeVisible(SLOW);
    const timeline = desk.getByRole('list', { name: 'Timeline' });
    const waiver = timeline.getByRole('listitem').filter({ hasText: 'Missing documents waived' });
    await expect(waiver).toContainText('Police abstract with its OB number');
    await expect(waiver).toContainText('(APA Insurance)');
    // The payout goes to the client's M-Pesa number, already filled in as Kenyans write it.
    await expect(desk.getByLabel('M-Pesa phone number')).toHaveValue('0712345678');

    // The client sees the waiver on their timeline too.
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Timeline' }).getByText('Missing documents waived'),
    ).toBeVisible(SLOW);
    await deskContext.close();
    await phoneContext.close();
  });
});
