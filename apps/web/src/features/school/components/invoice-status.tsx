import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import type { SchoolInvoiceStatus } from '../api/school';
import { t } from '../i18n';

const TONES: Record<SchoolInvoiceStatus, StatusTone> = {
  UNPAID: 'warning',
  PART_PAID: 'info',
  OVERDUE: 'danger',
  PAID: 'success',
};

export function SchoolInvoiceStatusBadge({ status }: { status: SchoolInvoiceStatus }) {
  return <StatusBadge label={t(`school.status.${status}`)} tone={TONES[status]} />;
}
