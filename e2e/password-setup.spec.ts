import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { advanceClock, resetClock } from './clock-fixtures';
import { latestCode, mailTo, uniqueEmail } from './fixtures';
import { call } from './purchase-fixtures';
import { kenyaDate, listPublicIntermediaries, STAFF, signInStaffThroughApi } from './staff-fixtures';

const PASSWORD = 'Karibu-Staff-2026!';

/** An admin invites a broker of the sample firm Savannah; answers the e-mail and its /password-setup link. */
async function inviteBroker(request: APIRequestContext) {
  const admin = await signInStaffThroughApi(request, STAFF.admin);
  const savannah = (await listPublicIntermediaries(request)).find((firm) =>
    firm.intermediaryNames.startsWith('Savannah'),
  );
  const email = uniqueEmail('invited-broker');
  await call(
    request,
    ['admin', 'staff', 'inviteStaff'],
    { email, firstName: 'Wanjiru', lastName: 'Kamau', role: 'intermediary', intermediaryId: savannah!.id },
    admin.accessToken,
  );
  return { email, link: await newestLink(request, email) };
}

async function newestLink(request: APIRequestContext, email: string): Promise<string> {
  const [mail] = await mailTo(request, email);
  const link = mail?.text.match(/(https?:\/\/\S+\/password-setup\?token=[A-Za-z0-9_-]{43})/)?.[1];
  expect(link, 'the e-mailed /password-setup link').toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function choosePassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
}

test.describe('/password-setup: an invited person sets a password from the e-mailed link', () => {
  test('an invited staff user sets a password on /password-setup and lands in the staff area; the link then says it was used @phone', async ({
    page,
    request,
  }) => {
    const { email, link } = await inviteBroker(request);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // The spec's password rules and messages.
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await choosePassword(page, PASSWORD, `${PASSWORD}x`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await expectNoSeriousViolations(page, 'password setup with errors');

    await choosePassword(page, PASSWORD);
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByText('Wanjiru Kamau').first()).toBeVisible();

    // Single use: the same link now sends to sign-in.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectNoSeriousViolations(page, 'password setup link used');
  });

  test('an expired link says so and e-mails a new one that works @clock', async ({ page, request }) => {
    const { email, link } = await inviteBroker(request);
    // Invitations live 72 hours: four days later the link is dead.
    await advanceClock(request, 4);
    try {
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
      await expectNoSeriousViolations(page, 'password setup link expired');
      await page.getByRole('button', { name: 'Send me a new link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    } finally {
      await resetClock(request);
    }
    const fresh = await newestLink(request, email);
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await choosePassword(page, PASSWORD);
    await expect(page).toHaveURL(/\/staff$/);
  });

  test('a visitor a broker recommended sets the new account’s password from the e-mail and lands on the recommendation', async ({
    page,
    request,
  }) => {
    // A signed-out visitor asks Savannah for a quote, proving the e-mail with a code.
    const email = uniqueEmail('visitor');
    const { verificationRef } = await call<{ verificationRef: string }>(
      request,
      ['underwriting', 'quotation', 'requestHelpCode'],
      { email },
    );
    const savannah = (await listPublicIntermediaries(request)).find(
      (firm) => firm.intermediaryNames === 'Savannah Insurance Brokers',
    );
    const { requestSystemRef } = await call<{ requestSystemRef: string }>(
      request,
      ['underwriting', 'quotation', 'createHelpRequest'],
      {
        entityRefs: [savannah!.id],
        expiry: kenyaDate(14),
        status: 'PENDING',
        remarks: 'Please quote comprehensive cover for my family car.',
        clientDetails: { names: { firstName: 'Achieng', lastName: 'Otieno' }, email, kraPin: 'A123456789X' },
        riskDetails: { value: 125_000_000, chassisNumber: 'JTEBU5JR5K5765432', regNo: 'KDC 321D' },
        verificationRef,
        code: await latestCode(request, email),
      },
    );
    // The broker recommends a product: the visitor's account is made, without a password.
    const broker = await signInStaffThroughApi(request, STAFF.savannahBroker);
    const inbox = await call<{ items: Array<{ id: number; requestSystemRef: string }> }>(
      request,
      ['intermediary', 'request', 'listRequests'],
      { page: 1, pageSize: 50 },
      broker.accessToken,
    );
    const row = inbox.items.find((item) => item.requestSystemRef === requestSystemRef);
    const { id } = await call<{ id: number }>(
      request,
      ['intermediary', 'recommendation', 'sendRecommendation'],
      {
        requestId: row!.id,
        items: [{ productSystemRef: 'JUB-MP-ELITE', coverPeriod: 365, startDate: kenyaDate(1) }],
        note: 'Jubilee Motor Elite gives you the widest cover for your family car.',
      },
      broker.accessToken,
    );

    const mail = (await mailTo(request, email)).find((item) => item.text.includes('/password-setup?token='));
    const link = mail?.text.match(/(https?:\/\/\S+\/password-setup\?token=\S+)/)?.[1];
    expect(link, 'the recommendation e-mail’s /password-setup link').toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await choosePassword(page, 'Karibu-Mteja-2026!');
    await expect(page).toHaveURL(new RegExp(`/newportal/client-quotation-review/${id}$`));
  });

  test('a link without its token, or an unknown one, says what to do', async ({ page }) => {
    await page.goto('/password-setup');
    await expect(page.getByRole('heading', { name: 'This link is not complete' })).toBeVisible();
    await page.goto(`/password-setup?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();
  });
});
