import { formatKes } from '@bima/domain/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { coverTypeText } from '../../../components/code-labels';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, buttonSmall } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { completeQuotation } from '../../../lib/quotations';
import { policyByIdQueryOptions } from '../api/records';
import {
  type RenewalBenefit,
  type RenewalCover,
  type RenewalQuote,
  renewalQueryOptions,
} from '../api/renewal';
import { t } from '../i18n';
import { vehicleText } from '../utils/records';

/** The server's own words for a refusal (already in the portal's language), else a general line. */
const refusalText = (error: unknown) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : t('portal.renewal.loadError');

/** A benefit as a price has it: its name, its limit, and the client's when this one is lower. */
const benefitText = (benefit: RenewalBenefit) =>
  benefit.yourLimit !== undefined && benefit.limit !== null
    ? t('portal.renewal.lowerLimit', {
        name: benefit.name,
        limit: formatKes(benefit.limit),
        yours: formatKes(benefit.yourLimit),
      })
    : benefit.limit === null
      ? benefit.name
      : t('portal.renewal.benefitLimit', { name: benefit.name, limit: formatKes(benefit.limit) });

/** What a renewal price includes of the policy's benefits and what it cannot offer (issue 26). */
function PriceIncludes({ cover, hasBenefits }: { cover: RenewalCover; hasBenefits: boolean }) {
  if (!hasBenefits) return null;
  return (
    <span className="mt-1 block text-sm text-slate-800">
      <span className="block">
        {cover.includes.length > 0
          ? t('portal.renewal.includes', { list: cover.includes.map(benefitText).join('; ') })
          : t('portal.renewal.includesNone')}
      </span>
      {cover.cannotOffer.length > 0 ? (
        <span className="block font-semibold text-amber-900">
          {t('portal.renewal.cannotOffer', { list: cover.cannotOffer.map(benefitText).join('; ') })}
        </span>
      ) : null}
    </span>
  );
}

function Alternatives({
  renewal,
  onChoose,
}: {
  renewal: RenewalQuote;
  onChoose: (productSystemRef: string) => void;
}) {
  const headingId = useId();
  if (renewal.alternatives.length === 0)
    return <p className="text-slate-800">{t('portal.renewal.noAlternatives')}</p>;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-bold text-slate-900">
        {t('portal.renewal.alternativesTitle')}
      </h3>
      <p className="mt-1 text-slate-800">
        {renewal.previous.benefits.length > 0
          ? t('portal.renewal.pricedWith', { list: renewal.previous.benefits.map(benefitText).join('; ') })
          : t('portal.renewal.pricedAlone')}
      </p>
      <ul className="mt-3 space-y-3">
        {renewal.alternatives.map((alternative) => (
          <li
            key={alternative.productSystemRef}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
          >
            <span>
              <span className="block font-semibold text-slate-900">{alternative.productName}</span>
              <span className="block text-sm text-slate-700">{alternative.underwriter}</span>
              <span className="block font-semibold text-slate-900">{formatKes(alternative.premium)}</span>
              <PriceIncludes cover={alternative} hasBenefits={renewal.previous.benefits.length > 0} />
            </span>
            <button
              type="button"
              className={buttonSmall}
              aria-label={t('portal.renewal.chooseLabel', { product: alternative.productName })}
              onClick={() => onChoose(alternative.productSystemRef)}
            >
              {t('portal.renewal.choose')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Renewal({ policyId, policyNumber }: { policyId: number; policyNumber: string }) {
  const navigate = useNavigate();
  const [productSystemRef, setProductSystemRef] = useState<string | undefined>();
  const [showAlternatives, setShowAlternatives] = useState(false);
  const renewal = useQuery(renewalQueryOptions(policyNumber, productSystemRef));
  const pay = useMutation({
    mutationFn: (systemQuotationRef: string) => completeQuotation(systemQuotationRef),
    onSuccess: (invoice) => navigate(paths.motorPayment.getHref(invoice.invoiceSystemRef)),
    // The vehicle of an older policy may lack details the renewal needs: step 2 asks for them first.
    onError: (error, systemQuotationRef) => {
      if (error instanceof ApiError && error.err_code === 'RISK_DETAILS_MISSING') {
        navigate(paths.motorCompleteDetails.getHref(systemQuotationRef));
      }
    },
  });
  const data = renewal.data;

  if (renewal.isError) {
    return (
      <div role="alert" className="mt-6 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
        <p className="font-semibold">{refusalText(renewal.error)}</p>
        <Link to={paths.portalPolicy.getHref(policyId)} className={`${buttonSecondary} mt-4`}>
          {t('portal.renewal.backToPolicy')}
        </Link>
      </div>
    );
  }
  if (!data) {
    return (
      <QueryStatus
        isPending
        isError={false}
        onRetry={() => void renewal.refetch()}
        loadingText={t('portal.renewal.pricing')}
      />
    );
  }
  const quotation = data.quotation;
  const difference = quotation.premium - data.previous.premium;
  return (
    <div className="mt-6 space-y-6">
      <Card id="renewal-premiums" title={t('portal.renewal.premiumsTitle')}>
        <SummaryList
          rows={[
            {
              label: t('portal.renewal.lastYear', { underwriter: data.previous.underwriter }),
              value: formatKes(data.previous.premium),
            },
            {
              label: t('portal.renewal.thisYear', { underwriter: quotation.underwriter }),
              value: formatKes(quotation.premium),
            },
            {
              label: t('portal.renewal.difference'),
              value:
                difference === 0
                  ? t('portal.renewal.same')
                  : difference > 0
                    ? t('portal.renewal.more', { amount: formatKes(difference) })
                    : t('portal.renewal.less', { amount: formatKes(-difference) }),
            },
          ]}
        />
      </Card>
      <Card id="renewal-cover" title={t('portal.renewal.coverTitle')}>
        <SummaryList
          rows={[
            { label: t('portal.fields.product'), value: quotation.productName },
            { label: t('portal.fields.underwriter'), value: quotation.underwriter },
            {
              label: t('portal.fields.coverType'),
              value: coverTypeText(quotation.coverType),
            },
            ...(quotation.vehicleValue === null
              ? []
              : [{ label: t('portal.fields.vehicleValue'), value: formatKes(quotation.vehicleValue) }]),
            {
              label: t('portal.fields.registration'),
              value: vehicleText(quotation.vehicle, 'registrationNumber'),
            },
            { label: t('portal.fields.startDate'), value: formatIsoDate(quotation.startDate) },
            { label: t('portal.fields.endDate'), value: formatIsoDate(quotation.endDate) },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">
          {t('portal.renewal.startsAfter', { date: formatIsoDate(data.previous.endDate) })}
        </p>
        <PriceIncludes cover={data.cover} hasBenefits={data.previous.benefits.length > 0} />
      </Card>
      {pay.isError ? (
        <p role="alert" className="font-semibold text-red-900">
          {refusalText(pay.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonPrimary}
          disabled={pay.isPending}
          onClick={() => pay.mutate(quotation.systemQuotationRef)}
        >
          {t('portal.renewal.pay', { amount: formatKes(quotation.premium) })}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          aria-expanded={showAlternatives}
          aria-controls="renewal-alternatives"
          onClick={() => setShowAlternatives((shown) => !shown)}
        >
          {showAlternatives ? t('portal.renewal.hideAlternatives') : t('portal.renewal.showAlternatives')}
        </button>
      </div>
      <div id="renewal-alternatives" hidden={!showAlternatives}>
        {showAlternatives ? (
          <Alternatives
            renewal={data}
            onChoose={(ref) => {
              setProductSystemRef(ref);
              setShowAlternatives(false);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Renew (`products/:id/renew`): the policy's vehicle and cover priced again for the next period. */
export default function RenewPolicyRoute() {
  const { id } = useParams();
  const policyId = Number(id);
  const isValidId = Number.isInteger(policyId) && policyId > 0;
  const policy = useQuery({ ...policyByIdQueryOptions(policyId), enabled: isValidId });
  return (
    <div>
      <ScreenHeading level={1}>
        {policy.data
          ? t('portal.renewal.title', { policyNumber: policy.data.policyNumber })
          : t('portal.renewal.titleLoading')}
      </ScreenHeading>
      {isValidId ? (
        <QueryStatus
          isPending={policy.isPending}
          isError={policy.isError}
          onRetry={() => void policy.refetch()}
          errorText={t('portal.policy.notFound')}
        />
      ) : (
        <p role="alert" className="mt-6 font-semibold text-red-900">
          {t('portal.policy.notFound')}
        </p>
      )}
      {policy.data ? <Renewal policyId={policyId} policyNumber={policy.data.policyNumber} /> : null}
      <Link
        to={isValidId ? paths.portalPolicy.getHref(policyId) : paths.portalPolicies.getHref()}
        className={`${buttonSecondary} mt-6`}
      >
        {t('portal.renewal.backToPolicy')}
      </Link>
    </div>
  );
}
