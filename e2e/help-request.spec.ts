import { expect, type Page, test } from '@playwright/test';
import { isoDateFromToday, latestCode, startMotorPrivate, toast, uniqueEmail } from './fixtures';
import { call, createClient, expectNoSeriousViolations, type Session, useSession } from './purchase-fixtures';
import { createHelpRequestThroughApi } from './staff-fixtures';

const BROKER = { email: 'broker@savannah-brokers.example', password: 'Bima-Staff-2026!' };

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const firmCard = (page: Page, name: string) => page.getByRole('button', { name });

async function fillVehicleAndQuery(page: Page, remarks: string) {
  await field(page, 'Vehicle Value KES').fill('1500000');
  await field(page, 'Registration Number').fill('KBC 123A');
  await field(page, 'Chassis Number').fill('JTDBR32E720123456');
  await field(page, 'Deadline').fill(isoDateFromToday(7));
  await field(page, 'Your Query').fill(remarks);
}

test.describe('help request (HelpMotor)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a signed-in client asks two brokers for a quotation from the wizard', async ({ page, request }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await startMotorPrivate(page);

    await page.getByRole('main').getByRole('button', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL(/\/motor\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance Help Center' })).toBeVisible();

    // Prefilled from the client's account and KYC.
    await expect(field(page, 'First Name')).toHaveValue('Wanjiru');
    await expect(field(page, 'Last Name')).toHaveValue('Kamau');
    await expect(field(page, 'Email Address')).toHaveValue(client.email);
    await expect(field(page, 'KRA PIN')).toHaveValue('A123456789X');

    // The vehicle, deadline, query and intermediaries are still empty.
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page, 'Form Validation Error')).toBeVisible();
    await expect(toast(page, 'Incomplete Form')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText(
          'Please fill in: Vehicle Value KES, Registration Number, Chassis Number, Deadline, Your Query, Select Intermediaries',
        ),
    ).toBeVisible();
    for (const message of [
      'Vehicle value is required',
      'Registration number is required',
      'Chassis number is required',
      'Expiry date is required',
      'Query description is required',
      'Please select at least one intermediary',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    // Wrong shapes get the spec's messages too.
    await field(page, 'Registration Number').fill('KBC');
    await field(page, 'Registration Number').blur();
    await expect(
      page.getByText('Please enter a valid registration number (e.g., KBC 123A)', { exact: true }),
    ).toBeVisible();
    await field(page, 'Your Query').fill('short');
    await field(page, 'Your Query').blur();
    await expect(page.getByText('Description must be at least 10 characters', { exact: true })).toBeVisible();

    await fillVehicleAndQuery(page, 'Please quote comprehensive cover for my saloon car.');

    // Two brokers, one found by name and one by phone digits.
    const search = page.getByRole('searchbox', { name: 'Search intermediaries' });
    await expect(search).toHaveAttribute('placeholder', /email or phone/);
    await search.fill('savannah');
    await expect(firmCard(page, 'Tana Insurance Brokers')).toHaveCount(0);
    await firmCard(page, 'Savannah Insurance Brokers').click();
    await expect(firmCard(page, 'Savannah Insurance Brokers')).toHaveAttribute('aria-pressed', 'true');
    await search.fill('0722 000 202');
    await expect(firmCard(page, 'Savannah Insurance Brokers')).toHaveCount(0);
    await firmCard(page, 'Tana Insurance Brokers').focus();
    await page.keyboard.press('Space');
    await expect(firmCard(page, 'Tana Insurance Brokers')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page, 'Request Submitted')).toBeVisible();
    await expect(
      page.getByText('Your quotation request has been successfully submitted.', { exact: true }),
    ).toBeVisible();
    // The form resets after success.
    await expect(field(page, 'First Name')).toHaveValue('');
    await expect(field(page, 'Email Address')).toHaveValue('');
    await expect(field(page, 'Chassis Number')).toHaveValue('');
    await expect(field(page, 'Your Query')).toHaveValue('');
    await expect(page.getByText('0 selected', { exact: true })).toBeVisible();

    // A broker of one of the firms sees the request in its inbox.
    const broker = await call<Session>(request, ['user', 'auth', 'login'], {
      username: BROKER.email,
      password: BROKER.password,
      loginDevice: {},
    });
    const inbox = await call<{
      items: Array<{ status: string; client: { email: string }; risk: { regNo: string } }>;
    }>(request, ['intermediary', 'request', 'listRequests'], { page: 1, pageSize: 50 }, broker.accessToken);
    const mine = inbox.items.find((item) => item.client.email === client.email);
    expect(mine).toMatchObject({ status: 'PENDING', risk: { regNo: 'KBC 123A' } });
  });

  test('a signed-out visitor confirms the e-mailed code and sends a request', async ({ page, request }) => {
    const email = uniqueEmail('help');
    await page.goto('/motor/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance Help Center' })).toBeVisible();
    await expect(field(page, 'First Name')).toHaveValue('');

    await field(page, 'First Name').fill('Achieng');
    await field(page, 'Last Name').fill('Otieno');
    await field(page, 'Email Address').fill(email);
    await field(page, 'KRA PIN').fill('A987654321Z');
    await fillVehicleAndQuery(page, 'Third-party cover for a pick-up, please.');
    await page.getByRole('searchbox', { name: 'Search intermediaries' }).fill('pwani');
    await firmCard(page, 'Pwani Cover Agency').click();
    await page.getByRole('button', { name: 'Send Request' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`We sent a code to ${email}.`)).toBeVisible();
    await dialog.getByLabel('4-digit code').fill(await latestCode(request, email));
    await dialog.getByRole('button', { name: 'Verify and send' }).click();

    await expect(toast(page, 'Request Submitted')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(field(page, 'Email Address')).toHaveValue('');
  });

  test('the wizard sends the visitor Home when the help data cannot be fetched', async ({ page }) => {
    await startMotorPrivate(page);
    await page.route('**/v2/api/v1', async (route) => {
      if (route.request().postData()?.includes('"helpEntities"')) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, err_code: 500, err_msg: 'Something went wrong.' }),
        });
        return;
      }
      await route.fallback();
    });
    await page.getByRole('main').getByRole('button', { name: 'Help', exact: true }).click();
    await expect(toast(page, 'Help unavailable')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a client who has sent five requests today is told when to send the next, and keeps the form @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    for (let index = 0; index < 5; index += 1)
      await createHelpRequestThroughApi(request, client.session, 'Savannah Insurance Brokers');
    await useSession(page, client.session);
    await page.goto('/motor/help');
    await expect(field(page, 'Email Address')).toHaveValue(client.email);
    await fillVehicleAndQuery(page, 'Please quote comprehensive cover for my second car.');
    await page.getByRole('searchbox', { name: 'Search intermediaries' }).fill('tana');
    await firmCard(page, 'Tana Insurance Brokers').click();
    await page.getByRole('button', { name: 'Send Request' }).click();

    await expect(toast(page, 'Submission Error')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('You can send at most 5 help requests a day. Please try again in 24 hours.', {
          exact: true,
        }),
    ).toBeVisible();
    // Nothing is lost: the form keeps what was typed, to send tomorrow.
    await expect(field(page, 'Your Query')).toHaveValue(
      'Please quote comprehensive cover for my second car.',
    );
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  });

  test('the help screen has no serious or critical violations @phone', async ({ page }) => {
    await page.goto('/motor/help');
    await expect(page.getByRole('button', { pressed: false }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'help');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'help with errors');
  });
});
