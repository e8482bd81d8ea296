import { formatCoverPeriod } from '@bima/domain';
import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { ErrorSummary } from '../../../components/error-summary';
import { MonthlyOfferDetails } from '../../../components/monthly-offer';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { formatIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { currentLanguage } from '../../../lib/i18n';
import { gridMonthlyOffer, monthlyOfferForQuote } from '../../../lib/monthly';
import type { MotorProduct, PremiumCalcRequest, PremiumQuote } from '../../../lib/motor-types';
import { notify } from '../../../lib/notifications';
import { buildPremiumCalcRequest, getChangedCoreLimits } from '../../../lib/premium-request';
import { authStore } from '../../../stores/auth';
import { type MotorFlowState, motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import { calculatePremium, getFieldMessages, notifyQuotationError } from '../api/calculate-premium';
import { ShareQuoteButton } from '../components/share-quote-button';
import { useFlowGuard } from '../hooks';
import { t } from '../i18n';
import { storeQuotation } from '../stores/flow-reducers';
import { formatPercent } from '../utils/format';

const REQUIREMENTS = ['coverType'] as const;
const DETAILS_REQUIREMENTS = ['coverDetails'] as const;

function requestFor(state: MotorFlowState, product: MotorProduct): PremiumCalcRequest {
  return buildPremiumCalcRequest({
    product,
    vehicleValue: state.vehicleValue,
    selectedOptionalBenefits: state.selectedOptionalBenefits,
    coreBenefitLimits: state.coreBenefitLimits,
    excessAmounts: state.excessAmounts,
    coverPeriod: state.coverDetails.coverPeriod,
  });
}

function Breakdown({ quote }: { quote: PremiumQuote }) {
  const pricedBenefits = quote.benefits.filter((line) => line.premium > 0);
  const rowClass = 'border-b border-slate-200';
  const headClass = 'py-2 pr-4 text-left font-normal text-slate-800';
  const amountClass = 'py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums';
  return (
    <section aria-labelledby="premium-breakdown" className={cardClass}>
      <h3 id="premium-breakdown" className="text-lg font-bold text-slate-900">
        {t('motor.quotation.breakdown')}
      </h3>
      <table aria-labelledby="premium-breakdown" className="mt-3 w-full text-sm sm:text-base">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('motor.quotation.item')}</th>
            <th scope="col">{t('motor.quotation.amount')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className={rowClass}>
            <th scope="row" className={headClass}>
              {t('motor.quotation.basicPremium')}
            </th>
            <td className={amountClass}>{formatKes(quote.basicPremium)}</td>
          </tr>
          {quote.excessDiscount ? (
            <tr className={rowClass}>
              <th scope="row" className={headClass}>
                {t('motor.quotation.excessDiscount')}
              </th>
              <td className={amountClass}>- {formatKes(quote.excessDiscount)}</td>
            </tr>
          ) : null}
          {pricedBenefits.map((line) => (
            <tr key={line.benefitSystemRef} className={rowClass}>
              <th scope="row" className={headClass}>
                {line.name}
              </th>
              <td className={amountClass}>{formatKes(line.premium)}</td>
            </tr>
          ))}
          <tr className={`${rowClass} bg-slate-50`}>
            <th scope="row" className={`${headClass} font-semibold`}>
              {t('motor.quotation.subtotal')}
            </th>
            <td className={amountClass}>{formatKes(quote.subtotal)}</td>
          </tr>
          {quote.charges.map((charge) => (
            <tr key={charge.charge_name} className={rowClass}>
              <th scope="row" className={headClass}>
                {charge.charge_type === 'Percentage'
                  ? t('motor.quotation.chargeRate', {
                      name: charge.charge_name,
                      rate: formatPercent(charge.rate),
                    })
                  : charge.charge_name}
              </th>
              <td className={amountClass}>{formatKes(charge.amount)}</td>
            </tr>
          ))}
          <tr className={`${rowClass} bg-slate-50`}>
            <th scope="row" className={`${headClass} font-semibold`}>
              {t('motor.quotation.totalCharges')}
            </th>
            <td className={amountClass}>{formatKes(quote.totalCharges)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-3 pr-4 text-left text-base font-bold text-slate-900">
              {t('motor.quotation.total')}
            </th>
            <td className="py-3 text-right text-lg font-extrabold whitespace-nowrap text-emerald-900 tabular-nums">
              {formatKes(quote.total)}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function QuotationView({ product, state }: { product: MotorProduct; state: MotorFlowState }) {
  const navigate = useNavigate();
  const request = requestFor(state, product);
  // The quote names the benefits in the portal's language: one kept in another is asked for again.
  const key = JSON.stringify([currentLanguage(), request]);
  const stored = state.calculatedFor === key ? state.calculatedQuotation : null;

  // A quotation reached without a fresh calculation (third-party, a reload, a changed option) is asked for here.
  const query = useQuery({
    queryKey: ['motor', 'premium', key],
    enabled: stored === null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      try {
        const quote = await calculatePremium(request);
        motorFlowStore.setState(storeQuotation(quote, key));
        notify({
          type: 'success',
          title: t('motor.quotation.retrieved'),
          message: t('motor.quotation.retrievedText', { amount: formatKes(quote.total) }),
        });
        return quote;
      } catch (error) {
        notifyQuotationError(error);
        throw error;
      }
    },
  });

  const quote = stored ?? query.data ?? null;
  const isThirdParty = product.coverType === 'third-party';
  const changedCore = getChangedCoreLimits(product, state.coreBenefitLimits);
  const optionalNames = new Map(
    product.productBenefits.map((benefit) => [benefit.benefitSystemRef, benefit.benefit_category_name]),
  );

  const proceed = () => {
    authStore.setState({ purchaseType: 'new' });
    const { isAuthenticated } = authStore.getState();
    navigate(isAuthenticated ? paths.motorVehicleDetails.getHref() : paths.auth.getHref());
  };

  if (!quote) {
    if (query.isError) {
      return (
        <div className="space-y-4">
          <ErrorSummary errors={getFieldMessages(query.error).map((message) => ({ message }))} />
          <div className={cardClass}>
            <p className="font-semibold text-slate-900">{t('motor.quotation.failed')}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" onClick={() => void query.refetch()} className={buttonPrimary}>
                {t('motor.quotation.retry')}
              </button>
              <button type="button" onClick={() => navigate(-1)} className={buttonSecondary}>
                {t('motor.quotation.back')}
              </button>
            </div>
          </div>
        </div>
      );
    }
    return (
      <p role="status" className={`${cardClass} font-semibold text-slate-900`}>
        {t('motor.quotation.loading')}
      </p>
    );
  }

  const summaryRows: Array<[string, string]> = [
    [t('motor.quotation.product'), quote.productName],
    [t('motor.quotation.underwriter'), quote.underwriter.name],
    [t('motor.quotation.totalPremium'), formatKes(quote.total)],
    ...(isThirdParty
      ? []
      : ([[t('motor.quotation.vehicleValue'), formatKes(quote.vehicleValue)]] as Array<[string, string]>)),
    [t('motor.quotation.coverType'), coverTypeText(quote.coverType)],
    [t('motor.quotation.period'), domainText(formatCoverPeriod(quote.period))],
    [t('motor.quotation.startDate'), formatIsoDate(state.coverDetails.startDate)],
  ];

  // "Pay monthly" (issue 31): the underwriter's terms on this customised total; chosen on the summary.
  const monthly = monthlyOfferForQuote(gridMonthlyOffer(state, product), quote.total, quote.period);

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <section aria-labelledby="quotation-summary" className={cardClass}>
            <h3 id="quotation-summary" className="text-lg font-bold text-slate-900">
              {t('motor.quotation.summary')}
            </h3>
            <dl className="mt-3 divide-y divide-slate-200">
              {summaryRows.map(([label, value]) => (
                <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="selected-benefits" className={cardClass}>
            <h3 id="selected-benefits" className="text-lg font-bold text-slate-900">
              {t('motor.quotation.selectedBenefits')}
            </h3>
            {state.selectedOptionalBenefits.length === 0 && changedCore.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('motor.quotation.noSelectedBenefits')}</p>
            ) : (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-900">
                {state.selectedOptionalBenefits.map((benefit) => {
                  const name = optionalNames.get(benefit.benefitSystemRef) ?? benefit.benefit_category_name;
                  return (
                    <li key={benefit.benefitSystemRef}>
                      {benefit.params?.limit
                        ? t('motor.quotation.benefitLimit', {
                            name,
                            limit: formatKes(benefit.params.limit),
                          })
                        : name}
                    </li>
                  );
                })}
                {changedCore.map(({ benefit, limit }) => (
                  <li key={benefit._id}>
                    {t('motor.quotation.benefitLimit', {
                      name: benefit.benefit_category_name,
                      limit: formatKes(limit),
                    })}
                  </li>
                ))}
              </ul>
            )}
            {quote.excesses.length > 0 ? (
              <>
                <h4 className="mt-4 font-bold text-slate-900">{t('motor.quotation.excesses')}</h4>
                <ul className="mt-2 space-y-1 text-slate-900">
                  {quote.excesses.map((excess) => (
                    <li key={excess.id}>
                      <span className="text-slate-700">{excess.name}:</span>{' '}
                      {t('motor.benefits.excessAmount', { amount: formatKes(excess.amount) })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          {monthly ? (
            <section aria-labelledby="quotation-monthly" className={cardClass}>
              <h3 id="quotation-monthly" className="text-lg font-bold text-slate-900">
                {t('motor.quotation.payMonthly')}
              </h3>
              <MonthlyOfferDetails offer={monthly} />
              <p className="mt-2 text-sm text-slate-700">{t('motor.quotation.payMonthlyHint')}</p>
            </section>
          ) : null}
        </div>
        <Breakdown quote={quote} />
      </div>
      <ShareQuoteButton step="quotation" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={() =>
            navigate(isThirdParty ? paths.motorBasicCoverDetails.getHref() : paths.motorBenefits.getHref())
          }
          className={buttonSecondary}
        >
          {t('motor.quotation.back')}
        </button>
        <button type="button" onClick={proceed} className={buttonPrimary}>
          {t('motor.quotation.proceed')}
        </button>
      </div>
    </div>
  );
}

function CoverDetailsGate({ product, state }: { product: MotorProduct; state: MotorFlowState }) {
  const isAllowed = useFlowGuard(DETAILS_REQUIREMENTS);
  if (!isAllowed) return null;
  return <QuotationView product={product} state={state} />;
}

/** Quotation (spec-1 §2.9): the calculated quote, its breakdown, and the way on to purchase. */
export default function QuotationRoute() {
  const isAllowed = useFlowGuard(REQUIREMENTS);
  const state = useMotorFlow();
  const product = state.selectedProduct;

  if (!isAllowed) return null;
  return (
    <section className="space-y-6">
      {product ? (
        <>
          <ScreenHeading>{t('motor.quotation.heading')}</ScreenHeading>
          <CoverDetailsGate product={product} state={state} />
        </>
      ) : (
        <div className={`${cardClass} text-center`}>
          <ScreenHeading>{t('motor.quotation.noProductTitle')}</ScreenHeading>
          <p className="mt-2 text-slate-700">{t('motor.quotation.noProductText')}</p>
          <Link to={paths.motorProductQuotation.getHref()} className={`${buttonPrimary} mt-5`}>
            {t('motor.quotation.toProducts')}
          </Link>
        </div>
      )}
    </section>
  );
}
