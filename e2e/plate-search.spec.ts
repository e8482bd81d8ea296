import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  categoryCard,
  latestCode,
  PASSWORD,
  productCard,
  quoteCard,
  startMotorPrivate,
  toast,
  typeCode,
  uniqueEmail,
} from './fixtures';
import {
  COMPREHENSIVE,
  createClient,
  expectNoSeriousViolations,
  PAYMENT_TIMEOUT,
  useSession,
} from './purchase-fixtures';

/**
 * Quotes from the number plate (issue 30): the simulator's sample register (apps/api/src/dmvic/
 * sample-register.ts) knows KDN 612E, a 2018 Toyota Harrier; NTSA does not know KDV 002X; KDV 008X
 * makes DMVIC fail; KDK 734C is a pick-up (commercial); KMEA 201A a motor cycle.
 */
const HARRIER = {
  plate: 'KDN 612E',
  make: 'Toyota',
  model: 'Harrier',
  year: '2018',
  body: 'STATION WAGON',
  chassis: 'ZSU60-0098765',
  engine: '3ZR-2219876',
};

function plateCard(page: Page) {
  return page.getByRole('region', { name: 'Start from your number plate' });
}

/** Types a plate into the first screen's plate search and asks for the vehicle. */
async function findPlate(page: Page, plate: string) {
  const card = plateCard(page);
  await card.getByLabel('Number plate').fill(plate);
  await card.getByRole('button', { name: 'Find my vehicle' }).click();
  return card;
}

/** Comprehensive quote for Jubilee Motor Elite from the cover-type screen → Proceed to Purchase. */
async function quoteAndProceed(page: Page, act: Acts) {
  await act.type(page.getByLabel('Vehicle value (KES)'), String(COMPREHENSIVE.value));
  await act.tap(page.getByRole('button', { name: 'Save Value' }));
  await act.tap(page.getByRole('radio', { name: /^Comprehensive/ }));
  await act.tap(page.getByRole('button', { name: 'Get Quote' }));
  await page.getByRole('heading', { name: 'Compare quotations' }).waitFor();
  await act.tap(quoteCard(page, COMPREHENSIVE.name).getByRole('button', { name: 'Buy Now' }));
  // A year's cover from today: the screen's defaults, nothing to type.
  await expect(page.getByLabel('Cover period')).toHaveValue('365');
  await act.tap(page.getByRole('button', { name: 'Continue' }));
  await act.tap(page.getByRole('button', { name: 'Save & View Quote' }));
  await expect(page.getByRole('table', { name: 'Premium breakdown' })).toBeVisible();
  await act.tap(page.getByRole('button', { name: 'Proceed to Purchase' }));
}

/**
 * What a person does, counted: every field typed into (one `fill`, or the four-digit code typed in
 * one go) and every tap (a button, a radio, a checkbox, a choice in a drop-down).
 */
interface Acts {
  type: (field: Locator, text: string) => Promise<void>;
  typeCode: (code: string) => Promise<void>;
  tap: (target: Locator) => Promise<void>;
  choose: (select: Locator, option: { label: string }) => Promise<void>;
  typed: string[];
  taps: number;
}

function counting(page: Page): Acts {
  const acts: Acts = {
    typed: [],
    taps: 0,
    type: async (field, text) => {
      // The field's label, so the report names what was typed.
      acts.typed.push(
        await field.evaluate(
          (input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() || input.id,
        ),
      );
      await field.fill(text);
    },
    typeCode: async (code) => {
      acts.typed.push('code');
      acts.taps += 1;
      await typeCode(page, code);
    },
    tap: async (target) => {
      acts.taps += 1;
      await target.click();
    },
    choose: async (select, option) => {
      acts.taps += 1;
      await select.selectOption(option);
    },
  };
  return acts;
}

test.describe('quotes from the number plate', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a known plate fills the vehicle details; only what the register cannot know is asked @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request, { withKyc: true });
    await useSession(page, client.session);
    await startMotorPrivate(page);

    const card = await findPlate(page, 'kdn612e');
    await expect(card.getByText(`We found ${HARRIER.plate}. Is this your vehicle?`)).toBeVisible();
    // The buyer sees what identifies the vehicle, never its owner.
    await expect(card).toContainText(`Make${HARRIER.make.toUpperCase()}`);
    await expect(card).toContainText(`Model${HARRIER.model.toUpperCase()}`);
    await expect(card).toContainText(`Year of manufacture${HARRIER.year}`);
    await expect(card).toContainText(`Body type${HARRIER.body}`);
    await expect(card).not.toContainText('AMINA');
    await expectNoSeriousViolations(page, 'plate search: found');
    await card.getByRole('button', { name: 'Yes, this is my vehicle' }).click();
    await expect(card.getByRole('status')).toContainText(`Vehicle ${HARRIER.plate} found`);

    await quoteAndProceed(page, counting(page));
    await expect(page).toHaveURL(/\/motor\/cover-details\/vehicle-details$/);
    await expect(
      page.getByText(`Filled in from the vehicle register for ${HARRIER.plate}: check the details`),
    ).toBeVisible();
    await expect(page.getByLabel('Make')).toHaveValue(HARRIER.make);
    await expect(page.getByLabel('Model')).toHaveValue(HARRIER.model);
    await expect(page.getByLabel('Registration number')).toHaveValue(HARRIER.plate);
    await expect(page.getByLabel('Chassis number')).toHaveValue(HARRIER.chassis);
    await expect(page.getByLabel('Engine number')).toHaveValue(HARRIER.engine);
    await expect(page.getByLabel('Body type')).toHaveValue(HARRIER.body);
    await expect(page.getByLabel('Year of manufacture')).toHaveValue(HARRIER.year);
    await expect(page.getByLabel('Use purpose')).toHaveValue('private');
    // The buyer can still correct what the register says.
    await page.getByLabel('Body type').fill('SUV');
    await page
      .getByRole('group', { name: 'Does the vehicle have an anti-theft device?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await page
      .getByRole('group', { name: 'Has the vehicle been modified?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await fillWhatTheRegisterLacks(page, counting(page));
    await page.getByRole('button', { name: 'Submit Details' }).click();
    // (Its two-second toast is not waited for: the summary it leads to says the details were taken.)
    await expect(page).toHaveURL(/\/motor\/payment-confirmation\/summary$/);
    const vehicle = page.getByRole('region', { name: 'Vehicle Details' });
    await expect(vehicle).toContainText(`Registration number${HARRIER.plate}`);
    await expect(vehicle).toContainText('Body typeSUV');
  });

  test('a plate the register does not know, an outage, a commercial vehicle and a motor cycle each say what applies @phone', async ({
    page,
  }) => {
    await startMotorPrivate(page);

    // Not in NTSA's records: a gentle message, and the journey goes on by hand.
    let card = await findPlate(page, 'KDV 002X');
    await expect(card.getByText(/We could not find that plate in the register/)).toBeVisible();
    await expect(page.getByLabel('Vehicle value (KES)')).toBeEditable();

    // DMVIC fails: the clear message beside the field, no toast, and on by hand.
    card = await findPlate(page, 'KDV 008X');
    await expect(card.getByRole('alert')).toHaveText(
      'We could not look up the plate right now; enter the details yourself.',
    );
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);

    // A badly written plate: the form's own message, no search.
    await card.getByLabel('Number plate').fill('12345');
    await card.getByRole('button', { name: 'Find my vehicle' }).click();
    await expect(card.getByLabel('Number plate')).toHaveAccessibleDescription(
      /Enter a number plate like KDA 123A/,
    );

    // A motor cycle: sold nowhere online yet, said plainly.
    card = await findPlate(page, 'KMEA 201A');
    await expect(card).toContainText(
      'KMEA 201A is registered as a motor cycle. We do not sell motor cycle cover online yet',
    );

    // A pick-up on the private journey: the commercial journey is offered, and takes the vehicle along.
    card = await findPlate(page, 'KDK 734C');
    await expect(card).toContainText('KDK 734C is registered as a commercial vehicle');
    await expectNoSeriousViolations(page, 'plate search: a commercial vehicle on the private journey');
    await card.getByRole('link', { name: 'Switch to motor commercial' }).click();
    await expect(page).toHaveURL(/\/motor-commercial\/MC101\/MotorCommercial/);
    await expect(plateCard(page).getByRole('status')).toContainText('Vehicle KDK 734C found');
    await expect(plateCard(page)).toContainText('Body typePICK-UP');

    // And back: a private car found on the commercial journey offers motor private.
    await plateCard(page).getByRole('button', { name: 'Search another plate' }).click();
    card = await findPlate(page, HARRIER.plate);
    await expect(card).toContainText(`${HARRIER.plate} is registered as a private vehicle`);
    await card.getByRole('link', { name: 'Switch to motor private' }).click();
    await expect(page).toHaveURL(/\/motor\/basic-details\/cover-type/);
    await expect(plateCard(page).getByRole('status')).toContainText(`Vehicle ${HARRIER.plate} found`);
  });

  test('motor commercial: a known lorry chooses its vehicle type and fills the vehicle step @phone', async ({
    page,
    request,
  }) => {
    const client = await createClient(request);
    await useSession(page, client.session);
    await page.goto('/');
    await categoryCard(page, 'Business').click();
    await productCard(page, 'Motor Commercial').getByRole('button', { name: 'Get Quote' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your cover type' })).toBeVisible();

    const card = await findPlate(page, 'KBZ 409D');
    await expect(card).toContainText('Body typeLORRY');
    await card.getByRole('button', { name: 'Yes, this is my vehicle' }).click();
    await page.getByRole('radio', { name: /^Comprehensive Commercial Cover/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The register's body answers the vehicle type; the value, tonnage and use are the buyer's.
    await expect(page.getByLabel('Vehicle type')).toHaveValue('lorry');
    await page.getByLabel('Estimated market value (KES)').fill('2500000');
    await page.getByLabel('Tonnage capacity (tonnes)').fill('10');
    await page.getByLabel('Primary use').selectOption({ label: 'General cartage (carrying for hire)' });
    await page.getByLabel('Goods carried').fill('Building materials');
    await page.getByLabel('Routes').fill('Nairobi–Mombasa');
    await page.getByRole('button', { name: 'Get Quotation' }).click();
    await page
      .getByRole('list', { name: 'Quoted plans' })
      .getByRole('article', { name: 'Standard Commercial' })
      .getByRole('button', { name: 'Select Plan' })
      .click();

    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    await expect(page.getByText('Filled in from the vehicle register for KBZ 409D')).toBeVisible();
    const fromRegister: Array<[label: string, value: string]> = [
      ['Make', 'MITSUBISHI'],
      ['Model', 'FUSO FH'],
      ['Registration number', 'KBZ 409D'],
      ['Chassis number', 'FH215J-540321'],
      ['Engine number', '6M60-112233'],
      ['Year of manufacture', '2012'],
      ['Body type', 'LORRY'],
      ['Fuel type', 'Diesel'],
    ];
    for (const [label, value] of fromRegister)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(page.getByLabel('Engine capacity (cc)')).not.toHaveValue('');
    await page.getByLabel('Purpose').fill('General cartage');
    await page
      .getByRole('group', { name: 'Has the vehicle been modified?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Save Vehicle Details' }).click();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  });

  test('from the landing page to a paid policy from a known plate: at most 12 typed fields, sign-up included @phone', async ({
    page,
    request,
  }) => {
    const act = await buyFromLandingPage(page, request, { plate: HARRIER.plate });
    expect(act.typed.length).toBeLessThanOrEqual(12);
  });

  test('without the plate the journey goes on as before, every vehicle field typed (the count before issue 30) @phone', async ({
    page,
    request,
  }) => {
    const act = await buyFromLandingPage(page, request, { plate: null });
    // The vehicle form asked for all of it: no field was filled in for the buyer.
    expect(act.typed).toEqual(
      expect.arrayContaining(['Registration number', 'Chassis number', 'Engine number']),
    );
  });
});

/**
 * Landing page → motor private → comprehensive quote → sign-up → vehicle → KYC → M-Pesa → policy,
 * as a new visitor, from `plate` when given; answers what was typed and tapped.
 */
async function buyFromLandingPage(
  page: Page,
  request: APIRequestContext,
  { plate }: { plate: string | null },
) {
  const act = counting(page);
  const email = uniqueEmail('plate');

  await page.goto('/');
  await act.tap(categoryCard(page, 'Individual'));
  await page.getByRole('heading', { name: 'Excellent Choice!' }).waitFor();
  await act.tap(productCard(page, 'Motor Private').getByRole('button', { name: 'Get Quote' }));
  await page.getByRole('heading', { name: 'Choose your cover' }).waitFor();

  if (plate) {
    const card = plateCard(page);
    await act.type(card.getByLabel('Number plate'), plate);
    await act.tap(card.getByRole('button', { name: 'Find my vehicle' }));
    await act.tap(card.getByRole('button', { name: 'Yes, this is my vehicle' }));
    await expect(card.getByRole('status')).toContainText(`Vehicle ${plate} found`);
  }
  await quoteAndProceed(page, act);

  // Sign-up: names and e-mail, the mailed code, a password.
  await expect(page).toHaveURL(/\/insurance\/auth$/);
  await act.tap(page.getByRole('button', { name: 'No, Create Account' }));
  await act.type(page.getByLabel('First name'), 'Achieng');
  await act.type(page.getByLabel('Last name'), 'Onyango');
  await act.type(page.getByLabel('E-mail address'), email);
  await act.tap(page.getByRole('button', { name: 'Create Account', exact: true }));
  await expect(page).toHaveURL(/\/insurance\/otp$/);
  await act.typeCode(await latestCode(request, email));
  await act.tap(page.getByRole('button', { name: 'Verify Code' }));
  await expect(page).toHaveURL(/\/insurance\/setpassword$/);
  await act.type(page.getByLabel('Password', { exact: true }), PASSWORD);
  await act.type(page.getByLabel('Confirm password', { exact: true }), PASSWORD);
  await act.tap(page.getByRole('button', { name: 'Set Password' }));
  await expect(toast(page, 'Account Created')).toBeVisible();

  // The vehicle: from a known plate the register's details are there; the rest is the buyer's.
  await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
  if (plate) await expect(page.getByLabel('Chassis number')).toHaveValue(HARRIER.chassis);
  else await fillVehicleByHand(page, act);
  await act.tap(
    page
      .getByRole('group', { name: 'Does the vehicle have an anti-theft device?' })
      .getByRole('radio', { name: 'No' }),
  );
  await act.tap(
    page.getByRole('group', { name: 'Has the vehicle been modified?' }).getByRole('radio', { name: 'No' }),
  );
  await fillWhatTheRegisterLacks(page, act);
  await act.tap(page.getByRole('button', { name: 'Submit Details' }));

  // KYC: what only the buyer knows.
  await expect(page.getByRole('heading', { name: 'KYC Verification' })).toBeVisible();
  await act.type(page.getByLabel('Phone number'), '0712345678');
  await act.type(page.getByLabel('KRA PIN'), 'A123456789X');
  await act.choose(page.getByLabel('Account type'), { label: 'Individual' });
  await act.type(page.getByLabel('Physical address'), 'Moi Avenue, Mombasa');
  await act.tap(page.getByRole('button', { name: 'Submit KYC Details' }));

  await expect(page.getByRole('heading', { name: 'Application Summary' })).toBeVisible();
  await act.tap(page.getByRole('button', { name: 'Confirm & Pay' }));
  await expect(page).toHaveURL(/\/motor\/payment-confirmation\/payment$/);
  // The M-Pesa number comes from the KYC phone: nothing to type.
  await expect(page.getByLabel('M-Pesa number')).toHaveValue(/712\s?345\s?678/);
  await act.tap(page.getByRole('checkbox', { name: /I accept the terms of use and privacy notice/ }));
  await act.tap(page.getByRole('button', { name: 'Pay Now' }));
  await expect(toast(page, 'Payment Successful')).toBeVisible(PAYMENT_TIMEOUT);
  await expect(page.getByRole('region', { name: 'Policy Details' })).toContainText(/Policy number\S+/);

  // Both counts in the report (and on the terminal), for the README's before/after.
  const counts = `${act.typed.length} typed fields (${act.typed.join(', ')}), ${act.taps} taps`;
  test.info().annotations.push({ type: plate ? 'from the plate' : 'by hand', description: counts });
  process.stdout.write(`${plate ? 'from the plate' : 'by hand'}: ${counts}\n`);
  return act;
}

/** The vehicle form as before the plate search: every field typed or chosen by the buyer. */
async function fillVehicleByHand(page: Page, act: Acts) {
  await act.choose(page.getByLabel('Make'), { label: HARRIER.make });
  await act.choose(page.getByLabel('Model'), { label: HARRIER.model });
  // A car of this journey's own: DMVIC refuses a second cover on another journey's plate or chassis.
  await act.type(page.getByLabel('Registration number'), 'KDP 301C');
  await act.type(page.getByLabel('Chassis number'), 'JTEBU5JR5K5300301');
  await act.type(page.getByLabel('Engine number'), '2GR-1234567');
  await act.type(page.getByLabel('Body type'), 'SUV');
  await act.choose(page.getByLabel('Use purpose'), { label: 'Private' });
  await act.type(page.getByLabel('Year of manufacture'), HARRIER.year);
}

/**
 * The vehicle fields the register may not carry (engine capacity, fuel type, colour): typed only
 * when the form still lacks them, so the count says what a person really does.
 */
async function fillWhatTheRegisterLacks(page: Page, act: Acts) {
  if ((await page.getByLabel('Engine capacity (cc)').inputValue()) === '')
    await act.type(page.getByLabel('Engine capacity (cc)'), '2500');
  if ((await page.getByLabel('Fuel type').inputValue()) === '')
    await act.choose(page.getByLabel('Fuel type'), { label: 'Petrol' });
  if ((await page.getByLabel('Colour').inputValue()) === '')
    await act.type(page.getByLabel('Colour'), 'Pearl White');
}

test.describe('the cover start date a journey from the plate leaves as it is', () => {
  // A phone whose clock is not on Kenya time (a buyer abroad insuring a car at home).
  test.use({ timezoneId: 'UTC' });

  test("defaults to Kenya's today, the date the server checks, wherever the phone's clock is @phone", async ({
    page,
  }) => {
    const kenyaToday = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    // Half past midnight in Kenya: still yesterday on a phone on UTC.
    await page.clock.setFixedTime(new Date(`${kenyaToday}T00:30:00+03:00`));
    await startMotorPrivate(page);
    await page.getByLabel('Vehicle value (KES)').fill(String(COMPREHENSIVE.value));
    await page.getByRole('button', { name: 'Save Value' }).click();
    await page.getByRole('radio', { name: /^Comprehensive/ }).check();
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await quoteCard(page, COMPREHENSIVE.name).getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByLabel('Start date')).toHaveValue(kenyaToday);
    await expect(page.getByLabel('Start date')).toHaveAttribute('min', kenyaToday);
  });
});
