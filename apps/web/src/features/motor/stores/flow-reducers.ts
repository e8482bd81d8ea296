import type { CoverType } from '@bima/domain';
import { currentLanguage } from '../../../lib/i18n';
import type {
  ComparisonItem,
  CoverDetails,
  MotorProduct,
  PremiumQuote,
  QuotedProductSummary,
  SelectedBenefit,
} from '../../../lib/motor-types';
import { isCoreBenefit } from '../../../lib/premium-request';
import type { MotorFlowState } from '../../../stores/motor-flow';

type Patch = Partial<MotorFlowState>;
const staleQuote: Patch = { calculatedQuotation: null, calculatedFor: null };

export function saveVehicleValue(state: MotorFlowState, value: number): Patch {
  return {
    enteredVehicleValue: value,
    vehicleValue: state.selectedCoverType === 'third-party' ? 0 : value,
    isVehicleValueSaved: true,
    ...staleQuote,
  };
}

/** Third-party cover without a vehicle value (issue 14): third-party is priced on nothing else. */
export function chooseThirdPartyWithoutValue(): Patch {
  return {
    selectedCoverType: 'third-party',
    enteredVehicleValue: 0,
    vehicleValue: 0,
    isVehicleValueSaved: true,
    ...staleQuote,
  };
}

/** Edit Value hides the cover options again. */
export function editVehicleValue(): Patch {
  return { isVehicleValueSaved: false };
}

/** Choosing third-party sets the vehicle value to 0 (spec-1 §2.4); other covers use the saved value. */
export function chooseCoverType(state: MotorFlowState, coverType: CoverType): Patch {
  return {
    selectedCoverType: coverType,
    vehicleValue: coverType === 'third-party' ? 0 : state.enteredVehicleValue,
    ...staleQuote,
  };
}

/** New quotes: comparison keeps only products still quoted. */
export function receiveQuotes(
  state: MotorFlowState,
  products: QuotedProductSummary[],
  insuranceClass: string,
): Patch {
  const ids = new Set(products.map((product) => String(product.id)));
  return {
    quotedProducts: products,
    // The quotes name the underwriters' products in the language they were asked in: the grid asks
    // again after a switch (product-quotation).
    quotesLanguage: currentLanguage(),
    insuranceClass,
    selectedComparisonProducts: state.selectedComparisonProducts.filter((item) => ids.has(item.id)),
  };
}

/**
 * Choosing a product resets the optional benefits (the sample products pre-select none), sets each core
 * limit to the benefit's default (0 if none) and each excess to its default (spec-1 §4). A cover period
 * the new product does not offer is cleared.
 */
export function selectProduct(state: MotorFlowState, product: MotorProduct): Patch {
  const coreBenefitLimits: Record<string, number> = {};
  for (const benefit of product.productBenefits) {
    if (isCoreBenefit(benefit)) coreBenefitLimits[benefit._id] = benefit.benefitLimit.defaultLimit ?? 0;
  }
  const excessAmounts: Record<string, number> = {};
  for (const excess of product.excesses) excessAmounts[excess.id] = excess.defaultAmount;
  const periodStillOffered = product.productCover.supportedPeriods.some(
    (days) => String(days) === state.coverDetails.coverPeriod,
  );
  return {
    selectedProduct: product,
    selectedOptionalBenefits: [],
    coreBenefitLimits,
    excessAmounts,
    coverDetails: {
      ...state.coverDetails,
      coverPeriod: periodStillOffered ? state.coverDetails.coverPeriod : '',
    },
    ...staleQuote,
  };
}

/** Adds a product to the comparison (no duplicates by id), or removes it when it is already there. */
export function toggleComparison(state: MotorFlowState, item: ComparisonItem): Patch {
  const isThere = state.selectedComparisonProducts.some((entry) => entry.id === item.id);
  return {
    selectedComparisonProducts: isThere
      ? state.selectedComparisonProducts.filter((entry) => entry.id !== item.id)
      : [...state.selectedComparisonProducts, item],
  };
}

export function removeFromComparison(state: MotorFlowState, id: string): Patch {
  return { selectedComparisonProducts: state.selectedComparisonProducts.filter((entry) => entry.id !== id) };
}

export function clearComparison(): Patch {
  return { selectedComparisonProducts: [] };
}

export function setCoreBenefitLimit(state: MotorFlowState, benefitId: string, limit: number): Patch {
  return { coreBenefitLimits: { ...state.coreBenefitLimits, [benefitId]: limit }, ...staleQuote };
}

/** Confirming a benefit stores it with its chosen limit, replacing an earlier choice of the same benefit. */
export function addOptionalBenefit(state: MotorFlowState, benefit: SelectedBenefit): Patch {
  const others = state.selectedOptionalBenefits.filter(
    (entry) => entry.benefitSystemRef !== benefit.benefitSystemRef,
  );
  return { selectedOptionalBenefits: [...others, benefit], ...staleQuote };
}

/**
 * Removal drops the benefit from the selection by benefitSystemRef; for a core benefit it puts the
 * limit back to the product's default.
 */
export function removeBenefit(state: MotorFlowState, benefitSystemRef: string): Patch {
  const core = state.selectedProduct?.productBenefits.find(
    (benefit) => benefit.benefitSystemRef === benefitSystemRef && isCoreBenefit(benefit),
  );
  const coreBenefitLimits = core
    ? { ...state.coreBenefitLimits, [core._id]: core.benefitLimit.defaultLimit }
    : state.coreBenefitLimits;
  return {
    selectedOptionalBenefits: state.selectedOptionalBenefits.filter(
      (entry) => entry.benefitSystemRef !== benefitSystemRef,
    ),
    coreBenefitLimits,
    ...staleQuote,
  };
}

export function setExcessAmount(state: MotorFlowState, excessId: string, amount: number): Patch {
  return { excessAmounts: { ...state.excessAmounts, [excessId]: amount }, ...staleQuote };
}

export function setCoverDetails(details: CoverDetails): Patch {
  return { coverDetails: details, ...staleQuote };
}

export function storeQuotation(quote: PremiumQuote, requestKey: string): Patch {
  return { calculatedQuotation: quote, calculatedFor: requestKey };
}
