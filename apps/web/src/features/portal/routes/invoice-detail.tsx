import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { coverTypeText } from '../../../components/code-labels';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { formatIsoDate } from '../../../lib/dates';
import { invoiceQueryOptions } from '../../../lib/invoices';
import { ipfOfferQueryOptions } from '../../../lib/ipf';
import { PayFromWallet } from '../components/pay-from-wallet';
import { BreakdownTable, RecordStatusBadge } from '../components/records';
import { t } from '../i18n';
import {
  breakdownRows,
  formatTimestamp,
  invoiceMoney,
  invoicePaymentStatus,
  monthRows,
} from '../utils/records';

/** One invoice with its premium breakdown, what is paid and the balance, and Pay while one is left. */
export default function InvoiceDetailRoute() {
  const { invoiceSystemRef = '' } = useParams();
  const invoice = useQuery(invoiceQueryOptions(invoiceSystemRef));
  const data = invoice.data;
  const policyId = data?.policyId ?? undefined;
  const money = data ? invoiceMoney(data) : null;
  // "Pay over time" shows when premium financing can take this invoice (or has it already).
  const offer = useQuery({
    ...ipfOfferQueryOptions(invoiceSystemRef),
    enabled: data?.status === 'UNPAID',
  });

  return (
    <div>
      <ScreenHeading level={1}>
        {data ? t('portal.invoice.title', { ref: data.invoiceSystemRef }) : t('portal.invoice.titleLoading')}
      </ScreenHeading>
      <QueryStatus
        isPending={invoice.isPending}
        isError={invoice.isError}
        onRetry={() => void invoice.refetch()}
        errorText={t('portal.invoice.notFound')}
      />
      {data ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card id="invoice-details" title={t('portal.invoice.details')}>
            <SummaryList
              rows={[
                { label: t('portal.fields.invoice'), value: data.invoiceSystemRef },
                {
                  label: t('portal.fields.status'),
                  value: <RecordStatusBadge status={invoicePaymentStatus(data)} />,
                },
                ...monthRows(data),
                { label: t('portal.fields.amount'), value: formatKes(data.amount) },
                { label: t('portal.fields.amountPaid'), value: formatKes(money?.amountPaid ?? 0) },
                { label: t('portal.fields.balance'), value: formatKes(money?.balance ?? data.amount) },
                { label: t('portal.fields.createdAt'), value: formatTimestamp(data.createdAt) },
                ...(data.paidAt
                  ? [{ label: t('portal.fields.paidAt'), value: formatTimestamp(data.paidAt) }]
                  : []),
                { label: t('portal.fields.quotation'), value: data.systemQuotationRef },
                { label: t('portal.fields.product'), value: data.productName },
                { label: t('portal.fields.coverType'), value: coverTypeText(data.coverType) },
                { label: t('portal.fields.coverPeriod'), value: t('portal.days', { days: data.period }) },
                { label: t('portal.fields.startDate'), value: formatIsoDate(data.startDate) },
                {
                  label: t('portal.fields.policyNumber'),
                  value:
                    data.policyNumber && policyId !== undefined ? (
                      <Link to={paths.portalPolicy.getHref(policyId)} className={linkButton}>
                        {data.policyNumber}
                      </Link>
                    ) : (
                      (data.policyNumber ?? t('portal.na'))
                    ),
                },
              ]}
            />
            {data.status === 'UNPAID' ? (
              <Link
                to={paths.motorPayment.getHref(data.invoiceSystemRef)}
                className={`${buttonPrimary} mt-4`}
              >
                {t('portal.invoice.pay', {
                  amount: formatKes(data.amountDueNow ?? money?.balance ?? data.amount),
                })}
              </Link>
            ) : null}
          </Card>
          {data.status === 'UNPAID' ? <PayFromWallet invoice={data} /> : null}
          {data.status === 'UNPAID' && (offer.data?.eligible || offer.data?.openLoanRef) ? (
            <Card id="invoice-pay-over-time" title={t('portal.invoice.payOverTimeTitle')}>
              {offer.data.openLoanRef ? (
                <>
                  <p className="text-slate-700">{t('portal.invoice.payOverTimeOpen')}</p>
                  <Link
                    to={paths.portalMyLoans.getHref(offer.data.openLoanRef)}
                    className={`${buttonSecondary} mt-4`}
                  >
                    {t('portal.invoice.seeLoan', { ref: offer.data.openLoanRef })}
                  </Link>
                </>
              ) : (
                <>
                  <p className="text-slate-700">
                    {t('portal.invoice.payOverTimeHint', {
                      from: formatKes(offer.data.options[0]?.instalments[1]?.amount ?? 0),
                    })}
                  </p>
                  <Link
                    to={paths.portalIpfRequests.getHref(data.invoiceSystemRef)}
                    className={`${buttonSecondary} mt-4`}
                  >
                    {t('portal.invoice.payOverTime')}
                  </Link>
                </>
              )}
            </Card>
          ) : null}
          <Card id="invoice-breakdown" title={t('portal.breakdown.title')}>
            <BreakdownTable rows={breakdownRows(data.breakdown)} />
          </Card>
        </div>
      ) : null}
      <Link to={paths.portalInvoice.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('portal.invoice.back')}
      </Link>
    </div>
  );
}
