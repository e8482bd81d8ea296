import { addCalendarDays } from '@bima/domain';
import { formatIsoDate, todayIsoDate } from '../lib/dates';
import { t } from './i18n';
import { buttonSecondary } from './ui';

/** What a DOUBLE_INSURANCE refusal carries (`details` of the API's answer). */
export interface DoubleInsurance {
  registrationNumber: string;
  insurer: string;
  /** YYYY-MM-DD: the last day of the cover the vehicle already has. */
  insuredUntil: string;
  /** YYYY-MM-DD: the day after it, when the new cover can start. */
  offeredStartDate: string;
}

/** The refusal's details, when an API error is a double insurance one. */
export function doubleInsuranceOf(error: unknown): DoubleInsurance | null {
  const failure = error as { err_code?: unknown; details?: Partial<DoubleInsurance> | null } | null;
  const details = failure?.details;
  if (failure?.err_code !== 'DOUBLE_INSURANCE' || !details) return null;
  const { registrationNumber, insurer, insuredUntil, offeredStartDate } = details;
  if (!registrationNumber || !insurer || !insuredUntil || !offeredStartDate) return null;
  return { registrationNumber, insurer, insuredUntil, offeredStartDate };
}

/** How far ahead a quotation's cover may start (the quotation's own rule). */
const LATEST_START_DAYS = 90;

/**
 * A vehicle already insured for the period (DMVIC's double insurance), before any payment: which
 * plate, until when and by whom, and the day the new cover can start — with a button to start it
 * then when that day can still be quoted.
 */
export function DoubleInsuranceNotice({
  refusal,
  onUseStartDate,
}: {
  refusal: DoubleInsurance;
  onUseStartDate?: (startDate: string) => void;
}) {
  const from = formatIsoDate(refusal.offeredStartDate);
  const canStartThen = refusal.offeredStartDate <= addCalendarDays(todayIsoDate(), LATEST_START_DAYS);
  return (
    <div role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">{t('components.doubleInsurance.title')}</p>
      <p className="mt-1">
        {t('components.doubleInsurance.message', {
          plate: refusal.registrationNumber,
          until: formatIsoDate(refusal.insuredUntil),
          insurer: refusal.insurer,
          from,
        })}
      </p>
      {canStartThen && onUseStartDate ? (
        <button
          type="button"
          className={`${buttonSecondary} mt-3`}
          onClick={() => onUseStartDate(refusal.offeredStartDate)}
        >
          {t('components.doubleInsurance.useDate', { from })}
        </button>
      ) : (
        <p className="mt-1">{t('components.doubleInsurance.later', { from })}</p>
      )}
    </div>
  );
}
