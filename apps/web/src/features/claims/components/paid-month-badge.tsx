import { StatusBadge } from '../../../components/status-badge';
import { t } from '../i18n';

/**
 * The desk's flag of a monthly-paid policy's claim (issue 31): the incident date within a paid
 * month's cover, or flagged "Not in a paid month". Nothing for an annual policy (null).
 */
export function PaidMonthBadge({ inPaidMonth }: { inPaidMonth: boolean | null }) {
  if (inPaidMonth === null) return null;
  return inPaidMonth ? (
    <StatusBadge label={t('claims.desk.paidMonth.in')} tone="success" />
  ) : (
    <StatusBadge label={t('claims.desk.paidMonth.out')} tone="danger" />
  );
}
