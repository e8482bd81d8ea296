import { formatKes } from '@bima/domain/money';
import { DataTable } from '../../../components/data-table';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { t } from '../i18n';
import type { BreakdownRow } from '../utils/records';

const statusTones: Record<string, StatusTone> = {
  ACTIVE: 'success',
  PAID: 'success',
  UNPAID: 'warning',
  LAPSED: 'warning',
  PARTLY_PAID: 'info',
  EXPIRED: 'neutral',
  CANCELLED: 'danger',
};

/** A policy's, quotation's or invoice's status (ACTIVE, PAID, UNPAID, PARTLY_PAID, EXPIRED) in words. */
export function RecordStatusBadge({ status }: { status: string }) {
  return <StatusBadge label={t(`portal.status.${status}`)} tone={statusTones[status] ?? 'neutral'} />;
}

/** The premium breakdown of a quotation, invoice or policy; subtotals and the total in bold. */
export function BreakdownTable({ rows }: { rows: BreakdownRow[] }) {
  if (rows.length === 0) return <p className="text-slate-700">{t('portal.na')}</p>;
  return (
    <DataTable
      caption={t('portal.breakdown.title')}
      hideCaption
      columns={[
        { key: 'item', header: t('portal.breakdown.item'), cell: (row) => row.label, isRowHeader: true },
        {
          key: 'amount',
          header: t('portal.breakdown.amount'),
          cell: (row) => formatKes(row.amount),
          align: 'right',
          className: 'tabular-nums',
        },
      ]}
      rows={rows}
      rowKey={(row) => row.label}
      rowClassName={(row) => (row.isTotal ? 'font-bold text-slate-900' : 'text-slate-800')}
      emptyText={t('portal.na')}
    />
  );
}
