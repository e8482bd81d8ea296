import { expect, test } from '@playwright/test';
import {
  createAccount,
  fetchMotorQuotes,
  getQuotes,
  kenyaDateFromToday,
  latestCode,
  openMenu,
  PASSWORD,
  quoteCard,
  saveVehicleValue,
  startMotorPrivate,
  toast,
  typeCode,
  uniqueEmail,
} from './fixtures';

test.describe('accounts: signing in to buy', () => {
  test("an anonymous visitor's 'Proceed to Purchase' → sign in → back in the purchase flow @phone", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { firstName: 'Otieno', lastName: 'Odhiambo' });
    const [product] = await fetchMotorQuotes(request, 0, 'third-party');
    if (!product) throw new Error('a third-party quote is expected in the sample market');

    await startMotorPrivate(page);
    await saveVehicleValue(page, 800_000);
    await getQuotes(page, 'Third Party Only');
    await quoteCard(page, product.productName).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByLabel('Cover period').selectOption({ label: '1 Month' });
    await page.getByLabel('Start date').fill(kenyaDateFromToday(0));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details\/quotation(\?quote=[\w-]+)?$/);

    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
    await expect(page).toHaveURL(/\/insurance\/auth$/);
    await page.getByRole('button', { name: 'Yes, Sign In' }).click();
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(toast(page, 'Login Successfull')).toBeVisible();
    await expect(page).toHaveURL(/\/motor\/cover-details$/);
    await openMenu(page);
    await expect(page.getByRole('banner').getByText('Otieno Odhiambo')).toBeVisible();
    // Sign-in also fetched the KYC details into the risk store: a new client's KRA PIN is 'N/A'.
    const risk = await page.evaluate(() => sessionStorage.getItem('bima.risk'));
    expect(JSON.parse(risk ?? '{}').data?.kycData).toMatchObject({ email: account.email, kraPin: 'N/A' });
  });

  test("'Proceed to Purchase' → create an account → set a password → back in the purchase flow, signed in", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('buyer');
    const [product] = await fetchMotorQuotes(request, 0, 'third-party');
    if (!product) throw new Error('a third-party quote is expected in the sample market');

    await startMotorPrivate(page);
    await saveVehicleValue(page, 800_000);
    await getQuotes(page, 'Third Party Only');
    await quoteCard(page, product.productName).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByLabel('Cover period').selectOption({ label: '1 Month' });
    await page.getByLabel('Start date').fill(kenyaDateFromToday(0));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Proceed to Purchase' }).click();
    await expect(page).toHaveURL(/\/insurance\/auth$/);

    await page.getByRole('button', { name: 'No, Create Account' }).click();
    await page.getByLabel('First name').fill('Chebet');
    await page.getByLabel('Last name').fill('Kiprono');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page).toHaveURL(/\/insurance\/otp$/);
    await typeCode(page, await latestCode(request, email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/insurance\/setpassword$/);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();

    await expect(toast(page, 'Account Created')).toBeVisible();
    await expect(page).toHaveURL(/\/motor\/cover-details$/);
    await openMenu(page);
    await expect(page.getByRole('banner').getByText('Chebet Kiprono')).toBeVisible();
    const risk = await page.evaluate(() => sessionStorage.getItem('bima.risk'));
    expect(JSON.parse(risk ?? '{}').data?.kycData).toMatchObject({ email, kraPin: 'N/A' });
  });
});
