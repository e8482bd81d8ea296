import { describe, expect, it } from 'vitest';
import {
  catalogueInLanguage,
  getFeaturedProducts,
  getProductStatus,
  getProductsInCategory,
  splitFeatureChips,
} from './catalogue';

const product = (
  name: string,
  available: boolean,
  comingSoon: boolean,
  category: 'individual' | 'business' = 'individual',
) => ({
  name,
  available,
  comingSoon,
  category,
});

describe('catalogue rules', () => {
  it.each([
    [true, false, 'available'],
    [true, true, 'available'],
    [false, true, 'coming-soon'],
    [false, false, 'unavailable'],
  ] as const)('available=%s comingSoon=%s is %s', (available, comingSoon, status) => {
    expect(getProductStatus({ available, comingSoon })).toBe(status);
  });

  it('features available products first, then coming-soon ones, at most three', () => {
    const products = [
      product('Soon A', false, true),
      product('Closed', false, false),
      product('Open A', true, false),
      product('Soon B', false, true),
      product('Open B', true, false),
    ];
    expect(getFeaturedProducts(products).map((p) => p.name)).toEqual(['Open A', 'Open B', 'Soon A']);
  });

  it('features fewer than three when the category has fewer', () => {
    expect(
      getFeaturedProducts([product('Closed', false, false), product('Soon', false, true)]).map((p) => p.name),
    ).toEqual(['Soon']);
  });

  it('keeps a category’s products in order', () => {
    const products = [
      product('A', true, false, 'business'),
      product('B', true, false),
      product('C', false, true, 'business'),
    ];
    expect(getProductsInCategory(products, 'business').map((p) => p.name)).toEqual(['A', 'C']);
  });

  it.each([
    [[], [], 0],
    [['a'], ['a'], 0],
    [['a', 'b'], ['a', 'b'], 0],
    [['a', 'b', 'c'], ['a', 'b'], 1],
    [['a', 'b', 'c', 'd', 'e'], ['a', 'b'], 3],
  ])('shows at most two chips: %j → %j +%i', (features, shown, more) => {
    expect(splitFeatureChips(features)).toEqual({ shown, more });
  });
});

describe('catalogueInLanguage (issue 14)', () => {
  const entry = {
    name: 'Motor Private',
    description: 'Cover for your personal car.',
    keyFeatures: [{ label: 'Fire and theft protection', short: 'Fire & theft' }],
    translations: {
      sw: {
        name: 'Bima ya Gari Binafsi',
        description: 'Bima ya gari lako binafsi.',
        keyFeatures: [{ label: 'Kinga dhidi ya moto na wizi', short: 'Moto na wizi' }],
      },
    },
  };

  it('gives the Kiswahili words to a Kiswahili reader and the English ones otherwise', () => {
    expect(catalogueInLanguage(entry, 'sw')).toMatchObject(entry.translations.sw);
    expect(catalogueInLanguage(entry, 'en')).toBe(entry);
  });

  it('keeps the English words an entry has no translation for', () => {
    const { translations: _, ...untranslated } = entry;
    expect(catalogueInLanguage(untranslated, 'sw')).toBe(untranslated);
  });

  it('keeps the English features when the translation has a different number of them', () => {
    const uneven = { ...entry, translations: { sw: { ...entry.translations.sw, keyFeatures: [] } } };
    const swahili = catalogueInLanguage(uneven, 'sw');
    expect(swahili.name).toBe('Bima ya Gari Binafsi');
    expect(swahili.keyFeatures).toEqual(entry.keyFeatures);
  });
});
