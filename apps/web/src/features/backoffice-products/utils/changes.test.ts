import type { ProductConfiguration } from '@bima/domain/product-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { describeChanges } from './changes';
import { type ProductFormValues, toFormValues } from './form-mapping';

const configuration: ProductConfiguration = {
  name: 'Jubilee Motor Elite',
  description: 'Comprehensive cover.',
  overview: 'Own damage, fire and theft.',
  translations: { sw: { name: 'Jubilee Bima Bora', description: '', overview: '' } },
  intermediary: 'Direct',
  rateBasis: 'percentage',
  fixedPremium: null,
  minimumPremium: 2_000_000,
  bands: [
    { fromValue: 0, rate: 0.045 },
    { fromValue: 250_000_000, rate: 0.04 },
  ],
  minimumValue: 50_000_000,
  maximumValue: 3_000_000_000,
  supportedPeriods: [30, 365],
  shortPeriodScale: [{ maxDays: 30, share: 0.15 }],
  benefits: [
    {
      benefitSystemRef: 'JUB-MP-ELITE-WINDSCREEN',
      name: 'Windscreen',
      description: '',
      benefitType: 'inbuilt',
      limit: { minimum: 5_000_000, maximum: 20_000_000, defaultLimit: 5_000_000, isAdjustable: true },
      pricing: { kind: 'rateOnExtraLimit', rate: 0.1, inbuiltLimit: 5_000_000 },
      translations: { sw: { name: '', description: '' } },
    },
  ],
  excesses: [],
  charges: [{ name: 'Stamp duty', type: 'Fixed', value: 4_000 }],
};

const opened = () => toFormValues(configuration);
const edited = (change: (values: ProductFormValues) => void) => {
  const values = structuredClone(opened());
  change(values);
  return values;
};

describe('the changes listed before a save', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('lists nothing for the version as opened, nor for a change summary or spaces around a value', () => {
    expect(describeChanges(opened(), opened())).toEqual([]);
    const summaryOnly = edited((values) => {
      values.changeSummary = 'Checked the rates.';
      values.intermediary = ' Direct ';
    });
    expect(describeChanges(opened(), summaryOnly)).toEqual([]);
  });

  it('names each changed field by its label, old → new, in page order', () => {
    const after = edited((values) => {
      values.charges[0] = { name: 'Stamp duty', type: 'Percentage', value: '40' };
      values.bands[0] = { fromValue: '0', rate: '5' };
      values.name = 'Jubilee Motor Elite Plus';
      values.description = '';
    });
    expect(describeChanges(opened(), after)).toEqual([
      {
        section: 'basics',
        label: 'Product name',
        from: 'Jubilee Motor Elite',
        to: 'Jubilee Motor Elite Plus',
      },
      { section: 'basics', label: 'Description', from: 'Comprehensive cover.', to: '(empty)' },
      { section: 'rating', label: 'Rate (%), band 1', from: '4.5', to: '5' },
      { section: 'charges', label: 'Type, charge 1', from: 'Fixed', to: 'Percentage' },
    ]);
  });

  it('reads options, ticks and periods as words, not codes', () => {
    const after = edited((values) => {
      values.rateBasis = 'fixed';
      values.supportedPeriods = ['365', '30', '90'];
      const windscreen = values.benefits[0];
      if (!windscreen) throw new Error('the fixture has a benefit');
      windscreen.limit.isAdjustable = false;
      windscreen.benefitType = 'optional';
    });
    expect(
      describeChanges(opened(), after).map(({ label, from, to }) => `${label}: ${from} → ${to}`),
    ).toEqual([
      'Rate basis: Percentage of the vehicle value → Fixed premium',
      'Cover periods offered: 30 days, 365 days → 30 days, 90 days, 365 days',
      'Benefit 1: Windscreen · Type: Inbuilt → Optional',
      'Benefit 1: Windscreen · The client may adjust the limit: Yes → No',
    ]);
  });

  it('counts a row added or removed as one change, with what it held', () => {
    const after = edited((values) => {
      values.bands.push({ fromValue: '5000000', rate: '3.5' });
      values.benefits = [];
    });
    expect(describeChanges(opened(), after)).toEqual([
      { section: 'rating', label: 'Band 3', from: '(none)', to: 'Added: 5000000 · 3.5' },
      {
        section: 'benefits',
        label: 'Benefit 1: Windscreen',
        from: 'Windscreen · Inbuilt · Rate on the limit above the inbuilt limit · 50000 · 50000 · 200000 · 10 · 50000',
        to: 'Removed',
      },
    ]);
  });

  it('speaks Kiswahili once chosen', async () => {
    await setLanguage('sw');
    const after = edited((values) => {
      values.bands.pop();
    });
    expect(describeChanges(opened(), after)).toEqual([
      { section: 'rating', label: 'Kiwango 2', from: '2500000 · 4', to: 'Imeondolewa' },
    ]);
  });
});
