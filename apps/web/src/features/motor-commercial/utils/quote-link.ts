import {
  COMMERCIAL_QUOTE_STEPS,
  type CommercialQuoteLink,
  commercialQuoteLinkSchema,
  JOURNEY_LINK_MESSAGES,
} from '@bima/domain';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import {
  type CommercialFlowState,
  commercialFlowDefaults,
  quoteRiskOf,
  reachableStep,
} from '../stores/commercial-flow';

/**
 * The motor commercial journey as its link carries it (issue 14): the cover type, the valuation and
 * the plan, on the step reached (the vehicle step at most: the vehicle, KYC and invoice never travel).
 * Null before a cover type is chosen and once paid.
 */
export function commercialLinkOf(state: CommercialFlowState): CommercialQuoteLink | null {
  if (!state.coverType || state.paymentStatus === 'success') return null;
  const stepIndex = Math.min(reachableStep(state), COMMERCIAL_QUOTE_STEPS.length) - 1;
  const candidates: unknown[] = [
    {
      v: 1,
      step: COMMERCIAL_QUOTE_STEPS[stepIndex],
      cover: state.coverType,
      ...(state.valuation ? { valuation: state.valuation } : {}),
      ...(state.selectedProduct ? { product: state.selectedProduct.productSystemRef } : {}),
    },
    // A valuation the cover no longer accepts (a value missing for comprehensive cover): the cover alone.
    { v: 1, step: stepIndex === 0 ? 'coverType' : 'valuation', cover: state.coverType },
  ];
  for (const candidate of candidates) {
    const link = commercialQuoteLinkSchema.safeParse(candidate);
    if (link.success) return link.data;
  }
  return null;
}

export interface CommercialRestoreDeps {
  /** The plans for a risk (the quote step's query), to find the link's plan among. */
  fetchPlans: (risk: NonNullable<ReturnType<typeof quoteRiskOf>>) => Promise<QuotedProductSummary[]>;
}

/**
 * The flow a link opens: its cover type and valuation, its plan found among today's plans (a plan no
 * longer offered for the vehicle opens the plans with a message), on its step.
 */
export async function restoreCommercialLink(
  link: CommercialQuoteLink,
  deps: CommercialRestoreDeps,
): Promise<{ state: CommercialFlowState; messages: string[] }> {
  const state: CommercialFlowState = {
    ...commercialFlowDefaults,
    coverType: link.cover,
    valuation: link.valuation ?? null,
    step: COMMERCIAL_QUOTE_STEPS.indexOf(link.step) + 1,
  };
  const risk = quoteRiskOf(state);
  if (!link.product || !risk) return { state: { ...state, step: reachableStep(state) }, messages: [] };
  const quoteStep = COMMERCIAL_QUOTE_STEPS.indexOf('quote') + 1;
  let plans: QuotedProductSummary[];
  try {
    plans = await deps.fetchPlans(risk);
  } catch {
    // The plans could not be asked for: the quote step asks again and offers to retry.
    return { state: { ...state, step: Math.min(state.step, quoteStep) }, messages: [] };
  }
  const plan = plans.find((entry) => entry.productSystemRef === link.product);
  if (!plan) {
    return {
      state: { ...state, step: Math.min(state.step, quoteStep) },
      messages: [JOURNEY_LINK_MESSAGES.productGone],
    };
  }
  return { state: { ...state, selectedProduct: plan }, messages: [] };
}
