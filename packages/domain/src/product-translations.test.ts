import { describe, expect, it } from 'vitest';
import { compactTranslations, productTextsIn } from './product-translations';

const row = {
  name: 'CIC Motor Comprehensive',
  description: 'Comprehensive cover.',
  overview: 'Own damage, fire and theft.',
  translations: { sw: { name: 'CIC Bima Kamili ya Gari', description: '' } },
};

describe('productTextsIn', () => {
  it.each([
    [
      'Swahili: the translated name, English where the Swahili is blank or missing',
      'sw',
      {
        name: 'CIC Bima Kamili ya Gari',
        description: 'Comprehensive cover.',
        overview: 'Own damage, fire and theft.',
      },
    ],
    [
      'English: the row as it is',
      'en',
      {
        name: 'CIC Motor Comprehensive',
        description: 'Comprehensive cover.',
        overview: 'Own damage, fire and theft.',
      },
    ],
    [
      'an unknown language reads as English',
      'fr',
      {
        name: 'CIC Motor Comprehensive',
        description: 'Comprehensive cover.',
        overview: 'Own damage, fire and theft.',
      },
    ],
  ])('%s', (_name, language, expected) => {
    expect(productTextsIn(row, language)).toEqual(expected);
  });

  it('has no overview for a row without one (a benefit), and reads a row without translations in English', () => {
    expect(productTextsIn({ name: 'Own Damage', description: 'Repairs.', translations: {} }, 'sw')).toEqual({
      name: 'Own Damage',
      description: 'Repairs.',
    });
    expect(productTextsIn({ name: 'Own Damage', description: 'Repairs.' }, 'sw')).toEqual({
      name: 'Own Damage',
      description: 'Repairs.',
    });
  });
});

describe('compactTranslations', () => {
  it('drops blank texts, and is {} when nothing is left', () => {
    expect(compactTranslations({ sw: { name: 'Moto na Wizi', description: '  ', overview: '' } })).toEqual({
      sw: { name: 'Moto na Wizi' },
    });
    expect(compactTranslations({ sw: { name: '' } })).toEqual({});
    expect(compactTranslations({})).toEqual({});
    expect(compactTranslations(undefined)).toEqual({});
  });
});
