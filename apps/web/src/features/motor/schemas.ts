import { MIN_VEHICLE_VALUE_KES, QUOTATION_MESSAGES } from '@bima/domain';
import { z } from 'zod';
import { t } from './i18n';

/** The vehicle value form (spec-1 §5): required, a whole number, at least KSH 50,000. */
export const vehicleValueFormSchema = z.object({
  vehicleValue: z
    .string()
    .trim()
    .min(1, QUOTATION_MESSAGES.vehicleValueRequired)
    .pipe(
      z.coerce
        .number<string>({ error: QUOTATION_MESSAGES.vehicleValueRequired })
        .refine(Number.isSafeInteger, { error: t('motor.coverType.wholeNumber') })
        .refine((value) => value >= MIN_VEHICLE_VALUE_KES, { error: QUOTATION_MESSAGES.vehicleValueMinimum }),
    ),
});
export type VehicleValueFormInput = z.input<typeof vehicleValueFormSchema>;
export type VehicleValueForm = z.output<typeof vehicleValueFormSchema>;

/**
 * The cover details form (spec-1 §5): a period the product offers and a start date not before today.
 * `today` is yyyy-mm-dd in the visitor's time zone.
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
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
          context.addIssue({ code: 'custom', message: QUOTATION_MESSAGES.startDateRequired });
          return;
        }
        // ISO dates compare correctly as text.
        if (value < today)
          context.addIssue({ code: 'custom', message: t('motor.coverDetails.startDatePast') });
      }),
  });
}
export type CoverDetailsForm = z.output<ReturnType<typeof createCoverDetailsSchema>>;
