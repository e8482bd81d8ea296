import type { BenefitType, CoverType, MonthlyOffer } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';

/**
 * Wire shapes of the product actions (apps/api product/present.ts); every amount is in cents.
 * Shared by the motor wizard, the motor flow store and the purchase.
 */

export interface BenefitLimitConfig {
  minimum: number;
  maximum: number;
  defaultLimit: number;
  isAdjustable: boolean;
}

export interface ProductBenefit {
  _id: string;
  benefitSystemRef: string;
  benefit_category_name: string;
  benefit_category_description: string;
  benefitType: BenefitType;
  benefitLimit: BenefitLimitConfig;
}

export interface ProductExcess {
  id: string;
  name: string;
  type: string;
  description: string;
  minAmount: number;
  maxAmount: number;
  defaultAmount: number;
  amount: number;
}

export interface ProductCharge {
  charge_name: string;
  charge_type: 'Percentage' | 'Fixed';
  value: number;
}

export interface UnderwriterSummary {
  id: string;
  name: string;
  logo?: string;
}

/** A product as `fetchInsuranceClassReccomendations` (priced) or `productWithBenefits…` (unpriced) sends it. */
export interface MotorProduct {
  id: number | string;
  productName: string;
  productDescription: string;
  productOverview?: string;
  productLogo?: string | null;
  productSystemRef: string;
  classCode: string;
  coverType: CoverType;
  basePremium?: number | null;
  premium?: number | null;
  quotePeriod?: number | null;
  /** A band's percentage of value, a fixed premium, or (a class rated on its risk's facts) each group's rate. */
  basePremiumRate: ActionOutput<'underwriting/product/productWithBenefitsAndUnderwriterDetails'>[number]['basePremiumRate'];
  underwriter: UnderwriterSummary[];
  intermediary?: string;
  productTnc?: string | null;
  productCover: {
    coverType: CoverType;
    supportedPeriods: number[];
    minimumValue?: number;
    maximumValue?: number | null;
  };
  /** "Pay monthly" on the quote grid (issue 31): the underwriter's plan for this quote; null when not offered. */
  monthly?: MonthlyOffer | null;
  product_charges_details: ProductCharge[];
  productBenefits: ProductBenefit[];
  excesses: ProductExcess[];
}

/**
 * A product on the quotes grid: priced for the risk, without benefits, excesses and charges, which
 * come with the product's details when a visitor compares, opens or buys it (a lighter grid on slow
 * networks).
 */
export type QuotedProductSummary = Omit<
  MotorProduct,
  'productBenefits' | 'excesses' | 'product_charges_details' | 'productOverview'
>;

/** A benefit chosen on the benefits page, as `productPremiumCalc` takes it (spec-1 §3 "Selected benefit"). */
export interface SelectedBenefit {
  benefitSystemRef: string;
  benefit_category_name: string;
  benefitType: BenefitType;
  params?: { limit: number };
}

export interface PremiumCalcRequest {
  productSystemRef: string;
  risk: { value: number };
  additionalBenefits: SelectedBenefit[];
  excesses: Array<{ id: string; amount: number }>;
  coverDetails: { period: number };
}

/** `productPremiumCalc`'s answer: the itemised quote. */
export interface PremiumQuote {
  productSystemRef: string;
  productName: string;
  underwriter: { id: string; name: string };
  coverType: CoverType;
  vehicleValue: number;
  period: number;
  periodShare: number;
  basicPremium: number;
  /** Taken off the basic premium for a higher excess (0 when the underwriter gives none). */
  excessDiscount?: number;
  benefits: Array<{
    benefitSystemRef: string;
    name: string;
    benefitType: BenefitType;
    limit: number;
    premium: number;
  }>;
  subtotal: number;
  charges: Array<{ charge_name: string; charge_type: 'Percentage' | 'Fixed'; rate: number; amount: number }>;
  totalCharges: number;
  excesses: Array<{ id: string; name: string; amount: number }>;
  total: number;
  currency: 'KES';
}

export interface ComparisonBenefit {
  id: string;
  name: string;
  description: string;
  /** The limit it comes with, cents (absent in comparisons kept before limits were shown). */
  limit?: number;
}

/** An excess of a compared product: what the client pays of a claim, cents. */
export interface ComparisonExcess {
  id: string;
  name: string;
  amount: number;
}

/** One product in the comparison modal (spec-1 §3 "Comparison item"). */
export interface ComparisonItem {
  id: string;
  productSystemRef: string;
  name: string;
  description: string;
  premium: number | null;
  underwriter: string;
  coreBenefits: ComparisonBenefit[];
  optionalBenefits: ComparisonBenefit[];
  /** Absent in comparisons kept before excesses were shown. */
  excesses?: ComparisonExcess[];
  coverType: CoverType;
}

export interface CoverDetails {
  /** Days, as a string (the select's value); '' until chosen. */
  coverPeriod: string;
  /** ISO date (yyyy-mm-dd); '' until chosen. */
  startDate: string;
}
