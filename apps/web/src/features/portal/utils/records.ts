import { formatKes } from '@bima/domain/money';
import { MONTHLY_INSTALMENTS } from '@bima/domain/monthly';
import { formatIsoDate, formatKenyaShortDate } from '../../../lib/dates';
import { intlLocale } from '../../../lib/i18n';
import { t } from '../i18n';

/** '1 March 2026 – 28 February 2027'. */
export function formatPeriod(startDate: string, endDate: string): string {
  return t('portal.periodRange', { start: formatIsoDate(startDate), end: formatIsoDate(endDate) });
}

/** An ISO timestamp as '1 March 2026'. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return t('portal.na');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}

/** The vehicle's registration number, or 'N/A'. */
export function registrationOf(vehicle: Record<string, unknown> | null | undefined): string {
  const value = vehicle?.registrationNumber;
  return typeof value === 'string' && value.trim() ? value.trim() : t('portal.na');
}

/** A field of a vehicle as text, 'N/A' where missing. */
export function vehicleText(vehicle: Record<string, unknown> | null | undefined, key: string): string {
  const value = vehicle?.[key];
  if (value === undefined || value === null) return t('portal.na');
  const text = String(value).trim();
  return text === '' ? t('portal.na') : text;
}

export interface BreakdownRow {
  label: string;
  amount: number;
  /** Subtotals and the total are shown in bold. */
  isTotal?: boolean;
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function lines(value: unknown, nameKey: string, amountKey: string): BreakdownRow[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    if (!line || typeof line !== 'object') return [];
    const record = line as Record<string, unknown>;
    const amount = asNumber(record[amountKey]);
    const name = record[nameKey];
    return amount === null || typeof name !== 'string' ? [] : [{ label: name, amount }];
  });
}

/**
 * The premium breakdown a quotation keeps (the server's engine, in cents): basic premium,
 * the discount for a higher excess (negative) when there is one, benefits, subtotal, charges (levies), total charges, total. Missing parts are left out.
 */
export function breakdownRows(breakdown: Record<string, unknown> | null | undefined): BreakdownRow[] {
  if (!breakdown) return [];
  const rows: BreakdownRow[] = [];
  const add = (label: string, value: unknown, isTotal = false) => {
    const amount = asNumber(value);
    if (amount !== null) rows.push(isTotal ? { label, amount, isTotal } : { label, amount });
  };
  add(t('portal.breakdown.basicPremium'), breakdown.basicPremium);
  const discount = asNumber(breakdown.excessDiscount);
  if (discount) rows.push({ label: t('portal.breakdown.excessDiscount'), amount: -discount });
  rows.push(...lines(breakdown.benefits, 'name', 'premium'));
  add(t('portal.breakdown.subtotal'), breakdown.subtotal, true);
  rows.push(...lines(breakdown.charges, 'charge_name', 'amount'));
  add(t('portal.breakdown.totalCharges'), breakdown.totalCharges);
  add(t('portal.breakdown.total'), breakdown.total, true);
  return rows;
}

export interface CoverTermRow {
  label: string;
  value: string;
}

/**
 * What a policy or quotation carries besides its premium (from the kept quote, in cents):
 * each benefit with its limit ('Included' without one), then each excess at the amount chosen, per
 * claim. Malformed lines are left out.
 */
export function coverTermRows(breakdown: Record<string, unknown> | null | undefined): CoverTermRow[] {
  if (!breakdown) return [];
  const records = (value: unknown) =>
    Array.isArray(value)
      ? value.filter((line): line is Record<string, unknown> => Boolean(line) && typeof line === 'object')
      : [];
  const benefits = records(breakdown.benefits).flatMap((line) => {
    const limit = asNumber(line.limit);
    if (typeof line.name !== 'string' || limit === null) return [];
    return [
      {
        label: line.name,
        value:
          limit > 0
            ? t('portal.coverTerms.limit', { amount: formatKes(limit) })
            : t('portal.coverTerms.included'),
      },
    ];
  });
  const excesses = records(breakdown.excesses).flatMap((line) => {
    const amount = asNumber(line.amount);
    if (typeof line.name !== 'string' || amount === null) return [];
    return [
      {
        label: t('portal.coverTerms.excess', { name: line.name }),
        value: t('portal.coverTerms.perClaim', { amount: formatKes(amount) }),
      },
    ];
  });
  return [...benefits, ...excesses];
}

/** What an invoice's badge says: Paid, Unpaid, or Partly paid while 0 < paid < amount. */
export function invoicePaymentStatus(invoice: {
  status: string;
  amount: number;
  amountPaid?: number;
}): 'PAID' | 'PARTLY_PAID' | 'UNPAID' {
  if (invoice.status === 'PAID') return 'PAID';
  const paid = invoice.amountPaid ?? 0;
  return paid > 0 && paid < invoice.amount ? 'PARTLY_PAID' : 'UNPAID';
}

/** An invoice's paid so far and balance, in cents (the server's, or worked out from its status). */
export function invoiceMoney(invoice: {
  status: string;
  amount: number;
  amountPaid?: number;
  balance?: number;
}) {
  const amountPaid = invoice.amountPaid ?? (invoice.status === 'PAID' ? invoice.amount : 0);
  return { amountPaid, balance: invoice.balance ?? Math.max(0, invoice.amount - amountPaid) };
}

/**
 * 'This quotation expired on 3 Mar 2026.' for an expired quotation (its price is no longer offered;
 * the server says so only when nothing was paid towards it), else null.
 */
export function quotationExpiryText(quotation: { isExpired?: boolean; expiresAt?: string }): string | null {
  if (!quotation.isExpired) return null;
  return quotation.expiresAt
    ? t('portal.quotations.expired', { date: formatKenyaShortDate(quotation.expiresAt) })
    : t('portal.quotations.expiredUndated');
}

/**
 * A monthly plan's invoice (issue 31) says which month it is and when it is due: "Month 2 of 12",
 * due on its date. An annual invoice has no such rows.
 */
export function monthRows(invoice: {
  monthNo?: number | null;
  dueDate?: string | null;
}): Array<{ label: string; value: string }> {
  if (!invoice.monthNo) return [];
  return [
    {
      label: t('portal.fields.monthNo'),
      value: t('portal.monthly.monthOf', { month: invoice.monthNo, count: MONTHLY_INSTALMENTS }),
    },
    ...(invoice.dueDate
      ? [{ label: t('portal.fields.dueDate'), value: formatIsoDate(invoice.dueDate) }]
      : []),
  ];
}
