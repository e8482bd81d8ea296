import { formatKes } from '@bima/domain/money';
import { rejectRecommendationSchema } from '@bima/domain/recommendations';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { cardClass, fieldErrorClass, inputClass, labelClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notifications';
import {
  type ClientRecommendation,
  type RecommendedQuotation,
  recommendationQueryOptions,
  useAcceptRecommendation,
  useDeclineRecommendation,
} from '../api/recommendations';
import { t } from '../i18n';
import { breakdownRows, coverTermRows } from '../utils/records';

const TONES: Record<ClientRecommendation['status'], StatusTone> = {
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'danger',
};

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : fallback;

/** Decline with a reason (10–500 characters) the intermediary reads; the server's refusal is shown. */
function DeclineDialog({
  recommendation,
  onClose,
}: {
  recommendation: ClientRecommendation;
  onClose: () => void;
}) {
  const ids = useId();
  const decline = useDeclineRecommendation(recommendation.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = rejectRecommendationSchema.safeParse({
      id: recommendation.id,
      decision: 'REJECT',
      reason,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('portal.recommendations.declineFailed'));
      return;
    }
    setError(null);
    decline.mutate(parsed.data.reason, {
      onSuccess: () => {
        notify({ type: 'success', title: t('portal.recommendations.declined') });
        onClose();
      },
      onError: (failure) => setError(serverMessage(failure, t('portal.recommendations.declineFailed'))),
    });
  };

  return (
    <Modal title={t('portal.recommendations.declineTitle')} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <p className="text-slate-700">
          {t('portal.recommendations.declineIntro', { firm: recommendation.intermediary.intermediaryNames })}
        </p>
        <label htmlFor={`${ids}-reason`} className={`${labelClass} mt-4 block`}>
          {t('portal.recommendations.reason')}
        </label>
        <textarea
          id={`${ids}-reason`}
          className={inputClass}
          rows={4}
          value={reason}
          maxLength={600}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${ids}-hint`} className="mt-1 text-sm text-slate-700">
          {t('portal.recommendations.reasonHint')}
        </p>
        {error ? (
          <p id={`${ids}-error`} role="alert" className={fieldErrorClass}>
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" disabled={decline.isPending}>
            {decline.isPending
              ? t('portal.recommendations.declining')
              : t('portal.recommendations.confirmDecline')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('portal.recommendations.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function QuotationCard({
  recommendation,
  quotation,
  showBreakdown,
}: {
  recommendation: ClientRecommendation;
  quotation: RecommendedQuotation;
  showBreakdown: boolean;
}) {
  const navigate = useNavigate();
  const accept = useAcceptRecommendation(recommendation.id);
  const headingId = `rq-${quotation.systemQuotationRef}`;
  const isPaid = quotation.invoice?.status === 'PAID' || Boolean(quotation.policyNumber);
  const canAccept =
    !quotation.isExpired &&
    !isPaid &&
    (recommendation.status === 'SENT' || (recommendation.status === 'ACCEPTED' && quotation.accepted));
  const rows = showBreakdown ? breakdownRows(quotation.breakdown) : [];
  // The limits and excesses the intermediary chose, beside the price.
  const terms = showBreakdown ? coverTermRows(quotation.breakdown) : [];

  // The vehicle and KYC the policy needs are asked first (step 2 of the wizard), then it is accepted.
  const onAccept = () =>
    (quotation.missingDetails ?? []).length > 0
      ? navigate(paths.motorCompleteDetails.getHref(quotation.systemQuotationRef, recommendation.id))
      : accept.mutate(quotation.systemQuotationRef, {
          onSuccess: (answer) => navigate(paths.motorPayment.getHref(answer.invoiceSystemRef)),
        });

  return (
    <article aria-labelledby={headingId} className={`${cardClass} h-full`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {quotation.productName}
        </h2>
        {quotation.accepted ? (
          <StatusBadge label={t('portal.recommendations.chosen')} tone="success" />
        ) : null}
        {quotation.isExpired && !quotation.accepted ? (
          <StatusBadge label={t('portal.recommendations.expired')} tone="warning" />
        ) : null}
      </div>
      <SummaryList
        rows={[
          { label: t('portal.recommendations.underwriter'), value: quotation.underwriter },
          { label: t('portal.recommendations.premium'), value: formatKes(quotation.premium) },
          {
            label: t('portal.recommendations.period'),
            value: t('portal.recommendations.days', { count: quotation.period }),
          },
          { label: t('portal.recommendations.start'), value: formatIsoDate(quotation.startDate) },
          { label: t('portal.recommendations.expiry'), value: formatKenyaDateTime(quotation.expiresAt) },
          ...(quotation.policyNumber
            ? [{ label: t('portal.recommendations.policy'), value: quotation.policyNumber }]
            : []),
        ]}
      />
      {rows.length > 0 ? (
        <div className="mt-3">
          <h3 className="font-semibold text-slate-900">{t('portal.recommendations.breakdown')}</h3>
          <SummaryList rows={rows.map((row) => ({ label: row.label, value: formatKes(row.amount) }))} />
        </div>
      ) : null}
      {terms.length > 0 ? (
        <div className="mt-3">
          <h3 className="font-semibold text-slate-900">{t('portal.coverTerms.title')}</h3>
          <SummaryList rows={terms} />
        </div>
      ) : null}
      {canAccept ? (
        <div className="mt-4">
          <Button
            onClick={onAccept}
            disabled={accept.isPending}
            aria-label={t('portal.recommendations.acceptLabel', { product: quotation.productName })}
          >
            {accept.isPending ? t('portal.recommendations.accepting') : t('portal.recommendations.accept')}
          </Button>
          {accept.error ? (
            <p role="alert" className="mt-2 font-medium text-red-800">
              {serverMessage(accept.error, t('portal.recommendations.acceptFailed'))}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function Review({ id, showBreakdown }: { id: number; showBreakdown: boolean }) {
  const query = useQuery(recommendationQueryOptions(id));
  const [isDeclining, setDeclining] = useState(false);
  const recommendation = query.data;
  const notFound = query.error instanceof ApiError && query.error.httpStatus === 404;
  return (
    <div>
      <BackLink to={paths.portalQuotations.getHref()}>{t('portal.recommendations.back')}</BackLink>
      <div className="mt-4">
        <ScreenHeading level={1}>
          {recommendation
            ? t('portal.recommendations.title', { firm: recommendation.intermediary.intermediaryNames })
            : t('portal.recommendations.titleLoading')}
        </ScreenHeading>
      </div>
      <QueryStatus
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorText={notFound ? t('portal.recommendations.notFound') : t('portal.recommendations.loadError')}
      />
      {recommendation ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <StatusBadge
              label={t(`portal.recommendations.status.${recommendation.status}`)}
              tone={TONES[recommendation.status]}
            />
            <span className="text-slate-700">
              {t('portal.recommendations.sentOn', {
                when: formatKenyaDateTime(recommendation.createdAt),
                ref: recommendation.requestSystemRef,
              })}
            </span>
          </div>
          <section aria-labelledby="rec-note" className={`${cardClass} mt-6`}>
            <h2 id="rec-note" className="font-semibold text-slate-900">
              {t('portal.recommendations.note', { firm: recommendation.intermediary.intermediaryNames })}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-900">{recommendation.note}</p>
            {recommendation.rejectionReason ? (
              <p className="mt-3 text-slate-800">
                {t('portal.recommendations.yourReason', { reason: recommendation.rejectionReason })}
              </p>
            ) : null}
          </section>
          <ul className="mt-6 grid gap-4 lg:grid-cols-2">
            {recommendation.quotations.map((quotation) => (
              <li key={quotation.systemQuotationRef}>
                <QuotationCard
                  recommendation={recommendation}
                  quotation={quotation}
                  showBreakdown={showBreakdown}
                />
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-4">
            {!showBreakdown ? (
              <Link to={paths.portalRecommendationDetails.getHref(recommendation.id)} className={linkButton}>
                {t('portal.recommendations.details')}
              </Link>
            ) : (
              <Link to={paths.portalRecommendationReview.getHref(recommendation.id)} className={linkButton}>
                {t('portal.recommendations.backToReview')}
              </Link>
            )}
            <Link
              to={paths.portalChats.getHref({ with: 'recommendation', recommendationId: recommendation.id })}
              className={linkButton}
            >
              {t('portal.recommendations.chat', { firm: recommendation.intermediary.intermediaryNames })}
            </Link>
            {recommendation.status === 'ACCEPTED' ? (
              <Link to={paths.portalRecommendationSummary.getHref(recommendation.id)} className={linkButton}>
                {t('portal.recommendations.seeSummary')}
              </Link>
            ) : null}
            {recommendation.status === 'SENT' ? (
              <Button variant="secondary" onClick={() => setDeclining(true)}>
                {t('portal.recommendations.decline')}
              </Button>
            ) : null}
          </div>
          {isDeclining ? (
            <DeclineDialog recommendation={recommendation} onClose={() => setDeclining(false)} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * A recommendation from an intermediary (`client-quotation-review/:id`): the firm, its note and each
 * recommended quotation, to accept and pay or to decline with a reason. `client-quotation-details/:id`
 * is the same screen with each quotation's premium breakdown.
 */
export default function RecommendationReviewRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const recommendationId = Number(id);
  if (!Number.isInteger(recommendationId) || recommendationId < 1) {
    return (
      <div>
        <ScreenHeading level={1}>{t('portal.recommendations.titleLoading')}</ScreenHeading>
        <p className="mt-3 text-slate-700">{t('portal.recommendations.notFound')}</p>
      </div>
    );
  }
  const showBreakdown = pathname.includes('/client-quotation-details/');
  return <Review key={recommendationId} id={recommendationId} showBreakdown={showBreakdown} />;
}
