import {
  checkCoverStartDate,
  JOURNEY_LINK_MESSAGES,
  MOTOR_PRIVATE_COVER_TYPES,
  MOTOR_QUOTE_STEPS,
  type MotorPrefill,
  type MotorQuoteLink,
  type MotorQuoteStep,
  motorQuoteLinkSchema,
} from '@bima/domain';
import { centsToWholeShillings, shillingsToCents } from '@bima/domain/money';
import type { MotorProduct, QuotedProductSummary } from '../../../lib/motor-types';
import { getChangedCoreLimits, isCoreBenefit, toSelectedBenefit } from '../../../lib/premium-request';
import { type MotorFlowState, motorFlowDefaults } from '../../../stores/motor-flow';
import type { RecommendationsInput } from '../api/get-recommendations';
import {
  addOptionalBenefit,
  receiveQuotes,
  saveVehicleValue,
  selectProduct,
  setCoreBenefitLimit,
  setExcessAmount,
  toggleComparison,
} from '../stores/flow-reducers';
import { toComparisonItem } from './comparison';

const isStep = (value: string | undefined): value is MotorQuoteStep =>
  (MOTOR_QUOTE_STEPS as readonly string[]).includes(value ?? '');

/** The wizard screen an address names (`/motor/basic-details/<step>`), or null for the wrapper itself. */
export function stepOfPath(pathname: string): MotorQuoteStep | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return isStep(last) ? last : null;
}

/**
 * The journey as a link carries it, on `step`: null while there is nothing to quote (no cover type,
 * or no value for a cover that needs one). Only what prices the quote and what the visitor chose;
 * prices themselves are asked for again on opening, so a link never carries a stale premium.
 */
export function toQuoteLink(state: MotorFlowState, step: MotorQuoteStep): MotorQuoteLink | null {
  const cover = state.selectedCoverType;
  if (!(MOTOR_PRIVATE_COVER_TYPES as readonly string[]).includes(cover) || !state.isVehicleValueSaved)
    return null;
  const product = state.selectedProduct;
  const link: MotorQuoteLink = {
    v: 1,
    step,
    cls: state.insuranceClass || '07',
    cover: cover as MotorQuoteLink['cover'],
    value: state.enteredVehicleValue,
  };
  if (product) {
    link.product = product.productSystemRef;
    if (state.selectedOptionalBenefits.length > 0) {
      link.benefits = state.selectedOptionalBenefits.map((benefit) =>
        benefit.params?.limit === undefined
          ? { ref: benefit.benefitSystemRef }
          : { ref: benefit.benefitSystemRef, limit: centsToWholeShillings(benefit.params.limit) },
      );
    }
    const changed = getChangedCoreLimits(product, state.coreBenefitLimits);
    if (changed.length > 0) {
      link.limits = Object.fromEntries(
        changed.map(({ benefit, limit }) => [benefit.benefitSystemRef, centsToWholeShillings(limit)]),
      );
    }
    const excesses = product.excesses.filter(
      (excess) =>
        state.excessAmounts[excess.id] !== undefined &&
        state.excessAmounts[excess.id] !== excess.defaultAmount,
    );
    if (excesses.length > 0) {
      link.excesses = Object.fromEntries(
        excesses.map((excess) => [excess.id, centsToWholeShillings(state.excessAmounts[excess.id] ?? 0)]),
      );
    }
  }
  const period = Number(state.coverDetails.coverPeriod);
  if (Number.isInteger(period) && period > 0) link.period = period;
  if (state.coverDetails.startDate) link.start = state.coverDetails.startDate;
  if (state.selectedComparisonProducts.length > 0) {
    link.compare = state.selectedComparisonProducts.map((item) => item.productSystemRef).slice(0, 10);
  }
  // Whatever the store holds, only a journey the schema accepts becomes a link.
  const checked = motorQuoteLinkSchema.safeParse(link);
  return checked.success ? checked.data : null;
}

export interface RestoreDeps {
  fetchQuotes: (input: RecommendationsInput) => Promise<QuotedProductSummary[]>;
  fetchProduct: (productSystemRef: string, riskValue: number) => Promise<MotorProduct>;
  /** YYYY-MM-DD: a start date before it (an old link) is dropped, to be chosen again. */
  today: string;
}

export interface RestoredQuote {
  state: MotorFlowState;
  step: MotorQuoteStep;
  /** Messages for the wizard to list above the screen (domain texts). */
  errors: string[];
}

/**
 * Rebuilds the journey a link or draft carries: quotes and the product asked for again, then the
 * visitor's choices applied through the same reducers as the screens, each checked against the
 * product as it is today (a benefit, limit or excess it no longer offers is left out). A product no
 * longer quoted opens the quotes instead. Network failures of the quotes reject; the caller says so.
 */
export async function restoreQuote(link: MotorQuoteLink, deps: RestoreDeps): Promise<RestoredQuote> {
  let state: MotorFlowState = {
    ...motorFlowDefaults,
    insuranceClass: link.cls,
    selectedCoverType: link.cover,
  };
  const apply = (patch: Partial<MotorFlowState>) => {
    state = { ...state, ...patch };
  };
  apply(saveVehicleValue(state, link.value));
  const startDate =
    link.start && checkCoverStartDate({ startDate: link.start, today: deps.today }) === null
      ? link.start
      : '';
  apply({ coverDetails: { coverPeriod: link.period ? String(link.period) : '', startDate } });
  if (link.step === 'cover-type') return { state, step: 'cover-type', errors: [] };

  const quotes = await deps.fetchQuotes({
    insuranceClass: link.cls,
    riskValue: state.vehicleValue,
    coverType: link.cover,
  });
  apply(receiveQuotes(state, quotes, link.cls));

  for (const ref of link.compare ?? []) {
    const quoted = quotes.find((entry) => entry.productSystemRef === ref);
    if (!quoted) continue;
    try {
      const details = await deps.fetchProduct(ref, state.vehicleValue);
      apply(
        toggleComparison(
          state,
          toComparisonItem({ ...details, premium: quoted.premium, basePremium: quoted.basePremium }),
        ),
      );
    } catch {
      // A product that cannot be compared any more is simply not in the comparison.
    }
  }

  if (!link.product) return { state, step: 'product-quotation', errors: [] };
  const product = quotes.some((entry) => entry.productSystemRef === link.product)
    ? await deps.fetchProduct(link.product, state.vehicleValue).catch(() => null)
    : null;
  if (!product) return { state, step: 'product-quotation', errors: [JOURNEY_LINK_MESSAGES.productGone] };

  apply(selectProduct(state, product));
  for (const chosen of link.benefits ?? []) {
    const benefit = product.productBenefits.find(
      (entry) => entry.benefitSystemRef === chosen.ref && !isCoreBenefit(entry),
    );
    if (!benefit) continue;
    const { minimum, maximum } = benefit.benefitLimit;
    // The link carries whole shillings; the product and the flow count cents.
    const chosenLimit = chosen.limit === undefined ? undefined : shillingsToCents(chosen.limit);
    const limit =
      chosenLimit !== undefined && chosenLimit >= minimum && chosenLimit <= maximum ? chosenLimit : undefined;
    apply(addOptionalBenefit(state, toSelectedBenefit(benefit, limit)));
  }
  for (const [ref, shillings] of Object.entries(link.limits ?? {})) {
    const limit = shillingsToCents(shillings);
    const benefit = product.productBenefits.find(
      (entry) => entry.benefitSystemRef === ref && isCoreBenefit(entry) && entry.benefitLimit.isAdjustable,
    );
    if (benefit && limit >= benefit.benefitLimit.minimum && limit <= benefit.benefitLimit.maximum) {
      apply(setCoreBenefitLimit(state, benefit._id, limit));
    }
  }
  for (const [id, shillings] of Object.entries(link.excesses ?? {})) {
    const amount = shillingsToCents(shillings);
    const excess = product.excesses.find((entry) => entry.id === id);
    if (excess && amount >= excess.minAmount && amount <= excess.maxAmount)
      apply(setExcessAmount(state, id, amount));
  }
  // Third-party cover has no benefits page: its link opens the quotation.
  const step = link.step === 'benefits' && product.coverType === 'third-party' ? 'quotation' : link.step;
  return { state, step, errors: [] };
}

/**
 * The pinned prefill address's journey: the cover type and value entered (the value saved, so the
 * quotes can be asked for at once), the period and start date kept for the cover details. `canQuote`
 * is false when the cover needs a value the link did not give: the cover-type screen asks for it.
 */
export function applyPrefill(
  prefill: MotorPrefill,
  options: { insuranceClass: string; today: string },
): { state: MotorFlowState; canQuote: boolean; hasProblems: boolean } {
  const isThirdParty = prefill.coverType === 'third-party';
  const isStartUsable =
    prefill.start !== null &&
    checkCoverStartDate({ startDate: prefill.start, today: options.today }) === null;
  const value = isThirdParty ? 0 : (prefill.value ?? 0);
  const canQuote = isThirdParty || value > 0;
  return {
    canQuote,
    hasProblems: prefill.problems.length > 0 || (prefill.start !== null && !isStartUsable),
    state: {
      ...motorFlowDefaults,
      insuranceClass: options.insuranceClass,
      selectedCoverType: prefill.coverType,
      enteredVehicleValue: value,
      vehicleValue: value,
      isVehicleValueSaved: canQuote,
      coverDetails: {
        coverPeriod: prefill.periodDays ? String(prefill.periodDays) : '',
        startDate: isStartUsable ? (prefill.start ?? '') : '',
      },
    },
  };
}
