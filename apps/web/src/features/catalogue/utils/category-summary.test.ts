import type { CatalogueProduct } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { getCategorySummaries } from './category-summary';

function product(overrides: Partial<CatalogueProduct>): CatalogueProduct {
  return {
    id: 1,
    name: 'Product',
    category: 'individual',
    description: '',
    image: '',
    categoryColor: 'blue',
    classCode: '07',
    routeName: 'product',
    available: false,
    comingSoon: true,
    useIcon: false,
    keyFeatures: [],
    ...overrides,
  };
}

describe('getCategorySummaries', () => {
  it('counts products per category and features available ones first, at most three', () => {
    const products = [
      product({ name: 'Medical', routeName: 'medical' }),
      product({ name: 'Motor Private', routeName: 'motor-private', available: true, comingSoon: false }),
      product({ name: 'Life Assurance', routeName: 'life-assurance' }),
      product({ name: 'Fire Domestic', routeName: 'fire-domestic', available: true, comingSoon: false }),
      product({ name: 'Marine', routeName: 'marine', category: 'business' }),
    ];
    const [individual, business] = getCategorySummaries(products);
    expect(individual?.productCount).toBe(4);
    expect(individual?.featured.map((item) => [item.name, item.isComingSoon])).toEqual([
      ['Motor Private', false],
      ['Fire Domestic', false],
      ['Medical', true],
    ]);
    expect(business?.productCount).toBe(1);
  });

  it('gives both categories even with an empty catalogue', () => {
    expect(getCategorySummaries([]).map((summary) => summary.productCount)).toEqual([0, 0]);
  });
});
