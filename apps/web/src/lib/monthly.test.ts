import { monthlyPlan } from '@bima/domain';
import { describe, expect, it } from 'vitest';
import { gridMonthlyOffer, monthlyOfferForQuote } from './monthly';

// The grid's offer for a KES 60,000 quote on 10 % loading and 14 days' grace (cents).
const gridOffer = {
  instalments: 12,
  firstAmount: 550_000,
  monthlyAmount: 550_000,
  total: 6_600_000,
  payAtOnce: 6_000_000,
  extra: 600_000,
  loadingBps: 1_000,
  graceDays: 14,
};

describe('monthlyOfferForQuote', () => {
  it("applies the underwriter's terms to the customised total, not the grid's", () => {
    // Benefits added after the grid: KES 61,234.50 at once.
    const offer = monthlyOfferForQuote(gridOffer, 6_123_450, 365);
    expect(offer).toEqual({
      instalments: 12,
      firstAmount: 561_500,
      monthlyAmount: 561_300,
      total: 6_735_800,
      payAtOnce: 6_123_450,
      extra: 612_350,
      loadingBps: 1_000,
      graceDays: 14,
    });
    expect(offer?.total).toBe(monthlyPlan(6_123_450, { loadingBps: 1_000, graceDays: 14 }).total);
  });

  it('offers nothing for a cover shorter than a year, or a product not offered monthly', () => {
    expect(monthlyOfferForQuote(gridOffer, 3_000_000, 180)).toBeNull();
    expect(monthlyOfferForQuote(null, 6_000_000, 365)).toBeNull();
    expect(monthlyOfferForQuote(undefined, 6_000_000, 365)).toBeNull();
  });
});

describe('gridMonthlyOffer', () => {
  it("takes the chosen product's own offer, else the grid's for the same product, else none", () => {
    const flow = { quotedProducts: [{ productSystemRef: 'APA-MP-PLUS', monthly: gridOffer }] };
    expect(gridMonthlyOffer(flow, { productSystemRef: 'APA-MP-PLUS' })).toBe(gridOffer);
    const own = { ...gridOffer, loadingBps: 500 };
    expect(gridMonthlyOffer(flow, { productSystemRef: 'APA-MP-PLUS', monthly: own })).toBe(own);
    expect(gridMonthlyOffer(flow, { productSystemRef: 'JUB-MP-ELITE' })).toBeNull();
  });
});
