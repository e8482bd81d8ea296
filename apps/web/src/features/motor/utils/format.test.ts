import { describe, expect, it } from 'vitest';
import { formatBenefitLimit, formatPercent, formatRate } from './format';

describe('formatPercent and formatRate (value × 100 with a percent sign)', () => {
  it.each([
    [0.04, '4%'],
    [0.035, '3.5%'],
    [0.045, '4.5%'],
    [0.0025, '0.25%'],
    [0.07, '7%'],
  ])('%d → %s without float noise', (fraction, text) => {
    expect(formatPercent(fraction)).toBe(text);
  });

  it('shows a fixed rate (cents on the wire) in KES', () => {
    expect(formatRate({ rateType: 'fixed', value: 750_000 })).toBe('KES 7,500');
    expect(formatRate({ rateType: 'percentage', value: 0.04, minimumPremium: 0 })).toBe('4%');
  });

  it("shows a rated product's rate as each group's percentage (the contract's third kind, no value)", () => {
    const rated: Parameters<typeof formatRate>[0] = {
      rateType: 'rated',
      groups: [
        { group: 'building', rate: 0.001 },
        { group: 'contents', rate: 0.0025 },
      ],
      minimumPremium: 2_500,
    };
    expect(formatRate(rated)).toBe('0.1% / 0.25%');
  });
});

describe('formatBenefitLimit', () => {
  it('shows the default limit when it is above 0', () => {
    expect(
      formatBenefitLimit({
        minimum: 5_000_000,
        maximum: 20_000_000,
        defaultLimit: 5_000_000,
        isAdjustable: true,
      }),
    ).toBe('KES 50,000');
  });

  it("shows 'min - max' when the default is 0 but a bound is above 0", () => {
    expect(formatBenefitLimit({ minimum: 0, maximum: 10_000_000, defaultLimit: 0, isAdjustable: true })).toBe(
      'KES 0 - KES 100,000',
    );
    expect(formatBenefitLimit({ minimum: 500_000, maximum: 0, defaultLimit: 0, isAdjustable: false })).toBe(
      'KES 5,000 - KES 0',
    );
  });

  it("shows 'Adjustable' when every figure is 0", () => {
    expect(formatBenefitLimit({ minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false })).toBe(
      'Adjustable',
    );
  });
});
