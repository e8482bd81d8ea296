import type { CoverType } from '@bima/domain';
import type {
  ComparisonItem,
  CoverDetails,
  MotorProduct,
  PremiumQuote,
  QuotedProductSummary,
  SelectedBenefit,
} from '../lib/motor-types';
import { createPersistedStore, usePersistedStore } from '../lib/persisted-store';

/**
 * The motor private flow (spec-1 §3 "Motor private flow state"): the vehicle value in whole shillings
 * as entered; the products, quotes, limits and excess amounts in cents, as the API answers them.
 */
export interface MotorFlowState {
  /** The insurance class the quotes were asked for; a different class on entry restarts the flow. */
  insuranceClass: string;
  selectedCoverType: CoverType | '';
  /** The risk value sent with quotes: the saved value, or 0 for third-party cover. */
  vehicleValue: number;
  /** The value the visitor saved, kept so switching away from third-party restores it. */
  enteredVehicleValue: number;
  isVehicleValueSaved: boolean;
  quotedProducts: QuotedProductSummary[];
  /** The portal's language when the quotes came (they carry the underwriters' words in it). */
  quotesLanguage?: string;
  selectedProduct: MotorProduct | null;
  selectedOptionalBenefits: SelectedBenefit[];
  /** Chosen limit of each core benefit, by benefit id. */
  coreBenefitLimits: Record<string, number>;
  /** Chosen amount of each excess, by excess id. */
  excessAmounts: Record<string, number>;
  coverDetails: CoverDetails;
  selectedComparisonProducts: ComparisonItem[];
  /** Messages the wizard wrapper lists above the current screen. */
  errors: string[];
  calculatedQuotation: PremiumQuote | null;
  /** The request the calculated quotation answers, as JSON, so a stale quote is never shown. */
  calculatedFor: string | null;
}

export const motorFlowDefaults: MotorFlowState = {
  insuranceClass: '',
  selectedCoverType: '',
  vehicleValue: 0,
  enteredVehicleValue: 0,
  isVehicleValueSaved: false,
  quotedProducts: [],
  selectedProduct: null,
  selectedOptionalBenefits: [],
  coreBenefitLimits: {},
  excessAmounts: {},
  coverDetails: { coverPeriod: '', startDate: '' },
  selectedComparisonProducts: [],
  errors: [],
  calculatedQuotation: null,
  calculatedFor: null,
};

/**
 * The motor private journey, kept in signed session storage so it survives a reload and the Back
 * button. The motor screens change it only through the pure reducers of the motor feature
 * (`motorFlowStore.setState((state) => reducer(state, …))`); the purchase screens read it.
 */
// Kept under a new name since its amounts moved to cents (issue 29): a tab's older state is not read.
export const motorFlowStore = createPersistedStore<MotorFlowState>('motor_cents', motorFlowDefaults);

export function useMotorFlow(): MotorFlowState;
export function useMotorFlow<S>(selector: (state: MotorFlowState) => S): S;
export function useMotorFlow<S>(selector?: (state: MotorFlowState) => S) {
  return usePersistedStore(motorFlowStore, selector ?? ((state: MotorFlowState) => state as unknown as S));
}

/** Messages for the wrapper to list above the screen the visitor is sent to. */
export function setFlowErrors(errors: string[]): void {
  motorFlowStore.setState({ errors });
}

export function clearFlowErrors(): void {
  if (motorFlowStore.getState().errors.length > 0) motorFlowStore.setState({ errors: [] });
}
