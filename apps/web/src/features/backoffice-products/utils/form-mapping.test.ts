import { type ProductConfiguration, productConfigurationSchema } from '@bima/domain/product-admin';
import { describe, expect, it } from 'vitest';
import {
  centsToText,
  collectErrorMessages,
  formPathOfServerField,
  fractionToPercent,
  parseNumber,
  percentToFraction,
  periodOptions,
  textToCents,
  toConfiguration,
  toFormValues,
} from './form-mapping';
import { productFormResolver } from './resolver';

const configuration: ProductConfiguration = {
  name: 'Jubilee Motor Elite',
  description: 'Comprehensive cover.',
  overview: 'Own damage, fire and theft.',
  translations: { sw: { name: 'Jubilee Bima Bora', description: 'Bima kamili.', overview: '' } },
  intermediary: 'Direct',
  rateBasis: 'percentage',
  fixedPremium: null,
  minimumPremium: 2_000_000,
  bands: [
    { fromValue: 0, rate: 0.045 },
    { fromValue: 250_000_000, rate: 0.04 },
    { fromValue: 500_000_000, rate: 0.035 },
  ],
  minimumValue: 50_000_000,
  maximumValue: 3_000_000_000,
  supportedPeriods: [30, 180, 365],
  shortPeriodScale: [
    { maxDays: 30, share: 0.15 },
    { maxDays: 180, share: 0.6 },
  ],
  benefits: [
    {
      benefitSystemRef: 'JUB-MP-ELITE-PVT',
      name: 'PVT',
      description: 'Political violence and terrorism.',
      benefitType: 'optional',
      limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
      pricing: { kind: 'percentageOfValue', rate: 0.0025, minimum: 250_000 },
      translations: { sw: { name: 'Vurugu za Kisiasa na Ugaidi', description: 'Ghasia na ugaidi.' } },
    },
    {
      benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN',
      name: 'Windscreen',
      description: '',
      benefitType: 'inbuilt',
      limit: { minimum: 5_000_000, maximum: 20_000_000, defaultLimit: 5_000_000, isAdjustable: true },
      pricing: { kind: 'rateOnExtraLimit', rate: 0.1, inbuiltLimit: 5_000_000 },
      translations: { sw: { name: '', description: '' } },
    },
    {
      benefitSystemRef: 'JUB-MP-ELITE-ROAD-RESCUE',
      name: 'Road Rescue',
      description: '',
      benefitType: 'optional',
      limit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
      pricing: { kind: 'fixed', amount: 400_000 },
      translations: { sw: { name: 'Msaada Barabarani', description: '' } },
    },
  ],
  excesses: [
    {
      id: 'collision',
      name: 'Collision',
      type: 'own-damage',
      description: '',
      minAmount: 1_500_000,
      maxAmount: 5_000_000,
      defaultAmount: 1_500_000,
      translations: { sw: { name: 'Ajali ya Kugongana', description: '' } },
    },
  ],
  charges: [
    { name: 'Training levy', type: 'Percentage', value: 0.002 },
    { name: 'Stamp duty', type: 'Fixed', value: 4_000 },
  ],
};

describe('percent ↔ fraction', () => {
  it.each([
    [0.045, 4.5],
    [0.04, 4],
    [0.0025, 0.25],
    [0.001234, 0.1234],
    [1, 100],
    [0, 0],
    [0.07, 7],
    [0.0575, 5.75],
  ])('fraction %d is %d %%, and back exactly', (fraction, percent) => {
    expect(fractionToPercent(fraction)).toBe(percent);
    expect(percentToFraction(percent)).toBe(fraction);
  });

  it('snaps a typed percentage to whole parts per million (0.29 % → 0.0029, not 0.0029000000000000002)', () => {
    expect(percentToFraction(0.29)).toBe(0.0029);
    expect(percentToFraction(5.1)).toBe(0.051);
  });

  it('keeps a rate finer than a ppm as it is, so the schema names it', () => {
    expect(percentToFraction(4.12345)).toBeCloseTo(0.0412345, 10);
    expect(
      productConfigurationSchema.safeParse(
        toConfiguration({
          ...toFormValues(configuration),
          bands: [{ fromValue: '0', rate: '4.12345' }],
        }),
      ).success,
    ).toBe(false);
  });

  it('reads thousands commas and spaces; blank is not a number', () => {
    expect(parseNumber('1,500,000')).toBe(1_500_000);
    expect(parseNumber(' 2 500 ')).toBe(2_500);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('abc')).toBeNaN();
  });
});

describe('form mapping', () => {
  it('shows amounts in shillings as typed and sends them in cents (KES 37,500 is 3750000)', () => {
    const values = toFormValues({ ...configuration, minimumPremium: 3_750_000 });
    expect(values.minimumPremium).toBe('37500');
    expect(values.excesses[0]).toMatchObject({ minAmount: '15000', maxAmount: '50000' });
    expect(values.charges[1]).toEqual({ name: 'Stamp duty', type: 'Fixed', value: '40' });
    values.minimumPremium = '37,500';
    values.benefits[2]!.pricing.amount = 'KES 1 500';
    values.charges[1]!.value = '45';
    const sent = toConfiguration(values) as ProductConfiguration;
    expect(sent.minimumPremium).toBe(3_750_000);
    expect(sent.benefits[2]!.pricing).toEqual({ kind: 'fixed', amount: 150_000 });
    expect(sent.charges[1]!.value).toBe(4_500);
    expect(sent.charges[0]!.value).toBe(0.002);
  });

  it('shows stored cents that are not whole shillings exactly; reads shillings and cents typed', () => {
    expect(centsToText(123_450)).toBe('1234.50');
    expect(centsToText(123_405)).toBe('1234.05');
    expect(centsToText(0)).toBe('0');
    expect(textToCents('1,234.50')).toBe(123_450);
    expect(textToCents('-100')).toBe(-10_000);
    expect(textToCents('')).toBeNaN();
    expect(textToCents('12abc')).toBeNaN();
  });

  it('shows rates as percentages and amounts as text', () => {
    const values = toFormValues(configuration);
    expect(values.bands).toEqual([
      { fromValue: '0', rate: '4.5' },
      { fromValue: '2500000', rate: '4' },
      { fromValue: '5000000', rate: '3.5' },
    ]);
    expect(values.fixedPremium).toBe('');
    expect(values.supportedPeriods).toEqual(['30', '180', '365']);
    expect(values.shortPeriodScale[0]).toEqual({ maxDays: '30', share: '15' });
    expect(values.benefits[0]?.pricing).toEqual({
      kind: 'percentageOfValue',
      amount: '',
      rate: '0.25',
      minimum: '2500',
      inbuiltLimit: '',
    });
    expect(values.charges).toEqual([
      { name: 'Training levy', type: 'Percentage', value: '0.2' },
      { name: 'Stamp duty', type: 'Fixed', value: '40' },
    ]);
  });

  it('gives back the same configuration it was made from (round trip)', () => {
    expect(toConfiguration(toFormValues(configuration))).toEqual(configuration);
    expect(productConfigurationSchema.parse(toConfiguration(toFormValues(configuration)))).toEqual(
      configuration,
    );
  });

  it('round-trips a product rated on its risk: groups, loadings, minimums by tonnage, amounts per seat', () => {
    const rated: ProductConfiguration = {
      ...configuration,
      rateBasis: 'rated',
      fixedPremium: null,
      bands: [
        { group: 'building', fromValue: 0, rate: 0.0012 },
        { group: 'contents', fromValue: 0, rate: 0.0045 },
      ],
      loadings: [{ factor: 'primaryUse', option: 'general-cartage', multiplier: 1.4 }],
      minimums: [{ quantity: 'tonnageKg', fromQuantity: 8_000, amount: 5_000_000 }],
      perUnit: [{ quantity: 'seats', amount: 2_000_000 }],
    };
    expect(toConfiguration(toFormValues(rated))).toEqual(rated);
    // A percentage product sends none of them, and its bands no group.
    const sent = toConfiguration(toFormValues(configuration)) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('loadings');
    expect((sent.bands as Array<Record<string, unknown>>)[0]).not.toHaveProperty('group');
  });

  it('edits an excess’s Kiswahili name and description, blank for none', () => {
    const values = toFormValues(configuration);
    expect(values.excesses[0]!.translations.sw).toEqual({ name: 'Ajali ya Kugongana', description: '' });
    values.excesses[0]!.translations.sw = { name: 'Kugongana', description: 'Gari likigongwa.' };
    const sent = toConfiguration(values) as { excesses: Array<{ translations: unknown }> };
    expect(sent.excesses[0]!.translations).toEqual({
      sw: { name: 'Kugongana', description: 'Gari likigongwa.' },
    });
  });

  it('sends only the chosen pricing kind its fields and leaves out a new benefit’s reference', () => {
    const values = toFormValues(configuration);
    const benefit = values.benefits[2]!;
    values.benefits[2] = {
      ...benefit,
      benefitSystemRef: '',
      pricing: { ...benefit.pricing, kind: 'included' },
    };
    const sent = toConfiguration(values) as ProductConfiguration;
    expect(sent.benefits[2]).not.toHaveProperty('benefitSystemRef');
    expect(sent.benefits[2]?.pricing).toEqual({ kind: 'included' });
  });

  it('sends a fixed product no bands and its fixed premium; empty maximum value is no limit', () => {
    const values = {
      ...toFormValues(configuration),
      rateBasis: 'fixed',
      fixedPremium: '7,500',
      maximumValue: '',
    };
    const sent = toConfiguration(values) as ProductConfiguration;
    expect(sent.bands).toEqual([]);
    expect(sent.fixedPremium).toBe(750_000);
    expect(sent.maximumValue).toBeNull();
  });

  it('offers the common periods and the product’s own', () => {
    expect(periodOptions([30, 180, 365])).toEqual([30, 60, 90, 180, 365]);
    expect(periodOptions([7, 365])).toEqual([7, 30, 60, 90, 180, 365]);
  });
});

describe('the form’s check (domain schema, percent fields)', () => {
  const resolve = (values: ReturnType<typeof toFormValues>) =>
    productFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('accepts the product as it is', async () => {
    const result = await resolve(toFormValues(configuration));
    expect(result.errors).toEqual({});
  });

  it('puts the schema’s message on a band rate of 150 %', async () => {
    const values = toFormValues(configuration);
    values.bands[1] = { fromValue: '2500000', rate: '150' };
    const result = await resolve(values);
    expect(collectErrorMessages(result.errors)).toEqual(['A rate must be between 0 and 1 (0 % to 100 %).']);
    expect(
      (result.errors as { bands?: Array<{ rate?: { message: string } }> }).bands?.[1]?.rate?.message,
    ).toBe('A rate must be between 0 and 1 (0 % to 100 %).');
  });

  it('refuses shillings and cents, and text that is not an amount, with the editor’s messages', async () => {
    const values = toFormValues(configuration);
    values.minimumPremium = '20,000.50';
    values.excesses[0]!.minAmount = 'ten thousand';
    values.minimumValue = '-5';
    const errors = (await resolve(values)).errors as Record<string, unknown> & {
      minimumPremium?: { message: string };
      minimumValue?: { message: string };
      excesses?: Array<{ minAmount?: { message: string } }>;
    };
    expect(errors.minimumPremium?.message).toBe('Enter a whole number of shillings.');
    expect(errors.excesses?.[0]?.minAmount?.message).toBe('Enter a whole number of shillings.');
    expect(errors.minimumValue?.message).toBe('Amounts cannot be negative.');
  });

  it('puts a too-long Swahili name on its field; a blank one is allowed (English shows)', async () => {
    const values = toFormValues(configuration);
    values.benefits[0]!.translations.sw.name = 'x'.repeat(121);
    values.translations.sw.name = '';
    const result = await resolve(values);
    expect(collectErrorMessages(result.errors)).toEqual(['The Swahili name can be at most 120 characters.']);
    expect(
      (result.errors as { benefits?: Array<{ translations?: { sw?: { name?: { message: string } } } }> })
        .benefits?.[0]?.translations?.sw?.name?.message,
    ).toBe('The Swahili name can be at most 120 characters.');
  });

  it('names overlapping bands and a missing period on their fields', async () => {
    const values = toFormValues(configuration);
    values.bands[2] = { fromValue: '1000000', rate: '3.5' };
    values.supportedPeriods = [];
    const messages = collectErrorMessages((await resolve(values)).errors);
    expect(messages).toContain(
      'Rate bands must go up in value without overlapping: start this band above the one before.',
    );
    expect(messages).toContain('Offer at least one cover period.');
  });
});

describe('server field errors', () => {
  it.each([
    ['configuration.bands.1.fromValue', 'bands.1.fromValue'],
    ['configuration.benefits.0.limit.maximum', 'benefits.0.limit.maximum'],
    ['changeSummary', 'changeSummary'],
    ['configuration', 'root.server'],
    ['expectedVersion', 'root.server'],
  ])('%s → %s', (field, path) => {
    expect(formPathOfServerField(field)).toBe(path);
  });
});
