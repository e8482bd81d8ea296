import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { kes, toast } from './fixtures';
import {
  buyComprehensiveQuote,
  COMPREHENSIVE,
  confirmApplication,
  createClient,
  fillFullVehicle,
  fillKyc,
  PAYMENT_TIMEOUT,
  payWith,
  signInThroughPage,
  useSession,
} from './purchase-fixtures';
import { readmeShot } from './readme-screens';

test.describe('purchase: comprehensive cover paid by M-Pesa', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new client signs in, gives vehicle and KYC details, pays and downloads the policy schedule @phone @readme', async ({
    page,
    request,
  }, testInfo) => {
    const client = await createClient(request);
    await buyComprehensiveQuote(page);

    // Signed out: the sign-in page, then straight on to the vehicle details.
    await signInThroughPage(page, client.email);
    await expect(page).toHaveURL(/\/motor\/cover-details/);
    const wizard = page.getByRole('navigation', { name: 'Quotation progress' });
    await expect(wizard.getByRole('listitem').filter({ hasText: 'Risk Assessment' })).toContainText(
      'In Progress',
    );
    await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
    for (const section of [
      'Vehicle Identity',
      'Technical Details',
      'Body and Usage',
      'Security and Modifications',
    ]) {
      await expect(page.getByRole('group', { name: section })).toBeVisible();
    }
    await expect(page.getByLabel('Model')).toBeDisabled();
    const car = await fillFullVehicle(page);
    await readmeShot(page, testInfo, 'motor-vehicle-details');
    // Changing the make clears the model.
    await page.getByLabel('Make').selectOption('Nissan');
    await expect(page.getByLabel('Model')).toHaveValue('');
    await page.getByLabel('Make').selectOption('Toyota');
    await page.getByLabel('Model').selectOption('Harrier');
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(toast(page, 'Vehicle Details Saved')).toBeVisible();

    // A new client's KRA PIN is N/A: KYC comes next.
    await expect(page).toHaveURL(/\/motor\/cover-details\/kyc-details$/);
    await expect(page.getByRole('heading', { name: 'KYC Verification' })).toBeVisible();
    await page.getByLabel('Phone number').fill('0712345678');
    await fillKyc(page);
    await page.getByRole('button', { name: 'Submit KYC Details' }).click();
    await expect(toast(page, 'KYC Details Saved')).toBeVisible();

    // The summary: insurance and vehicle details.
    await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
    await expect(wizard.getByRole('listitem').filter({ hasText: 'Payment & Confirmation' })).toContainText(
      'In Progress',
    );
    const insurance = page.getByRole('region', { name: 'Insurance Details' });
    await expect(insurance).toContainText('Cover typeComprehensive');
    await expect(insurance).toContainText(`Vehicle value${kes(COMPREHENSIVE.value)}`);
    await expect(insurance).toContainText(`Product${COMPREHENSIVE.name}`);
    await expect(insurance).toContainText('Cover period365 days');
    const vehicle = page.getByRole('region', { name: 'Vehicle Details' });
    await expect(vehicle).toContainText(`Registration number${car.registrationNumber}`);
    await expect(vehicle).toContainText('Engine capacity2,500 cc');
    await expect(vehicle).toContainText('Anti-theft deviceYes: Tracker fitted by a licensed company');
    await expect(vehicle).toContainText('ModificationsNo');
    const premium = (await insurance.getByText(/^KES /).nth(1).textContent()) ?? '';
    await readmeShot(page, testInfo, 'motor-summary');

    // Previous Step goes back to vehicle details now that the KRA PIN is known.
    await page.getByRole('button', { name: 'Previous Step' }).click();
    await expect(page).toHaveURL(/\/vehicle-details$/);
    await expect(page.getByLabel('Registration number')).toHaveValue(car.registrationNumber);
    await page.goBack();

    const createRequest = page.waitForRequest((req) => req.postData()?.includes('createQuotation') === true);
    await confirmApplication(page);
    const sent = (await createRequest).postDataJSON().data;
    expect(sent).toMatchObject({
      // The value entered, sent as cents (issue 29).
      risks: [
        { riskType: 'ASSET', value: COMPREHENSIVE.value * 100, riskRef: car.registrationNumber, details: {} },
      ],
      bussinessType: 'DIRECT',
      productSystemRef: 'JUB-MP-ELITE',
      clientDetails: {
        email: client.email,
        kraPin: 'A123456789X',
        names: { fname: 'Wanjiru', lname: 'Kamau' },
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      vehicleDetails: { make: 'Toyota', model: 'Harrier', fuelType: 'Petrol', engineCapacity: 2500 },
    });

    // Payment: the summary panel, then M-Pesa.
    const summary = page.getByRole('region', { name: 'Payment Summary' });
    await expect(summary).toContainText(`Total premium${premium}`);
    await expect(summary).toContainText('Cover typeComprehensive');
    await expect(summary).toContainText('Period365 days');
    await expect(page.getByText(/Never share your M-Pesa PIN/)).toBeVisible();
    await expect(page.getByRole('link', { name: /terms of use and privacy notice/ })).toHaveAttribute(
      'href',
      '/terms-and-privacy',
    );
    await payWith(page, '712345678');
    await expect(page.getByText('Waiting for your confirmation...')).toBeVisible();
    await expect(page.getByText('Check your phone for the M-Pesa prompt')).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Time left to confirm: 0:[0-3]\d/);
    await readmeShot(page, testInfo, 'motor-mpesa-waiting');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);

    // Confirmation: the progress card, then the policy.
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/confirmation$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('Your insurance policy has been activated.')).toBeVisible();
    const details = page.getByRole('region', { name: 'Policy Details' });
    await expect(details).toContainText(/Policy number\S+/);
    await expect(details).not.toContainText('Policy numberN/A');
    await readmeShot(page, testInfo, 'motor-policy-issued');
    await expect(details).toContainText(`Premium${premium}`);
    await expect(details).toContainText('Period365 days');
    await expect(page.getByRole('link', { name: 'Go to my client portal' })).toHaveAttribute(
      'href',
      '/newportal',
    );
    await expect(page.getByRole('link', { name: /^Call support on/ })).toHaveAttribute('href', /^tel:/);
    // Chat opens the conversation with the policy's intermediary, or support when bought direct.
    await expect(
      page.getByRole('link', { name: 'Chat with your intermediary or our support team' }),
    ).toHaveAttribute('href', /^\/newportal\/chats\?with=policy&policyNumber=/);
    const promises = page.getByRole('region', { name: 'Our promises' }).getByRole('listitem');
    await expect(promises).toHaveCount(3);
    for (const promise of ['Instant Coverage', 'Secure Payment', '24/7 Support']) {
      await expect(promises.filter({ hasText: promise })).toBeVisible();
    }
    const clock = page.locator('time');
    const first = await clock.getAttribute('datetime');
    await expect(clock).not.toHaveAttribute('datetime', first ?? '');

    // The motor certificate of insurance beside the schedule and the receipt (the shared documents panel).
    await expect(
      page
        .getByRole('region', { name: 'Your documents' })
        .getByRole('link', { name: /^Download DMVIC certificate C\d{8}, Type C \(PDF\)$/ }),
    ).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download policy schedule (PDF)' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a returning client (KYC given) goes from vehicle details straight to the summary', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await buyComprehensiveQuote(page);

    await expect(page).toHaveURL(/\/motor\/cover-details\/vehicle-details$/);
    await fillFullVehicle(page);
    await page.getByRole('button', { name: 'Submit Details' }).click();
    await expect(toast(page, 'Vehicle Details Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);
    await expect(page.getByRole('heading', { name: 'KYC Verification' })).toHaveCount(0);

    await confirmApplication(page);
    await payWith(page, '712345678');
    await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download payment receipt (PDF)' })).toBeVisible();
  });
});
