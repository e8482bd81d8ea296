import { formatKes } from '@bima/domain/money';
import { premiumChange } from '@bima/domain/premium/change';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary } from '../../../components/error-summary';
import { RunningTotalBar } from '../../../components/running-total-bar';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonDanger, buttonPrimary, buttonSecondary, buttonSmall, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import type {
  MotorProduct,
  PremiumCalcRequest,
  ProductBenefit,
  ProductExcess,
  SelectedBenefit,
} from '../../../lib/motor-types';
import { notify } from '../../../lib/notifications';
import {
  buildPremiumCalcRequest,
  getChangedCoreLimits,
  splitBenefits,
  toSelectedBenefit,
} from '../../../lib/premium-request';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import {
  calculatePremium,
  getFieldMessages,
  notifyQuotationError,
  premiumQueryOptions,
} from '../api/calculate-premium';
import { AmountModal } from '../components/amount-modal';
import { SAVE_QUOTE_DELAY_MS } from '../constants';
import { useFlowGuard } from '../hooks';
import { t } from '../i18n';
import {
  addOptionalBenefit,
  removeBenefit,
  setCoreBenefitLimit,
  setExcessAmount,
  storeQuotation,
} from '../stores/flow-reducers';
import { hasOwnLimit } from '../utils/format';

const REQUIREMENTS = ['coverType', 'product', 'coverDetails'] as const;

type Editing =
  | { kind: 'core'; benefit: ProductBenefit }
  | { kind: 'optional'; benefit: ProductBenefit }
  | { kind: 'excess'; excess: ProductExcess }
  | null;

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** What an optional benefit adds to the premium, once priced (nothing shown when pricing failed). */
function OptionalPrice({ price, isPending }: { price: number | undefined; isPending: boolean }) {
  if (isPending) return <p className="mt-1 text-sm text-slate-700">{t('motor.benefits.pricing')}</p>;
  if (price === undefined) return null;
  return (
    <p className="mt-1 text-sm font-semibold text-slate-900">
      {t('motor.benefits.adds', { amount: formatKes(price) })}
    </p>
  );
}

/** The choices a premium request is built from; a dialog's amount replaces one of them. */
interface Choices {
  selectedOptionalBenefits: SelectedBenefit[];
  coreBenefitLimits: Record<string, number>;
  excessAmounts: Record<string, number>;
}

/**
 * The price of the amount typed in the limit or excess dialog, before it is confirmed (issue 26):
 * the choices with that amount priced by the server's engine, against the running total.
 */
function ChangePrice(props: {
  amount: number | null;
  requestFor: (amount: number) => PremiumCalcRequest | null;
  /** The running total of the choices as they stand, once priced. */
  baseline: number | undefined;
  /** For an excess: the amount chosen now, so a higher one without a discount can say so. */
  excessNow?: number;
}) {
  const settled = useDebouncedValue(props.amount, 300);
  const request = settled === null ? null : props.requestFor(settled);
  const priced = useQuery(premiumQueryOptions(request));
  if (props.amount === null) return null;
  let text: string;
  if (settled !== props.amount || priced.isPending || props.baseline === undefined) {
    text = t('motor.benefits.pricingChange');
  } else if (priced.isError || !priced.data) {
    text = t('motor.benefits.changeNotPriced');
  } else {
    const change = premiumChange({ before: props.baseline, after: priced.data.total });
    const total = formatKes(priced.data.total);
    if (change.kind === 'more') {
      text = t('motor.benefits.changeMore', { amount: formatKes(change.amount), total });
    } else if (change.kind === 'less') {
      text = t('motor.benefits.changeLess', { amount: formatKes(change.amount), total });
    } else if (props.excessNow !== undefined && props.amount > props.excessNow) {
      text = t('motor.benefits.noExcessDiscount');
    } else {
      text = t('motor.benefits.changeSame', { total });
    }
  }
  return (
    <p aria-live="polite" className="mt-3 rounded-lg bg-slate-100 p-3 font-semibold text-slate-900">
      {text}
    </p>
  );
}

/** BenefitsPage (spec-1 §2.8): core limits, optional benefits and excesses, then the quote. */
export default function BenefitsRoute() {
  const isAllowed = useFlowGuard(REQUIREMENTS);
  const navigate = useNavigate();
  const flow = useMotorFlow();
  const product = flow.selectedProduct;
  const [editing, setEditing] = useState<Editing>(null);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const isThirdParty = product?.coverType === 'third-party';

  // Third-party cover has no benefits to customise (spec-1 §2.3).
  useEffect(() => {
    if (isAllowed && isThirdParty) navigate(paths.motorQuotation.getHref(), { replace: true });
  }, [isAllowed, isThirdParty, navigate]);

  const save = useMutation({
    mutationFn: async (product: MotorProduct) => {
      await wait(SAVE_QUOTE_DELAY_MS);
      const state = motorFlowStore.getState();
      const request = buildPremiumCalcRequest({
        product,
        vehicleValue: state.vehicleValue,
        selectedOptionalBenefits: state.selectedOptionalBenefits,
        coreBenefitLimits: state.coreBenefitLimits,
        excessAmounts: state.excessAmounts,
        coverPeriod: state.coverDetails.coverPeriod,
      });
      const quote = await calculatePremium(request);
      // The quote names the benefits in the portal's language: a switch asks for it again.
      return { quote, key: JSON.stringify([currentLanguage(), request]) };
    },
    onMutate: () => setFieldErrors([]),
    onSuccess: ({ quote, key }) => {
      motorFlowStore.setState(storeQuotation(quote, key));
      notify({
        type: 'success',
        title: t('motor.quotation.retrieved'),
        message: t('motor.quotation.retrievedText', { amount: formatKes(quote.total) }),
      });
      navigate(paths.motorQuotation.getHref());
    },
    onError: (error) => {
      notifyQuotationError(error);
      setFieldErrors(getFieldMessages(error));
    },
  });

  // Each optional benefit's price before it is added (issue 14): the product priced once with every
  // optional benefit at its default limit; the itemised answer names each one's premium.
  const prices = useQuery({
    queryKey: [
      'motor',
      'optional-prices',
      product?.productSystemRef,
      flow.vehicleValue,
      flow.coverDetails.coverPeriod,
      currentLanguage(),
    ],
    enabled: Boolean(isAllowed && product && !isThirdParty),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      if (!product) return new Map<string, number>();
      const quote = await calculatePremium(
        buildPremiumCalcRequest({
          product,
          vehicleValue: flow.vehicleValue,
          selectedOptionalBenefits: splitBenefits(product).optional.map((benefit) =>
            toSelectedBenefit(benefit),
          ),
          coreBenefitLimits: {},
          excessAmounts: {},
          coverPeriod: flow.coverDetails.coverPeriod,
        }),
      );
      return new Map(quote.benefits.map((line) => [line.benefitSystemRef, line.premium]));
    },
  });

  const requestWith = (changes: Partial<Choices>): PremiumCalcRequest | null =>
    product
      ? buildPremiumCalcRequest({
          product,
          vehicleValue: flow.vehicleValue,
          selectedOptionalBenefits: changes.selectedOptionalBenefits ?? flow.selectedOptionalBenefits,
          coreBenefitLimits: changes.coreBenefitLimits ?? flow.coreBenefitLimits,
          excessAmounts: changes.excessAmounts ?? flow.excessAmounts,
          coverPeriod: flow.coverDetails.coverPeriod,
        })
      : null;
  const isPriceable = Boolean(isAllowed && !isThirdParty);
  const current = isPriceable ? requestWith({}) : null;
  // The running total (issue 26): the choices as they stand, priced again after every change.
  const total = useQuery({ ...premiumQueryOptions(current), placeholderData: keepPreviousData });
  const baseline = total.isPlaceholderData ? undefined : total.data?.total;
  // Whether the underwriter gives anything for a higher excess: the choices with every excess at its
  // highest, priced by the engine, against the running total.
  const highestExcesses =
    isPriceable && product?.excesses.length
      ? requestWith({
          excessAmounts: Object.fromEntries(product.excesses.map((excess) => [excess.id, excess.maxAmount])),
        })
      : null;
  const excessRelief = useQuery(premiumQueryOptions(highestExcesses));
  const isEveryExcessHighest = (product?.excesses ?? []).every(
    (excess) => (flow.excessAmounts[excess.id] ?? excess.defaultAmount) === excess.maxAmount,
  );
  const reliefChange =
    baseline !== undefined && excessRelief.data && !isEveryExcessHighest
      ? premiumChange({ before: baseline, after: excessRelief.data.total })
      : null;

  if (!isAllowed || !product || isThirdParty) return null;

  const { core, optional } = splitBenefits(product);
  const selectedRefs = new Set(flow.selectedOptionalBenefits.map((benefit) => benefit.benefitSystemRef));
  const changedCore = getChangedCoreLimits(product, flow.coreBenefitLimits);
  const coreLimit = (benefit: ProductBenefit) =>
    flow.coreBenefitLimits[benefit._id] ?? benefit.benefitLimit.defaultLimit;
  const optionalByRef = new Map(optional.map((benefit) => [benefit.benefitSystemRef, benefit]));

  const addOptional = (benefit: ProductBenefit) => {
    if (benefit.benefitLimit.isAdjustable) {
      setEditing({ kind: 'optional', benefit });
      return;
    }
    motorFlowStore.setState((state) => addOptionalBenefit(state, toSelectedBenefit(benefit)));
  };
  const remove = (benefitSystemRef: string) =>
    motorFlowStore.setState((state) => removeBenefit(state, benefitSystemRef));

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motor.benefits.heading')}</ScreenHeading>
        <p className="mt-2 text-slate-700">
          {product.productName} · {product.underwriter[0]?.name}
        </p>
        <p className="mt-1 text-slate-700">{t('motor.benefits.intro')}</p>
      </div>

      <ErrorSummary errors={fieldErrors.map((message) => ({ message }))} />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="core-benefits" className={cardClass}>
            <h3 id="core-benefits" className="text-lg font-bold text-slate-900">
              {t('motor.benefits.core')}
            </h3>
            <ul className="mt-3 divide-y divide-slate-200">
              {core.map((benefit) => (
                <li
                  key={benefit._id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{benefit.benefit_category_name}</p>
                    <p className="text-sm text-slate-700">{benefit.benefit_category_description}</p>
                    <p className="mt-1 text-sm font-semibold text-emerald-900">
                      {hasOwnLimit(benefit.benefitLimit)
                        ? t('motor.benefits.limit', { limit: formatKes(coreLimit(benefit)) })
                        : t('motor.benefits.included')}
                    </p>
                  </div>
                  {benefit.benefitLimit.isAdjustable ? (
                    <button
                      type="button"
                      onClick={() => setEditing({ kind: 'core', benefit })}
                      aria-label={t('motor.benefits.editLimitLabel', { name: benefit.benefit_category_name })}
                      className={`${buttonSmall} shrink-0 self-start sm:self-center`}
                    >
                      {t('motor.benefits.editLimit')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="optional-benefits" className={cardClass}>
            <h3 id="optional-benefits" className="text-lg font-bold text-slate-900">
              {t('motor.benefits.optional')}
            </h3>
            {optional.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('motor.details.none')}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {optional.map((benefit) => {
                  const isAdded = selectedRefs.has(benefit.benefitSystemRef);
                  return (
                    <li
                      key={benefit._id}
                      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">{benefit.benefit_category_name}</p>
                        <p className="text-sm text-slate-700">{benefit.benefit_category_description}</p>
                        {hasOwnLimit(benefit.benefitLimit) ? (
                          <p className="mt-1 text-sm font-semibold text-emerald-900">
                            {t('motor.benefits.limit', {
                              limit: formatKes(benefit.benefitLimit.defaultLimit),
                            })}
                          </p>
                        ) : null}
                        <OptionalPrice
                          price={prices.data?.get(benefit.benefitSystemRef)}
                          isPending={prices.isPending}
                        />
                      </div>
                      {isAdded ? (
                        <span className="shrink-0 self-start rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 sm:self-center">
                          {t('motor.benefits.addedBadge')}
                        </span>
                      ) : (
                        <button
                          type="button"
                          onClick={() => addOptional(benefit)}
                          aria-label={t('motor.benefits.addLabel', { name: benefit.benefit_category_name })}
                          className={`${buttonSmall} shrink-0 self-start sm:self-center`}
                        >
                          {t('motor.benefits.add')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          {product.excesses.length > 0 ? (
            <section aria-labelledby="excesses" className={cardClass}>
              <h3 id="excesses" className="text-lg font-bold text-slate-900">
                {t('motor.benefits.excesses')}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{t('motor.benefits.excessesIntro')}</p>
              {reliefChange ? (
                <p className="mt-2 font-semibold text-slate-900">
                  {reliefChange.kind === 'less'
                    ? t('motor.benefits.excessDiscount', { amount: formatKes(reliefChange.amount) })
                    : t('motor.benefits.noExcessDiscount')}
                </p>
              ) : null}
              <ul className="mt-3 divide-y divide-slate-200">
                {product.excesses.map((excess) => (
                  <li
                    key={excess.id}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{excess.name}</p>
                      <p className="text-sm text-slate-700">{excess.description}</p>
                      <p className="mt-1 text-sm font-semibold text-emerald-900">
                        {t('motor.benefits.excessAmount', {
                          amount: formatKes(flow.excessAmounts[excess.id] ?? excess.defaultAmount),
                        })}
                      </p>
                      <p className="text-sm text-slate-700">
                        {t('motor.benefits.excessRange', {
                          min: formatKes(excess.minAmount),
                          max: formatKes(excess.maxAmount),
                        })}
                      </p>
                    </div>
                    <button
                      type="button"
                      onClick={() => setEditing({ kind: 'excess', excess })}
                      aria-label={t('motor.benefits.changeExcessLabel', { name: excess.name })}
                      className={`${buttonSmall} shrink-0 self-start sm:self-center`}
                    >
                      {t('motor.benefits.change')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside aria-labelledby="added-benefits" className={`${cardClass} h-fit lg:sticky lg:top-4`}>
          <h3 id="added-benefits" className="text-lg font-bold text-slate-900">
            {t('motor.benefits.added')}
          </h3>
          {flow.selectedOptionalBenefits.length === 0 && changedCore.length === 0 ? (
            <p className="mt-2 text-slate-700">{t('motor.benefits.addedEmpty')}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {flow.selectedOptionalBenefits.map((selected) => {
                const name =
                  optionalByRef.get(selected.benefitSystemRef)?.benefit_category_name ??
                  selected.benefit_category_name;
                return (
                  <li key={selected.benefitSystemRef} className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-semibold text-slate-900">{name}</p>
                      {selected.params?.limit ? (
                        <p className="text-sm text-slate-700">
                          {t('motor.benefits.limit', { limit: formatKes(selected.params.limit) })}
                        </p>
                      ) : null}
                    </div>
                    <button
                      type="button"
                      onClick={() => remove(selected.benefitSystemRef)}
                      aria-label={t('motor.benefits.removeLabel', { name })}
                      className={buttonDanger}
                    >
                      {t('motor.benefits.remove')}
                    </button>
                  </li>
                );
              })}
              {changedCore.map(({ benefit, limit }) => (
                <li key={benefit._id} className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-slate-900">{benefit.benefit_category_name}</p>
                    <p className="text-sm text-slate-700">
                      {t('motor.benefits.changedLimit', { limit: formatKes(limit) })}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => remove(benefit.benefitSystemRef)}
                    aria-label={t('motor.benefits.removeLabel', { name: benefit.benefit_category_name })}
                    className={buttonDanger}
                  >
                    {t('motor.benefits.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>

      <RunningTotalBar
        label={t('motor.benefits.runningTotal')}
        amount={total.data ? formatKes(total.data.total) : null}
        note={
          total.isError
            ? t('motor.benefits.runningTotalError')
            : total.isFetching
              ? t('motor.benefits.runningTotalUpdating')
              : t('motor.benefits.runningTotalNote')
        }
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={() => navigate(paths.motorBasicCoverDetails.getHref())}
          className={buttonSecondary}
        >
          {t('motor.benefits.backToBasic')}
        </button>
        <button
          type="button"
          onClick={() => save.mutate(product)}
          disabled={save.isPending}
          aria-busy={save.isPending}
          className={buttonPrimary}
        >
          {save.isPending ? (
            <>
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-slate-400 border-t-slate-700"
              />
              {t('motor.benefits.gettingQuote')}
            </>
          ) : (
            t('motor.benefits.saveAndView')
          )}
        </button>
      </div>
      {save.isPending ? (
        <p role="status" className="sr-only">
          {t('motor.benefits.gettingQuote')}
        </p>
      ) : null}

      {editing?.kind === 'core' || editing?.kind === 'optional' ? (
        <AmountModal
          title={t('motor.benefits.limitModalTitle', { name: editing.benefit.benefit_category_name })}
          label={t('motor.benefits.limitLabel')}
          minimum={editing.benefit.benefitLimit.minimum}
          maximum={editing.benefit.benefitLimit.maximum}
          initialAmount={
            editing.kind === 'core' ? coreLimit(editing.benefit) : editing.benefit.benefitLimit.defaultLimit
          }
          requiredMessage={t('motor.benefits.limitRequired')}
          outOfRangeMessage={t('motor.benefits.limitOutOfRange', {
            min: formatKes(editing.benefit.benefitLimit.minimum),
            max: formatKes(editing.benefit.benefitLimit.maximum),
          })}
          onCancel={() => setEditing(null)}
          preview={(limit) => (
            <ChangePrice
              amount={limit}
              baseline={baseline}
              requestFor={(amount) =>
                requestWith(
                  editing.kind === 'core'
                    ? { coreBenefitLimits: { ...flow.coreBenefitLimits, [editing.benefit._id]: amount } }
                    : {
                        selectedOptionalBenefits: [
                          ...flow.selectedOptionalBenefits.filter(
                            (selected) => selected.benefitSystemRef !== editing.benefit.benefitSystemRef,
                          ),
                          toSelectedBenefit(editing.benefit, amount),
                        ],
                      },
                )
              }
            />
          )}
          onConfirm={(limit) => {
            const { benefit } = editing;
            motorFlowStore.setState((state) =>
              editing.kind === 'core'
                ? setCoreBenefitLimit(state, benefit._id, limit)
                : addOptionalBenefit(state, toSelectedBenefit(benefit, limit)),
            );
            setEditing(null);
          }}
        />
      ) : null}
      {editing?.kind === 'excess' ? (
        <AmountModal
          title={t('motor.benefits.excessModalTitle', { name: editing.excess.name })}
          label={t('motor.benefits.excessLabel')}
          minimum={editing.excess.minAmount}
          maximum={editing.excess.maxAmount}
          initialAmount={flow.excessAmounts[editing.excess.id] ?? editing.excess.defaultAmount}
          requiredMessage={t('motor.benefits.excessRequired')}
          outOfRangeMessage={t('motor.benefits.excessOutOfRange', {
            min: formatKes(editing.excess.minAmount),
            max: formatKes(editing.excess.maxAmount),
          })}
          onCancel={() => setEditing(null)}
          preview={(amount) => (
            <ChangePrice
              amount={amount}
              baseline={baseline}
              excessNow={flow.excessAmounts[editing.excess.id] ?? editing.excess.defaultAmount}
              requestFor={(chosen) =>
                requestWith({
                  excessAmounts: { ...flow.excessAmounts, [editing.excess.id]: chosen },
                })
              }
            />
          )}
          onConfirm={(amount) => {
            const { excess } = editing;
            motorFlowStore.setState((state) => setExcessAmount(state, excess.id, amount));
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
