import type { MotorQuoteLink } from '@bima/domain';
import { describe, expect, it, vi } from 'vitest';
import { sampleProduct } from '../../../lib/motor-test-fixtures';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { motorFlowDefaults } from '../../../stores/motor-flow';
import { applyPrefill, type RestoreDeps, restoreQuote, stepOfPath, toQuoteLink } from './quote-state';

const {
  productBenefits: _b,
  excesses: _e,
  product_charges_details: _c,
  productOverview: _o,
  ...summary
} = sampleProduct;
const quoted: QuotedProductSummary = { ...summary, premium: 60_000, basePremium: 50_000 };

const deps = (overrides: Partial<RestoreDeps> = {}): RestoreDeps => ({
  fetchQuotes: vi.fn(async () => [quoted]),
  fetchProduct: vi.fn(async () => sampleProduct),
  today: '2026-11-27',
  ...overrides,
});

const link: MotorQuoteLink = {
  v: 1,
  step: 'quotation',
  cls: '07',
  cover: 'comprehensive',
  value: 1_500_000,
  product: 'JUB-MP-ELITE',
  period: 365,
  start: '2026-12-01',
  benefits: [{ ref: 'JUB-PVT' }],
  limits: { 'JUB-WINDSCREEN': 100_000 },
  excesses: { collision: 40_000 },
  compare: ['JUB-MP-ELITE'],
};

describe('stepOfPath', () => {
  it('names the wizard screen of an address, or null for the wrapper and unknown ones', () => {
    expect(stepOfPath('/motor/basic-details/benefits')).toBe('benefits');
    expect(stepOfPath('/motor/basic-details/quotation/')).toBe('quotation');
    expect(stepOfPath('/motor/basic-details')).toBeNull();
    expect(stepOfPath('/motor/basic-details/payment')).toBeNull();
  });
});

describe('restoreQuote and toQuoteLink', () => {
  it('rebuilds the journey a link carries, and writes the same link back', async () => {
    const restored = await restoreQuote(link, deps());
    expect(restored.errors).toEqual([]);
    expect(restored.step).toBe('quotation');
    const { state } = restored;
    expect(state.selectedProduct?.productSystemRef).toBe('JUB-MP-ELITE');
    expect(state.vehicleValue).toBe(1_500_000);
    expect(state.selectedOptionalBenefits.map((benefit) => benefit.benefitSystemRef)).toEqual(['JUB-PVT']);
    // The link's whole shillings, as the flow's cents.
    expect(state.coreBenefitLimits['11']).toBe(10_000_000);
    expect(state.excessAmounts.collision).toBe(4_000_000);
    expect(state.coverDetails).toEqual({ coverPeriod: '365', startDate: '2026-12-01' });
    expect(state.selectedComparisonProducts.map((item) => item.productSystemRef)).toEqual(['JUB-MP-ELITE']);
    expect(toQuoteLink(state, 'quotation')).toEqual(link);
  });

  it('drops what the product no longer offers and a start date now past', async () => {
    const restored = await restoreQuote(
      {
        ...link,
        start: '2026-01-01',
        benefits: [{ ref: 'GONE' }],
        limits: { 'JUB-WINDSCREEN': 9_999_999 },
        excesses: { collision: 1 },
      },
      deps(),
    );
    expect(restored.state.selectedOptionalBenefits).toEqual([]);
    expect(restored.state.coreBenefitLimits['11']).toBe(5_000_000);
    expect(restored.state.excessAmounts.collision).toBe(2_500_000);
    expect(restored.state.coverDetails.startDate).toBe('');
  });

  it('opens the quotes with a message when the product is no longer quoted', async () => {
    const restored = await restoreQuote(link, deps({ fetchQuotes: vi.fn(async () => []) }));
    expect(restored.step).toBe('product-quotation');
    expect(restored.state.selectedProduct).toBeNull();
    expect(restored.errors).toHaveLength(1);
  });

  it('has no link before a cover type and a value are chosen', () => {
    expect(toQuoteLink(motorFlowDefaults, 'cover-type')).toBeNull();
    expect(
      toQuoteLink(
        { ...motorFlowDefaults, selectedCoverType: 'comprehensive', isVehicleValueSaved: false },
        'cover-type',
      ),
    ).toBeNull();
  });
});

describe('applyPrefill', () => {
  const options = { insuranceClass: '07', today: '2026-11-27' };

  it('saves the cover and value so the quotes can be asked for at once', () => {
    const { state, canQuote, hasProblems } = applyPrefill(
      { coverType: 'comprehensive', value: 1_500_000, periodDays: 365, start: '2026-12-01', problems: [] },
      options,
    );
    expect(canQuote).toBe(true);
    expect(hasProblems).toBe(false);
    expect(state).toMatchObject({
      selectedCoverType: 'comprehensive',
      vehicleValue: 1_500_000,
      isVehicleValueSaved: true,
      coverDetails: { coverPeriod: '365', startDate: '2026-12-01' },
    });
  });

  it('asks for the value when the cover needs one, and drops a past start date', () => {
    const { state, canQuote, hasProblems } = applyPrefill(
      { coverType: 'comprehensive', value: null, periodDays: null, start: '2020-01-01', problems: [] },
      options,
    );
    expect(canQuote).toBe(false);
    expect(hasProblems).toBe(true);
    expect(state.isVehicleValueSaved).toBe(false);
    expect(state.coverDetails.startDate).toBe('');
  });

  it('quotes third-party cover without a value', () => {
    const { state, canQuote } = applyPrefill(
      { coverType: 'third-party', value: null, periodDays: null, start: null, problems: [] },
      options,
    );
    expect(canQuote).toBe(true);
    expect(state.vehicleValue).toBe(0);
  });
});
