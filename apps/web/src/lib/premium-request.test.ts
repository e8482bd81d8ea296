import { describe, expect, it } from 'vitest';
import { sampleProduct } from './motor-test-fixtures';
import { buildPremiumCalcRequest, getChangedCoreLimits, splitBenefits } from './premium-request';

describe('premium request', () => {
  it('splits core (embedded, inbuilt) from optional benefits', () => {
    const { core, optional } = splitBenefits(sampleProduct);
    expect(core.map((benefit) => benefit._id)).toEqual(['11', '12']);
    expect(optional.map((benefit) => benefit._id)).toEqual(['13']);
  });

  it('lists only core limits that differ from the default', () => {
    expect(getChangedCoreLimits(sampleProduct, { '11': 5_000_000, '12': 0 })).toEqual([]);
    expect(getChangedCoreLimits(sampleProduct, { '11': 8_000_000 }).map((entry) => entry.limit)).toEqual([
      8_000_000,
    ]);
  });

  it('sends optional benefits, changed core limits, every excess and the period, amounts in cents', () => {
    const request = buildPremiumCalcRequest({
      product: sampleProduct,
      vehicleValue: 1_500_000,
      selectedOptionalBenefits: [
        {
          benefitSystemRef: 'JUB-PVT',
          benefit_category_name: 'Political Violence and Terrorism',
          benefitType: 'optional',
        },
      ],
      coreBenefitLimits: { '11': 10_000_000, '12': 0 },
      excessAmounts: {},
      coverPeriod: '365',
    });
    expect(request).toEqual({
      productSystemRef: 'JUB-MP-ELITE',
      // The KES 1,500,000 entered, as its cents (issue 29).
      risk: { value: 150_000_000 },
      additionalBenefits: [
        {
          benefitSystemRef: 'JUB-PVT',
          benefit_category_name: 'Political Violence and Terrorism',
          benefitType: 'optional',
        },
        {
          benefitSystemRef: 'JUB-WINDSCREEN',
          benefit_category_name: 'Windscreen Cover',
          benefitType: 'inbuilt',
          params: { limit: 10_000_000 },
        },
      ],
      excesses: [{ id: 'collision', amount: 2_500_000 }],
      coverDetails: { period: 365 },
    });
  });

  it('prices third-party cover without a vehicle value', () => {
    const request = buildPremiumCalcRequest({
      product: { ...sampleProduct, coverType: 'third-party' },
      vehicleValue: 1_500_000,
      selectedOptionalBenefits: [],
      coreBenefitLimits: {},
      excessAmounts: { collision: 4_000_000 },
      coverPeriod: '30',
    });
    expect(request.risk.value).toBe(0);
    expect(request.excesses).toEqual([{ id: 'collision', amount: 4_000_000 }]);
    expect(request.coverDetails.period).toBe(30);
  });
});
