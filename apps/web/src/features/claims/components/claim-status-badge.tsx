import type { ClaimStatus } from '@bima/domain/claims';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { t } from '../i18n';

const TONES: Record<ClaimStatus, StatusTone> = {
  REPORTED: 'info',
  DOCUMENTS_PENDING: 'warning',
  UNDER_ASSESSMENT: 'info',
  APPROVED: 'success',
  DECLINED: 'danger',
  SETTLED: 'success',
  CLOSED: 'neutral',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <StatusBadge label={t(`claims.status.${status}`)} tone={TONES[status] ?? 'neutral'} />;
}
