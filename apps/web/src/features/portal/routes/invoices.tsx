import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListPages } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { invoicesQueryOptions } from '../api/records';
import { RecordStatusBadge } from '../components/records';
import { UnallocatedReceipts } from '../components/unallocated-receipts';
import { t } from '../i18n';
import { formatKes, formatTimestamp, invoiceMoney, invoicePaymentStatus } from '../utils/records';

/**
 * Invoice (also Accounts › Invoices): the client's invoices with what is paid and the balance, each
 * opening its detail; below them, money received without an invoice.
 */
export default function InvoicesRoute() {
  const [page, setPage] = usePageParam();
  const invoices = useQuery(invoicesQueryOptions(page));
  const list = invoices.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('portal.invoices.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.invoices.intro')}</p>
      <QueryStatus
        isPending={invoices.isPending}
        isError={invoices.isError}
        onRetry={() => void invoices.refetch()}
      />
      {list?.total === 0 ? (
        <p className={`${cardClass} mt-6 text-slate-800`}>{t('portal.invoices.empty')}</p>
      ) : null}
      {list && list.items.length > 0 ? (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {list.items.map((invoice) => {
            const ref = invoice.invoiceSystemRef;
            const { amountPaid, balance } = invoiceMoney(invoice);
            return (
              <li key={ref}>
                <article aria-labelledby={`invoice-${ref}`} className={`${cardClass} h-full`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`invoice-${ref}`} className="font-bold break-all text-slate-900">
                      {ref}
                    </h2>
                    <RecordStatusBadge status={invoicePaymentStatus(invoice)} />
                  </div>
                  <SummaryList
                    rows={[
                      { label: t('portal.fields.product'), value: invoice.productName },
                      { label: t('portal.fields.amount'), value: formatKes(invoice.amount) },
                      { label: t('portal.fields.amountPaid'), value: formatKes(amountPaid) },
                      { label: t('portal.fields.balance'), value: formatKes(balance) },
                      { label: t('portal.fields.createdAt'), value: formatTimestamp(invoice.createdAt) },
                    ]}
                  />
                  <div className="mt-3 flex flex-wrap items-center gap-4">
                    <Link
                      to={paths.portalInvoiceDetail.getHref(ref)}
                      aria-label={t('portal.invoices.view', { ref })}
                      className={linkButton}
                    >
                      {t('portal.invoices.viewShort')}
                    </Link>
                    {invoice.status === 'UNPAID' ? (
                      <Link
                        to={paths.motorPayment.getHref(ref)}
                        aria-label={t('portal.invoices.payLabel', { ref })}
                        className={buttonPrimary}
                      >
                        {t('portal.invoices.pay')}
                      </Link>
                    ) : null}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ListPages
        list={list}
        onPageChange={setPage}
        isDisabled={invoices.isPlaceholderData}
        label={t('portal.invoices.pages')}
      />
      <UnallocatedReceipts />
    </div>
  );
}
