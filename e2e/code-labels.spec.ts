import { type APIRequestContext, expect, test } from '@playwright/test';
import { call, createClient, expectNoSeriousViolations, type Session, useSession } from './purchase-fixtures';

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
const kenyaDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A screen's first load on a busy machine (its chunk, then its data). */
const SLOW = { timeout: 30_000 };

const kyc = {
  fullName: 'Wanjiru Kamau',
  idNumber: '29876543',
  kraPin: 'A123456789Z',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.co.ke',
  address: 'Plot 12, Mombasa Road, Nairobi',
};

/** Through the API: a saved quotation of a non-motor class (no vehicle). */
async function saveClassQuotation(
  request: APIRequestContext,
  session: Session,
  productSystemRef: string,
  riskRef: string,
  details: Record<string, unknown>,
) {
  return call<{ systemQuotationRef: string }>(
    request,
    ['client', 'quotation', 'createQuotation'],
    {
      risks: [{ riskType: 'ASSET', value: null, riskRef, details }],
      productSystemRef,
      clientDetails: { kyc },
      coverPeriod: 365,
      coverDetails: { startDate: kenyaDate(1) },
    },
    session.accessToken,
  );
}

test.describe('codes never reach a person (issue 28)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the cart and the invoice name burglary and fire cover in words, in English and Kiswahili @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    const fire = await saveClassQuotation(request, client.session, 'CIC-FD-DOM', 'Kileleshwa, Nairobi', {
      buildingValue: 5_000_000,
      contentsValue: 1_000_000,
      location: { county: 'Nairobi', town: 'Kileleshwa' },
      construction: 'stone-tile',
      occupancy: 'owner-occupied',
    });
    const burglary = await saveClassQuotation(
      request,
      client.session,
      'CIC-TH-THEFT',
      'Kileleshwa, Nairobi',
      {
        premisesType: 'house',
        contentsValue: 500_000,
        highValueItems: [{ description: 'Laptop', value: 200_000 }],
        security: { alarm: true, guard: false, burglarBars: true, electricFence: false },
      },
    );
    for (const quotation of [fire, burglary])
      await call(request, ['client', 'cart', 'addItem'], quotation, client.session.accessToken);
    const invoice = await call<{ invoiceSystemRef: string }>(
      request,
      ['underwriting', 'quotation', 'completeQuotation'],
      { systemQuotationRef: fire.systemQuotationRef },
      client.session.accessToken,
    );
    await useSession(page, client.session);

    await page.goto('/newportal/cart');
    const items = page.getByRole('list', { name: 'Quotations in your cart' });
    await expect(items.getByRole('article', { name: burglary.systemQuotationRef })).toContainText(
      'Burglary and theft',
      SLOW,
    );
    await expect(items.getByRole('article', { name: fire.systemQuotationRef })).toContainText(
      'Fire Domestic (building and contents)',
    );
    await expect(items).not.toContainText(/\bburglary\b|fire-domestic/);
    await expectNoSeriousViolations(page, 'cart with class cover');

    await page.goto(`/newportal/invoice/${invoice.invoiceSystemRef}`);
    await expect(page.getByText('Fire Domestic (building and contents)')).toBeVisible(SLOW);
    await expect(page.locator('main')).not.toContainText('fire-domestic');

    // In Kiswahili the same words are Kiswahili, not the English label and not the code.
    // (The language the person chose, as the header's switch remembers it on this device.)
    await page.evaluate(() => localStorage.setItem('bima.language', 'sw'));
    await page.reload();
    await expect(page.getByText('Bima ya Moto ya Nyumbani (jengo na mali iliyomo)')).toBeVisible(SLOW);
    await page.goto('/newportal/cart');
    await expect(
      page.getByRole('article', { name: burglary.systemQuotationRef }).getByText(/Uvunjaji na wizi/),
    ).toBeVisible(SLOW);
  });
});
