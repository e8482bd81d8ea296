import { describe, expect, it } from 'vitest';
import { sortByPremium } from './quote-order';

describe('sortByPremium', () => {
  it('puts the cheapest first, unpriced products last, equal prices by name, and leaves the input alone', () => {
    const products = [
      { productName: 'Zeta', premium: 40_000_00 },
      { productName: 'Unpriced', premium: null },
      { productName: 'Beta', premium: 30_000_00 },
      { productName: 'Alpha', premium: 30_000_00 },
    ];
    expect(sortByPremium(products).map((product) => product.productName)).toEqual([
      'Alpha',
      'Beta',
      'Zeta',
      'Unpriced',
    ]);
    expect(products[0]!.productName).toBe('Zeta');
  });
});
