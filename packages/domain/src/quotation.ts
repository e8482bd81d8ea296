import { z } from 'zod';
import { wholeShillingCents as centsOfWholeShillings } from './cents-schema';
import { COVER_TYPES, type CoverType } from './premium/types';

/** Messages of spec-1 §5 and §8 used by the quotation journey, word for word. */
export const QUOTATION_MESSAGES = {
  vehicleValueRequired: 'Vehicle value is required.',
  vehicleValueMinimum: 'Vehicle value must be at least KES 50,000.',
  vehicleValuePositive: 'Vehicle value must be greater than 0.',
  coverTypeRequired: 'Please select a cover type.',
  coverTypeToast: 'Please select a cover type to proceed.',
  classCodeRequired: 'Insurance class code is required but not provided.',
  invalidCoverType: 'Invalid cover type',
  comprehensiveNeedsValue: 'Vehicle value must be greater than 0 for comprehensive cover',
  coverPeriodRequired: 'Cover period is required.',
  startDateRequired: 'Start date is required.',
  noProducts: 'No products available. Please try again.',
  selectProduct: 'Please select a product.',
  noComparison: 'No products selected for comparison.',
} as const;

/** Minimum vehicle value a visitor may enter, in whole shillings (the form's unit), and the input's step. */
export const MIN_VEHICLE_VALUE_KES = 50_000;
export const VEHICLE_VALUE_STEP_KES = 1_000;

/** The largest amount the quote calls take: KES 100 billion, in cents. */
const MAX_QUOTE_CENTS = 100_000_000_000 * 100;

/**
 * An amount on the wire (issue 29): integer cents of whole shillings, 0 or more, with the messages
 * the quote forms always gave (the form reads what people type and sends its cents).
 */
export const wholeShillingCents = (message: string) =>
  centsOfWholeShillings({
    required: message,
    notWhole: 'Enter a whole number of shillings.',
    min: { cents: 0, message: 'Amounts cannot be negative.' },
    max: { cents: MAX_QUOTE_CENTS, message: 'Amounts cannot be negative.' },
    stopAtBounds: true,
  });

/** `underwriting / product / fetchInsuranceClassReccomendations` input. */
export const fetchRecommendationsSchema = z
  .object({
    insuranceClass: z
      .string({ error: QUOTATION_MESSAGES.classCodeRequired })
      .trim()
      .min(1, QUOTATION_MESSAGES.classCodeRequired),
    riskValue: wholeShillingCents(QUOTATION_MESSAGES.vehicleValueRequired).default(0),
    coverType: z
      .union([z.literal(''), z.enum(COVER_TYPES)], { error: QUOTATION_MESSAGES.invalidCoverType })
      .default(''),
    /** The risk of a class other than motor private, checked against the class's definition. */
    risk: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((input, context) => {
    if (input.coverType === 'comprehensive' && input.riskValue <= 0) {
      context.addIssue({
        code: 'custom',
        path: ['riskValue'],
        message: QUOTATION_MESSAGES.comprehensiveNeedsValue,
      });
    }
    if (input.coverType === 'third-party-fire-theft' && input.riskValue <= 0) {
      context.addIssue({
        code: 'custom',
        path: ['riskValue'],
        message: QUOTATION_MESSAGES.vehicleValuePositive,
      });
    }
  });
export type FetchRecommendationsInput = z.infer<typeof fetchRecommendationsSchema>;

export const productRefSchema = z.object({
  productSystemRef: z
    .string({ error: QUOTATION_MESSAGES.selectProduct })
    .trim()
    .min(1, QUOTATION_MESSAGES.selectProduct),
  /** The vehicle's value in cents, to give the rate of its band. */
  riskValue: wholeShillingCents(QUOTATION_MESSAGES.vehicleValueRequired).optional(),
});

/** A benefit chosen on the benefits page (spec-1 §3 "Selected benefit"). */
export const selectedBenefitSchema = z.object({
  benefitSystemRef: z.string().min(1),
  benefit_category_name: z.string().optional(),
  benefitType: z.string().optional(),
  params: z.object({ limit: wholeShillingCents('Enter the limit in shillings.').optional() }).optional(),
});
export type SelectedBenefit = z.infer<typeof selectedBenefitSchema>;

export const chosenExcessSchema = z.object({
  id: z.string().min(1),
  amount: wholeShillingCents('Enter the excess amount in shillings.'),
});

/** `underwriting / product / productPremiumCalc` input; amounts in cents. */
export const premiumCalcSchema = z.object({
  productSystemRef: z
    .string({ error: QUOTATION_MESSAGES.selectProduct })
    .trim()
    .min(1, QUOTATION_MESSAGES.selectProduct),
  risk: z.object(
    {
      value: wholeShillingCents(QUOTATION_MESSAGES.vehicleValueRequired),
      /** The risk of a class other than motor private (its definition's schema). */
      details: z.record(z.string(), z.unknown()).optional(),
    },
    { error: QUOTATION_MESSAGES.vehicleValueRequired },
  ),
  additionalBenefits: z.array(selectedBenefitSchema).max(50).default([]),
  excesses: z.array(chosenExcessSchema).max(20).default([]),
  coverDetails: z.object(
    {
      period: z.coerce
        .number({ error: QUOTATION_MESSAGES.coverPeriodRequired })
        .int(QUOTATION_MESSAGES.coverPeriodRequired)
        .min(1, QUOTATION_MESSAGES.coverPeriodRequired),
    },
    { error: QUOTATION_MESSAGES.coverPeriodRequired },
  ),
});
export type PremiumCalcInput = z.infer<typeof premiumCalcSchema>;

/** Cover period labels (spec-1 §9), with 365 days also read as a year. */
export function formatCoverPeriod(days: number): string {
  if (days === 1) return '1 day';
  if (days === 30) return '1 Month';
  if (days === 180) return '6 Months';
  if (days === 360 || days === 365) return '12 Months';
  return `${days} days`;
}

export const COVER_TYPE_LABELS: Record<CoverType, string> = {
  comprehensive: 'Comprehensive',
  'third-party-fire-theft': 'Third Party, Fire and Theft',
  'third-party': 'Third Party Only',
  'comprehensive-commercial': 'Comprehensive Commercial Cover',
  'third-party-commercial': 'Third Party Commercial Only',
  'fire-domestic': 'Fire Domestic (building and contents)',
  burglary: 'Burglary and theft',
  'aviation-hull-liability': 'Aircraft hull and liability',
};
