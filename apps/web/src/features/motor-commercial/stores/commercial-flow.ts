import type {
  ClassKyc,
  CommercialCoverType,
  CommercialRisk,
  CommercialVehicle,
} from '@bima/domain/classes/risks';
import type { QuotedProductSummary } from '../../../lib/motor-types';
import { createPersistedStore, usePersistedStore } from '../../../lib/persisted-store';

/** The wizard's seven steps (spec-2 "Motor commercial wizard"); the flow state allows an eighth. */
export const COMMERCIAL_STEPS = [
  'coverType',
  'valuation',
  'quote',
  'vehicle',
  'kyc',
  'summary',
  'payment',
] as const;
export type CommercialStepKey = (typeof COMMERCIAL_STEPS)[number];
export const FIRST_STEP = 1;
export const LAST_FLOW_STEP = 8;
/** From this step on the wizard needs a signed-in client: the vehicle and KYC are a purchase's. */
export const SIGN_IN_STEP = 4;

export type CommercialPaymentStatus = 'pending' | 'processing' | 'success' | 'failed';

/** The quotation and invoice made from the summary, with the request they answer. */
export interface CommercialInvoice {
  systemQuotationRef: string;
  invoiceSystemRef: string;
  /** What the invoice asks for, in cents. */
  amount: number;
  /** The createQuotation payload as JSON: the same application confirmed again keeps its invoice. */
  requestKey: string;
}

/** The valuation step's answers: the risk without its cover type (whole shillings). */
export type CommercialValuation = Omit<CommercialRisk, 'coverType'>;

export interface CommercialFlowState {
  /** The step shown, 1 to 7 (8 is allowed by the flow, as spec-2 says, and shows the payment). */
  step: number;
  coverType: CommercialCoverType | '';
  /** The valuation, once given; the vehicle value is 0 for third-party cover. */
  valuation: CommercialValuation | null;
  selectedProduct: QuotedProductSummary | null;
  vehicleDetails: CommercialVehicle | null;
  kycDetails: ClassKyc | null;
  invoice: CommercialInvoice | null;
  paymentStatus: CommercialPaymentStatus;
  /** The policy number the payment reported, when it did. */
  policyNumber: string | null;
}

export const commercialFlowDefaults: CommercialFlowState = {
  step: FIRST_STEP,
  coverType: '',
  valuation: null,
  selectedProduct: null,
  vehicleDetails: null,
  kycDetails: null,
  invoice: null,
  paymentStatus: 'pending',
  policyNumber: null,
};

/** What moves the wizard on: each payload sets its part of the flow and goes to the next step (spec-2 §4). */
export type CommercialAdvance =
  | { type: 'coverType'; coverType: CommercialCoverType }
  | { type: 'valuation'; valuation: CommercialValuation }
  | { type: 'product'; product: QuotedProductSummary }
  | { type: 'vehicle'; vehicle: CommercialVehicle }
  | { type: 'kyc'; kyc: ClassKyc }
  | { type: 'invoice'; invoice: CommercialInvoice };

const clampStep = (step: number) => Math.min(Math.max(step, FIRST_STEP), LAST_FLOW_STEP);

/** The vehicle value quotes are asked for: none for third-party cover. */
function effectiveValue(coverType: CommercialCoverType | '', valuation: CommercialValuation | null): number {
  if (!valuation || coverType === 'third-party-commercial') return 0;
  return valuation.vehicleValue;
}

/**
 * The risk quotes are asked for, once the cover type is chosen and the valuation given (and, for
 * comprehensive cover, its value is above 0); null before.
 */
export function quoteRiskOf(
  state: Pick<CommercialFlowState, 'coverType' | 'valuation'>,
): CommercialRisk | null {
  const { coverType, valuation } = state;
  if (!coverType || !valuation) return null;
  const vehicleValue = effectiveValue(coverType, valuation);
  if (coverType === 'comprehensive-commercial' && !(vehicleValue > 0)) return null;
  return { ...valuation, coverType, vehicleValue };
}

/** A changed risk prices the plans again: the chosen plan and any invoice made for it are dropped. */
function dropPricedParts(): Partial<CommercialFlowState> {
  return { selectedProduct: null, invoice: null, paymentStatus: 'pending', policyNumber: null };
}

/** Sets what the payload carries and moves one step on (never past the flow's last step). */
export function advance(
  state: CommercialFlowState,
  payload: CommercialAdvance,
): Partial<CommercialFlowState> {
  const step = clampStep(state.step + 1);
  switch (payload.type) {
    case 'coverType': {
      const changed = payload.coverType !== state.coverType;
      return { coverType: payload.coverType, step, ...(changed ? dropPricedParts() : {}) };
    }
    case 'valuation': {
      const before = JSON.stringify(quoteRiskOf(state));
      const after = JSON.stringify(quoteRiskOf({ coverType: state.coverType, valuation: payload.valuation }));
      return { valuation: payload.valuation, step, ...(before !== after ? dropPricedParts() : {}) };
    }
    case 'product': {
      const changed = payload.product.productSystemRef !== state.selectedProduct?.productSystemRef;
      return {
        selectedProduct: payload.product,
        step,
        ...(changed ? { invoice: null, paymentStatus: 'pending' as const, policyNumber: null } : {}),
      };
    }
    case 'vehicle':
      return { vehicleDetails: payload.vehicle, step };
    case 'kyc':
      return { kycDetails: payload.kyc, step };
    case 'invoice': {
      const isSame = state.invoice?.invoiceSystemRef === payload.invoice.invoiceSystemRef;
      return {
        invoice: payload.invoice,
        step,
        ...(isSame ? {} : { paymentStatus: 'pending' as const, policyNumber: null }),
      };
    }
  }
}

/** Back moves one step, never below step 1; never away from a paid payment. */
export function goBack(state: CommercialFlowState): Partial<CommercialFlowState> {
  if (!canGoBack(state)) return {};
  return { step: clampStep(state.step - 1) };
}

/** Back is disabled on step 1, and once the payment succeeded (spec-2 §4). */
export function canGoBack(state: Pick<CommercialFlowState, 'step' | 'paymentStatus'>): boolean {
  return state.step > FIRST_STEP && state.paymentStatus !== 'success';
}

/** The payment's progress; success may carry the policy number. */
export function setPaymentStatus(
  status: CommercialPaymentStatus,
  policyNumber: string | null = null,
): Partial<CommercialFlowState> {
  return { paymentStatus: status, ...(policyNumber ? { policyNumber } : {}) };
}

/** Whether a step's status is completed: its index is less than the current one (spec-2). */
export function isStepCompleted(stepNumber: number, currentStep: number): boolean {
  return stepNumber < currentStep;
}

/**
 * The step the wizard can really show: a later step needs what the earlier ones gave (a reload, a
 * stale tab), so it falls back to the first step whose answer is missing.
 */
export function reachableStep(state: CommercialFlowState): number {
  const wanted = clampStep(state.step);
  const needs: Array<[number, boolean]> = [
    [2, state.coverType !== ''],
    [3, quoteRiskOf(state) !== null],
    [4, state.selectedProduct !== null],
    [5, state.vehicleDetails !== null],
    [6, state.kycDetails !== null],
    [7, state.invoice !== null],
  ];
  for (const [step, isMet] of needs) {
    if (wanted >= step && !isMet) return step - 1;
  }
  return wanted;
}

/** Whether the wizard at `step` needs a signed-in client. */
export function needsSignIn(step: number): boolean {
  return step >= SIGN_IN_STEP;
}

/**
 * The motor commercial wizard's flow, kept in signed session storage (per tab) so it survives a
 * reload and the trip through sign-in. Changed only through the pure functions above.
 */
// Kept under a new name since its quotes and invoice moved to cents (issue 29).
export const commercialFlowStore = createPersistedStore<CommercialFlowState>(
  'motor-commercial_cents',
  commercialFlowDefaults,
);

export function useCommercialFlow(): CommercialFlowState {
  return usePersistedStore(commercialFlowStore);
}

/** Applies one of the pure changes above to the stored flow. */
export function updateFlow(change: (state: CommercialFlowState) => Partial<CommercialFlowState>): void {
  commercialFlowStore.setState(change);
}
