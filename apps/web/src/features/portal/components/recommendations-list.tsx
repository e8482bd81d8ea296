import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListPages } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { StatusBadge } from '../../../components/status-badge';
import { cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatKenyaDateTime } from '../../../lib/dates';
import { recommendationsQueryOptions } from '../api/recommendations';
import { t } from '../i18n';

const TONES = { SENT: 'info', ACCEPTED: 'success', REJECTED: 'danger' } as const;

/** "Recommendations from your intermediaries" (clientQuotationRequest), each linking to its review. */
export function RecommendationsList() {
  const [page, setPage] = usePageParam('recommendations');
  const query = useQuery(recommendationsQueryOptions(page));
  const items = query.data?.items ?? [];
  if (query.isSuccess && query.data.total === 0) return null;
  return (
    <section aria-labelledby="recommendations-title" className="mt-6">
      <h2 id="recommendations-title" className="text-xl font-bold text-slate-900">
        {t('portal.recommendations.listTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('portal.recommendations.listIntro')}</p>
      <QueryStatus
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorText={t('portal.recommendations.listError')}
      />
      {items.length > 0 ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {items.map((item) => {
            const firm = item.intermediary.intermediaryNames;
            return (
              <li key={item.id}>
                <article aria-labelledby={`recommendation-${item.id}`} className={`${cardClass} h-full`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`recommendation-${item.id}`} className="font-bold text-slate-900">
                      {t('portal.recommendations.from', { firm })}
                    </h3>
                    <StatusBadge
                      label={t(`portal.recommendations.status.${item.status}`)}
                      tone={TONES[item.status]}
                    />
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{formatKenyaDateTime(item.createdAt)}</p>
                  <ul className="mt-2 space-y-1 text-slate-900">
                    {item.quotations.map((quotation) => (
                      <li key={quotation.systemQuotationRef}>
                        {quotation.productName} — {quotation.underwriter} — {formatKes(quotation.premium)}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-3">
                    <Link
                      to={paths.portalRecommendationReview.getHref(item.id)}
                      aria-label={t('portal.recommendations.reviewLabel', { firm })}
                      className={linkButton}
                    >
                      {t('portal.recommendations.review')}
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ListPages
        list={query.data}
        onPageChange={setPage}
        isDisabled={query.isPlaceholderData}
        label={t('portal.recommendations.pages')}
        className="mt-4"
      />
    </section>
  );
}
