import { z } from 'zod';
import { isCalendarDate } from './cover-dates';
import { type CoverType, MOTOR_PRIVATE_COVER_TYPES } from './premium/types';
import { MIN_VEHICLE_VALUE_KES } from './quotation';

/**
 * A quote that survives a new tab and a shared link (issue 14): the motor private journey's
 * quote-relevant state, carried in the address (`?quote=`, base64url JSON) for a visitor and kept
 * as the signed-in client's journey draft on the server. Both are checked with these schemas.
 */
export const JOURNEY_LINK_MESSAGES = {
  invalidLink: 'This quote link is damaged or out of date. Start your quote again below.',
  productGone: 'The product in this quote link is no longer offered for this vehicle. Choose another below.',
  invalidPrefill: 'Some of the quote details in the link could not be used. Check them below.',
  draftTooLarge: 'The saved journey is too large.',
  draftInvalid: 'The saved journey is not valid.',
  productLineInvalid: 'Choose a product line.',
} as const;

/** The wizard screens a quote can reopen on (spec-1 §2.2), in journey order. */
export const MOTOR_QUOTE_STEPS = [
  'cover-type',
  'product-quotation',
  'view-details',
  'basic-cover-details',
  'benefits',
  'quotation',
] as const;
export type MotorQuoteStep = (typeof MOTOR_QUOTE_STEPS)[number];

/** The longest `?quote=` value read: a phone's share sheet and a chat message both carry it. */
export const QUOTE_LINK_MAX_LENGTH = 4000;
/** The largest journey draft kept on the server, as JSON text. */
export const JOURNEY_DRAFT_MAX_BYTES = 8192;

const MAX_KES = 100_000_000_000;
const ref = z.string().trim().min(1).max(100);
const shillings = z.number().int().min(0).max(MAX_KES);

/** The motor private journey as a link or a draft carries it; amounts are whole shillings, periods days. */
export const motorQuoteLinkSchema = z
  .object({
    /** The encoding's version: a later change of shape is read as an old link, never guessed. */
    v: z.literal(1),
    step: z.enum(MOTOR_QUOTE_STEPS),
    /** The insurance class the quotes were asked for (motor private: '07'). */
    cls: z.string().regex(/^[A-Z0-9]{2,3}$/),
    cover: z.enum(MOTOR_PRIVATE_COVER_TYPES),
    /** The vehicle value the visitor entered; 0 for third-party cover without one. */
    value: shillings,
    product: ref.optional(),
    period: z.number().int().min(1).max(3660).optional(),
    start: z.string().refine(isCalendarDate).optional(),
    /** Optional benefits added, with their chosen limits. */
    benefits: z
      .array(z.object({ ref, limit: shillings.optional() }))
      .max(50)
      .optional(),
    /** Core benefit limits changed from the product's default, by benefitSystemRef. */
    limits: z.record(ref, shillings).optional(),
    /** Excess amounts, by excess id. */
    excesses: z.record(ref, shillings).optional(),
    /** Products in the comparison, by productSystemRef. */
    compare: z.array(ref).max(10).optional(),
  })
  .strict()
  .refine((link) => link.cover === 'third-party' || link.value >= MIN_VEHICLE_VALUE_KES, {
    path: ['value'],
  })
  .refine(
    (link) => Object.keys(link.limits ?? {}).length <= 50 && Object.keys(link.excesses ?? {}).length <= 20,
  );
export type MotorQuoteLink = z.infer<typeof motorQuoteLinkSchema>;

/** Cover periods a link may name in months (`period=`), and the days each quotes. */
const MONTHS_TO_DAYS: Record<number, number> = { 1: 30, 6: 180, 12: 365 };

/** Months named in a prefill link as cover days: 1 → 30, 6 → 180, 12 → 365; others are not offered. */
export function coverDaysOfMonths(months: number): number | null {
  return MONTHS_TO_DAYS[months] ?? null;
}

const wholeKesParam = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);

/**
 * The pinned prefill address (linked from a needs assessment):
 * `/motor/basic-details?coverType=<code>&value=<whole KES>[&period=<months>][&start=<YYYY-MM-DD>]`.
 * Each parameter is read on its own, so one bad value loses only itself; `problems` names them.
 */
export const motorPrefillSchema = z.object({
  coverType: z.enum(MOTOR_PRIVATE_COVER_TYPES),
  value: wholeKesParam.optional(),
  period: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .refine((months) => coverDaysOfMonths(months) !== null)
    .optional(),
  start: z.string().refine(isCalendarDate).optional(),
});

export interface MotorPrefill {
  coverType: CoverType;
  /** Whole KES; null when absent, invalid, below the minimum or ignored (third-party). */
  value: number | null;
  /** Cover days, or null. */
  periodDays: number | null;
  start: string | null;
  /** The parameters given but not usable. */
  problems: string[];
}

/** Reads the prefill parameters; null when there is no usable cover type (not a prefill link). */
export function readMotorPrefill(params: { get(name: string): string | null }): MotorPrefill | null {
  const raw = (name: string) => params.get(name) ?? undefined;
  const coverType = motorPrefillSchema.shape.coverType.safeParse(raw('coverType'));
  if (!coverType.success) return null;
  const problems: string[] = [];
  const field = <T>(name: 'value' | 'period' | 'start', schema: z.ZodType<T>): T | undefined => {
    if (raw(name) === undefined) return undefined;
    const result = schema.safeParse(raw(name));
    if (!result.success) problems.push(name);
    return result.success ? result.data : undefined;
  };
  const isThirdParty = coverType.data === 'third-party';
  let value = field('value', motorPrefillSchema.shape.value) ?? null;
  if (value !== null && !isThirdParty && value < MIN_VEHICLE_VALUE_KES) {
    problems.push('value');
    value = null;
  }
  const months = field('period', motorPrefillSchema.shape.period) ?? null;
  return {
    coverType: coverType.data,
    value: isThirdParty ? null : value,
    periodDays: months === null ? null : coverDaysOfMonths(months),
    start: field('start', motorPrefillSchema.shape.start) ?? null,
    problems,
  };
}

/** Product lines a journey draft is kept for (one latest draft each per client). */
export const JOURNEY_PRODUCT_LINES = ['motor-private'] as const;
export type JourneyProductLine = (typeof JOURNEY_PRODUCT_LINES)[number];
/** The insurance class of the motor-private line's journey. */
export const MOTOR_PRIVATE_CLASS_CODE = '07';

const productLineSchema = z.enum(JOURNEY_PRODUCT_LINES, { error: JOURNEY_LINK_MESSAGES.productLineInvalid });

/** `client / journeyDraft / saveDraft` input: the product line and its journey, at most 8 KB of JSON. */
export const saveJourneyDraftSchema = z.object({
  productLine: productLineSchema,
  state: z.unknown().transform((state, context) => {
    if (JSON.stringify(state ?? null).length > JOURNEY_DRAFT_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: JOURNEY_LINK_MESSAGES.draftTooLarge });
      return z.NEVER;
    }
    const journey = motorQuoteLinkSchema.safeParse(state);
    if (!journey.success) {
      context.addIssue({ code: 'custom', message: JOURNEY_LINK_MESSAGES.draftInvalid });
      return z.NEVER;
    }
    return journey.data;
  }),
});
export type SaveJourneyDraftInput = z.infer<typeof saveJourneyDraftSchema>;

/** `getDraft` and `deleteDraft` input. */
export const journeyDraftRefSchema = z.object({ productLine: productLineSchema });
