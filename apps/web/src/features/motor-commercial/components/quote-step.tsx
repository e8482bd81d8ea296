import {
  CLASS_MESSAGES,
  COMMERCIAL_USE_LABELS,
  COMMERCIAL_VEHICLE_TYPE_LABELS,
} from '@bima/domain/classes/risks';
import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass } from '../../../components/ui';
import { domainText } from '../../../lib/domain-text';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { commercialQuotesQueryOptions, planDetailsQueryOptions } from '../api/commercial';
import { t } from '../i18n';
import { advance, quoteRiskOf, updateFlow, useCommercialFlow } from '../stores/commercial-flow';
import { coreBenefitsOf } from '../utils/format';
import { PlanDetailsModal } from './plan-details-modal';
import { StepActions } from './step-actions';

function PlanFeatures({ productSystemRef }: { productSystemRef: string }) {
  const details = useQuery(planDetailsQueryOptions(productSystemRef));
  if (details.isPending)
    return <p className="text-sm text-slate-700">{t('motorCommercial.quote.featuresLoading')}</p>;
  const features = coreBenefitsOf(details.data);
  if (features.length === 0) return null;
  return (
    <ul
      aria-label={t('motorCommercial.quote.features')}
      className="list-disc space-y-1 pl-5 text-sm text-slate-800"
    >
      {features.map((benefit) => (
        <li key={benefit.benefitSystemRef}>{benefit.benefit_category_name}</li>
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  isSelected,
  onDetails,
  onSelect,
}: {
  plan: QuotedProductSummary;
  isSelected: boolean;
  onDetails: () => void;
  onSelect: () => void;
}) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`${cardClass} flex h-full flex-col gap-3 ${isSelected ? 'border-2 border-emerald-800' : ''}`}
      >
        <div>
          <h3 id={titleId} className="text-lg leading-snug font-bold text-slate-900">
            {plan.productName}
          </h3>
          <p className="text-sm text-slate-700">
            {t('motorCommercial.quote.underwriter', { name: plan.underwriter[0]?.name ?? '' })}
          </p>
          {isSelected ? (
            <span className="mt-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900">
              {t('motorCommercial.quote.selected')}
            </span>
          ) : null}
        </div>
        <div>
          <p className="text-sm text-slate-700">{t('motorCommercial.quote.premium')}</p>
          <p className="text-2xl font-extrabold text-emerald-900">
            {plan.premium === null || plan.premium === undefined ? '—' : formatKes(plan.premium)}
          </p>
        </div>
        <PlanFeatures productSystemRef={plan.productSystemRef} />
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Button variant="secondary" className="px-3" onClick={onDetails} aria-describedby={titleId}>
            {t('motorCommercial.quote.viewDetails')}
          </Button>
          <Button className="px-3" onClick={onSelect} aria-describedby={titleId}>
            {t('motorCommercial.quote.selectPlan')}
          </Button>
        </div>
      </article>
    </li>
  );
}

/**
 * Step 3: the plans priced for the risk (asked again whenever the cover type or the value changes,
 * as the query's key is the whole risk), each with its premium and features, View Details and
 * Select Plan; an empty list says so in spec-2's words.
 */
export function QuoteStep() {
  const flow = useCommercialFlow();
  const risk = quoteRiskOf(flow);
  const quotes = useQuery({
    ...commercialQuotesQueryOptions(risk ?? ({} as never)),
    enabled: risk !== null,
  });
  const [detailsOf, setDetailsOf] = useState<QuotedProductSummary | null>(null);

  const select = (product: QuotedProductSummary) => {
    setDetailsOf(null);
    updateFlow((state) => advance(state, { type: 'product', product }));
  };

  const plans = quotes.data ?? [];
  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.quote.heading')}</ScreenHeading>
        {risk ? (
          <p className="mt-1 text-slate-700">
            {t('motorCommercial.quote.intro', {
              vehicle: domainText(COMMERCIAL_VEHICLE_TYPE_LABELS[risk.vehicleType]).toLowerCase(),
              tonnes: risk.tonnageCapacity,
              use: domainText(COMMERCIAL_USE_LABELS[risk.usageDetails.primaryUse]).toLowerCase(),
            })}
          </p>
        ) : null}
      </div>
      <QueryStatus
        isPending={quotes.isPending}
        isError={quotes.isError}
        onRetry={() => void quotes.refetch()}
        loadingText={t('motorCommercial.quote.loading')}
        errorText={t('motorCommercial.quote.failed')}
        className=""
      />
      {quotes.isSuccess && plans.length === 0 ? (
        <p role="status" className={`${cardClass} font-semibold text-slate-900`}>
          {domainText(CLASS_MESSAGES.noQuotations)}
        </p>
      ) : null}
      {plans.length > 0 ? (
        <ul
          aria-label={t('motorCommercial.quote.plansLabel')}
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
        >
          {plans.map((plan) => (
            <PlanCard
              key={plan.productSystemRef}
              plan={plan}
              isSelected={flow.selectedProduct?.productSystemRef === plan.productSystemRef}
              onDetails={() => setDetailsOf(plan)}
              onSelect={() => select(plan)}
            />
          ))}
        </ul>
      ) : null}
      {detailsOf ? (
        <PlanDetailsModal
          plan={detailsOf}
          onClose={() => setDetailsOf(null)}
          onSelect={() => select(detailsOf)}
        />
      ) : null}
      <StepActions />
    </section>
  );
}
