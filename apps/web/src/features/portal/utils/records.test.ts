import { describe, expect, it } from 'vitest';
import {
  breakdownRows,
  coverTermRows,
  formatPeriod,
  invoiceMoney,
  invoicePaymentStatus,
  quotationExpiryText,
  registrationOf,
  vehicleText,
} from './records';

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

  it('shows the discount for a higher excess as a line taken off, after the basic premium (issue 26)', () => {
    expect(
      breakdownRows({
        basicPremium: 80_000,
        excessDiscount: 4_000,
        benefits: [],
        subtotal: 76_000,
        total: 76_382,
      }),
    ).toEqual([
      { label: 'Basic premium', amount: 80_000 },
      { label: 'Discount for a higher excess', amount: -4_000 },
      { label: 'Subtotal', amount: 76_000, isTotal: true },
      { label: 'Total premium', amount: 76_382, isTotal: true },
    ]);
    expect(breakdownRows({ basicPremium: 80_000, excessDiscount: 0 })).toEqual([
      { label: 'Basic premium', amount: 80_000 },
    ]);
  });

  it('lists each benefit with its limit and each excess at the amount chosen (cents), per claim', () => {
    expect(
      coverTermRows({
        benefits: [
          { name: 'Windscreen Cover', premium: 700_000, limit: 10_000_000 },
          { name: 'Road Rescue', premium: 0, limit: 0 },
          { name: 'Broken' },
        ],
        excesses: [
          { id: 'collision', name: 'Collision', amount: 5_000_000 },
          { id: 'theft', name: 'Theft' },
        ],
      }),
    ).toEqual([
      { label: 'Windscreen Cover', value: 'Limit KES 100,000' },
      { label: 'Road Rescue', value: 'Included' },
      { label: 'Collision excess', value: 'KES 50,000 per claim' },
    ]);
    expect(coverTermRows(null)).toEqual([]);
    expect(coverTermRows({ benefits: 'none' })).toEqual([]);
  });

  it('shows amounts, periods and vehicle fields', () => {
    expect(formatPeriod('2026-03-01', '2027-02-28')).toBe('1 March 2026 – 28 February 2027');
    expect(registrationOf({ registrationNumber: ' KDA 123B ' })).toBe('KDA 123B');
    expect(registrationOf(null)).toBe('N/A');
    expect(vehicleText({ make: 'Toyota', colour: '' }, 'colour')).toBe('N/A');
    expect(vehicleText({ engineCapacity: 2500 }, 'engineCapacity')).toBe('2500');
  });
});

describe('invoice payment status: Partly paid while 0 < paid < amount', () => {
  it.each([
    ['nothing paid', { status: 'UNPAID', amount: 370_540, amountPaid: 0 }, 'UNPAID'],
    ['a first part paid', { status: 'UNPAID', amount: 370_540, amountPaid: 250_000 }, 'PARTLY_PAID'],
    ['all paid', { status: 'PAID', amount: 370_540, amountPaid: 370_540 }, 'PAID'],
    ['no figures from the server', { status: 'UNPAID', amount: 62_360 }, 'UNPAID'],
  ] as const)('%s → %s', (_name, invoice, status) => {
    expect(invoicePaymentStatus(invoice)).toBe(status);
  });

  it('reads Partly paid', async () => {
    const { t } = await import('../i18n');
    expect(t('portal.status.PARTLY_PAID')).toBe('Partly paid');
  });

  it.each([
    [{ status: 'UNPAID', amount: 370_540, amountPaid: 250_000, balance: 120_540 }, 250_000, 120_540],
    [{ status: 'UNPAID', amount: 62_360 }, 0, 62_360],
    [{ status: 'PAID', amount: 62_360 }, 62_360, 0],
  ])('paid and balance of %j', (invoice, amountPaid, balance) => {
    expect(invoiceMoney(invoice)).toEqual({ amountPaid, balance });
  });
});

describe('quotation expiry', () => {
  it('an expired quotation says when it expired, in Kenya time', () => {
    expect(quotationExpiryText({ isExpired: true, expiresAt: '2026-03-03T08:00:00.000Z' })).toBe(
      'This quotation expired on 3 Mar 2026.',
    );
    expect(quotationExpiryText({ isExpired: true, expiresAt: '2026-12-22T22:30:00.000Z' })).toBe(
      'This quotation expired on 23 Dec 2026.',
    );
    expect(quotationExpiryText({ isExpired: true })).toBe('This quotation has expired.');
  });

  it('a valid quotation (or one the server does not call expired) says nothing', () => {
    expect(quotationExpiryText({ isExpired: false, expiresAt: '2020-01-01T00:00:00.000Z' })).toBeNull();
    expect(quotationExpiryText({})).toBeNull();
  });
});
