import { expect, test } from '@playwright/test';
import { createAccount, latestCode, mailTo, openMenu, signInThroughUi, toast, typeCode } from './fixtures';

const NEW_PASSWORD = 'Nairobi-Rain-7';

test.describe('accounts: forgotten password', () => {
  test('forgot password → code → new password → sign in with it; the old one fails @phone', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { firstName: 'Njeri', lastName: 'Mwangi' });

    await page.goto('/insurance/auth');
    await page.getByRole('button', { name: 'Yes, Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL(/\/insurance\/otp$/);
    // Four digits alone could be guessed: the code is entered on the page the e-mail links to.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('group', { name: '4-digit code' })).toBeHidden();
    // The reset mail is sent after the answer (so no answer waits on the mail server).
    await expect.poll(async () => (await mailTo(request, account.email)).length).toBe(2);
    const [mail] = await mailTo(request, account.email);
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'Enter your reset code' })).toBeVisible();
    await typeCode(page, await latestCode(request, account.email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Otp Verified')).toBeVisible();

    await expect(page).toHaveURL(/\/insurance\/setpassword$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Password reset successfull')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/auth\?mode=login$/);

    // The old password no longer works.
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Authentication Error')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/auth\?mode=login$/);

    await signInThroughUi(page, account.email, NEW_PASSWORD);
    await expect(toast(page, 'Login Successfull')).toBeVisible();
    await expect(page).toHaveURL(/\/newportal$/);
    await openMenu(page);
    await expect(page.getByRole('banner').getByText('Njeri Mwangi')).toBeVisible();
  });

  test('/insurance/resetpassword opens the password-reset form', async ({ page }) => {
    await page.goto('/insurance/resetpassword');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });
});
