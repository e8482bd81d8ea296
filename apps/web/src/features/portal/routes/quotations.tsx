import { formatKes } from '@bima/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { MonthlyOfferDetails } from '../../../components/monthly-offer';
import { ListPages } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { addToCart, cartQueryKey } from '../../../lib/cart';
import { quotationsQueryOptions } from '../api/records';
import { RecommendationsList } from '../components/recommendations-list';
import { RecordStatusBadge } from '../components/records';
import { usePayQuotation } from '../hooks';
import { t } from '../i18n';
import { formatPeriod, quotationExpiryText, registrationOf } from '../utils/records';

/**
 * Quotations: the client's quotations, Paid (with the policy), Unpaid (with Pay) or expired (with
 * Get a new price, which prices it again with today's rates and pays the new one).
 */
export default function QuotationsRoute() {
  const [page, setPage] = usePageParam();
  const quotations = useQuery(quotationsQueryOptions(page));
  const list = quotations.data;
  const { pay, requote, preparing } = usePayQuotation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [inCart, setInCart] = useState<ReadonlySet<string>>(new Set());
  const add = useMutation({
    mutationFn: addToCart,
    onSuccess: (_answer, ref) => {
      setInCart((refs) => new Set(refs).add(ref));
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
    // The cart pays for policies: a quotation without its vehicle or KYC is completed first.
    onError: (error, ref) => {
      if (error instanceof ApiError && error.err_code === 'RISK_DETAILS_MISSING') {
        navigate(paths.motorCompleteDetails.getHref(ref));
      }
    },
  });

  return (
    <div>
      <ScreenHeading level={1}>{t('portal.quotations.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.quotations.intro')}</p>
      <RecommendationsList />
      <h2 className="mt-8 text-xl font-bold text-slate-900">{t('portal.quotations.ownTitle')}</h2>
      <QueryStatus
        isPending={quotations.isPending}
        isError={quotations.isError}
        onRetry={() => void quotations.refetch()}
      />
      {list?.total === 0 ? (
        <p className={`${cardClass} mt-6 text-slate-800`}>{t('portal.quotations.empty')}</p>
      ) : null}
      {list && list.items.length > 0 ? (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {list.items.map((quotation) => {
            const ref = quotation.systemQuotationRef;
            const isPaid = quotation.invoice?.status === 'PAID' || Boolean(quotation.policyNumber);
            const policyId = quotation.policyId ?? undefined;
            const expiry = isPaid ? null : quotationExpiryText(quotation);
            // An intermediary's quotation is bought by accepting it on its review, not with Pay.
            const reviewId =
              quotation.purchaseType === 'recommendation' && !quotation.invoice && quotation.recommendationId
                ? quotation.recommendationId
                : null;
            return (
              <li key={ref}>
                <article aria-labelledby={`quotation-${ref}`} className={`${cardClass} h-full`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`quotation-${ref}`} className="font-bold break-all text-slate-900">
                      {ref}
                    </h2>
                    <RecordStatusBadge status={isPaid ? 'PAID' : expiry ? 'EXPIRED' : 'UNPAID'} />
                  </div>
                  <SummaryList
                    rows={[
                      { label: t('portal.fields.product'), value: quotation.productName },
                      {
                        label: quotation.riskReference?.label ?? t('portal.fields.registration'),
                        value: quotation.riskReference?.value ?? registrationOf(quotation.vehicle),
                      },
                      {
                        label: t('portal.fields.coverType'),
                        value: coverTypeText(quotation.coverType),
                      },
                      {
                        label: t('portal.fields.period'),
                        value: formatPeriod(quotation.startDate, quotation.endDate),
                      },
                      { label: t('portal.fields.premium'), value: formatKes(quotation.premium) },
                      {
                        label: t('portal.fields.paymentPlan'),
                        value:
                          quotation.paymentPlan === 'monthly' && quotation.monthlyOffer
                            ? t('portal.plan.monthlyValue', {
                                amount: formatKes(quotation.monthlyOffer.monthlyAmount),
                                count: quotation.monthlyOffer.instalments,
                              })
                            : t('portal.plan.annual'),
                      },
                    ]}
                  />
                  {quotation.monthlyOffer ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer font-semibold text-emerald-900">
                        {quotation.paymentPlan === 'monthly'
                          ? t('portal.plan.monthlyDetails')
                          : t('portal.plan.monthlyOffered')}
                      </summary>
                      <div className="mt-2">
                        <MonthlyOfferDetails offer={quotation.monthlyOffer} />
                      </div>
                    </details>
                  ) : null}
                  <div className="mt-3">
                    {isPaid && quotation.policyNumber ? (
                      policyId !== undefined ? (
                        // Its name is its visible text (WCAG 2.5.3): "View policy …".
                        <Link to={paths.portalPolicy.getHref(policyId)} className={linkButton}>
                          {t('portal.quotations.viewPolicy', { policyNumber: quotation.policyNumber })}
                        </Link>
                      ) : (
                        <p className="font-semibold text-slate-900">
                          {t('portal.quotations.paidWith', { policyNumber: quotation.policyNumber })}
                        </p>
                      )
                    ) : null}
                    {reviewId !== null && !isPaid ? (
                      <Link to={paths.portalRecommendationReview.getHref(reviewId)} className={linkButton}>
                        {t('portal.recommendations.review')}
                      </Link>
                    ) : null}
                    {expiry && reviewId === null ? (
                      <div className="space-y-3">
                        <p className="font-semibold text-amber-950">{expiry}</p>
                        <button
                          type="button"
                          onClick={() => void requote(quotation)}
                          disabled={preparing !== null}
                          aria-label={t('portal.quotations.requoteLabel', { ref })}
                          className={buttonPrimary}
                        >
                          {preparing === ref
                            ? t('portal.quotations.requoting')
                            : t('portal.quotations.requote')}
                        </button>
                      </div>
                    ) : null}
                    {isPaid || expiry || reviewId !== null ? null : (
                      <div className="flex flex-wrap items-center gap-3">
                        <button
                          type="button"
                          onClick={() => void pay(quotation)}
                          disabled={preparing !== null}
                          aria-label={t('portal.quotations.payLabel', { ref })}
                          className={buttonPrimary}
                        >
                          {preparing === ref ? t('portal.quotations.preparing') : t('portal.quotations.pay')}
                        </button>
                        {inCart.has(ref) ? (
                          <span className="font-semibold text-emerald-900">
                            {t('portal.quotations.inCart')}{' '}
                            <Link to={paths.portalCart.getHref()} className={linkButton}>
                              {t('portal.quotations.viewCart')}
                            </Link>
                          </span>
                        ) : (
                          <button
                            type="button"
                            onClick={() => add.mutate(ref)}
                            disabled={add.isPending}
                            aria-label={t('portal.quotations.addToCartLabel', { ref })}
                            className={buttonSecondary}
                          >
                            {add.isPending && add.variables === ref
                              ? t('portal.quotations.adding')
                              : t('portal.quotations.addToCart')}
                          </button>
                        )}
                      </div>
                    )}
                    {add.isError && add.variables === ref ? (
                      <p role="alert" className="mt-2 font-medium text-red-800">
                        {t('portal.quotations.addError', {
                          ref,
                          reason: add.error instanceof ApiError ? (add.error.err_msg ?? '') : '',
                        })}
                      </p>
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
        isDisabled={quotations.isPlaceholderData}
        label={t('portal.quotations.pages')}
      />
    </div>
  );
}
