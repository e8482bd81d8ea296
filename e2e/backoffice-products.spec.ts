import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { signInThroughUi } from './fixtures';
import { call, createClient, type Session, useSession } from './purchase-fixtures';

// The product back office (features/backoffice-products) against the real API and database.
const UNDERWRITER = 'underwriter.jubilee@bimaportal.co.ke';
const STAFF_PASSWORD = 'Bima-Staff-2026!';
const PRODUCT = { ref: 'JUB-MP-ELITE', name: 'Jubilee Motor Elite' };
const RATE_TOO_HIGH = 'A rate must be between 0 and 1 (0 % to 100 %).';

interface AdminProduct {
  version: number;
  configuration: { bands: Array<{ fromValue: number; rate: number }> } & Record<string, unknown>;
}

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
function kenyaDate(days: number) {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** Through the API, as a client: a year's quotation for the product on a KES 1,500,000 car. */
async function quote(request: APIRequestContext, session: Session) {
  const registrationNumber = `KD${'ABCDEFGHJ'[Math.floor(Math.random() * 9)]} ${digits(3)}${'ABCDEFGHJ'[Math.floor(Math.random() * 9)]}`;
  return call<{ systemQuotationRef: string; premium: number }>(
    request,
    ['client', 'quotation', 'createQuotation'],
    {
      risks: [{ riskType: 'ASSET', value: 150_000_000, riskRef: registrationNumber, details: {} }],
      bussinessType: 'DIRECT',
      productSystemRef: PRODUCT.ref,
      clientDetails: {
        email: session.user.email,
        kraPin: 'A123456789X',
        names: { fname: 'W', lname: 'K' },
        kyc: {},
      },
      coverPeriod: 365,
      quotationChannel: 'web',
      coverDetails: { startDate: kenyaDate(1) },
      additionalBenefits: [],
      excesses: [],
      vehicleDetails: {
        make: 'Toyota',
        model: 'Harrier',
        registrationNumber,
        chassisNumber: `JTEBU5JR5K${digits(7)}`,
        engineNumber: `2GR-${digits(7)}`,
        engineCapacity: 2500,
        fuelType: 'Petrol',
        bodyType: 'SUV',
        usePurpose: 'private',
        colour: 'Pearl White',
        yearOfManufacture: 2019,
        antiTheftDevice: 'yes',
        antiTheftDetails: 'Tracker fitted by a licensed company',
        modifications: 'no',
      },
    },
    session.accessToken,
  );
}

async function staffSession(request: APIRequestContext) {
  return call<Session>(request, ['user', 'auth', 'login'], {
    username: UNDERWRITER,
    password: STAFF_PASSWORD,
    loginDevice: {},
  });
}

/** Puts the product's first band back to the seed's 4.5 % (a new version), for the journeys after this one. */
async function restoreFirstBand(request: APIRequestContext) {
  const session = await staffSession(request);
  const product = await call<AdminProduct>(
    request,
    ['backoffice', 'product', 'getProduct'],
    { productSystemRef: PRODUCT.ref },
    session.accessToken,
  );
  if (product.configuration.bands[0]?.rate === 0.045) return;
  const configuration = {
    ...product.configuration,
    bands: product.configuration.bands.map((band, index) => (index === 0 ? { ...band, rate: 0.045 } : band)),
  };
  await call(
    request,
    ['backoffice', 'product', 'updateProduct'],
    {
      productSystemRef: PRODUCT.ref,
      expectedVersion: product.version,
      changeSummary: 'Back to 4.5 % after the e2e journey.',
      configuration,
    },
    session.accessToken,
  );
}

async function openProducts(page: Page) {
  // Staff land on the staff area's dashboard; Products is in its navigation.
  if (!/\/staff\/products$/.test(page.url())) {
    await expect(page).toHaveURL(/\/staff$/);
    await page
      .getByRole('navigation', { name: 'Staff area' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/staff\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: PRODUCT.name })).toBeVisible();
}

/** Save in the bar, then the confirmation lists exactly these changes (label, old → new) and Confirm saves. */
async function saveConfirmed(page: Page, changes: string[]) {
  await page
    .getByRole('region', { name: 'Save this product' })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save these changes?' });
  await expect(dialog.getByRole('listitem')).toHaveText(changes);
  await dialog.getByRole('button', { name: 'Confirm and save' }).click();
}

const LORRY = {
  coverType: 'comprehensive-commercial',
  vehicleValue: 4_000_000,
  vehicleType: 'lorry',
  tonnageCapacity: 10,
  usageDetails: { primaryUse: 'general-cartage', goodsCarried: 'Cement', routes: 'Nairobi to Nakuru' },
};
const withLevies = (basic: number) => basic + Math.round(basic * 0.002) + Math.round(basic * 0.0025) + 40;

/** The public quote of Standard Commercial for a KES 4,000,000, 10 t general-cartage lorry. */
async function standardCommercialPremium(request: APIRequestContext) {
  const quotes = await call<Array<{ productSystemRef: string; premium: number }>>(
    request,
    ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
    { insuranceClass: '08', risk: LORRY },
  );
  // Answered in cents (issue 29): the shillings the rows give.
  const cents = quotes.find((product) => product.productSystemRef === 'JUB-MC-STD')?.premium;
  return cents === undefined ? undefined : cents / 100;
}

/** Puts Standard Commercial's general-cartage loading back to × 1.4. */
async function restoreCartageLoading(request: APIRequestContext) {
  const session = await staffSession(request);
  const product = await call<
    AdminProduct & { configuration: { loadings: Array<{ option: string; multiplier: number }> } }
  >(
    request,
    ['backoffice', 'product', 'getProduct'],
    { productSystemRef: 'JUB-MC-STD' },
    session.accessToken,
  );
  const loadings = product.configuration.loadings.map((loading) =>
    loading.option === 'general-cartage' ? { ...loading, multiplier: 1.4 } : loading,
  );
  if (JSON.stringify(loadings) === JSON.stringify(product.configuration.loadings)) return;
  await call(
    request,
    ['backoffice', 'product', 'updateProduct'],
    {
      productSystemRef: 'JUB-MC-STD',
      expectedVersion: product.version,
      changeSummary: 'General cartage back to × 1.4 after the e2e journey.',
      configuration: { ...product.configuration, loadings },
    },
    session.accessToken,
  );
}

test.describe('product back office', () => {
  test("the Jubilee underwriter changes Standard Commercial's general-cartage loading: the next quotes follow", async ({
    page,
    request,
  }) => {
    // An axe scan over the editor's long page (a dozen seconds on 2 shared cores), as below.
    test.slow();
    expect(await standardCommercialPremium(request)).toBe(withLevies(252_000));
    try {
      await signInThroughUi(page, UNDERWRITER, STAFF_PASSWORD);
      await expect(page).toHaveURL(/\/staff$/);
      await page.goto('/staff/products/JUB-MC-STD');
      await expect(page.getByRole('heading', { level: 1, name: 'Standard Commercial' })).toBeVisible();
      await expect(page.getByLabel('Band 1 group')).toHaveValue('vehicle');
      await expect(page.getByLabel('Loading 1 option')).toHaveValue('general-cartage');
      await expect(page.getByLabel('Minimum 3 from')).toHaveValue('8000');
      await expectNoSeriousViolations(page, 'rated product editor');
      await page.getByLabel('Loading 1 multiplier').fill('1.5');
      await page.getByLabel('Change summary').fill('General cartage × 1.5.');
      await saveConfirmed(page, ['Loading 1 multiplier1.4 → 1.5']);
      await expect(page.getByText(/^Saved as version \d+/)).toBeVisible();
      await expect(page.getByLabel('Loading 1 multiplier')).toHaveValue('1.5');
      // 4.5 % of 4,000,000 × 1.5; the minimums by tonnage were kept.
      expect(await standardCommercialPremium(request)).toBe(withLevies(270_000));
      await expect(page.getByLabel('Minimum 3 from')).toHaveValue('8000');
    } finally {
      await restoreCartageLoading(request);
    }
  });

  test('the Jubilee underwriter raises a rate: a new version; old quotations keep their price', async ({
    page,
    request,
  }) => {
    // Before the change: a client's quotation at version 1.
    const client = await createClient(request, { withKyc: true });
    const old = await quote(request, client.session);

    try {
      await signInThroughUi(page, UNDERWRITER, STAFF_PASSWORD);
      await expect(page).toHaveURL(/\/staff$/);
      await openProducts(page);
      const table = page.getByRole('table', { name: 'Products' });
      // The header and Jubilee's five products: motor private (two), commercial, fire domestic, aviation.
      await expect(table.getByRole('row')).toHaveCount(6);
      await expect(table).toContainText('Jubilee');
      await expect(table).not.toContainText('APA');

      await page.getByRole('link', { name: PRODUCT.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
      await expect(page.getByText('Current version 1', { exact: true })).toBeVisible();

      const firstRate = page.getByLabel('Rate (%), band 1', { exact: true });
      await expect(firstRate).toHaveValue('4.5');
      await firstRate.fill('150');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: RATE_TOO_HIGH })).toBeVisible();
      await expect(firstRate).toHaveAttribute('aria-invalid', 'true');

      await firstRate.fill('5');
      await page.getByLabel('Change summary').fill('First band from 4.5 % to 5 %.');
      await saveConfirmed(page, ['Rate (%), band 14.5 → 5']);
      await expect(page.getByText('Saved as version 2')).toBeVisible();
      await expect(page.getByText('Current version 2', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Rate (%), band 1', { exact: true })).toHaveValue('5');

      const versions = page.getByRole('table', { name: 'Versions of this product, newest first' });
      const latest = versions.getByRole('row').filter({ hasText: 'First band from 4.5 % to 5 %.' });
      await expect(latest).toContainText('Version 2');
      await expect(latest).toContainText('Current');
      await expect(versions.getByRole('link', { name: 'Version 1' })).toBeVisible();

      await latest.getByRole('link', { name: 'Version 2' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${PRODUCT.name}, version 2` })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Rate bands' })).toContainText('5 %');

      // After the change: the old quotation invoices its old price; a new one costs more.
      const invoice = await call<{ amount: number }>(
        request,
        ['underwriting', 'quotation', 'completeQuotation'],
        { systemQuotationRef: old.systemQuotationRef },
        client.session.accessToken,
      );
      expect(invoice.amount).toBe(old.premium);
      const fresh = await quote(request, client.session);
      expect(fresh.premium).toBeGreaterThan(old.premium);
    } finally {
      await restoreFirstBand(request);
    }
  });

  test('a save on a version someone else replaced says so, and Reload brings the latest', async ({
    page,
    request,
  }) => {
    const session = await staffSession(request);
    const productOf = () =>
      call<AdminProduct & { configuration: { description: string } }>(
        request,
        ['backoffice', 'product', 'getProduct'],
        { productSystemRef: PRODUCT.ref },
        session.accessToken,
      );
    const describeAs = async (description: string) => {
      const product = await productOf();
      await call(
        request,
        ['backoffice', 'product', 'updateProduct'],
        {
          productSystemRef: PRODUCT.ref,
          expectedVersion: product.version,
          configuration: { ...product.configuration, description },
        },
        session.accessToken,
      );
      return product.configuration.description;
    };

    await useSession(page, session);
    await page.goto(`/staff/products/${PRODUCT.ref}`);
    const opened = await productOf();
    await expect(page.getByText(`Current version ${opened.version}`, { exact: true })).toBeVisible();
    // Someone else saves a new version while the form is open.
    const original = await describeAs('Changed in another tab.');
    try {
      await page.getByLabel('Intermediary').fill('Direct sales');
      await saveConfirmed(page, [
        `Intermediary${opened.configuration.intermediary as string} → Direct sales`,
      ]);
      const stale = page.getByRole('alert').filter({
        hasText: 'This product was changed by someone else. Reload it to see the latest version.',
      });
      await expect(stale).toBeVisible();
      await stale.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByText(`Current version ${opened.version + 1}`, { exact: true })).toBeVisible();
      const basics = page.getByRole('group', { name: 'Basics' });
      await expect(basics.getByLabel('Description', { exact: true })).toHaveValue('Changed in another tab.');
      await expect(basics.getByLabel('Intermediary')).toHaveValue(
        opened.configuration.intermediary as string,
      );
    } finally {
      await describeAs(original);
    }
  });

  test('deactivating and activating again asks first and makes a version each time', async ({
    page,
    request,
  }) => {
    await useSession(page, await staffSession(request));
    await page.goto(`/staff/products/${PRODUCT.ref}`);
    const badge = page.getByText(/^Current version \d+$/);
    await expect(badge).toBeVisible();
    const version = Number((await badge.textContent())?.match(/\d+/)?.[0]);

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate this product?' });
    await expect(dialog).toContainText(`This makes version ${version + 1}.`);
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await expect(page.getByText(`The product is inactive (version ${version + 1})`)).toBeVisible();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Activate' }).click();
    await page
      .getByRole('dialog', { name: 'Activate this product?' })
      .getByRole('button', { name: 'Yes, continue' })
      .click();
    await expect(page.getByText(`The product is active (version ${version + 2})`)).toBeVisible();
    await expect(page.getByText(`Current version ${version + 2}`, { exact: true })).toBeVisible();
  });

  test('two changes: the bar counts them, Save lists each old → new, Back keeps editing, Confirm saves @phone @desktop', async ({
    page,
    request,
  }, testInfo) => {
    // Each project edits its own product, so the two never race for a version.
    const ref = testInfo.project.name === 'phone' ? 'JUB-AV-HULL' : 'JUB-FD-HOME';
    const session = await staffSession(request);
    type Basics = AdminProduct & { configuration: { intermediary: string; description: string } };
    const productOf = () =>
      call<Basics>(
        request,
        ['backoffice', 'product', 'getProduct'],
        { productSystemRef: ref },
        session.accessToken,
      );
    const before = await productOf();
    const { intermediary, description } = before.configuration;

    await useSession(page, session);
    await page.goto(`/staff/products/${ref}`);
    const basics = page.getByRole('group', { name: 'Basics' });
    const bar = page.getByRole('region', { name: 'Save this product' });
    await expect(basics.getByLabel('Intermediary')).toHaveValue(intermediary);
    await expect(bar).toContainText('No unsaved changes');
    await expect(bar).toBeInViewport();
    try {
      await basics.getByLabel('Intermediary').fill('Direct sales desk');
      await basics
        .getByLabel('Description', { exact: true })
        .fill('Cover for the hull, checked by the desk.');
      await expect(bar).toContainText('2 unsaved changes');

      // The sections are a jump away from anywhere: the bar's Sections menu goes to Charges.
      await bar.getByText('Sections', { exact: true }).click();
      await bar.getByRole('link', { name: 'Charges' }).click();
      await expect(page.getByRole('group', { name: 'Charges' })).toBeInViewport();
      await expect(bar).toBeInViewport();
      // Nothing wider than the screen (on a phone a wider page would widen the layout viewport too).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );

      // Leaving with unsaved changes asks first; staying keeps them.
      await page.getByRole('link', { name: 'Back to products' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(leave).toContainText('2 changes are not saved and will be lost.');
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/products/${ref}$`));

      await bar.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Save these changes?' });
      await expect(dialog).toContainText(`2 changes, saved as version ${before.version + 1}:`);
      await expect(dialog.getByRole('listitem')).toHaveText([
        `Intermediary${intermediary} → Direct sales desk`,
        `Description${description} → Cover for the hull, checked by the desk.`,
      ]);
      expect(await dialog.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      // Back: still editing, nothing saved.
      await dialog.getByRole('button', { name: 'Back to editing' }).click();
      await expect(dialog).toBeHidden();
      await expect(basics.getByLabel('Intermediary')).toHaveValue('Direct sales desk');
      await expect(bar).toContainText('2 unsaved changes');
      expect((await productOf()).version).toBe(before.version);

      await bar.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(page.getByText(`Saved as version ${before.version + 1}`)).toBeVisible();
      await expect(bar).toContainText('No unsaved changes');

      // At the end of the page the bar takes its own room: it covers nothing.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const versions = page.getByRole('table', { name: 'Versions of this product, newest first' });
      const tableBox = await versions.boundingBox();
      const barBox = await bar.boundingBox();
      expect(barBox && tableBox && barBox.y >= tableBox.y + tableBox.height).toBe(true);

      await page.reload();
      await expect(basics.getByLabel('Intermediary')).toHaveValue('Direct sales desk');
      await expect(basics.getByLabel('Description', { exact: true })).toHaveValue(
        'Cover for the hull, checked by the desk.',
      );
      // Nothing unsaved: leaving does not ask.
      await page.getByRole('link', { name: 'Back to products' }).click();
      await expect(page).toHaveURL(/\/staff\/products$/);
    } finally {
      const now = await productOf();
      const isChanged =
        now.configuration.intermediary !== intermediary || now.configuration.description !== description;
      if (isChanged)
        await call(
          request,
          ['backoffice', 'product', 'updateProduct'],
          {
            productSystemRef: ref,
            expectedVersion: now.version,
            changeSummary: 'Back to the seed after the e2e journey.',
            configuration: { ...now.configuration, intermediary, description },
          },
          session.accessToken,
        );
    }
  });

  test('list, editor and version have no serious or critical violations @phone @desktop', async ({
    page,
    request,
  }) => {
    // Three axe scans, one of them over the editor's long page (a dozen seconds each on 2 cores).
    test.slow();
    await useSession(page, await staffSession(request));
    await page.goto('/staff/products');
    await openProducts(page);
    await expectNoSeriousViolations(page, 'products list');

    await page.goto(`/staff/products/${PRODUCT.ref}`);
    await expect(page.getByLabel('Rate (%), band 1', { exact: true })).toBeVisible();
    // Amounts show in shillings, as typed (the wire carries cents): KES 20,000 a year.
    await expect(page.getByLabel('Minimum premium (KES a year)')).toHaveValue('20000');
    await expect(page.getByRole('table', { name: 'Versions of this product, newest first' })).toContainText(
      'Version 1',
    );
    await expectNoSeriousViolations(page, 'product editor');

    await page.goto(`/staff/products/${PRODUCT.ref}/versions/1`);
    await expect(page.getByRole('table', { name: 'Rate bands' })).toBeVisible();
    await expect(page.getByText('Minimum premium', { exact: true }).locator('..')).toHaveText(
      'Minimum premiumKES 20,000',
    );
    await expect(
      page.getByRole('table', { name: 'Charges' }).getByRole('row').filter({ hasText: 'Stamp Duty' }),
    ).toContainText('KES 40');
    await expectNoSeriousViolations(page, 'product version');
  });
});
