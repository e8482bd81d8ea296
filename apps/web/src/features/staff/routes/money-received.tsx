import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSmall, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { notify } from '../../../lib/notifications';
import { receiptsQueryOptions, type StaffReceipt } from '../api/receipts';
import { ResolveReceiptModal } from '../components/resolve-receipt-modal';
import { StaffStatusBadge } from '../components/staff-status';
import { t } from '../i18n';
import { formatWhen, statusLabel } from '../utils/format';

const RECEIPT_STATUSES: readonly StaffReceipt['status'][] = ['OPEN', 'REFUNDED', 'APPLIED'];

/** Admin: every client's unallocated receipts (money no invoice needed), to refund; newest first. */
export default function MoneyReceivedRoute() {
  const statusId = useId();
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useState<StaffReceipt['status'] | undefined>();
  const [resolving, setResolving] = useState<StaffReceipt | null>(null);
  const receipts = useQuery(receiptsQueryOptions({ page, status }));
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.receipts.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.receipts.intro')}</p>
      <div className="mt-4">
        <label htmlFor={statusId} className={`block ${labelClass}`}>
          {t('staff.receipts.statusFilter')}
        </label>
        <select
          id={statusId}
          className={`${inputClass} sm:max-w-xs`}
          value={status ?? ''}
          onChange={(event) => {
            setStatus(RECEIPT_STATUSES.find((value) => value === event.target.value));
            setPage(1);
          }}
        >
          <option value="">{t('staff.receipts.all')}</option>
          {RECEIPT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <PagedTable<StaffReceipt>
        query={receipts}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.receipts.pages')}
        caption={t('staff.receipts.caption')}
        hideCaption
        isScrollFocusable
        columns={[
          {
            key: 'amount',
            header: t('staff.receipts.amount'),
            cell: (receipt) => formatKes(receipt.amount),
            align: 'right',
            className: 'font-semibold tabular-nums whitespace-nowrap',
          },
          {
            key: 'mpesa',
            header: t('staff.receipts.mpesaReceipt'),
            cell: (receipt) => receipt.mpesaReceiptNumber ?? t('staff.na'),
            className: 'break-all',
          },
          {
            key: 'email',
            header: t('staff.receipts.clientEmail'),
            cell: (receipt) => receipt.clientEmail,
            className: 'break-all',
          },
          {
            key: 'phone',
            header: t('staff.receipts.phone'),
            cell: (receipt) => receipt.phone ?? t('staff.na'),
          },
          { key: 'reason', header: t('staff.receipts.reason'), cell: (receipt) => receipt.reason },
          {
            key: 'status',
            header: t('staff.receipts.status'),
            cell: (receipt) => <StaffStatusBadge status={receipt.status} />,
          },
          {
            key: 'date',
            header: t('staff.receipts.date'),
            cell: (receipt) => formatWhen(receipt.createdAt),
          },
          {
            key: 'actions',
            header: t('staff.receipts.resolve.open'),
            cell: (receipt) =>
              receipt.status === 'OPEN' ? (
                <button type="button" className={buttonSmall} onClick={() => setResolving(receipt)}>
                  {t('staff.receipts.resolve.open')}
                </button>
              ) : (
                formatWhen(receipt.resolvedAt)
              ),
          },
        ]}
        rowKey={(receipt) => receipt.receiptSystemRef}
        emptyText={t('staff.receipts.empty')}
      />
      {resolving ? (
        <ResolveReceiptModal
          receipt={resolving}
          onClose={() => setResolving(null)}
          onDone={(resolved) => {
            setResolving(null);
            notify({
              type: 'success',
              title: t('staff.receipts.resolve.saved', { status: statusLabel(resolved) }),
            });
          }}
        />
      ) : null}
    </div>
  );
}
