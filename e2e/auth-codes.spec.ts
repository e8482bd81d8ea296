import { expect, type Page, test } from '@playwright/test';
import { codeBox, latestCode, mailTo, toast, typeCode, uniqueEmail } from './fixtures';

/** Signs up through the page and waits for the OTP page; returns the e-mail. */
async function signUpToCodePage(page: Page): Promise<string> {
  const email = uniqueEmail('codes');
  await page.goto('/insurance/auth?mode=signup');
  await page.getByLabel('First name').fill('Kamau');
  await page.getByLabel('Last name').fill('Njoroge');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/insurance\/otp$/);
  await expect(codeBox(page, 1)).toBeVisible();
  return email;
}

/** A code that is certainly not the one mailed. */
function wrongCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}

test.describe('accounts: e-mailed codes', () => {
  test('a wrong code shows Verification error with the reason', async ({ page, request }) => {
    const email = await signUpToCodePage(page);
    await typeCode(page, wrongCode(await latestCode(request, email)));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Verification error')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('The code is not correct. Check the e-mail and try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/otp$/);
    // The boxes are cleared for another try.
    await expect(codeBox(page, 1)).toHaveValue('');
  });

  test('an incomplete code is refused before any call @phone', async ({ page }) => {
    await signUpToCodePage(page);
    let verifyCalls = 0;
    page.on('request', (req) => {
      if (req.postData()?.includes('registrationValidation')) verifyCalls += 1;
    });
    await typeCode(page, '12');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('Please enter a valid 4-digit code')).toBeVisible();
    expect(verifyCalls).toBe(0);
  });

  test('resend e-mails a new code, and the new code works', async ({ page, request }) => {
    const email = await signUpToCodePage(page);
    const before = await mailTo(request, email);
    expect(before).toHaveLength(1);
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(toast(page, 'New code sent to your email')).toBeVisible();
    await expect.poll(async () => (await mailTo(request, email)).length).toBe(2);

    await typeCode(page, await latestCode(request, email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Otp Verified')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/setpassword$/);
  });

  test('typing moves forward, Backspace in an empty box moves back, pasting fills every box', async ({
    page,
    request,
  }) => {
    const email = await signUpToCodePage(page);
    await codeBox(page, 1).click();
    await page.keyboard.type('12');
    await expect(codeBox(page, 1)).toHaveValue('1');
    await expect(codeBox(page, 2)).toHaveValue('2');
    await expect(codeBox(page, 3)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(codeBox(page, 2)).toBeFocused();

    const code = await latestCode(request, email);
    await codeBox(page, 1).focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    for (const [index, digit] of [...code].entries())
      await expect(codeBox(page, index + 1)).toHaveValue(digit);
    await expect(codeBox(page, 4)).toBeFocused();

    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/insurance\/setpassword$/);
  });
});
