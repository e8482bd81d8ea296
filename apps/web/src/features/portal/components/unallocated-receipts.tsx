import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { Pagination } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { usePageParam } from '../../../components/use-page-param';
import { type UnallocatedReceipt, unallocatedReceiptsQueryOptions } from '../api/records';
import { t } from '../i18n';
import { formatTimestamp } from '../utils/records';

/** What happens to a receipt: our team refunds or applies an open one. */
function nextStep(status: string): string {
  if (status === 'REFUNDED' || status === 'APPLIED') return t(`portal.receipts.${status}`);
  return t('portal.receipts.open');
}

/**
 * Money received without an invoice: M-Pesa payments that arrived when no invoice was waiting
 * (a second payment, one after a payment was given up), credited to the client until our team
 * refunds or applies them. Hidden when there are none.
 */
export function UnallocatedReceipts() {
  const [page, setPage] = usePageParam('receiptsPage');
  const receipts = useQuery(unallocatedReceiptsQueryOptions(page));

  if (receipts.isPending || receipts.isError) {
    return (
      <QueryStatus
        isPending={receipts.isPending}
        isError={receipts.isError}
        onRetry={() => void receipts.refetch()}
        loadingText={t('portal.receipts.loading')}
        errorText={t('portal.receipts.loadError')}
        className="mt-8"
      />
    );
  }
  const { items, total, pageSize } = receipts.data;
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

  return (
    <Card id="unallocated-receipts" title={t('portal.receipts.title')} className="mt-8">
      <p className="text-slate-700">{t('portal.receipts.intro')}</p>
      <div className="mt-4">
        <DataTable<UnallocatedReceipt>
          caption={t('portal.receipts.title')}
          hideCaption
          columns={[
            {
              key: 'amount',
              header: t('portal.receipts.amount'),
              cell: (receipt) => formatKes(receipt.amount),
              className: 'font-semibold tabular-nums',
            },
            {
              key: 'mpesaReceipt',
              header: t('portal.receipts.mpesaReceipt'),
              cell: (receipt) => receipt.mpesaReceiptNumber ?? t('portal.na'),
              className: 'break-all',
            },
            {
              key: 'date',
              header: t('portal.receipts.date'),
              cell: (receipt) => formatTimestamp(receipt.createdAt),
            },
            { key: 'next', header: t('portal.receipts.next'), cell: (receipt) => nextStep(receipt.status) },
          ]}
          rows={items}
          rowKey={(receipt) => receipt.receiptSystemRef}
          emptyText={t('portal.na')}
        />
      </div>
      {pages > 1 ? (
        <Pagination
          page={page}
          pageCount={pages}
          onPageChange={setPage}
          isDisabled={receipts.isPlaceholderData}
          label={t('portal.receipts.pages')}
          previousLabel={t('portal.receipts.previousPage')}
          nextLabel={t('portal.receipts.nextPage')}
          className="mt-4"
        />
      ) : null}
    </Card>
  );
}
