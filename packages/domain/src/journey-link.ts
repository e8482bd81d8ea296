import { z } from 'zod';
import { CLASS_ROUTES, type ClassFlow } from './class-routes';
import {
  aviationRiskSchema,
  COMMERCIAL_COVER_TYPES,
  COMMERCIAL_USES,
  COMMERCIAL_VEHICLE_TYPES,
  commercialRiskSchema,
  fireDomesticRiskSchema,
  theftRiskSchema,
} from './classes/risks';
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
  productGoneCover:
    'The product in this quote link is no longer offered for this cover. Choose another below.',
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

/**
 * The pinned prefill address for a cover type and a vehicle value (whole KES), as `readMotorPrefill`
 * reads it: the journey opens on the quotes for them. A third-party address carries no value (it is
 * ignored there). Used where a quote is handed on as a link (the USSD quote's "Send me a link").
 */
export function motorPrefillPath(options: { coverType: CoverType; value?: number | null }): string {
  const hasValue = options.coverType !== 'third-party' && options.value != null;
  const value = hasValue ? `&value=${Math.round(options.value!)}` : '';
  return `/motor/basic-details?coverType=${encodeURIComponent(options.coverType)}${value}`;
}

/** Product lines a journey draft is kept for (one latest draft each per client); the class flows' names. */
export const JOURNEY_PRODUCT_LINES = [
  'motor-private',
  'motor-commercial',
  'fire-domestic',
  'theft',
  'aviation',
] as const satisfies readonly ClassFlow[];
export type JourneyProductLine = (typeof JOURNEY_PRODUCT_LINES)[number];
/** The insurance class of the motor-private line's journey. */
export const MOTOR_PRIVATE_CLASS_CODE = '07';

/** The product line whose journey a policy of this insurance class ends, if any (its draft is cleared). */
export function journeyLineOfClass(classCode: string): JourneyProductLine | null {
  const route = CLASS_ROUTES.find((entry) => entry.insuranceClass === classCode);
  const line = route?.flow;
  return line && (JOURNEY_PRODUCT_LINES as readonly string[]).includes(line)
    ? (line as JourneyProductLine)
    : null;
}

// ── Motor commercial ───────────────────────────────────────────────────────────────────────────

/**
 * The motor commercial wizard's steps a link reopens (spec-2): the choices before the vehicle. The
 * vehicle step is kept only with the plan chosen; the vehicle, KYC and invoice never travel.
 */
export const COMMERCIAL_QUOTE_STEPS = ['coverType', 'valuation', 'quote', 'vehicle'] as const;
export type CommercialQuoteStep = (typeof COMMERCIAL_QUOTE_STEPS)[number];

/** The motor commercial journey as a link or a draft carries it (whole shillings). */
export const commercialQuoteLinkSchema = z
  .object({
    v: z.literal(1),
    step: z.enum(COMMERCIAL_QUOTE_STEPS),
    cover: z.enum(COMMERCIAL_COVER_TYPES),
    /** The valuation step's answers (the risk without its cover type). */
    valuation: z
      .object({
        vehicleValue: shillings,
        vehicleType: z.enum(COMMERCIAL_VEHICLE_TYPES),
        tonnageCapacity: z.number().min(0.5).max(60),
        usageDetails: z
          .object({
            primaryUse: z.enum(COMMERCIAL_USES),
            goodsCarried: z.string().max(200),
            routes: z.string().max(200),
          })
          .strict(),
      })
      .strict()
      .optional(),
    /** The plan chosen, by productSystemRef (the vehicle step's). */
    product: ref.optional(),
  })
  .strict()
  .superRefine((link, context) => {
    const stepIndex = COMMERCIAL_QUOTE_STEPS.indexOf(link.step);
    if (link.valuation) {
      // The valuation is checked with the wizard's own rules (a value for comprehensive cover).
      const risk = commercialRiskSchema.safeParse({ ...link.valuation, coverType: link.cover });
      if (!risk.success) context.addIssue({ code: 'custom', path: ['valuation'], message: 'risk' });
    } else if (stepIndex >= COMMERCIAL_QUOTE_STEPS.indexOf('quote')) {
      context.addIssue({ code: 'custom', path: ['valuation'], message: 'required' });
    }
    if (link.step === 'vehicle' && !link.product) {
      context.addIssue({ code: 'custom', path: ['product'], message: 'required' });
    }
  });
export type CommercialQuoteLink = z.infer<typeof commercialQuoteLinkSchema>;

// ── Fire domestic, theft, aviation (the class-cover flows) ──────────────────────────────────────

/** The class-cover flows a link or a draft carries. */
export const CLASS_COVER_LINES = ['fire-domestic', 'theft', 'aviation'] as const;
export type ClassCoverLine = (typeof CLASS_COVER_LINES)[number];
/** Their steps a link reopens: the risk, the quotes and the chosen product's benefits (not the client's details). */
export const CLASS_QUOTE_STEPS = ['risk', 'quotes', 'benefits'] as const;
export type ClassQuoteStep = (typeof CLASS_QUOTE_STEPS)[number];

const CLASS_RISK_SCHEMAS: Record<ClassCoverLine, z.ZodType<Record<string, unknown>>> = {
  'fire-domestic': fireDomesticRiskSchema,
  theft: theftRiskSchema,
  aviation: aviationRiskSchema,
};

function classQuoteLinkSchemaOf(line: ClassCoverLine) {
  const riskSchema = CLASS_RISK_SCHEMAS[line];
  return z
    .object({
      v: z.literal(1),
      step: z.enum(CLASS_QUOTE_STEPS),
      /** The risk as the class's schema gives it: checked with the class's own rules on read. */
      risk: z.record(z.string().max(40), z.unknown()).optional(),
      /** The product chosen, by productSystemRef. */
      product: ref.optional(),
      /** Optional benefits added, by benefitSystemRef. */
      optional: z.array(ref).max(30).optional(),
    })
    .strict()
    .transform((link, context) => {
      if (link.risk === undefined) {
        if (link.step !== 'risk') context.addIssue({ code: 'custom', path: ['risk'], message: 'required' });
        return link;
      }
      const risk = riskSchema.safeParse(link.risk);
      if (!risk.success) {
        context.addIssue({ code: 'custom', path: ['risk'], message: 'risk' });
        return z.NEVER;
      }
      if (link.step === 'benefits' && !link.product) {
        context.addIssue({ code: 'custom', path: ['product'], message: 'required' });
      }
      return { ...link, risk: risk.data };
    });
}

/** Each class-cover flow's link schema: the same shape, its risk checked by its own class. */
export const classQuoteLinkSchemas = {
  'fire-domestic': classQuoteLinkSchemaOf('fire-domestic'),
  theft: classQuoteLinkSchemaOf('theft'),
  aviation: classQuoteLinkSchemaOf('aviation'),
} as const;
export type ClassQuoteLink = z.output<(typeof classQuoteLinkSchemas)['fire-domestic']>;

/** The schema a product line's journey (link or draft) is checked with. */
export function journeyStateSchemaOf(
  line: JourneyProductLine,
): z.ZodType<JourneyStateOf<JourneyProductLine>> {
  if (line === 'motor-private') return motorQuoteLinkSchema;
  if (line === 'motor-commercial') return commercialQuoteLinkSchema;
  return classQuoteLinkSchemas[line];
}

/** The journey each product line keeps. */
export type JourneyStateOf<Line extends JourneyProductLine> = Line extends 'motor-private'
  ? MotorQuoteLink
  : Line extends 'motor-commercial'
    ? CommercialQuoteLink
    : ClassQuoteLink;

const productLineSchema = z.enum(JOURNEY_PRODUCT_LINES, { error: JOURNEY_LINK_MESSAGES.productLineInvalid });

/** A draft's state: at most 8 KB of JSON, then its own line's journey schema (a wrong line's is refused). */
const draftStateOf = <T>(schema: z.ZodType<T>) =>
  z.unknown().transform((state, context): T => {
    if (JSON.stringify(state ?? null).length > JOURNEY_DRAFT_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: JOURNEY_LINK_MESSAGES.draftTooLarge });
      return z.NEVER;
    }
    const journey = schema.safeParse(state);
    if (!journey.success) {
      context.addIssue({ code: 'custom', message: JOURNEY_LINK_MESSAGES.draftInvalid });
      return z.NEVER;
    }
    return journey.data;
  });

const draftOf = <Line extends JourneyProductLine, T>(line: Line, schema: z.ZodType<T>) =>
  z.object({ productLine: z.literal(line), state: draftStateOf(schema) });

/**
 * `client / journeyDraft / saveDraft` input: one product line and its journey, at most 8 KB of JSON,
 * a union on the line, so each line's state is checked with its own schema.
 */
export const saveJourneyDraftSchema = z.discriminatedUnion(
  'productLine',
  [
    draftOf('motor-private', motorQuoteLinkSchema),
    draftOf('motor-commercial', commercialQuoteLinkSchema),
    draftOf('fire-domestic', classQuoteLinkSchemas['fire-domestic']),
    draftOf('theft', classQuoteLinkSchemas.theft),
    draftOf('aviation', classQuoteLinkSchemas.aviation),
  ],
  { error: JOURNEY_LINK_MESSAGES.productLineInvalid },
);
export type SaveJourneyDraftInput = z.infer<typeof saveJourneyDraftSchema>;

/** `getDraft` and `deleteDraft` input. */
export const journeyDraftRefSchema = z.object({ productLine: productLineSchema });
