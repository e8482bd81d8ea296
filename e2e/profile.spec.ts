import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { createAccount, latestCode, mailTo, signInThroughUi, toast } from './fixtures';

/** Signs a fresh client in through the sign-in page and opens Profile › User Profile. */
async function openProfile(page: Page, request: APIRequestContext) {
  const account = await createAccount(request, { firstName: 'Achieng', lastName: 'Otieno' });
  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/newportal$/);
  await page.goto('/newportal/profile');
  await expect(page.getByRole('heading', { name: 'User Profile', level: 1 })).toBeVisible();
  return account;
}

/** The 4-digit code of the newest text message to a phone (`GET /dev/sms`, outside production only). */
async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const messages = (await (await request.get('/dev/sms')).json()) as Array<{ to: string; text: string }>;
  const code = messages.find((message) => message.to === phone)?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

test.describe('Profile › User Profile', () => {
  test('edits the names and changes the e-mail with the code from the outbox @phone', async ({
    page,
    request,
  }) => {
    const account = await openProfile(page, request);
    await expectNoSeriousViolations(page, 'User Profile');
    const names = page.getByRole('region', { name: 'Your name' });
    await names.getByLabel('First Name').fill('4chieng');
    await names.getByRole('button', { name: 'Save name' }).click();
    await expect(names.getByText('First name should only contain letters')).toBeVisible();
    await names.getByLabel('First Name').fill("Ng'endo");
    await names.getByLabel('Last Name').fill('Wanjiru-Kamau');
    await names.getByRole('button', { name: 'Save name' }).click();
    await expect(toast(page, 'Name saved')).toBeVisible();
    await page.reload();
    await expect(names.getByLabel('First Name')).toHaveValue("Ng'endo");

    const emailSection = page.getByRole('region', { name: 'E-mail address' });
    const main = page.getByRole('main');
    await expect(main.getByText(account.email)).toBeVisible();
    const newEmail = account.email.replace('client.', 'moved.');
    await emailSection.getByLabel('New e-mail address').fill(newEmail);
    await emailSection.getByRole('button', { name: 'Send code to the new e-mail' }).click();
    await expect(emailSection.getByText(`We sent a 4-digit code to ${newEmail}`)).toBeVisible();
    await emailSection.getByLabel('Code').fill(await latestCode(request, newEmail));
    await emailSection.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await expect(toast(page, 'E-mail changed')).toBeVisible();
    await expect(main.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(main.getByText("Ng'endo Wanjiru-Kamau")).toBeVisible();
    const [notice] = await mailTo(request, account.email);
    expect(notice?.subject).toBe('Your Bima Portal e-mail address was changed');
  });

  test('refuses an e-mail another account has', async ({ page, request }) => {
    await openProfile(page, request);
    const other = await createAccount(request);
    const emailSection = page.getByRole('region', { name: 'E-mail address' });
    await emailSection.getByLabel('New e-mail address').fill(other.email);
    await emailSection.getByRole('button', { name: 'Send code to the new e-mail' }).click();
    await expect(emailSection.getByText('An account with this e-mail already exists.')).toBeVisible();
  });

  test("changes the phone to another country's number with the texted code", async ({ page, request }) => {
    await openProfile(page, request);
    const phone = page.getByRole('region', { name: 'Phone number' });
    await expect(page.getByRole('main').getByText('No phone number yet.')).toBeVisible();
    await phone.getByLabel('Country').selectOption({ label: '🇺🇬 Uganda (+256)' });
    await phone.getByLabel('New phone number').fill('0772 123 45');
    await phone.getByRole('button', { name: 'Send code by SMS' }).click();
    await expect(phone.getByText('Enter a valid phone number for the chosen country.')).toBeVisible();
    await phone.getByLabel('New phone number').fill('0772 123 456');
    await phone.getByRole('button', { name: 'Send code by SMS' }).click();
    await expect(phone.getByText('We sent a 4-digit code to +256772123456')).toBeVisible();
    await phone.getByLabel('Code').fill(await latestSmsCode(request, '+256772123456'));
    await phone.getByRole('button', { name: 'Confirm phone number' }).click();
    await expect(toast(page, 'Phone number changed')).toBeVisible();
    await expect(page.getByRole('main').getByText('+256772123456', { exact: true })).toBeVisible();
  });

  test('changes the password, then signs in with the new one only', async ({ page, request, browser }) => {
    const account = await openProfile(page, request);
    const password = page.getByRole('region', { name: 'Password' });
    const newPassword = 'Mombasa-Road-2027!';
    await password.getByLabel('Current Password').fill('Not-the-password-1');
    await password.getByLabel('New Password', { exact: true }).fill(newPassword);
    await password.getByLabel('Confirm New Password').fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The current password is not correct.')).toBeVisible();
    await password.getByLabel('Current Password').fill(account.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughUi(otherPage, account.email, account.password);
    await expect(otherPage).not.toHaveURL(/\/newportal$/);
    await signInThroughUi(otherPage, account.email, newPassword);
    await expect(otherPage).toHaveURL(/\/newportal$/);
    await other.close();
  });

  test('"Sign out of other devices" signs a second browser out and keeps this one', async ({
    page,
    request,
    browser,
  }) => {
    const account = await openProfile(page, request);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughUi(otherPage, account.email, account.password);
    await expect(otherPage).toHaveURL(/\/newportal$/);

    const devices = page.getByRole('region', { name: 'Other devices' });
    await devices.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect(toast(page, 'Other devices signed out')).toBeVisible();

    await otherPage.goto('/newportal/profile');
    await expect(otherPage).toHaveURL(/\/insurance\/auth$/);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your name' }).getByLabel('First Name')).toHaveValue(
      'Achieng',
    );
    await other.close();
  });
});

test.describe('KYC identity', () => {
  test('a non-Kenyan saves KYC with a passport; National ID is for citizens only @phone', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { firstName: 'Nakato', lastName: 'Mukasa' });
    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/newportal$/);
    await page.goto('/newportal/kyc');
    await expect(page.getByRole('heading', { name: 'KYC Details' })).toBeVisible();

    await expect(page.getByLabel('Nationality')).toHaveValue('KE');
    const idType = page.getByLabel('ID Type');
    await expect(idType.getByRole('option', { name: 'National ID' })).toHaveCount(1);
    await page.getByLabel('Nationality').selectOption({ label: '🇺🇬 Uganda' });
    await expect(idType.getByRole('option', { name: 'National ID' })).toHaveCount(0);
    await expect(idType.getByRole('option', { name: 'Alien ID' })).toHaveCount(1);
    await expectNoSeriousViolations(page, 'KYC with nationality and ID');

    await page.getByLabel('Phone Number').fill('0712345678');
    await page.getByLabel('KRA PIN').fill('A123456789X');
    await page.getByLabel('Account Type').selectOption({ label: 'Individual' });
    await page.getByLabel('Physical Address').fill('Ngong Road, Kilimani, Nairobi');
    await idType.selectOption({ label: 'Passport' });
    await page.getByLabel('ID Number').fill('B12-45');
    await page.getByRole('button', { name: 'Save KYC Details' }).click();
    await expect(page.getByText('A passport number has 6 to 9 letters or digits.')).toBeVisible();
    await page.getByLabel('ID Number').fill('b1234567');
    await page.getByRole('button', { name: 'Save KYC Details' }).click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Nationality')).toHaveValue('UG');
    await expect(idType).toHaveValue('PASSPORT');
    await expect(page.getByLabel('ID Number')).toHaveValue('B1234567');
  });
});

test.describe('One phone of record', () => {
  test('the phone saved with the KYC is the profile phone, until its texted code verifies it @phone', async ({
    page,
    request,
  }) => {
    await openProfile(page, request);
    const main = page.getByRole('main');
    await expect(main.getByText('No phone number yet.')).toBeVisible();

    await page.goto('/newportal/kyc');
    await expect(page.getByRole('heading', { name: 'KYC Details' })).toBeVisible();
    await page.getByLabel('Phone Number').fill('0712 345 678');
    await page.getByLabel('KRA PIN').fill('A123456789X');
    await page.getByLabel('Account Type').selectOption({ label: 'Individual' });
    await page.getByLabel('Physical Address').fill('Ngong Road, Kilimani, Nairobi');
    await page.getByRole('button', { name: 'Save KYC Details' }).click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();

    await page.goto('/newportal/profile');
    await expect(main.getByText('+254712345678 (not verified yet)')).toBeVisible();
    await expect(main.getByText('No phone number yet.')).toHaveCount(0);

    // The same number confirmed with its texted code: the profile shows it verified.
    const phone = page.getByRole('region', { name: 'Phone number' });
    await phone.getByLabel('New phone number').fill('0712345678');
    await phone.getByRole('button', { name: 'Send code by SMS' }).click();
    // The outbox is read once the code was sent (on a loaded machine the read could come first).
    await expect(phone.getByText('We sent a 4-digit code to +254712345678')).toBeVisible();
    await phone.getByLabel('Code').fill(await latestSmsCode(request, '+254712345678'));
    await phone.getByRole('button', { name: 'Confirm phone number' }).click();
    await expect(toast(page, 'Phone number changed')).toBeVisible();
    await expect(main.getByText('+254712345678', { exact: true })).toBeVisible();
  });
});
