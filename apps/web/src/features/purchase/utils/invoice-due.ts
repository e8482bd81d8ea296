import { formatKes } from '@bima/domain/money';
import { MONTHLY_INSTALMENTS } from '@bima/domain/monthly';
import { formatIsoDate, formatKenyaShortDate } from '../../../lib/dates';
import type { PaymentStatusReply } from '../../../lib/payment-status';
import { t } from '../i18n';
import type { SummaryRow } from './summary';

/** An invoice's money as the payment page shows it, in cents (the wire's unit). */
export interface InvoiceDue {
  amount: number;
  amountPaid: number;
  balance: number;
  /** What the next M-Pesa prompt asks for. */
  amountDueNow: number;
  /** Paid in several prompts: above M-Pesa's per-payment limit, or partly paid with a balance left. */
  isPartPayment: boolean;
}

interface InvoiceMoney {
  amount: number;
  amountPaid?: number;
  balance?: number;
  amountDueNow?: number;
  status?: string;
}

/**
 * The invoice's paid, balance and amount due now. An invoice above M-Pesa's per-payment limit is
 * paid in several prompts, each at most the limit (the server says how much the next one asks for);
 * without those figures the whole amount is due at once.
 */
export function invoiceDue(invoice: InvoiceMoney): InvoiceDue {
  const { amount } = invoice;
  const amountPaid = invoice.amountPaid ?? (invoice.status === 'PAID' ? amount : 0);
  const balance = invoice.balance ?? Math.max(0, amount - amountPaid);
  const amountDueNow = invoice.amountDueNow ?? balance;
  return {
    amount,
    amountPaid,
    balance,
    amountDueNow,
    isPartPayment: (amountPaid > 0 && balance > 0) || amountDueNow < balance,
  };
}

export type PaymentSuccess =
  | { kind: 'paid' }
  | { kind: 'part'; received: number; due: InvoiceDue; invoice: NonNullable<PaymentStatusReply['invoice']> };

/**
 * What a successful prompt did: paid the invoice (its balance is 0, or the server did not say), or
 * paid a part of it, leaving a balance for the next prompt.
 */
export function paymentSuccessOf(reply: PaymentStatusReply | undefined): PaymentSuccess {
  const invoice = reply?.invoice;
  if (!invoice || invoice.status === 'PAID' || invoice.balance <= 0) return { kind: 'paid' };
  return {
    kind: 'part',
    received: reply.amount ?? invoice.amountPaid,
    due: invoiceDue(invoice),
    invoice,
  };
}

interface ExpiringInvoice {
  status: string;
  amountPaid?: number;
  quotationExpiresAt?: string;
  isQuotationExpired?: boolean;
}

/** 'This quotation expired on 3 Mar 2026. …' when the invoice's quotation can no longer be paid. */
export function expiryFromInvoice(invoice: ExpiringInvoice | undefined): string | null {
  if (!invoice?.isQuotationExpired || (invoice.amountPaid ?? 0) > 0 || invoice.status === 'PAID') return null;
  return invoice.quotationExpiresAt
    ? t('purchase.payment.expired', { date: formatKenyaShortDate(invoice.quotationExpiresAt) })
    : t('purchase.payment.expiredUndated');
}

/**
 * The summary's money rows: the total premium; with paid, balance and due now when paid in parts. A
 * month of a monthly plan (issue 31) says which month it is, its due date and the month's premium.
 */
export function moneyRows(
  due: InvoiceDue,
  month?: { monthNo?: number | null; dueDate?: string | null } | null,
): SummaryRow[] {
  const total = month?.monthNo
    ? { label: t('purchase.payment.monthPremium'), value: formatKes(due.amount) }
    : { label: t('purchase.fields.totalPremium'), value: formatKes(due.amount) };
  const monthRows = month?.monthNo
    ? [
        {
          label: t('purchase.payment.month'),
          value: t('purchase.payment.monthValue', { month: month.monthNo, count: MONTHLY_INSTALMENTS }),
        },
        ...(month.dueDate
          ? [{ label: t('purchase.payment.dueDate'), value: formatIsoDate(month.dueDate) }]
          : []),
      ]
    : [];
  if (!due.isPartPayment) return [...monthRows, total];
  return [
    ...monthRows,
    total,
    { label: t('purchase.payment.paidSoFar'), value: formatKes(due.amountPaid) },
    { label: t('purchase.payment.balance'), value: formatKes(due.balance) },
    { label: t('purchase.payment.amountDueNow'), value: formatKes(due.amountDueNow) },
  ];
}
