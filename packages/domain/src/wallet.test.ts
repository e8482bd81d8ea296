import { describe, expect, it } from 'vitest';
import {
  defaultStatementRange,
  shillingsAmountSchema,
  statementQuerySchema,
  walletTopUpFormSchema,
  walletTopUpSchema,
} from './wallet';

describe('wallet amounts as people type them', () => {
  it.each([
    ['1500', 1500],
    [' 1,500 ', 1500],
    [250, 250],
  ])('accepts %j as %d shillings', (typed, amount) => {
    expect(shillingsAmountSchema.parse(typed)).toBe(amount);
  });

  it.each([
    ['', 'Enter an amount.'],
    ['abc', 'Enter the amount in numbers, e.g. 1500.'],
    ['12abc', 'Enter the amount in numbers, e.g. 1500.'],
    ['0', 'Enter an amount more than 0.'],
    ['-5', 'Enter an amount more than 0.'],
    ['10.50', 'Enter whole shillings, without cents.'],
    [null, 'Enter an amount.'],
  ])('refuses %j: "%s"', (typed, message) => {
    const parsed = shillingsAmountSchema.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('sends a phone written the Kenyan way to M-Pesa as 2547…', () => {
    expect(walletTopUpFormSchema.parse({ amount: '100', phone: '0712 345 678' })).toEqual({
      amount: 100,
      phone: '254712345678',
    });
    expect(walletTopUpSchema.parse({ amount: 10_000, phone: '0712 345 678' })).toEqual({
      amount: 10_000,
      phone: '254712345678',
    });
    expect(walletTopUpSchema.safeParse({ amount: 10_000, phone: '0812 345 678' }).success).toBe(false);
  });

  it.each([
    [undefined, 'Enter an amount.'],
    ['1500', 'Enter the amount in numbers, e.g. 1500.'],
    [150.5, 'Enter the amount in numbers, e.g. 1500.'],
    [0, 'Enter an amount more than 0.'],
    [1_050, 'Enter whole shillings, without cents.'],
  ])('refuses a top-up of %j cents on the wire: "%s"', (amount, message) => {
    const parsed = walletTopUpSchema.safeParse({ amount, phone: '0712 345 678' });
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('statement ranges', () => {
  it('defaults to the 90 days ending today, both included', () => {
    expect(defaultStatementRange('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('refuses a start after the end, a range over 366 days and a date that is not one', () => {
    expect(
      statementQuerySchema.safeParse({ from: '2026-05-02', to: '2026-05-01' }).error?.issues[0]?.message,
    ).toBe('The start date must be on or before the end date.');
    expect(
      statementQuerySchema.safeParse({ from: '2024-01-01', to: '2026-01-01' }).error?.issues[0]?.message,
    ).toBe('Choose at most 366 days.');
    expect(statementQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(statementQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
});
