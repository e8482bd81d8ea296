import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedCardList } from '../../../components/paged-card-list';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import type { ClientInvoice } from '../../../lib/invoices';
import { invoicesQueryOptions } from '../api/records';
import { RecordStatusBadge } from '../components/records';
import { UnallocatedReceipts } from '../components/unallocated-receipts';
import { t } from '../i18n';
import { formatTimestamp, invoiceMoney, invoicePaymentStatus, monthRows } from '../utils/records';

/**
 * Invoice (also Accounts › Invoices): the client's invoices with what is paid and the balance, each
 * opening its detail; below them, money received without an invoice.
 */
export default function InvoicesRoute() {
  const [page, setPage] = usePageParam();
  const invoices = useQuery(invoicesQueryOptions(page));
  return (
    <div>
      <PagedCardList
        title={t('portal.invoices.title')}
        intro={t('portal.invoices.intro')}
        query={invoices}
        empty={t('portal.invoices.empty')}
        itemKey={(invoice) => invoice.invoiceSystemRef}
        onPageChange={setPage}
        pagesLabel={t('portal.invoices.pages')}
        renderItem={(invoice) => <InvoiceCard invoice={invoice} />}
      />
      <UnallocatedReceipts />
    </div>
  );
}

/** One invoice: what is paid and the balance, its detail and, while unpaid, Pay. */
function InvoiceCard({ invoice }: { invoice: ClientInvoice }) {
  const ref = invoice.invoiceSystemRef;
  const { amountPaid, balance } = invoiceMoney(invoice);
  return (
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
          ...monthRows(invoice),
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
  );
}
