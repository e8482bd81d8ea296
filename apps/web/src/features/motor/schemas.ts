import { amountSchema, checkCoverStartDate, MIN_VEHICLE_VALUE_KES, QUOTATION_MESSAGES } from '@bima/domain';
import { z } from 'zod';
import { t } from './i18n';

/** The vehicle value form (spec-1 §5): required, a whole number, at least KES 50,000. */
export const vehicleValueFormSchema = z.object({
  // As people type it ("1,500,000", "1 500 000"; the domain's one parser), never "required" when given.
  vehicleValue: amountSchema({
    required: QUOTATION_MESSAGES.vehicleValueRequired,
    fraction: t('motor.coverType.wholeNumber'),
    range: QUOTATION_MESSAGES.vehicleValueMinimum,
    min: MIN_VEHICLE_VALUE_KES,
  }),
});
export type VehicleValueFormInput = z.input<typeof vehicleValueFormSchema>;
export type VehicleValueForm = z.output<typeof vehicleValueFormSchema>;

/**
 * The cover details form (spec-1 §5): a period the product offers and a start date from today to
 * 90 days ahead (the server's rule). `today` is yyyy-mm-dd in the visitor's time zone.
 */
export function createCoverDetailsSchema({
  today,
  supportedPeriods,
}: {
  today: string;
  supportedPeriods: readonly number[];
}) {
  return z.object({
    coverPeriod: z
      .string()
      .trim()
      .refine((value) => supportedPeriods.some((days) => String(days) === value), {
        error: QUOTATION_MESSAGES.coverPeriodRequired,
      }),
    startDate: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? checkCoverStartDate({ startDate: value, today })
          : QUOTATION_MESSAGES.startDateRequired;
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  });
}
export type CoverDetailsForm = z.output<ReturnType<typeof createCoverDetailsSchema>>;

/** The cover period preselected: a year (365 or 360 days) when the product offers it, else its longest. */
export function defaultCoverPeriod(periods: readonly number[]): string {
  const year = periods.find((days) => days === 365) ?? periods.find((days) => days === 360);
  const chosen = year ?? (periods.length ? Math.max(...periods) : undefined);
  return chosen === undefined ? '' : String(chosen);
}
