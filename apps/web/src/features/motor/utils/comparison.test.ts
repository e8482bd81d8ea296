import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../../../lib/motor-test-fixtures';
import { filterByUnderwriter, listUnderwriters, sortByPremium, toComparisonItem } from './comparison';

const apa = { ...sampleProduct, id: 2, underwriter: [{ id: 'apa', name: 'APA Insurance' }] };
const jubileeTwo = { ...sampleProduct, id: 3 };

describe('comparison helpers', () => {
  it('builds a comparison item with core and optional benefits apart', () => {
    expect(toComparisonItem({ ...sampleProduct, premium: 68_000 })).toMatchObject({
      id: '1',
      name: 'Jubilee Motor Elite',
      premium: 68_000,
      underwriter: 'Jubilee Insurance',
      coreBenefits: [{ id: '11' }, { id: '12' }],
      optionalBenefits: [{ id: '13', name: 'Political Violence and Terrorism' }],
    });
  });

  it('carries each benefit limit and each excess, to compare side by side', () => {
    const item = toComparisonItem(sampleProduct);
    expect(item.coreBenefits[0]).toMatchObject({ name: 'Windscreen Cover', limit: 5_000_000 });
    expect(item.excesses).toEqual([{ id: 'collision', name: 'Collision', amount: 2_500_000 }]);
  });

  it('lists each underwriter once and filters by one or all', () => {
    const products = [sampleProduct, apa, jubileeTwo];
    expect(listUnderwriters(products)).toEqual(['Jubilee Insurance', 'APA Insurance']);
    expect(filterByUnderwriter(products, 'APA Insurance').map((p) => p.id)).toEqual([2]);
    expect(filterByUnderwriter(products, 'all')).toHaveLength(3);
  });
});

describe('sortByPremium', () => {
  it('lists the cheapest first, ties by name, products without a price last', () => {
    const quote = (productName: string, premium: number | null) => ({
      ...sampleProduct,
      productName,
      premium,
    });
    const sorted = sortByPremium([
      quote('Gamma', 30_000),
      quote('Unpriced', null),
      quote('Beta', 20_000),
      quote('Alpha', 20_000),
    ]);
    expect(sorted.map((product) => product.productName)).toEqual(['Alpha', 'Beta', 'Gamma', 'Unpriced']);
  });
});
