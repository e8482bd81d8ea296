import { expect, test } from '@playwright/test';
import { createAccount, readAccessToken, signInThroughUi, toast } from './fixtures';

test.describe('accounts: sessions and KYC', () => {
  test('a 403 mid-session signs the client out and sends them to sign in', async ({ page, request }) => {
    const account = await createAccount(request, { firstName: 'Chebet', lastName: 'Kiptoo' });
    // The portal's background calls (the Chats badge's count, the chat socket's sign-in) are done
    // before the session is revoked.
    const portalLive = Promise.all([
      page.waitForResponse((response) => (response.request().postData() ?? '').includes('getUnreadCount')),
      page.waitForEvent('websocket').then((socket) =>
        socket.waitForEvent('framereceived', {
          predicate: (frame) => String(frame.payload).includes('"ready"'),
        }),
      ),
    ]);
    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/newportal$/);
    const header = page.getByRole('banner');
    await expect(header.getByText('Chebet Kiptoo')).toBeVisible();
    await portalLive;

    // The session is revoked elsewhere (sign-out on another device uses the same session here).
    const accessToken = await readAccessToken(page);
    const response = await request.post('/v2/api/v1', {
      headers: { accessToken },
      data: {
        service: { name: 'client', version: 'v1' },
        resource: { name: 'logout', version: 'v1' },
        action: { name: 'logout', version: 'v1' },
        data: {},
      },
    });
    expect(response.status()).toBe(200);

    // The server closes the open chat socket with the session (4401); its renewal meets the 403, so
    // the page signs out and goes to sign in by itself, before anything is clicked.
    await expect(page).toHaveURL(/\/insurance\/auth$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByText('Chebet Kiptoo')).toBeHidden();
    expect(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('bima.auth') ?? '{}').data?.authToken),
    ).toBeNull();
  });

  test('KYC details show the spec messages, then save @phone', async ({ page, request }) => {
    const account = await createAccount(request, { firstName: 'Amina', lastName: 'Hassan' });
    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/newportal$/);

    await page.goto('/newportal/kyc');
    await expect(page.getByRole('heading', { name: 'KYC Details' })).toBeVisible();
    const accountType = page.getByLabel('Account Type');
    await expect(accountType).toHaveValue('select');
    await expect(page.getByLabel('KRA PIN')).toHaveValue('');

    const save = page.getByRole('button', { name: 'Save KYC Details' });
    await save.click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('KRA PIN is required')).toBeVisible();
    await expect(page.getByText('Account type is required')).toBeVisible();
    await expect(page.getByText('Physical address is required')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.getByLabel('Phone Number').fill('12345');
    await page.getByLabel('Phone Number').blur();
    await expect(
      page.getByText('Please enter a valid Kenyan phone number (e.g., 0712345678 or +254712345678)'),
    ).toBeVisible();
    await page.getByLabel('KRA PIN').fill('123');
    await page.getByLabel('KRA PIN').blur();
    await expect(page.getByText('Please enter a valid KRA PIN (e.g., A123456789X)')).toBeVisible();
    await page.getByLabel('Physical Address').fill('Short');
    await page.getByLabel('Physical Address').blur();
    await expect(page.getByText('Address must be at least 10 characters long')).toBeVisible();

    await page.getByLabel('Phone Number').fill('0712 345 678');
    await page.getByLabel('KRA PIN').fill('a123456789z');
    await accountType.selectOption({ label: 'Individual' });
    await page.getByLabel('Physical Address').fill('Kindaruma Road, Kilimani, Nairobi');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('KRA PIN')).toHaveValue('A123456789Z');
    await expect(page.getByLabel('Phone Number')).toHaveValue('0712345678');
    await expect(accountType).toHaveValue('INDIVIDUAL');
  });

  test('the portal menu has its 13 entries, Assessment included, each opening its screen', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { firstName: 'Baraka', lastName: 'Mutua' });
    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/newportal$/);
    const menu = page.getByRole('navigation', { name: 'Client portal' });
    for (const label of [
      'Dashboard',
      'Cart',
      'Accounts',
      'Invoice',
      'IPF Requests',
      'My Policies',
      'Claims',
      'Quotations',
      'User Profile',
      'KYC',
      'Assessment',
      'Intermediaries',
      'Notification',
      'Top Up Options',
      'Chats',
    ]) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    await expect(menu.getByText('Profile', { exact: true })).toBeVisible();

    await menu.getByRole('link', { name: /^Assessment/ }).click();
    await expect(page).toHaveURL(/\/newportal\/assessment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible();
    await menu.getByRole('link', { name: 'Claims', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();

    await menu.getByRole('link', { name: 'User Profile' }).click();
    await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Baraka Mutua')).toBeVisible();
    await expect(main.getByText(account.email)).toBeVisible();
  });
});
