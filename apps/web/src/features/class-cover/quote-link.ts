import {
  CLASS_QUOTE_STEPS,
  type ClassCoverLine,
  type ClassQuoteLink,
  classQuoteLinkSchemas,
  JOURNEY_LINK_MESSAGES,
} from '@bima/domain';
import { CLASS_STEPS, type ClassFlowState, emptyClassFlow, reachableStep } from './flow';

/** A class quote as the quotes step lists it: what the flow keeps of the product chosen. */
export interface ClassQuoteSummary {
  productSystemRef: string;
  productName: string;
  underwriter: Array<{ name?: string }>;
}

/**
 * The class-cover journey as its link carries it (issue 14): the risk, the product and the optional
 * benefits, on the step reached (the benefits at most: the client's details never travel). Null
 * before a risk is given and once paid.
 */
export function classLinkOf(line: ClassCoverLine, state: ClassFlowState): ClassQuoteLink | null {
  if (!state.risk || state.paid) return null;
  const index = Math.min(CLASS_STEPS.indexOf(reachableStep(state)), CLASS_QUOTE_STEPS.length - 1);
  const link = classQuoteLinkSchemas[line].safeParse({
    v: 1,
    step: CLASS_QUOTE_STEPS[index],
    risk: state.risk,
    ...(state.product ? { product: state.product.productSystemRef } : {}),
    ...(state.product && state.optional.length > 0 ? { optional: state.optional } : {}),
  });
  return link.success ? link.data : null;
}

export interface ClassRestoreDeps {
  /** The class's quotes for the risk (the quotes step's query), to find the link's product among. */
  fetchQuotes: (risk: Record<string, unknown>) => Promise<ClassQuoteSummary[]>;
}

/**
 * The flow a link opens: its risk, its product found among today's quotes (one no longer offered
 * opens the quotes with a message) and its optional benefits, on its step.
 */
export async function restoreClassLink(
  link: ClassQuoteLink,
  deps: ClassRestoreDeps,
): Promise<{ state: ClassFlowState; messages: string[] }> {
  const state: ClassFlowState = { ...emptyClassFlow, step: link.step, risk: link.risk ?? null };
  if (!link.product || !state.risk) return { state: { ...state, step: reachableStep(state) }, messages: [] };
  let quotes: ClassQuoteSummary[];
  try {
    quotes = await deps.fetchQuotes(state.risk);
  } catch {
    // The quotes could not be asked for: the quotes step asks again and offers to retry.
    return { state: { ...state, step: 'quotes' }, messages: [] };
  }
  const quote = quotes.find((entry) => entry.productSystemRef === link.product);
  if (!quote) {
    return { state: { ...state, step: 'quotes' }, messages: [JOURNEY_LINK_MESSAGES.productGoneCover] };
  }
  return {
    state: {
      ...state,
      product: {
        productSystemRef: quote.productSystemRef,
        productName: quote.productName,
        underwriter: quote.underwriter[0]?.name ?? '',
      },
      optional: link.optional ?? [],
    },
    messages: [],
  };
}
