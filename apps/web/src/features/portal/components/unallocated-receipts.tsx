import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonSecondary, buttonSmall, cardClass } from '../../../components/ui';
import { unallocatedReceiptsQueryOptions } from '../api/records';
import { t } from '../i18n';
import { formatKes, formatTimestamp } from '../utils/records';

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
  const [page, setPage] = useState(1);
  const receipts = useQuery(unallocatedReceiptsQueryOptions(page));

  if (receipts.isPending) {
    return (
      <p role="status" className="mt-8 text-sm text-slate-700">
        {t('portal.receipts.loading')}
      </p>
    );
  }
  if (receipts.isError) {
    return (
      <div role="alert" className={`${cardClass} mt-8 space-y-3`}>
        <p className="font-semibold text-red-900">{t('portal.receipts.loadError')}</p>
        <button type="button" onClick={() => void receipts.refetch()} className={buttonSecondary}>
          {t('portal.retry')}
        </button>
      </div>
    );
  }
  const { items, total, pageSize } = receipts.data;
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

  return (
    <section aria-labelledby="unallocated-receipts" className={`${cardClass} mt-8`}>
      <h2 id="unallocated-receipts" className="text-lg font-bold text-slate-900">
        {t('portal.receipts.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('portal.receipts.intro')}</p>
      <div className="mt-4 overflow-x-auto">
        <table aria-labelledby="unallocated-receipts" className="w-full text-left">
          <thead>
            <tr className="border-b border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('portal.receipts.amount')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('portal.receipts.mpesaReceipt')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('portal.receipts.date')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('portal.receipts.next')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((receipt) => (
              <tr key={receipt.receiptSystemRef}>
                <td className="py-2 pr-4 font-semibold text-slate-900 tabular-nums">
                  {formatKes(receipt.amount)}
                </td>
                <td className="py-2 pr-4 break-all text-slate-900">
                  {receipt.mpesaReceiptNumber ?? t('portal.na')}
                </td>
                <td className="py-2 pr-4 text-slate-900">{formatTimestamp(receipt.createdAt)}</td>
                <td className="py-2 text-slate-900">{nextStep(receipt.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={t('portal.receipts.pages')} className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => setPage((current) => Math.max(1, current - 1))}
            disabled={page <= 1 || receipts.isPlaceholderData}
            className={buttonSmall}
          >
            {t('portal.receipts.previousPage')}
          </button>
          <span className="text-sm text-slate-800" aria-live="polite">
            {t('portal.receipts.page', { page, pages })}
          </span>
          <button
            type="button"
            onClick={() => setPage((current) => Math.min(pages, current + 1))}
            disabled={page >= pages || receipts.isPlaceholderData}
            className={buttonSmall}
          >
            {t('portal.receipts.nextPage')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
