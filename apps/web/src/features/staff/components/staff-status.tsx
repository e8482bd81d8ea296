import { StatusBadge } from '../../../components/status-badge';
import { statusLabel, statusTone } from '../utils/format';

/** Any back-office status (request, firm, staff user, receipt) as a badge in words. */
export function StaffStatusBadge({ status }: { status: string }) {
  return <StatusBadge label={statusLabel(status)} tone={statusTone(status)} />;
}
