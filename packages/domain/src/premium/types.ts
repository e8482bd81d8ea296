import { z } from 'zod';
import type { FieldError } from '../gateway';

/**
 * Every cover type sold: motor private's three, motor commercial's two, and one for each of fire
 * domestic, theft (burglary) and aviation. A class definition (`classes/`) names its own.
 */
export const COVER_TYPES = [
  'comprehensive',
  'third-party-fire-theft',
  'third-party',
  'comprehensive-commercial',
  'third-party-commercial',
  'fire-domestic',
  'burglary',
  'aviation-hull-liability',
] as const;
/** Motor private's cover types, in the order the cover-type screen offers them (spec-1). */
export const MOTOR_PRIVATE_COVER_TYPES = ['comprehensive', 'third-party-fire-theft', 'third-party'] as const;
/** Covers with no own damage: priced without the vehicle's value. */
export const THIRD_PARTY_COVER_TYPES: readonly string[] = ['third-party', 'third-party-commercial'];
export const coverTypeSchema = z.enum(COVER_TYPES, { error: 'Invalid cover type' });
export type CoverType = z.infer<typeof coverTypeSchema>;

const cents = z.number().int().min(0);
const ppm = z.number().int().min(0).max(1_000_000);

/** A value band: the rate applies to vehicles worth at least `fromValue` (the highest such band wins). */
export const rateBandSchema = z.object({ fromValue: cents, ratePpm: ppm });
export type RateBand = z.infer<typeof rateBandSchema>;

/** A multiplier applied when a rating factor has an option (primary use PSV × 1.6); ppm, 1,000,000 = × 1. */
export const loadingSchema = z.object({
  factor: z.string().min(1),
  option: z.string().min(1),
  multiplierPpm: z.number().int().min(0).max(10_000_000),
});
export type Loading = z.infer<typeof loadingSchema>;

/** A minimum premium by a counted quantity's band (tonnage in kg from 8,000 up: KES 15,000). */
export const quantityMinimumSchema = z.object({
  quantity: z.string().min(1),
  fromQuantity: z.number().int().min(0),
  amount: cents,
});
export type QuantityMinimum = z.infer<typeof quantityMinimumSchema>;

/** An amount per unit of a quantity (passenger liability per seat), added to the basic premium. */
export const perUnitChargeSchema = z.object({ quantity: z.string().min(1), amount: cents });
export type PerUnitCharge = z.infer<typeof perUnitChargeSchema>;

/** The rate bands of one group of sums insured (the building, the contents, the hull). */
export const groupRatingSchema = z.object({
  group: z.string().min(1),
  bands: z.array(rateBandSchema).min(1),
});
export type GroupRating = z.infer<typeof groupRatingSchema>;

export const basicRatingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percentage'), bands: z.array(rateBandSchema).min(1), minimumPremium: cents }),
  z.object({ kind: z.literal('fixed'), premium: cents }),
  /**
   * Rated on the risk's facts: each group's sum insured at its band rate, loaded by the chosen
   * options, never below the minimums (the product's, and the loaded one of a quantity's band),
   * plus amounts per unit.
   */
  z.object({
    kind: z.literal('rated'),
    groups: z.array(groupRatingSchema),
    minimumPremium: cents,
    loadings: z.array(loadingSchema),
    minimums: z.array(quantityMinimumSchema),
    perUnit: z.array(perUnitChargeSchema),
  }),
]);
export type BasicRating = z.infer<typeof basicRatingSchema>;

/** Covers of at most `maxDays` pay `sharePpm` of the annual premium; longer covers pay it all. */
export const shortPeriodStepSchema = z.object({ maxDays: z.number().int().min(1), sharePpm: ppm });
export type ShortPeriodStep = z.infer<typeof shortPeriodStepSchema>;

export const BENEFIT_TYPES = ['embedded', 'inbuilt', 'optional'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

export const benefitPricingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('included') }),
  z.object({ kind: z.literal('percentageOfValue'), ratePpm: ppm, minimum: cents }),
  z.object({ kind: z.literal('fixed'), amount: cents }),
  z.object({ kind: z.literal('rateOnExtraLimit'), ratePpm: ppm, inbuiltLimit: cents }),
]);
export type BenefitPricing = z.infer<typeof benefitPricingSchema>;

export const benefitLimitSchema = z.object({
  minimum: cents,
  maximum: cents,
  defaultLimit: cents,
  isAdjustable: z.boolean(),
});
export type BenefitLimit = z.infer<typeof benefitLimitSchema>;

export const benefitConfigSchema = z.object({
  benefitSystemRef: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  type: z.enum(BENEFIT_TYPES),
  limit: benefitLimitSchema,
  pricing: benefitPricingSchema,
});
export type BenefitConfig = z.infer<typeof benefitConfigSchema>;

/**
 * A discount for a higher excess (issue 26): a client who chooses an excess of at least `fromAmount`
 * (cents) pays `discountPpm` less of the basic premium.
 */
export const excessDiscountSchema = z.object({ fromAmount: cents, discountPpm: ppm });
export type ExcessDiscount = z.infer<typeof excessDiscountSchema>;

export const excessConfigSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.string(),
  description: z.string(),
  minAmount: cents,
  maxAmount: cents,
  defaultAmount: cents,
  /** The underwriter's discounts for a higher excess; none when absent. */
  discounts: z.array(excessDiscountSchema).optional(),
});
export type ExcessConfig = z.infer<typeof excessConfigSchema>;

/** A product charge: Percentage values are ppm of the subtotal, Fixed values are cents. */
export const chargeConfigSchema = z.object({
  name: z.string().min(1),
  type: z.enum(['Percentage', 'Fixed']),
  value: z.number().int().min(0),
});
export type ChargeConfig = z.infer<typeof chargeConfigSchema>;

/** Everything an underwriter's product says about its price; lives in database rows. */
export const ratingConfigurationSchema = z.object({
  coverType: coverTypeSchema,
  basic: basicRatingSchema,
  shortPeriodScale: z.array(shortPeriodStepSchema),
  supportedPeriods: z.array(z.number().int().min(1)).min(1),
  benefits: z.array(benefitConfigSchema),
  excesses: z.array(excessConfigSchema),
  charges: z.array(chargeConfigSchema),
});
export type RatingConfiguration = z.infer<typeof ratingConfigurationSchema>;

export interface SelectedBenefitInput {
  benefitSystemRef: string;
  /** The chosen limit in cents; the benefit's default when absent. */
  limit?: number;
}

export interface ExcessInput {
  id: string;
  amount: number;
}

/**
 * The facts of a risk the rating reads, as a class definition derives them from what the client
 * entered: sums insured by group (cents), options of rating factors, counted quantities.
 */
export interface RatingRisk {
  values: Readonly<Record<string, number>>;
  options: Readonly<Record<string, string>>;
  quantities: Readonly<Record<string, number>>;
}

export interface PremiumInput {
  rating: RatingConfiguration;
  /** The risk's total sum insured in cents (a vehicle's value; 0 for third-party). */
  vehicleValue: number;
  /** The risk's rating facts; motor private's is its vehicle's value alone (the default). */
  risk?: RatingRisk;
  periodDays: number;
  selectedBenefits: readonly SelectedBenefitInput[];
  excesses: readonly ExcessInput[];
}

export interface BenefitLine {
  benefitSystemRef: string;
  name: string;
  type: BenefitType;
  limit: number;
  premium: number;
}

export interface ChargeLine {
  name: string;
  type: 'Percentage' | 'Fixed';
  rate: number;
  amount: number;
}

export interface ExcessLine {
  id: string;
  name: string;
  amount: number;
  /** What this excess takes off the basic premium (cents; 0 without a discount). */
  discount: number;
}

/** How a rated basic premium was reached: each group's line, the loadings, the minimum, per-unit lines. */
export interface BasicDetail {
  groups: Array<{ group: string; sumInsured: number; ratePpm: number; premium: number }>;
  loadings: Loading[];
  /** The minimum that applied, when it did (cents). */
  minimumApplied: number | null;
  perUnit: Array<{ quantity: string; units: number; amount: number }>;
}

/** An itemised quote; every amount is integer cents and a whole number of shillings. */
export interface PremiumBreakdown {
  coverType: CoverType;
  vehicleValue: number;
  periodDays: number;
  /** Share of the annual premium charged for the period, in ppm (1,000,000 = a full year). */
  periodSharePpm: number;
  basicPremium: number;
  /** Present for products rated on the risk's facts ('rated'). */
  basicDetail?: BasicDetail;
  /** The discounts for the chosen excesses, taken off the basic premium (cents; never more than it). */
  excessDiscount: number;
  benefits: BenefitLine[];
  /** The basic premium less the excess discount, plus the benefits. */
  subtotal: number;
  charges: ChargeLine[];
  totalCharges: number;
  excesses: ExcessLine[];
  total: number;
}

export type PremiumResult = { ok: true; quote: PremiumBreakdown } | { ok: false; errors: FieldError[] };
