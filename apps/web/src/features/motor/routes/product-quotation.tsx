import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, buttonSecondary, inputClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { MOTOR_JOURNEY_CLASS } from '../../../lib/motor-journey';
import type { MotorProduct, QuotedProductSummary } from '../../../lib/motor-types';
import { notify } from '../../../lib/notifications';
import { motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import { getProductDetails } from '../api/get-product-details';
import { getRecommendations } from '../api/get-recommendations';
import { ComparisonModal } from '../components/comparison-modal';
import { QuotedProductCard } from '../components/quoted-product-card';
import { ShareQuoteButton } from '../components/share-quote-button';
import { useFlowGuard } from '../hooks';
import { t } from '../i18n';
import {
  clearComparison,
  receiveQuotes,
  removeFromComparison,
  selectProduct,
  toggleComparison,
} from '../stores/flow-reducers';
import { filterByUnderwriter, listUnderwriters, sortByPremium, toComparisonItem } from '../utils/comparison';

const REQUIREMENTS = ['coverType'] as const;

interface ChooseInput {
  id: string;
  productSystemRef: string;
  target: 'buy' | 'details';
  source: 'list' | 'comparison';
}

/** The products a comparison needs: the window opens with the second one chosen. */
const MIN_COMPARED = 2;

/** ProductQuotation (spec-1 §2.5): the quoted products, the underwriter filter and the comparison. */
export default function ProductQuotationRoute() {
  const isAllowed = useFlowGuard(REQUIREMENTS);
  const navigate = useNavigate();
  const filterId = useId();
  const quotedProducts = useMotorFlow((state) => state.quotedProducts);
  const coverType = useMotorFlow((state) => state.selectedCoverType);
  const compared = useMotorFlow((state) => state.selectedComparisonProducts);
  const [underwriter, setUnderwriter] = useState('all');
  const [isComparing, setComparing] = useState(false);

  const vehicleValue = useMotorFlow((state) => state.vehicleValue);
  const fetchDetailsFailed = () =>
    notify({
      type: 'error',
      title: t('motor.comparison.fetchErrorTitle'),
      message: t('motor.comparison.fetchErrorText'),
    });

  const choose = useMutation({
    mutationFn: (input: ChooseInput) => getProductDetails(input.productSystemRef, vehicleValue),
    onSuccess: (product, input) => {
      goOn(product, input);
      notify({
        type: 'success',
        title: t('motor.quotes.productDetailsRetrieved'),
        message: t('motor.quotes.productDetailsRetrievedText', { name: product.productName }),
      });
    },
    // spec-1 §8 shows nothing when this fails from the list; the grid carries no benefits to go on
    // with, so the visitor is told, as from the comparison.
    onError: fetchDetailsFailed,
  });

  /** Comparing needs the product's benefits, which come with its details. */
  const compare = useMutation({
    mutationFn: (product: QuotedProductSummary) => getProductDetails(product.productSystemRef, vehicleValue),
    onSuccess: (details, product) => {
      const item = toComparisonItem({
        ...details,
        premium: product.premium,
        basePremium: product.basePremium,
      });
      motorFlowStore.setState((state) =>
        state.selectedComparisonProducts.some((entry) => entry.id === item.id)
          ? {}
          : toggleComparison(state, item),
      );
      // One product is not a comparison: the bar counts it; the second one opens the window.
      if (motorFlowStore.getState().selectedComparisonProducts.length >= MIN_COMPARED) setComparing(true);
    },
    onError: fetchDetailsFailed,
  });

  const retry = useMutation({
    mutationFn: () => {
      const state = motorFlowStore.getState();
      return getRecommendations({
        insuranceClass: state.insuranceClass || MOTOR_JOURNEY_CLASS,
        riskValue: state.vehicleValue,
        coverType: state.selectedCoverType || 'comprehensive',
      });
    },
    onSuccess: (products) =>
      motorFlowStore.setState((state) =>
        receiveQuotes(state, products, state.insuranceClass || MOTOR_JOURNEY_CLASS),
      ),
  });

  // Quotes kept from before a language switch are asked for again, so the underwriters' words
  // (product names and descriptions) follow the portal's language; the prices do not change.
  const language = useLanguage();
  const quotesLanguage = useMotorFlow((state) => state.quotesLanguage);
  const refreshQuotes = retry.mutate;
  const hasQuotes = quotedProducts.length > 0;
  useEffect(() => {
    if (isAllowed && hasQuotes && quotesLanguage && quotesLanguage !== language) refreshQuotes();
  }, [isAllowed, hasQuotes, quotesLanguage, language, refreshQuotes]);

  function goOn(product: MotorProduct, input: ChooseInput) {
    motorFlowStore.setState((state) => selectProduct(state, product));
    setComparing(false);
    navigate(
      input.target === 'buy' ? paths.motorBasicCoverDetails.getHref() : paths.motorViewDetails.getHref(),
    );
  }

  if (!isAllowed) return null;

  const underwriters = listUnderwriters(quotedProducts);
  const shown = sortByPremium(
    filterByUnderwriter(quotedProducts, underwriters.includes(underwriter) ? underwriter : 'all'),
  );
  const comparedIds = new Set(compared.map((item) => item.id));
  const busyId = choose.isPending
    ? (choose.variables?.id ?? null)
    : compare.isPending
      ? String(compare.variables?.id ?? '')
      : null;

  const chooseFrom = (product: QuotedProductSummary, target: ChooseInput['target']) =>
    choose.mutate({
      id: String(product.id),
      productSystemRef: product.productSystemRef,
      target,
      source: 'list',
    });

  const toggleCompare = (product: QuotedProductSummary) => {
    const id = String(product.id);
    if (comparedIds.has(id)) {
      motorFlowStore.setState((state) => removeFromComparison(state, id));
      return;
    }
    compare.mutate(product);
  };

  const clearAll = () => {
    motorFlowStore.setState(clearComparison());
    setComparing(false);
    notify({
      type: 'info',
      title: t('motor.comparison.cleared'),
      message: t('motor.comparison.clearedText'),
    });
  };

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motor.quotes.heading')}</ScreenHeading>
        {coverType && quotedProducts.length > 0 ? (
          <p className="mt-2 text-slate-700">
            {t('motor.quotes.intro', {
              count: quotedProducts.length,
              cover: coverTypeText(coverType),
            })}
          </p>
        ) : null}
      </div>

      {quotedProducts.length > 0 ? <ShareQuoteButton step="product-quotation" /> : null}

      {quotedProducts.length === 0 ? (
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
          <p className="font-semibold">{t('motor.quotes.empty')}</p>
          <button
            type="button"
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
            className={`${buttonPrimary} mt-4`}
          >
            {t('motor.quotes.retry')}
          </button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
            <div className="sm:w-72">
              <label htmlFor={filterId} className="font-semibold text-slate-900">
                {t('motor.quotes.filterLabel')}
              </label>
              <select
                id={filterId}
                value={underwriters.includes(underwriter) ? underwriter : 'all'}
                onChange={(event) => setUnderwriter(event.target.value)}
                className={inputClass}
              >
                <option value="all">{t('motor.quotes.filterAll')}</option>
                {underwriters.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" onClick={() => setUnderwriter('all')} className={buttonSecondary}>
              {t('motor.quotes.clearFilters')}
            </button>
          </div>

          <ul aria-label={t('motor.quotes.listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((product) => (
              <li key={product.id}>
                <QuotedProductCard
                  product={product}
                  isCompared={comparedIds.has(String(product.id))}
                  isBusy={busyId === String(product.id)}
                  onBuy={() => chooseFrom(product, 'buy')}
                  onDetails={() => chooseFrom(product, 'details')}
                  onToggleCompare={() => toggleCompare(product)}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {compared.length > 0 ? (
        <div className="sticky bottom-2 z-30 flex items-center justify-between gap-3 rounded-2xl border border-emerald-700 bg-white p-3 shadow-lg">
          <p role="status" className="min-w-0 text-sm font-semibold text-slate-900">
            {compared.length >= MIN_COMPARED
              ? t('motor.quotes.compareBarReady', { count: compared.length })
              : t('motor.quotes.compareBarHint')}
          </p>
          <button
            type="button"
            onClick={() => setComparing(true)}
            disabled={compared.length < MIN_COMPARED}
            className={`${buttonPrimary} shrink-0`}
          >
            {t('motor.quotes.compareBar', { count: compared.length })}
          </button>
        </div>
      ) : null}

      <div>
        <Link to={paths.motorCoverType.getHref()} className={buttonSecondary}>
          {t('motor.quotes.previousStep')}
        </Link>
      </div>

      {isComparing ? (
        <ComparisonModal
          items={compared}
          busyId={busyId}
          onClose={() => setComparing(false)}
          onRemove={(id) => motorFlowStore.setState((state) => removeFromComparison(state, id))}
          onClearAll={clearAll}
          onBuy={(item) =>
            choose.mutate({
              id: item.id,
              productSystemRef: item.productSystemRef,
              target: 'buy',
              source: 'comparison',
            })
          }
        />
      ) : null}
    </section>
  );
}
