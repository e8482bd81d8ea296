import { z } from 'zod';
import type { FieldError } from '../gateway';

export const COVER_TYPES = ['comprehensive', 'third-party-fire-theft', 'third-party'] as const;
export const coverTypeSchema = z.enum(COVER_TYPES, { error: 'Invalid cover type' });
export type CoverType = z.infer<typeof coverTypeSchema>;

const cents = z.number().int().min(0);
const ppm = z.number().int().min(0).max(1_000_000);

/** A value band: the rate applies to vehicles worth at least `fromValue` (the highest such band wins). */
export const rateBandSchema = z.object({ fromValue: cents, ratePpm: ppm });
export type RateBand = z.infer<typeof rateBandSchema>;

export const basicRatingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percentage'), bands: z.array(rateBandSchema).min(1), minimumPremium: cents }),
  z.object({ kind: z.literal('fixed'), premium: cents }),
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

export const excessConfigSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.string(),
  description: z.string(),
  minAmount: cents,
  maxAmount: cents,
  defaultAmount: cents,
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

export interface PremiumInput {
  rating: RatingConfiguration;
  /** The risk: the vehicle's value in cents (0 for third-party). */
  vehicleValue: number;
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
}

/** An itemised quote; every amount is integer cents and a whole number of shillings. */
export interface PremiumBreakdown {
  coverType: CoverType;
  vehicleValue: number;
  periodDays: number;
  /** Share of the annual premium charged for the period, in ppm (1,000,000 = a full year). */
  periodSharePpm: number;
  basicPremium: number;
  benefits: BenefitLine[];
  subtotal: number;
  charges: ChargeLine[];
  totalCharges: number;
  excesses: ExcessLine[];
  total: number;
}

export type PremiumResult = { ok: true; quote: PremiumBreakdown } | { ok: false; errors: FieldError[] };
