import { z } from 'zod';
import { LOAN_MONTHS_MAX, LOAN_MONTHS_MIN, LOAN_PRODUCTS, type LoanProduct } from './loans';
import { amountSchema, choiceSchema } from './numbers';
import { SCHOOL_LOAN_MONTH_OPTIONS } from './school';

/** The terms (months) each loan product's pricing bands may have. */
export const PRICING_MONTHS: Record<LoanProduct, readonly number[]> = {
  ipf: Array.from({ length: LOAN_MONTHS_MAX - LOAN_MONTHS_MIN + 1 }, (_, index) => LOAN_MONTHS_MIN + index),
  school_fees: SCHOOL_LOAN_MONTH_OPTIONS,
};

export const PRICING_MESSAGES = {
  productRequired: 'Choose the loan product: premium financing or school fees.',
  nameRequired: 'Give the table a name (3–120 characters).',
  effectiveFromRequired: 'Give the first day the table is in force (YYYY-MM-DD).',
  effectiveFromFuture: 'A new table starts tomorrow at the earliest: loans already priced keep their table.',
  bandsRequired: 'Add at least one band.',
  tooManyBands: 'A table has at most 60 bands.',
  minRequired: 'Give the smallest amount financed, in whole shillings.',
  maxBelowMin: 'The largest amount must not be below the smallest.',
  monthsFor: (months: readonly number[]) => `Choose a term this product offers: ${months.join(', ')} months.`,
  priceRequired: 'Give either a facility fee (KES) or a monthly rate (%), not both.',
  feeInvalid: 'The facility fee is whole shillings, 0 or more.',
  rateInvalid: 'The monthly rate is a percentage with at most 4 decimals, from 0 to 20.',
  overlap: 'This band overlaps another band of the same term.',
  duplicateDate: 'This lender already has a table for this product starting on that day.',
} as const;

const wholeShillings = (message: string) =>
  amountSchema({ required: message, invalid: message, range: message, max: 1_000_000_000 });

/** One band as a lender types it: amounts in whole shillings, a fee in shillings or a rate in %. */
export const pricingBandInputSchema = z.object({
  minPrincipal: wholeShillings(PRICING_MESSAGES.minRequired),
  maxPrincipal: wholeShillings(PRICING_MESSAGES.minRequired).nullable().optional(),
  months: z.coerce.number({ error: 'Choose the term.' }).int('Choose the term.'),
  facilityFee: wholeShillings(PRICING_MESSAGES.feeInvalid).nullable().optional(),
  /** A percentage as text ("1.25"): read without floating point. */
  monthlyRatePercent: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,4})?$/, PRICING_MESSAGES.rateInvalid)
    .nullable()
    .optional(),
});
/** A band as sent: amounts as numbers, or as typed ("500,000") for the server to read or refuse in words. */
export type PricingBandInput = z.input<typeof pricingBandInputSchema>;

/** "1.25" (%) → 12,500 parts per million of the principal a month, exactly. */
export function percentToPpm(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** 12,500 ppm → "1.25" (%). */
export function ppmToPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** `lender / pricing / publishTable`: a new pricing table of the lender's, in force from a later day. */
export const publishPricingTableSchema = z
  .object({
    product: choiceSchema(LOAN_PRODUCTS, PRICING_MESSAGES.productRequired),
    name: z
      .string({ error: PRICING_MESSAGES.nameRequired })
      .trim()
      .min(3, PRICING_MESSAGES.nameRequired)
      .max(120, PRICING_MESSAGES.nameRequired),
    effectiveFrom: z
      .string({ error: PRICING_MESSAGES.effectiveFromRequired })
      .regex(/^\d{4}-\d{2}-\d{2}$/, PRICING_MESSAGES.effectiveFromRequired)
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        PRICING_MESSAGES.effectiveFromRequired,
      ),
    bands: z
      .array(pricingBandInputSchema, { error: PRICING_MESSAGES.bandsRequired })
      .min(1, PRICING_MESSAGES.bandsRequired)
      .max(60, PRICING_MESSAGES.tooManyBands),
  })
  .superRefine((table, context) => {
    const terms = PRICING_MONTHS[table.product];
    table.bands.forEach((band, index) => {
      const issue = (field: string, message: string) =>
        context.addIssue({ code: 'custom', path: ['bands', index, field], message });
      if (!terms.includes(band.months)) issue('months', PRICING_MESSAGES.monthsFor(terms));
      if (band.maxPrincipal != null && band.maxPrincipal < band.minPrincipal)
        issue('maxPrincipal', PRICING_MESSAGES.maxBelowMin);
      const hasFee = band.facilityFee != null;
      const hasRate = band.monthlyRatePercent != null && band.monthlyRatePercent !== '';
      if (hasFee === hasRate) issue('facilityFee', PRICING_MESSAGES.priceRequired);
      if (hasRate && percentToPpm(band.monthlyRatePercent!) > 200_000)
        issue('monthlyRatePercent', PRICING_MESSAGES.rateInvalid);
    });
    const overlapping = overlappingBand(table.bands);
    if (overlapping !== null)
      context.addIssue({
        code: 'custom',
        path: ['bands', overlapping, 'minPrincipal'],
        message: PRICING_MESSAGES.overlap,
      });
  });
export type PublishPricingTableInput = z.infer<typeof publishPricingTableSchema>;
/** The table as the web sends it (amounts possibly as typed, for the server to read). */
export type PublishPricingTableRequest = z.input<typeof publishPricingTableSchema>;

/**
 * The index of the first band whose amounts overlap an earlier band of the same term (a principal
 * and a term must pick one band), or null.
 */
export function overlappingBand(
  bands: ReadonlyArray<{ minPrincipal: number; maxPrincipal?: number | null; months: number }>,
): number | null {
  for (let index = 0; index < bands.length; index++) {
    const band = bands[index]!;
    const top = band.maxPrincipal ?? Number.POSITIVE_INFINITY;
    for (let other = 0; other < index; other++) {
      const earlier = bands[other]!;
      if (earlier.months !== band.months) continue;
      const earlierTop = earlier.maxPrincipal ?? Number.POSITIVE_INFINITY;
      if (band.minPrincipal <= earlierTop && earlier.minPrincipal <= top) return index;
    }
  }
  return null;
}
