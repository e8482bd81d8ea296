import type { ClassKyc } from '@bima/domain/classes/risks';
import { createPersistedStore, type PersistedStore } from '../../lib/persisted-store';

/** The short flow of fire domestic, theft and aviation: risk, quotes, benefits, details, summary, payment. */
export const CLASS_STEPS = ['risk', 'quotes', 'benefits', 'details', 'summary', 'payment'] as const;
export type ClassStep = (typeof CLASS_STEPS)[number];

export interface ClassFlowState {
  step: ClassStep;
  /** The risk as the class's schema gave it (whole shillings). */
  risk: Record<string, unknown> | null;
  product: { productSystemRef: string; productName: string; underwriter: string } | null;
  /** Optional benefits added, by reference. */
  optional: string[];
  kyc: ClassKyc | null;
  startDate: string | null;
  /** The quotation and invoice made at Confirm & Pay; dropped when anything priced changes. */
  quotation: { systemQuotationRef: string; invoiceSystemRef: string; amount: number } | null;
  paid: { policyNumber: string | null } | null;
}

export const emptyClassFlow: ClassFlowState = {
  step: 'risk',
  risk: null,
  product: null,
  optional: [],
  kyc: null,
  startDate: null,
  quotation: null,
  paid: null,
};

export type ClassFlowEvent =
  | { type: 'risk'; risk: Record<string, unknown> }
  | { type: 'product'; product: NonNullable<ClassFlowState['product']> }
  | { type: 'benefits'; optional: string[] }
  | { type: 'details'; kyc: ClassKyc }
  | { type: 'invoiced'; quotation: NonNullable<ClassFlowState['quotation']>; startDate: string }
  | { type: 'paid'; policyNumber: string | null }
  | { type: 'back' }
  | { type: 'restart' };

const next = (step: ClassStep): ClassStep =>
  CLASS_STEPS[Math.min(CLASS_STEPS.indexOf(step) + 1, CLASS_STEPS.length - 1)]!;
const previous = (step: ClassStep): ClassStep => CLASS_STEPS[Math.max(CLASS_STEPS.indexOf(step) - 1, 0)]!;

/**
 * The flow's one transition function: each answer moves one step on; a new risk or product drops
 * what was priced on the old one (and the quotation); Back moves one step, never before the first,
 * and never once paid.
 */
export function classFlowReducer(state: ClassFlowState, event: ClassFlowEvent): ClassFlowState {
  switch (event.type) {
    case 'risk': {
      const same = JSON.stringify(state.risk) === JSON.stringify(event.risk);
      return same
        ? { ...state, step: 'quotes' }
        : { ...state, risk: event.risk, product: null, optional: [], quotation: null, step: 'quotes' };
    }
    case 'product': {
      const same = state.product?.productSystemRef === event.product.productSystemRef;
      return same
        ? { ...state, step: 'benefits' }
        : { ...state, product: event.product, optional: [], quotation: null, step: 'benefits' };
    }
    case 'benefits': {
      const same = [...state.optional].sort().join() === [...event.optional].sort().join();
      return {
        ...state,
        optional: event.optional,
        quotation: same ? state.quotation : null,
        step: 'details',
      };
    }
    case 'details': {
      const same = JSON.stringify(state.kyc) === JSON.stringify(event.kyc);
      return { ...state, kyc: event.kyc, quotation: same ? state.quotation : null, step: 'summary' };
    }
    case 'invoiced':
      return { ...state, quotation: event.quotation, startDate: event.startDate, step: 'payment' };
    case 'paid':
      return { ...state, paid: { policyNumber: event.policyNumber } };
    case 'back':
      return state.paid ? state : { ...state, step: previous(state.step) };
    case 'restart':
      return emptyClassFlow;
  }
}

/** The furthest step the answers allow: a stale tab lands on the first step that needs an answer. */
export function reachableStep(state: ClassFlowState): ClassStep {
  if (!state.risk) return 'risk';
  if (!state.product) return CLASS_STEPS.indexOf(state.step) > 1 ? 'quotes' : state.step;
  if (!state.kyc && CLASS_STEPS.indexOf(state.step) > 3) return 'details';
  if (!state.quotation && state.step === 'payment') return 'summary';
  return state.step;
}

/** Whether the client must be signed in to see a step: from their details on (the quotation is theirs). */
export function needsSignIn(step: ClassStep): boolean {
  return CLASS_STEPS.indexOf(step) >= CLASS_STEPS.indexOf('details');
}

export { next as nextClassStep };

const stores = new Map<string, PersistedStore<ClassFlowState>>();

/** Each class's flow, kept per tab (signed session storage), so a reload or sign-in comes back to it. */
export function classFlowStore(routeName: string): PersistedStore<ClassFlowState> {
  let store = stores.get(routeName);
  if (!store) {
    store = createPersistedStore<ClassFlowState>(`class-cover:${routeName}`, emptyClassFlow);
    stores.set(routeName, store);
  }
  return store;
}
