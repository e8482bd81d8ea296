import type { StatusTone } from '../../../components/status-badge';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { t } from '../i18n';

/** A timestamp in Kenya time ('3 Mar 2026, 14:05'), or 'N/A'. */
export function formatWhen(iso: string | null | undefined): string {
  return iso ? formatKenyaDateTime(iso) : t('staff.na');
}

/** A calendar date (YYYY-MM-DD, a Kenyan date) as '1 March 2026'. */
export function formatDay(isoDate: string): string {
  return formatIsoDate(isoDate);
}

/** A person's names as one line. */
export function fullName(
  names: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  return [names?.firstName, names?.lastName].filter(Boolean).join(' ').trim();
}

const TONES: Record<string, StatusTone> = {
  PENDING: 'warning',
  IN_REVIEW: 'info',
  QUOTED: 'info',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  EXPIRED: 'neutral',
  SUSPENDED: 'danger',
  ACTIVE: 'success',
  INVITED: 'info',
  DISABLED: 'neutral',
  OPEN: 'warning',
  REFUNDED: 'success',
  APPLIED: 'success',
};

/** The badge tone of a status (request, firm, staff user, receipt); unknown ones are neutral. */
export function statusTone(status: string): StatusTone {
  return TONES[status] ?? 'neutral';
}

/** A status in words ('IN_REVIEW' → 'In review'), from the staff texts; unknown ones as given. */
export function statusLabel(status: string): string {
  const key = `staff.status.${status}`;
  const label = t(key);
  return label === key ? status : label;
}

/** A basis-point rate as a percent for a field: 1000 → '10', 1250 → '12.5'. */
export function bpsToPercentText(bps: number): string {
  return String(Number((bps / 100).toFixed(2)));
}

/** A percent typed in a field ('12.5', '12,5 %') as basis points, or null when it is not a number. */
export function percentTextToBps(text: string): number | null {
  const cleaned = text.replace('%', '').replace(',', '.').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
