import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './axe';
import { buyPolicyThroughApi, call, createClient, type Session, useSession } from './purchase-fixtures';
import { readmeShot } from './readme-screens';
import { signInStaffThroughApi, signInStaffThroughPage } from './staff-fixtures';

const APA_UNDERWRITER = 'underwriter.apa@bimaportal.co.ke';
const SLOW = { timeout: 30_000 };

const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A phone photo: noisy, so it weighs what a real one does and its upload shows progress. */
const photo = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer(),
});

const PDF = {
  name: 'police-abstract.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

async function clientPage(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, session);
  return page;
}

async function uploadAs(
  page: Page,
  category: RegExp,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
) {
  await page
    .getByLabel('What are you uploading?')
    .selectOption({ label: (await optionLabel(page, category)) ?? '' });
  await page.getByLabel('Choose files').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Files being uploaded' });
  for (const file of files) {
    await expect(page.getByRole('progressbar', { name: `Upload progress of ${file.name}` })).toBeVisible();
  }
  for (const file of files) {
    const item = uploads.getByRole('listitem').filter({ hasText: file.name });
    await expect(item).toContainText('Uploaded', SLOW);
    await expect(item.getByRole('progressbar')).toHaveAttribute('value', '100');
  }
}

async function optionLabel(page: Page, pattern: RegExp) {
  const labels = await page.getByLabel('What are you uploading?').locator('option').allTextContents();
  return labels.find((label) => pattern.test(label));
}

test.describe('claims', () => {
  test.setTimeout(180_000);

  test('a client reports an accident with three photos, the underwriter asks for the police abstract, approves less the excess and pays by M-Pesa @phone @readme', async ({
    browser,
    request,
  }, testInfo) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);

    // The client reports the accident.
    const page = await clientPage(browser, client.session);
    await page.goto('/newportal/claims');
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible(SLOW);
    await expect(page.getByText('You have not reported any claims.')).toBeVisible();
    await expectNoSeriousViolations(page, 'claims list');
    await page.getByRole('link', { name: 'Report a claim' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report a claim' })).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Report claim' }).click();
    await expect(page.getByText('Choose what happened.').first()).toBeVisible();
    await page.getByLabel('Policy').selectOption({ index: 1 });
    await page.getByLabel('What happened', { exact: true }).first().selectOption('accident');
    await page.getByLabel('Date of the incident').fill(kenyaToday());
    await page.getByLabel('Where it happened').fill('Waiyaki Way, Westlands, Nairobi');
    await page
      .getByRole('textbox', { name: 'What happened' })
      .fill('A matatu hit the rear of my car at the traffic lights; the bumper and boot lid are damaged.');
    await expect(
      page.getByText('Photos of the damage from several angles, the number plate visible'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'report a claim');
    await readmeShot(page, testInfo, 'claim-report');
    await page.getByRole('button', { name: 'Report claim' }).click();

    const heading = page.getByRole('heading', { level: 1, name: /^Claim CLM-/ });
    await expect(heading).toBeVisible(SLOW);
    const claimRef = (await heading.textContent())!.replace('Claim ', '').trim();
    await expect(page.getByText('Reported', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(policyNumber, { exact: false }).first()).toBeVisible();

    // Three photos, each with its progress bar.
    await uploadAs(page, /^Photos of the damage/, [
      await photo('front.jpg'),
      await photo('rear.jpg'),
      await photo('side.jpg'),
    ]);
    await expect(page.getByRole('link', { name: 'rear.jpg' })).toBeVisible(SLOW);
    await expectNoSeriousViolations(page, 'claim page');
    await readmeShot(page, testInfo, 'claim-page');

    // The underwriter asks for the police abstract.
    const deskContext = await browser.newContext();
    const desk = await deskContext.newPage();
    await signInStaffThroughPage(desk, APA_UNDERWRITER);
    await desk.getByRole('link', { name: 'Claims', exact: true }).first().click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Claims desk' })).toBeVisible(SLOW);
    await expectNoSeriousViolations(desk, 'claims desk');
    await desk.getByRole('link', { name: `Open claim ${claimRef}` }).click();
    await expect(desk.getByRole('heading', { level: 1, name: `Claim ${claimRef}` })).toBeVisible(SLOW);
    await expectNoSeriousViolations(desk, 'desk claim');
    await desk.getByRole('checkbox', { name: 'Police abstract with its OB number' }).check();
    await desk.getByRole('button', { name: 'Request documents' }).click();
    await expect(desk.getByText('Documents pending', { exact: true }).first()).toBeVisible(SLOW);

    // The client uploads it.
    await page.reload();
    await expect(page.getByText('Documents pending', { exact: true }).first()).toBeVisible(SLOW);
    const checklist = page.getByRole('list', { name: 'Documents checklist' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Police abstract' })).toContainText(
      'Missing',
    );
    await uploadAs(page, /^Police abstract/, [PDF]);
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Police abstract' })).toContainText(
      'Received',
      SLOW,
    );

    // Assessment, approval less the excess, M-Pesa settlement.
    await desk.reload();
    await expect(desk.getByRole('link', { name: 'police-abstract.pdf' })).toBeVisible(SLOW);
    await desk.getByLabel('Assessor', { exact: true }).selectOption({ index: 1 });
    await desk.getByRole('button', { name: 'Appoint assessor' }).click();
    await expect(desk.getByText('Under assessment', { exact: true }).first()).toBeVisible(SLOW);
    await desk
      .getByLabel('Assessment report')
      .fill('Rear bumper and boot lid to replace; repair at a panel garage.');
    await desk.getByLabel('Assessed loss (KES)').fill('200000');
    await desk.getByRole('button', { name: 'Record assessment' }).click();
    await expect(desk.getByLabel('Agreed loss before the excess (KES)')).toBeVisible(SLOW);
    await desk.getByLabel('Agreed loss before the excess (KES)').fill('200000');
    await expect(desk.getByText('Payable: KES 175,000')).toBeVisible();
    await desk.getByRole('button', { name: 'Approve claim' }).click();
    await expect(desk.getByText('Approved', { exact: true }).first()).toBeVisible(SLOW);
    await desk.getByLabel('M-Pesa phone number').fill('254712345678');
    await desk.getByRole('button', { name: 'Pay KES 175,000' }).click();
    await expect(desk.getByText('Settled', { exact: true }).first()).toBeVisible(SLOW);
    await expect(desk.getByText(/KES 175,000 to M-Pesa 254712345678 — Paid/)).toBeVisible();
    await readmeShot(desk, testInfo, 'claim-desk-settled');

    // The client's timeline shows every step, with who took it.
    await page.reload();
    await expect(page.getByText('Settled', { exact: true }).first()).toBeVisible(SLOW);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const steps = await timeline.locator(':scope > li > p:first-child').allTextContents();
    expect(steps).toEqual([
      'Claim reported',
      'Document uploaded',
      'Document uploaded',
      'Document uploaded',
      'Documents requested',
      'Document uploaded',
      'Assessor appointed',
      'Assessment recorded',
      'Approved',
      'Payment sent to M-Pesa',
      'Settled',
    ]);
    await expect(timeline.getByText(/by .+ \(APA Insurance\)/).first()).toBeVisible();
    await expect(page.getByText('KES 175,000').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'settled claim');
    await deskContext.close();
  });

  test('a payout M-Pesa never confirms is handed to the desk, resolved from the statement, then paid again', async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);
    const claim = await call<{ id: number; claimRef: string }>(
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
    // Through the desk's API up to the approval (the first journey drives these screens).
    const staff = await signInStaffThroughApi(request, APA_UNDERWRITER);
    const desk = (action: string, data: Record<string, unknown>) =>
      call(request, ['claims', 'desk', action], { id: claim.id, ...data }, staff.accessToken);
    const [assessor] = await call<Array<{ id: string }>>(
      request,
      ['claims', 'desk', 'listAssessors'],
      { id: claim.id },
      staff.accessToken,
    );
    await desk('appointAssessor', { assessorId: assessor!.id });
    await desk('recordAssessment', {
      report: 'Windscreen to replace with an OEM glass.',
      assessedLoss: 40_000_00,
    });
    await desk('approveClaim', { amount: 40_000_00 });

    const page = await (await browser.newContext()).newPage();
    await signInStaffThroughPage(page, APA_UNDERWRITER);
    await page.goto(`/staff/claims/${claim.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Claim ${claim.claimRef}` })).toBeVisible(SLOW);
    const payable = await page.getByRole('button', { name: /^Pay KES / }).textContent();
    // The simulator's phone ending 08: M-Pesa takes the payout, its result never comes and the
    // Transaction Status query cannot find it either.
    await page.getByLabel('M-Pesa phone number').fill('254712345608');
    await page.getByRole('button', { name: payable! }).click();
    await expect(page.getByText("Waiting for M-Pesa's answer…").first()).toBeVisible(SLOW);
    await expect(page.getByRole('heading', { name: 'Resolve the unconfirmed payout' })).toBeVisible(SLOW);
    await expect(page.getByText('Payment not confirmed by M-Pesa').first()).toBeVisible();
    // Paying again is not offered while the first payout may have paid.
    await expect(page.getByRole('button', { name: payable! })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'unresolved payout');

    await page.getByRole('radio', { name: 'Not paid' }).check();
    await page.getByRole('button', { name: 'Record what the statement shows' }).click();
    await expect(
      page.getByText('Say how you checked that nothing was paid (at least 10 characters).'),
    ).toBeVisible();
    await page.getByLabel('How you checked').fill('Not on the B2C account statement of today.');
    await page.getByRole('button', { name: 'Record what the statement shows' }).click();
    await expect(page.getByRole('button', { name: payable! })).toBeVisible(SLOW);
    await expect(page.getByText(/not on the M-Pesa statement, checked by/).first()).toBeVisible();

    await page.getByLabel('M-Pesa phone number').fill('254712345678');
    await page.getByRole('button', { name: payable! }).click();
    await expect(page.getByText('Settled', { exact: true }).first()).toBeVisible(SLOW);
    await page.context().close();
  });

  test('@phone the claim screens are axe-clean on a phone', async ({ browser, request }) => {
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);
    const claim = await call<{ id: number }>(
      request,
      ['client', 'claim', 'reportClaim'],
      {
        policyNumber,
        type: 'windscreen',
        incidentDate: kenyaToday(),
        place: 'Thika Road, Nairobi',
        description: 'A stone thrown up by a lorry cracked the windscreen.',
      },
      client.session.accessToken,
    );
    const page = await clientPage(browser, client.session);
    await page.goto('/newportal/claims');
    await expect(page.getByRole('link', { name: /^Open claim CLM-/ })).toBeVisible(SLOW);
    await expectNoSeriousViolations(page, 'claims list (phone)');
    await page.goto(`/newportal/claims/${claim.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Claim CLM-/ })).toBeVisible(SLOW);
    await expectNoSeriousViolations(page, 'claim page (phone)');
    await page.goto('/newportal/claims/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Report a claim' })).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Report claim' }).click();
    await expect(page.getByText('Choose what happened.').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'report form with errors (phone)');
  });
});
