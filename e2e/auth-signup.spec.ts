import { expect, test } from '@playwright/test';
import {
  createAccount,
  latestCode,
  mailTo,
  openMenu,
  PASSWORD,
  toast,
  typeCode,
  uniqueEmail,
} from './fixtures';

test.describe('accounts: sign up, set a password (signed in at once), sign out and in', () => {
  test('a new client signs up with the e-mailed code, is signed in by setting a password, signs out and in @phone', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/insurance\/auth$/);
    await expect(page.getByRole('heading', { name: 'Do you have an account?' })).toBeVisible();
    await page.getByRole('button', { name: 'No, Create Account' }).click();

    // Nothing is checked before the first submit attempt; then the errors show and submit locks.
    await expect(page.getByText('First name is required')).toBeHidden();
    const create = page.getByRole('button', { name: 'Create Account', exact: true });
    await create.click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(create).toBeDisabled();

    await page.getByLabel('First name').fill('Achieng');
    await page.getByLabel('Last name').fill('Otieno');
    await page.getByLabel('E-mail address').fill(email);
    await expect(create).toBeEnabled();
    await create.click();

    await expect(toast(page, 'Registration successfull')).toBeVisible();
    await expect(page.getByText('You will receive an otp to your email')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/otp$/);
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await typeCode(page, await latestCode(request, email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Otp Verified')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/setpassword$/);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await expect(page.getByText('Password strength: Weak')).toBeVisible();
    await password.fill('abcdefgh');
    await expect(page.getByText('Password strength: Fair')).toBeVisible();
    await password.fill('abcdefgH');
    await expect(page.getByText('Password strength: Good')).toBeVisible();
    await password.fill(PASSWORD);
    await expect(page.getByText('Password strength: Strong')).toBeVisible();

    await page.getByLabel('Confirm password', { exact: true }).fill('Something-else-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();

    // Setting the password signs the new client in: no second typing of e-mail and password.
    await expect(toast(page, 'Account Created')).toBeVisible();
    await expect(page).toHaveURL(/\/newportal$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Achieng Otieno' })).toBeVisible();
    const header = page.getByRole('banner');
    await openMenu(page);
    await expect(header.getByText('Achieng Otieno')).toBeVisible();

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The new password signs in later.
    await page.goto('/insurance/auth?mode=login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Login Successfull')).toBeVisible();
    await expect(page).toHaveURL(/\/newportal$/);
    await openMenu(page);
    await expect(header.getByText('Achieng Otieno')).toBeVisible();

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByText('Achieng Otieno')).toBeHidden();

    // Signed out, the portal sends visitors to sign in.
    await page.goto('/newportal');
    await expect(page).toHaveURL(/\/insurance\/auth$/);
  });

  test('an e-mail that already has an account goes on like any sign-up; the owner is e-mailed, no code @phone', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('taken');
    await createAccount(request, { email });
    const mailsBefore = (await mailTo(request, email)).length;

    await page.goto('/insurance/auth?mode=signup');
    await page.getByLabel('First name').fill('Achieng');
    await page.getByLabel('Last name').fill('Otieno');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // The same next screen as a new address: nothing tells that the address is registered.
    await expect(page).toHaveURL(/\/insurance\/otp$/);
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect.poll(async () => (await mailTo(request, email)).length).toBe(mailsBefore + 1);
    const [notice] = await mailTo(request, email);
    expect(notice?.subject).toBe('Someone tried to sign up to Bima Portal with your address');
    expect(notice?.text).not.toMatch(/\b\d{4}\b/);

    // A guessed code is simply wrong, as it would be for a new address.
    await typeCode(page, '0000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Verification error')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('The code is not correct. Check the e-mail and try again.'),
    ).toBeVisible();
  });
});
