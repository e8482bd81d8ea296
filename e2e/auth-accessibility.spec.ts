import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { codeBox, createAccount, latestCode, signInThroughUi, typeCode, uniqueEmail } from './fixtures';

/** Signs up through the page up to the OTP page. */
async function reachCodePage(page: Page): Promise<string> {
  const email = uniqueEmail('a11y');
  await page.goto('/insurance/auth?mode=signup');
  await page.getByLabel('First name').fill('Wanjiru');
  await page.getByLabel('Last name').fill('Kamau');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(codeBox(page, 1)).toBeVisible();
  return email;
}

for (const size of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 412, height: 915 },
]) {
  test.describe(`account screens: accessibility at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('auth options, login (with errors), signup and reset have no serious violations', async ({
      page,
    }) => {
      await page.goto('/insurance/auth');
      await expect(page.getByRole('heading', { name: 'Do you have an account?' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Yes, Sign In' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByText('Email address is required')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByLabel('First name')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/insurance/resetpassword');
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('OTP and set-password pages have no serious violations', async ({ page, request }) => {
      const email = await reachCodePage(page);
      await typeCode(page, '12');
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await expect(page.getByText('Please enter a valid 4-digit code')).toBeVisible();
      await expectNoSeriousViolations(page);

      await codeBox(page, 1).fill('');
      await codeBox(page, 2).fill('');
      await typeCode(page, await latestCode(request, email));
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await expect(page).toHaveURL(/\/insurance\/setpassword$/);
      await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
      await expect(page.getByText('Password strength: Fair')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('portal dashboard and KYC pages have no serious violations', async ({ page, request }) => {
      const account = await createAccount(request);
      await signInThroughUi(page, account.email, account.password);
      await expect(page).toHaveURL(/\/newportal$/);
      await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/newportal/kyc');
      await page.getByRole('button', { name: 'Save KYC Details' }).click();
      await expect(page.getByText('Phone number is required')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/newportal/assessment');
      await expect(page.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'See my covers' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
