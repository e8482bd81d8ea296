import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, cardClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { type ClientRecommendation, recommendationQueryOptions } from '../api/recommendations';
import { t } from '../i18n';

function Accepted({ recommendation }: { recommendation: ClientRecommendation }) {
  const quotation = recommendation.quotations.find((item) => item.accepted);
  if (!quotation) return null;
  const invoice = quotation.invoice;
  const isPaid = invoice?.status === 'PAID' || Boolean(quotation.policyNumber);
  return (
    <section aria-labelledby="rec-summary-chosen" className={`${cardClass} mt-6`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="rec-summary-chosen" className="text-lg font-bold text-slate-900">
          {quotation.productName}
        </h2>
        <StatusBadge
          label={isPaid ? t('portal.recommendations.paid') : t('portal.recommendations.awaitingPayment')}
          tone={isPaid ? 'success' : 'warning'}
        />
      </div>
      <SummaryList
        rows={[
          {
            label: t('portal.recommendations.intermediary'),
            value: recommendation.intermediary.intermediaryNames,
          },
          { label: t('portal.recommendations.underwriter'), value: quotation.underwriter },
          { label: t('portal.recommendations.premium'), value: formatKes(quotation.premium) },
          {
            label: t('portal.recommendations.period'),
            value: t('portal.recommendations.days', { count: quotation.period }),
          },
          { label: t('portal.recommendations.start'), value: formatIsoDate(quotation.startDate) },
          ...(invoice
            ? [{ label: t('portal.recommendations.invoice'), value: invoice.invoiceSystemRef }]
            : []),
          ...(quotation.policyNumber
            ? [{ label: t('portal.recommendations.policy'), value: quotation.policyNumber }]
            : []),
        ]}
      />
      <div className="mt-4 flex flex-wrap gap-4">
        {invoice && !isPaid ? (
          <Link to={paths.motorPayment.getHref(invoice.invoiceSystemRef)} className={buttonPrimary}>
            {t('portal.recommendations.payNow')}
          </Link>
        ) : null}
        {invoice ? (
          <Link to={paths.portalInvoiceDetail.getHref(invoice.invoiceSystemRef)} className={linkButton}>
            {t('portal.recommendations.viewInvoice')}
          </Link>
        ) : null}
        <Link to={paths.portalRecommendationKyc.getHref(recommendation.id)} className={linkButton}>
          {t('portal.recommendations.checkKyc')}
        </Link>
      </div>
    </section>
  );
}

/**
 * `client-quotation-summary/:id`: what the client accepted from a recommendation — the product,
 * the firm, the premium, its invoice (Pay now while unpaid) and the policy once issued. Before an
 * answer it sends the client to the review; after a decline it says so.
 */
export default function RecommendationSummaryRoute() {
  const { id } = useParams();
  const recommendationId = Number(id);
  const valid = Number.isInteger(recommendationId) && recommendationId > 0;
  const query = useQuery({ ...recommendationQueryOptions(recommendationId), enabled: valid });
  const recommendation = query.data;
  const notFound = !valid || (query.error instanceof ApiError && query.error.httpStatus === 404);
  return (
    <div>
      <BackLink to={paths.portalQuotations.getHref()}>{t('portal.recommendations.back')}</BackLink>
      <div className="mt-4">
        <ScreenHeading level={1}>{t('portal.recommendations.summaryTitle')}</ScreenHeading>
      </div>
      {notFound ? (
        <p className="mt-3 text-slate-700">{t('portal.recommendations.notFound')}</p>
      ) : (
        <QueryStatus
          isPending={query.isPending}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          errorText={t('portal.recommendations.loadError')}
        />
      )}
      {recommendation && recommendation.status === 'ACCEPTED' ? (
        <Accepted recommendation={recommendation} />
      ) : null}
      {recommendation && recommendation.status !== 'ACCEPTED' ? (
        <section className={`${cardClass} mt-6`}>
          <p className="text-slate-800">
            {recommendation.status === 'SENT'
              ? t('portal.recommendations.notAnswered', {
                  firm: recommendation.intermediary.intermediaryNames,
                })
              : t('portal.recommendations.wasDeclined')}
          </p>
          <Link
            to={paths.portalRecommendationReview.getHref(recommendation.id)}
            className={`${linkButton} mt-3 inline-block`}
          >
            {t('portal.recommendations.openReview')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
