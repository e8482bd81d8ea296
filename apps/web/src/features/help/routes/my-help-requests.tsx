import type { HelpRequestStatus } from '@bima/domain/intermediaries';
import { formatNumber } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedCardList } from '../../../components/paged-card-list';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { type HelpRecommendation, myHelpRequestsQueryOptions } from '../api/my-help-requests';
import { t } from '../i18n';

const STATUS_TONES: Record<HelpRequestStatus, StatusTone> = {
  PENDING: 'warning',
  IN_REVIEW: 'info',
  QUOTED: 'success',
  ACCEPTED: 'success',
  REJECTED: 'neutral',
  EXPIRED: 'neutral',
  SUSPENDED: 'danger',
};

const RECOMMENDATION_TONES: Record<HelpRecommendation['status'], StatusTone> = {
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'neutral',
};

/**
 * My help requests: each request the client sent to brokers and agents, what each firm has done
 * with it, and the recommendations it produced (opened in the review, to accept and pay or decline).
 */
export default function MyHelpRequestsRoute() {
  const [page, setPage] = usePageParam();
  const requests = useQuery(myHelpRequestsQueryOptions(page));
  return (
    <div>
      <PagedCardList
        title={t('helpRequests.title')}
        intro={t('helpRequests.intro')}
        query={requests}
        empty={t('helpRequests.empty')}
        emptyAction={
          <Link to={paths.motorHelp.getHref()} className={`${linkButton} mt-3 inline-block`}>
            {t('helpRequests.ask')}
          </Link>
        }
        itemKey={(request) => request.requestSystemRef}
        onPageChange={setPage}
        pagesLabel={t('helpRequests.pages')}
        renderItem={(request) => (
          <article
            aria-labelledby={`help-request-${request.requestSystemRef}`}
            className={`${cardClass} h-full`}
          >
            <h2
              id={`help-request-${request.requestSystemRef}`}
              className="font-bold break-all text-slate-900"
            >
              {t('helpRequests.request', { ref: request.requestSystemRef })}
            </h2>
            <SummaryList
              rows={[
                { label: t('helpRequests.sent'), value: formatKenyaDateTime(request.createdAt) },
                { label: t('helpRequests.vehicle'), value: request.risk.regNo },
                {
                  label: t('helpRequests.value'),
                  value: t('helpRequests.kes', { amount: formatNumber(request.risk.value / 100) }),
                },
                { label: t('helpRequests.answerBy'), value: formatIsoDate(request.expiry) },
              ]}
            />
            <h3 className="mt-4 font-semibold text-slate-900">{t('helpRequests.firms')}</h3>
            <ul className="mt-2 space-y-3">
              {request.intermediaries.map((firm) => (
                <li key={firm.id} className="rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-slate-900">{firm.intermediaryNames}</span>
                    <StatusBadge
                      label={t(`helpRequests.status.${firm.status}`)}
                      tone={STATUS_TONES[firm.status]}
                    />
                  </div>
                  {firm.recommendations.length > 0 ? (
                    <ul className="mt-2 space-y-2">
                      {firm.recommendations.map((recommendation) => (
                        <li key={recommendation.id} className="flex flex-wrap items-center gap-2">
                          <Link
                            to={paths.portalRecommendationReview.getHref(recommendation.id)}
                            className={linkButton}
                            aria-label={t('helpRequests.openRecommendation', {
                              firm: firm.intermediaryNames,
                            })}
                          >
                            {t('helpRequests.recommendation')}
                          </Link>
                          <StatusBadge
                            label={t(`helpRequests.recommendationStatus.${recommendation.status}`)}
                            tone={RECOMMENDATION_TONES[recommendation.status]}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-slate-700">{t('helpRequests.noRecommendation')}</p>
                  )}
                </li>
              ))}
            </ul>
          </article>
        )}
      />
    </div>
  );
}
