import { expect, type Page, test } from '@playwright/test';
import { callAction, mailTo, openMenu, PASSWORD, uniqueEmail } from './fixtures';
import { swExactly } from './swahili';

const button = (page: Page, english: string) => page.getByRole('button', { name: swExactly(english) });
const field = (page: Page, english: string) => page.getByLabel(swExactly(english), { exact: true });

/** The newest mail to `email` once one matching `subject` has arrived. */
async function mailWithSubject(request: Parameters<typeof mailTo>[0], email: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailTo(request, email)).some((mail) => subject.test(mail.subject)))
    .toBe(true);
  return (await mailTo(request, email)).find((mail) => subject.test(mail.subject))!;
}

test.describe('e-mails in Kiswahili', () => {
  test('a visitor switches to Kiswahili and signs up: the code e-mail is in Swahili; switching back while signed in makes the next e-mail English @phone', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('kiswahili');

    await page.goto('/');
    await openMenu(page);
    await page.getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

    await page.goto('/insurance/auth');
    await button(page, 'No, Create Account').click();
    await field(page, 'First name').fill('Achieng');
    await field(page, 'Last name').fill('Otieno');
    await field(page, 'E-mail address').fill(email);
    await page.getByRole('button', { name: swExactly('Create Account') }).click();
    await expect(page).toHaveURL(/\/insurance\/otp$/);

    // The code e-mail, read from the dev outbox, is in Swahili.
    const mail = await mailWithSubject(
      request,
      email,
      /^Msimbo wako wa uthibitishaji wa Bima Portal: \d{4}$/,
    );
    expect(mail.text).toContain('Habari Achieng,');
    expect(mail.text).toMatch(/Msimbo wako wa uthibitishaji wa Bima Portal ni \d{4}\./);
    expect(mail.text).not.toContain('verification code');
    const code = mail.subject.match(/(\d{4})$/)![1]!;

    await page.getByRole('textbox', { name: 'Tarakimu 1 kati ya 4' }).click();
    await page.keyboard.type(code);
    await button(page, 'Verify Code').click();
    await expect(page).toHaveURL(/\/insurance\/setpassword$/);
    await page.getByLabel(swExactly('Password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(swExactly('Confirm password'), { exact: true }).fill(PASSWORD);
    await button(page, 'Set Password').click();
    await expect(page).toHaveURL(/\/newportal$/);

    // Signed in, back to English: the account follows, so the next e-mail (a reset code) is English.
    await openMenu(page, swExactly('Menu'));
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/v2/api/v1') && /"setLanguage"/.test(response.request().postData() ?? ''),
    );
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await saved).ok()).toBe(true);
    await callAction(
      request,
      { service: 'user', resource: 'auth', action: 'forgotPasswordRequest' },
      {
        username: email,
      },
    );
    const reset = await mailWithSubject(request, email, /password reset code/);
    expect(reset.subject).toMatch(/^Your Bima Portal password reset code: \d{4}$/);
  });
});
