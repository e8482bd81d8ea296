import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  freshVehicleIdentity,
  PAYMENT_TIMEOUT,
  payInvoiceThroughApi,
  useSession,
} from './purchase-fixtures';

/*
 * The USSD channel by hand (issue 32): /dev/ussd is a phone that posts each answer to the real
 * callback, POST /v2/api/ussd, exactly as Africa's Talking does.
 */

const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * A phone of this journey's own (+2547…): ends in 55, which the M-Pesa simulator pays and the
 * Africa's Talking simulator delivers (31–33 and 01–14 are their failure numbers).
 */
const ownPhone = () => `+2547${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}55`;

/** The USSD screen as the phone shows it. */
const screen = (page: Page) => page.getByRole('status');

async function dialFrom(page: Page, phone: string) {
  await page.goto('/dev/ussd');
  await expect(page.getByRole('heading', { level: 1, name: 'USSD phone' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: /^Dial \*/ }).click();
}

async function reply(page: Page, answer: string) {
  await page.getByLabel('Answer').fill(answer);
  await page.getByRole('button', { name: 'Send' }).click();
}

/**
 * A client whose KYC has an ID number (the USSD check asks its last 4 digits, 6789) and whose phone
 * of its own is verified with the code texted to it (Profile's way), as the personal menus need.
 */
async function clientWithVerifiedPhone(request: APIRequestContext) {
  const phone = ownPhone();
  const client = await createClient(request, { withKyc: true });
  const token = client.session.accessToken;
  await call(
    request,
    ['client', 'client', 'updateClient'],
    {
      kraPin: 'A123456789X',
      phone: `0${phone.slice(4)}`,
      address: 'Kenyatta Avenue, Nairobi',
      clientType: 'INDIVIDUAL',
      idType: 'NATIONAL_ID',
      idNumber: '23456789',
    },
    token,
  );
  const change = await call<{ changeRef: string }>(
    request,
    ['client', 'profile', 'requestPhoneChange'],
    { phone },
    token,
  );
  let code = '';
  await expect
    .poll(async () => {
      const texts = (await (await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`)).json()) as Array<{
        text: string;
      }>;
      code = texts[0]?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await call(
    request,
    ['client', 'profile', 'confirmPhoneChange'],
    { changeRef: change.changeRef, code },
    token,
  );
  return { phone, client };
}

test.describe('USSD by hand on /dev/ussd', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a plate check: anyone sees a vehicle’s cover, its end date and insurer @phone', async ({
    page,
    request,
  }) => {
    // A vehicle with a policy from today, bought through the API as the portal does.
    const owner = await createClient(request, { withKyc: true });
    const vehicle = freshVehicleIdentity();
    const invoice = await createInvoiceThroughApi(request, owner.session, {
      registrationNumber: vehicle.registrationNumber,
      chassisNumber: vehicle.chassisNumber,
      startDate: kenyaToday(),
    });
    await payInvoiceThroughApi(request, owner.session, invoice.invoiceSystemRef);

    await dialFrom(page, ownPhone());
    await expect(screen(page)).toContainText('Choose a language / Chagua lugha');
    await expectNoSeriousViolations(page, '/dev/ussd');
    await reply(page, '1');
    await expect(screen(page)).toContainText('1. Check cover by number plate');
    // A stranger's phone is offered no personal menu.
    await expect(screen(page)).not.toContainText('Pay');
    await reply(page, '1');
    await expect(screen(page)).toContainText('Enter the number plate');
    await reply(page, vehicle.registrationNumber.replace(' ', '').toLowerCase());
    await expect(screen(page)).toContainText(vehicle.registrationNumber);
    await expect(screen(page)).toContainText('Cover: valid');
    await expect(screen(page)).toContainText(/Ends: \d+ \w+ \d{4}/);
    await expect(screen(page)).toContainText('Insurer: ');
    await expect(page.getByText('Session ended.')).toBeVisible();
    // The session is over: the phone can dial again.
    await expect(page.getByRole('button', { name: /^Dial \*/ })).toBeVisible();
    await expect(page.getByLabel('Answer')).toBeHidden();
  });

  test('a client pays an unpaid invoice from their verified phone: ID check, M-Pesa, paid in the portal, texted @phone', async ({
    page,
    request,
  }) => {
    const { phone, client } = await clientWithVerifiedPhone(request);
    const { invoiceSystemRef } = await createInvoiceThroughApi(request, client.session, {
      startDate: kenyaToday(),
    });

    await dialFrom(page, phone);
    await reply(page, '1');
    await expect(screen(page)).toContainText('3. Pay');
    await reply(page, '3');
    await expect(screen(page)).toContainText('Enter the last 4 digits of your ID number');
    await reply(page, '6789');
    await expect(screen(page)).toContainText('What do you want to pay?');
    await reply(page, '1');
    await expect(screen(page)).toContainText(/Amount: KES [\d,]+/);
    await expect(screen(page)).toContainText('1. Pay');
    await reply(page, '1');
    await expect(screen(page)).toContainText('Enter your M-Pesa PIN on the prompt');
    await expect(page.getByText('Session ended.')).toBeVisible();

    // The M-Pesa simulator approves the prompt sent to this phone: the invoice is paid in the portal.
    await useSession(page, client.session);
    await expect(async () => {
      await page.goto(`/newportal/invoice/${invoiceSystemRef}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Invoice ${invoiceSystemRef}` }),
      ).toBeVisible();
      await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass(PAYMENT_TIMEOUT);

    // …and the client is texted that the payment arrived.
    await page.goto('/dev/sms');
    await expect(page.getByRole('heading', { level: 1, name: 'Text messages' })).toBeVisible();
    const text = page
      .getByRole('article')
      .filter({ hasText: `To ${phone}` })
      .filter({
        hasText: 'we received your payment of KES',
      });
    await expect(text).toHaveCount(1);
  });

  test('a client reports an accident from their verified phone; the claim is in the portal @phone', async ({
    page,
    request,
  }) => {
    const { phone, client } = await clientWithVerifiedPhone(request);
    const vehicle = freshVehicleIdentity();
    const invoice = await createInvoiceThroughApi(request, client.session, {
      registrationNumber: vehicle.registrationNumber,
      chassisNumber: vehicle.chassisNumber,
      startDate: kenyaToday(),
    });
    await payInvoiceThroughApi(request, client.session, invoice.invoiceSystemRef);

    await dialFrom(page, phone);
    await reply(page, '1');
    await reply(page, '4');
    await expect(screen(page)).toContainText('Enter the last 4 digits of your ID number');
    await reply(page, '6789');
    await expect(screen(page)).toContainText('1. Report a claim');
    await reply(page, '1');
    await expect(screen(page)).toContainText('What happened?');
    await reply(page, '1');
    await expect(screen(page)).toContainText('When did it happen?');
    await reply(page, '1');
    await reply(page, 'Ngong Road, Dagoretti Corner');
    await expect(screen(page)).toContainText(`Accident, ${vehicle.registrationNumber}`);
    await reply(page, '1');
    await expect(screen(page)).toContainText(/Claim CLM-\S+ reported\./);
    const claimRef = /Claim (CLM-\S+) reported/.exec((await screen(page).textContent()) ?? '')?.[1];

    await useSession(page, client.session);
    await page.goto('/newportal/claims');
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Open claim ${claimRef}` })).toBeVisible();
  });
});
