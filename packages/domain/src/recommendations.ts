import { z } from 'zod';
import { COVER_DATE_MESSAGES, isCalendarDate } from './cover-dates';
import { pageInputSchema } from './intermediaries';
import { chosenExcessSchema, selectedBenefitSchema } from './quotation';

/** Recommendations: an intermediary's priced products for a help request, and the client's answer. */
export const RECOMMENDATION_STATUSES = ['SENT', 'ACCEPTED', 'REJECTED'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const RECOMMENDATION_MESSAGES = {
  requestRequired: 'Request id is required.',
  recommendationRequired: 'Recommendation id is required.',
  productsRequired: 'Choose at least one product.',
  tooManyProducts: 'Recommend at most 5 products.',
  productTwice: 'Each product can be recommended once.',
  productRequired: 'Please select a product.',
  noteRequired: 'Add a note for the client.',
  noteTooLong: 'The note must be at most 2000 characters.',
  coverPeriodRequired: 'Cover period is required.',
  startDateRequired: 'Start date is required.',
  quotationRequired: 'Choose the quotation to accept.',
  decisionRequired: "The decision must be 'REJECT'.",
  reasonRequired: 'Tell the intermediary why you reject this recommendation.',
  reasonTooShort: 'The reason must be at least 10 characters.',
  reasonTooLong: 'The reason must be at most 500 characters.',
  notFound: 'Recommendation not found.',
  cannotQuote: 'This request can no longer be quoted.',
  clientUnavailable: (email: string) =>
    `${email} cannot receive recommendations: it belongs to a closed or staff account.`,
  notInRecommendation: 'This quotation is not part of the recommendation.',
  alreadyAccepted: 'This recommendation has already been accepted.',
  alreadyRejected: 'This recommendation has already been rejected.',
  acceptFirst: 'Accept this recommendation to buy its quotation.',
  motorPrivateOnly: 'A recommendation for a vehicle request offers motor private products only.',
} as const;

const M = RECOMMENDATION_MESSAGES;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, M.notFound);

const productRef = z.string({ error: M.productRequired }).trim().min(1, M.productRequired).max(100);

const coverPeriod = z.coerce
  .number({ error: M.coverPeriodRequired })
  .int(M.coverPeriodRequired)
  .min(1, M.coverPeriodRequired)
  .max(366, M.coverPeriodRequired);

const distinctRefs = <T>(refOf: (item: T) => string) =>
  ((items: T[], context: z.core.$RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const ref = refOf(item);
      if (seen.has(ref)) context.addIssue({ code: 'custom', message: M.productTwice, path: [index] });
      seen.add(ref);
    });
  }) as (items: T[], context: z.core.$RefinementCtx) => void;

/** One product's chosen optional benefits (with limits) and excesses, in whole shillings. */
const productChoices = z.object({
  productSystemRef: productRef,
  additionalBenefits: z.array(selectedBenefitSchema).max(50).default([]),
  excesses: z.array(chosenExcessSchema).max(20).default([]),
});

/** `intermediary / recommendation / priceProducts`. */
export const priceProductsSchema = z.object({
  requestId: positiveId(M.requestRequired),
  productSystemRefs: z
    .array(productRef, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(10, 'Price at most 10 products at once.'),
  coverPeriod: coverPeriod.default(365),
  choices: z.array(productChoices).max(10).default([]),
});
export type PriceProductsInput = z.infer<typeof priceProductsSchema>;

const recommendationItem = productChoices.extend({
  coverPeriod: coverPeriod.default(365),
  startDate: z
    .string({ error: M.startDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.startDateRequired)
    .refine(isCalendarDate, COVER_DATE_MESSAGES.notADate),
});
export type RecommendationItemInput = z.infer<typeof recommendationItem>;

/** `intermediary / recommendation / sendRecommendation`. */
export const sendRecommendationSchema = z.object({
  requestId: positiveId(M.requestRequired),
  items: z
    .array(recommendationItem, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(5, M.tooManyProducts)
    .superRefine(distinctRefs((item: RecommendationItemInput) => item.productSystemRef)),
  note: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(2000, M.noteTooLong),
});
export type SendRecommendationInput = z.infer<typeof sendRecommendationSchema>;

/** `underwriting / quotation / clientQuotationRequest`: the client's received recommendations. */
export const clientRecommendationsSchema = pageInputSchema;

/** `underwriting / quotation / getQuotationDetails`: one recommendation. */
export const recommendationIdSchema = z.object({ id: positiveId(M.recommendationRequired) });

/** `underwriting / quotation / acceptReccommendation` (spelt as spec-2 spells it). */
export const acceptRecommendationSchema = z.object({
  id: positiveId(M.recommendationRequired),
  systemQuotationRef: z.string({ error: M.quotationRequired }).trim().min(1, M.quotationRequired).max(100),
});

/** `underwriting / quotation / acceptOrRejectQuotationRequest`: a rejection with its reason. */
export const rejectRecommendationSchema = z.object({
  id: positiveId(M.recommendationRequired),
  decision: z.literal('REJECT', { error: M.decisionRequired }),
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .min(10, M.reasonTooShort)
    .max(500, M.reasonTooLong),
});

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);

/** `intermediary / commission / getStatement`: dates are Kenya's calendar days, both included. */
export const commissionStatementSchema = pageInputSchema
  .extend({
    from: isoDate('From must be a date (YYYY-MM-DD).').optional(),
    to: isoDate('To must be a date (YYYY-MM-DD).').optional(),
    firmId: positiveId('Firm id must be a positive number.').optional(),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: 'From must be on or before To.',
    path: ['to'],
  });

/**
 * The commission on a premium (both in cents) at a rate in basis points: exact integer arithmetic,
 * rounded once, half up, to the cent.
 */
export function commissionAmount(premiumCents: number, rateBps: number): number {
  return Math.floor((premiumCents * rateBps + 5_000) / 10_000);
}
