import { describe, expect, it } from 'vitest';
import { createCoverDetailsSchema, defaultCoverPeriod, vehicleValueFormSchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('vehicleValueFormSchema (spec-1 §5)', () => {
  it.each([
    ['', 'Vehicle value is required.'],
    ['   ', 'Vehicle value is required.'],
    ['49999', 'Vehicle value must be at least KES 50,000.'],
    ['0', 'Vehicle value must be at least KES 50,000.'],
    ['50000.5', 'Enter a whole number of shillings.'],
  ])('refuses %j with %s', (vehicleValue, message) => {
    expect(firstMessage(vehicleValueFormSchema.safeParse({ vehicleValue }))).toBe(message);
  });

  it('accepts KES 50,000 exactly and gives a number', () => {
    expect(vehicleValueFormSchema.parse({ vehicleValue: '50000' })).toEqual({ vehicleValue: 50_000 });
  });
});

describe('createCoverDetailsSchema', () => {
  const schema = createCoverDetailsSchema({ today: '2026-03-10', supportedPeriods: [30, 180, 365] });

  it('requires a period the product offers and a start date', () => {
    const result = schema.safeParse({ coverPeriod: '', startDate: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Cover period is required.',
      'Start date is required.',
    ]);
    expect(firstMessage(schema.safeParse({ coverPeriod: '90', startDate: '2026-03-10' }))).toBe(
      'Cover period is required.',
    );
  });

  it('accepts today and refuses yesterday', () => {
    expect(schema.safeParse({ coverPeriod: '365', startDate: '2026-03-10' }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ coverPeriod: '365', startDate: '2026-03-09' }))).toBe(
      'Start date cannot be before today.',
    );
  });
});

describe('defaultCoverPeriod', () => {
  it('preselects a year when the product offers it, else its longest period', () => {
    expect(defaultCoverPeriod([30, 180, 365])).toBe('365');
    expect(defaultCoverPeriod([360, 30])).toBe('360');
    expect(defaultCoverPeriod([1, 30, 180])).toBe('180');
    expect(defaultCoverPeriod([])).toBe('');
  });
});
