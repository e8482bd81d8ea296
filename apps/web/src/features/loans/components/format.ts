import { formatNumber } from '@bima/domain/money';
import { intlLocale } from '../../../lib/i18n';
import { t } from '../i18n';

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
