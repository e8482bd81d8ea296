import { describe, expect, it } from 'vitest';
import { breakdownRows, formatKes, formatPeriod, registrationOf, vehicleText } from './records';

describe('portal record formatting', () => {
  it('lists the premium breakdown in order, leaving out missing parts', () => {
    expect(
      breakdownRows({
        basicPremium: 75_000,
        benefits: [{ name: 'Political violence', premium: 3_750 }, { name: 'Broken' }],
        subtotal: 78_750,
        charges: [
          { charge_name: 'Training levy', amount: 158 },
          { charge_name: 'PHCF', amount: 197 },
        ],
        totalCharges: 355,
        total: 79_105,
      }),
    ).toEqual([
      { label: 'Basic premium', amount: 75_000 },
      { label: 'Political violence', amount: 3_750 },
      { label: 'Subtotal', amount: 78_750, isTotal: true },
      { label: 'Training levy', amount: 158 },
      { label: 'PHCF', amount: 197 },
      { label: 'Total charges', amount: 355 },
      { label: 'Total premium', amount: 79_105, isTotal: true },
    ]);
    expect(breakdownRows(null)).toEqual([]);
    expect(breakdownRows({ total: 'x', benefits: 'none' })).toEqual([]);
  });

  it('shows amounts, periods and vehicle fields', () => {
    expect(formatKes(1_500_000)).toBe('KES 1,500,000');
    expect(formatPeriod('2026-03-01', '2027-02-28')).toBe('1 March 2026 – 28 February 2027');
    expect(registrationOf({ registrationNumber: ' KDA 123B ' })).toBe('KDA 123B');
    expect(registrationOf(null)).toBe('N/A');
    expect(vehicleText({ make: 'Toyota', colour: '' }, 'colour')).toBe('N/A');
    expect(vehicleText({ engineCapacity: 2500 }, 'engineCapacity')).toBe('2500');
  });
});
