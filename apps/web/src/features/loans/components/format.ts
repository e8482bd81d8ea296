import { formatNumber } from '@bima/domain/money';
import { intlLocale } from '../../../lib/i18n';
import { t } from '../i18n';

/** 'KES 1,234' or 'KES 1,234.50' (exact to the cent) from integer cents, as the API answers money. */
export function formatKesExact(amount: number): string {
  const cents = Math.round(Math.abs(amount));
  const whole = formatNumber(Math.floor(cents / 100));
  const rest = cents % 100;
  const text = t('loans.kes', { amount: rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}` });
  return amount < 0 ? `-${text}` : text;
}

/** Shillings (what the wallet and payment calls still answer) as cents. */
export const centsOfKes = (kes: number) => Math.round(kes * 100);

/** 9.17 → '9.17%'. */
export const formatPercent = (value: number) => t('loans.percent', { value: formatNumber(value) });

/** An ISO timestamp as Kenyans read it: '3 Mar 2026, 14:05'. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return t('loans.na');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}
