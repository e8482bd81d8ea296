import { describe, expect, it } from 'vitest';
import { expiryFromInvoice, invoiceDue, moneyRows, paymentSuccessOf } from './invoice-due';

// Amounts in cents, as the invoice answers them (issue 29).
describe('invoiceDue', () => {
  it.each([
    [
      'an ordinary invoice is due at once, not in parts',
      { amount: 62_360_00, amountPaid: 0, balance: 62_360_00, amountDueNow: 62_360_00 },
      { amount: 62_360_00, amountPaid: 0, balance: 62_360_00, amountDueNow: 62_360_00, isPartPayment: false },
    ],
    [
      'above the M-Pesa limit the first prompt asks for KES 250,000',
      { amount: 370_540_00, amountPaid: 0, balance: 370_540_00, amountDueNow: 250_000_00 },
      {
        amount: 370_540_00,
        amountPaid: 0,
        balance: 370_540_00,
        amountDueNow: 250_000_00,
        isPartPayment: true,
      },
    ],
    [
      'partly paid, the last prompt asks for the balance',
      { amount: 370_540_00, amountPaid: 250_000_00, balance: 120_540_00, amountDueNow: 120_540_00 },
      {
        amount: 370_540_00,
        amountPaid: 250_000_00,
        balance: 120_540_00,
        amountDueNow: 120_540_00,
        isPartPayment: true,
      },
    ],
    [
      'without the server figures the whole amount is due',
      { amount: 62_360_00 },
      { amount: 62_360_00, amountPaid: 0, balance: 62_360_00, amountDueNow: 62_360_00, isPartPayment: false },
    ],
    [
      'a paid invoice without figures owes nothing',
      { amount: 62_360_00, status: 'PAID' },
      { amount: 62_360_00, amountPaid: 62_360_00, balance: 0, amountDueNow: 0, isPartPayment: false },
    ],
  ])('%s', (_name, invoice, due) => {
    expect(invoiceDue(invoice)).toEqual(due);
  });
});

describe('paymentSuccessOf', () => {
  const invoice = {
    invoiceSystemRef: 'INV-1',
    amount: 370_540_00,
    amountPaid: 250_000_00,
    balance: 120_540_00,
    amountDueNow: 120_540_00,
    status: 'UNPAID' as const,
  };

  it('a success leaving a balance is a part payment, with the amount received and the new balance', () => {
    const outcome = paymentSuccessOf({
      paymentRequestStatus: 'success',
      amount: 250_000_00,
      policyNumber: null,
      invoice,
    });
    expect(outcome).toMatchObject({ kind: 'part', received: 250_000_00, due: { balance: 120_540_00 } });
  });

  it.each([
    [
      'the balance reaches 0',
      { ...invoice, amountPaid: 370_540_00, balance: 0, amountDueNow: 0, status: 'PAID' },
    ],
    ['the server says nothing of the invoice', undefined],
  ] as const)('a success pays the invoice when %s', (_name, paid) => {
    expect(paymentSuccessOf({ paymentRequestStatus: 'success', amount: 120_540_00, invoice: paid })).toEqual({
      kind: 'paid',
    });
  });

  it('no reply (the invoice was found paid) is paid', () => {
    expect(paymentSuccessOf(undefined)).toEqual({ kind: 'paid' });
  });
});

describe('the payment page: expiry and money rows', () => {
  it('an expired quotation with nothing paid says when it expired, as the server does', () => {
    expect(
      expiryFromInvoice({
        status: 'UNPAID',
        amountPaid: 0,
        isQuotationExpired: true,
        quotationExpiresAt: '2026-03-03T08:00:00.000Z',
      }),
    ).toBe('This quotation expired on 3 Mar 2026. Get a new price to continue.');
  });

  it.each([
    ['still valid', { status: 'UNPAID', amountPaid: 0, isQuotationExpired: false }],
    [
      'partly paid (it never expires then)',
      { status: 'UNPAID', amountPaid: 250_000_00, isQuotationExpired: true },
    ],
    ['paid', { status: 'PAID', isQuotationExpired: true }],
    ['the server says nothing', { status: 'UNPAID' }],
  ])('says nothing when %s', (_name, invoice) => {
    expect(expiryFromInvoice(invoice)).toBeNull();
  });

  it('an ordinary invoice shows the total premium only (spec-2 summary)', () => {
    expect(
      moneyRows(
        invoiceDue({ amount: 62_360_00, amountPaid: 0, balance: 62_360_00, amountDueNow: 62_360_00 }),
      ),
    ).toEqual([{ label: 'Total premium', value: 'KES 62,360' }]);
  });

  it('an invoice paid in parts shows paid so far, the balance and the amount due now', () => {
    expect(
      moneyRows(
        invoiceDue({
          amount: 370_540_00,
          amountPaid: 250_000_00,
          balance: 120_540_00,
          amountDueNow: 120_540_00,
        }),
      ),
    ).toEqual([
      { label: 'Total premium', value: 'KES 370,540' },
      { label: 'Paid so far', value: 'KES 250,000' },
      { label: 'Balance', value: 'KES 120,540' },
      { label: 'Amount due now', value: 'KES 120,540' },
    ]);
  });

  it("a month of a monthly plan says which month, its due date and the month's premium (issue 31)", () => {
    expect(
      moneyRows(invoiceDue({ amount: 6_908_00, amountPaid: 0, balance: 6_908_00, amountDueNow: 6_908_00 }), {
        monthNo: 2,
        dueDate: '2027-01-02',
      }),
    ).toEqual([
      { label: 'Month', value: 'Month 2 of 12' },
      { label: 'Due date', value: '2 January 2027' },
      { label: "This month's premium", value: 'KES 6,908' },
    ]);
    // An annual invoice (no month) keeps the total premium.
    expect(
      moneyRows(invoiceDue({ amount: 6_908_00, amountPaid: 0, balance: 6_908_00, amountDueNow: 6_908_00 }), {
        monthNo: null,
        dueDate: null,
      }),
    ).toEqual([{ label: 'Total premium', value: 'KES 6,908' }]);
  });
});
