import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import type { InstalmentState, LoanStatus } from '../api/loans';
import { t } from '../i18n';

const loanTones: Record<LoanStatus, StatusTone> = {
  AWAITING_DEPOSIT: 'warning',
  PENDING: 'info',
  DECLINED: 'danger',
  WITHDRAWN: 'neutral',
  ACTIVE: 'success',
  SETTLED: 'success',
  CANCELLED: 'danger',
};

/** An application's or loan's status in words. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <StatusBadge label={t(`loans.status.${status}`)} tone={loanTones[status] ?? 'neutral'} />;
}

const instalmentTones: Record<InstalmentState, StatusTone> = {
  paid: 'success',
  'part-paid': 'info',
  overdue: 'danger',
  due: 'warning',
  upcoming: 'neutral',
  closed: 'neutral',
};

/** An instalment's state in words (paid, overdue…). */
export function InstalmentBadge({ state }: { state: InstalmentState }) {
  return <StatusBadge label={t(`loans.instalment.${state}`)} tone={instalmentTones[state] ?? 'neutral'} />;
}
