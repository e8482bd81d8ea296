import { describe, expect, it } from 'vitest';
import { getFeaturedProducts, getProductStatus, getProductsInCategory, splitFeatureChips } from './catalogue';

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
