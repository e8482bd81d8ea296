import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  call,
  createClient,
  createInvoiceThroughApi,
  expectNoSeriousViolations,
  payInvoiceThroughApi,
  type Session,
  useSession,
} from './purchase-fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const kenyaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const pick = () => LETTERS[Math.floor(Math.random() * LETTERS.length)];
/** A plate of this run's own, so other journeys' certificates never answer for it. */
const plate = () => `KD${pick()} ${String(Math.floor(Math.random() * 900) + 100)}${pick()}`;

/** Buys a third-party motor policy starting today through the API; answers the policy's id. */
async function buyMotorPolicy(
  request: Parameters<typeof call>[0],
  session: Session,
  registrationNumber: string,
) {
  const invoice = await createInvoiceThroughApi(request, session, {
    registrationNumber,
    startDate: kenyaToday(),
  });
  await payInvoiceThroughApi(request, session, invoice.invoiceSystemRef);
  let policyId: number | null = null;
  await expect
    .poll(
      async () => {
        const answer = await call<{ policyId: number | null }>(
          request,
          ['client', 'invoice', 'getInvoice'],
          { invoiceSystemRef: invoice.invoiceSystemRef },
          session.accessToken,
        );
        policyId = answer.policyId;
        return policyId;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .not.toBeNull();
  return policyId as unknown as number;
}

test('a client downloads the certificate, and anyone checks it on /verify by number and by plate and date', async ({
  page,
  request,
}) => {
  const client = await createClient(request);
  const registration = plate();
  const policyId = await buyMotorPolicy(request, client.session, registration);

  await useSession(page, client.session);
  await page.goto(`/newportal/products/${policyId}`);
  // DMVIC's certificate, issued within seconds of the payment, and its PDF.
  const download = page.getByRole('link', { name: /^Download DMVIC certificate C\d{8}, Type C \(PDF\)$/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const certificateNumber = /C\d{8}/.exec((await download.textContent()) ?? '')![0];

  // A link to the check (as a QR code would open it) checks at once.
  await page.goto(`/verify?certificate=${certificateNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check a motor certificate' })).toBeVisible();
  const result = page.getByRole('region', { name: 'Result: Valid' });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result).toContainText(certificateNumber);
  await expect(result).toContainText(registration);
  await expect(result).toContainText('Toyota Probox');
  await expect(result).toContainText('Type C: private vehicle');
  await expect(result).toContainText('Answered by DMVIC.');
  await expect(result).toContainText('W*** K***');
  await expect(result).not.toContainText(client.session.user.email);
  await expect(result).not.toContainText('A123456789X');
  await expectNoSeriousViolations(page, 'verify: valid by number');

  // By plate and date, typed as people do.
  await page.getByLabel('Registration number', { exact: true }).fill(registration.toLowerCase());
  await page.getByLabel('Date', { exact: true }).fill(kenyaToday());
  await page.getByRole('button', { name: 'Check vehicle' }).click();
  await expect(page).toHaveURL(/plate=/);
  await expect(page.getByRole('region', { name: 'Result: Valid' })).toContainText(certificateNumber);

  // A mistake is named on its field, before any call.
  await page.getByLabel('Registration number', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Check vehicle' }).click();
  await expect(page.getByText('Enter a registration number like KAA 123A.')).toBeVisible();
  await expect(page.getByLabel('Registration number', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousViolations(page, 'verify: field error');

  // An unknown number.
  await page.getByRole('textbox', { name: 'Certificate number' }).fill('C99999999');
  await page.getByRole('button', { name: 'Check certificate' }).click();
  const unknown = page.getByRole('region', { name: 'Result: Unknown' });
  await expect(unknown).toBeVisible();
  await expect(unknown).toContainText('No certificate matches.');
  await expectNoSeriousViolations(page, 'verify: unknown');
});

test('the check speaks Kiswahili: headings, the answer and the field messages', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('bima.language', 'sw'));
  await page.goto('/verify?certificate=BIMA-C-2020-999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Kagua cheti cha bima ya gari' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Matokeo: Haijulikani' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/verify?plate=12&date=2026-02-30');
  await expect(page.getByText('Weka nambari ya usajili kama KAA 123A.')).toBeVisible();
  await expect(page.getByText('Weka tarehe halisi.')).toBeVisible();
  await expectNoSeriousViolations(page, 'verify in Kiswahili');
});
