import { formatNumber } from '@bima/domain/money';
import type { StatusTone } from '../../../components/status-badge';
import { intlLocale } from '../../../lib/i18n';
import type { ApplicationStatus } from '../api/applications';
import { t } from '../i18n';

/** 'KES 1,234' or 'KES 1,234.50' from integer cents, as the API answers money. */
export function formatKesExact(amount: number): string {
  const cents = Math.round(Math.abs(amount));
  const whole = formatNumber(Math.floor(cents / 100));
  const rest = cents % 100;
  const text = t('lending.kes', { amount: rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}` });
  return amount < 0 ? `-${text}` : text;
}

export function formatWhen(iso: string | null): string {
  if (!iso) return t('lending.na');
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));
}

const tones: Record<ApplicationStatus, StatusTone> = {
  AWAITING_DEPOSIT: 'warning',
  PENDING: 'info',
  DECLINED: 'danger',
  WITHDRAWN: 'neutral',
  ACTIVE: 'success',
  SETTLED: 'success',
  CANCELLED: 'danger',
};

export const statusTone = (status: ApplicationStatus): StatusTone => tones[status] ?? 'neutral';
