import { addCalendarDays, COVER_START_MAX_DAYS_AHEAD, formatCoverPeriod } from '@bima/domain';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorSummary } from '../../../components/error-summary';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, buttonSecondary, cardClass, inputClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { formatIsoDate, kenyaTodayIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import type { MotorProduct } from '../../../lib/motor-types';
import { notify } from '../../../lib/notifications';
import { zodResolver } from '../../../lib/zod-resolver';
import { motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import { useFlowGuard } from '../hooks';
import { t } from '../i18n';
import { type CoverDetailsForm, createCoverDetailsSchema, defaultCoverPeriod } from '../schemas';
import { setCoverDetails } from '../stores/flow-reducers';

const REQUIREMENTS = ['coverType', 'product'] as const;

function CoverDetailsFormView({ product }: { product: MotorProduct }) {
  const navigate = useNavigate();
  const ids = {
    period: useId(),
    periodError: useId(),
    start: useId(),
    startHint: useId(),
    startError: useId(),
  };
  const coverDetails = useMotorFlow((state) => state.coverDetails);
  const supportedPeriods = product.productCover.supportedPeriods;
  // Kenya's today, the date the server checks the start against, whatever the phone's time zone.
  const today = kenyaTodayIsoDate();
  const schema = useMemo(
    () => createCoverDetailsSchema({ today, supportedPeriods }),
    [today, supportedPeriods],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CoverDetailsForm, unknown, CoverDetailsForm>({
    resolver: zodResolver(schema),
    // A year from today unless the client chose otherwise: what most buy, and less to type on a phone.
    defaultValues: {
      coverPeriod: coverDetails.coverPeriod || defaultCoverPeriod(supportedPeriods),
      startDate: coverDetails.startDate || today,
    },
  });

  const onSubmit = (values: CoverDetailsForm) => {
    motorFlowStore.setState(setCoverDetails(values));
    notify({
      type: 'success',
      title: t('motor.coverDetails.submitted'),
      message: t('motor.coverDetails.submittedText', {
        period: domainText(formatCoverPeriod(Number(values.coverPeriod))),
        date: formatIsoDate(values.startDate),
      }),
    });
    // Third-party cover has nothing to customise: straight to the quotation (spec-1 §2.7).
    navigate(
      product.coverType === 'third-party' ? paths.motorQuotation.getHref() : paths.motorBenefits.getHref(),
    );
  };

  const summary = [
    ...(errors.coverPeriod?.message ? [{ id: ids.periodError, message: errors.coverPeriod.message }] : []),
    ...(errors.startDate?.message ? [{ id: ids.startError, message: errors.startDate.message }] : []),
  ];

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      <ErrorSummary errors={summary} />
      <div className={`${cardClass} grid gap-5 sm:grid-cols-2`}>
        <div>
          <label htmlFor={ids.period} className="font-semibold text-slate-900">
            {t('motor.coverDetails.periodLabel')}
          </label>
          <select
            id={ids.period}
            required
            aria-invalid={errors.coverPeriod ? true : undefined}
            aria-describedby={errors.coverPeriod ? ids.periodError : undefined}
            className={inputClass}
            {...register('coverPeriod')}
          >
            <option value="">{t('motor.coverDetails.periodPlaceholder')}</option>
            {supportedPeriods.map((days) => (
              <option key={days} value={String(days)}>
                {domainText(formatCoverPeriod(days))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.start} className="font-semibold text-slate-900">
            {t('motor.coverDetails.startDateLabel')}
          </label>
          <input
            id={ids.start}
            type="date"
            min={today}
            max={addCalendarDays(today, COVER_START_MAX_DAYS_AHEAD)}
            required
            aria-invalid={errors.startDate ? true : undefined}
            aria-describedby={errors.startDate ? `${ids.startHint} ${ids.startError}` : ids.startHint}
            className={inputClass}
            {...register('startDate')}
          />
          <p id={ids.startHint} className="mt-1 text-sm text-slate-700">
            {t('motor.coverDetails.startDateHint')}
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.motorProductQuotation.getHref()} className={buttonSecondary}>
          {t('motor.coverDetails.back')}
        </Link>
        <button type="submit" className={buttonPrimary}>
          {t('motor.coverDetails.continue')}
        </button>
      </div>
    </form>
  );
}

/** BasicCoverDetails (spec-1 §2.7): the cover period and the start date. */
export default function BasicCoverDetailsRoute() {
  const isAllowed = useFlowGuard(REQUIREMENTS);
  const product = useMotorFlow((state) => state.selectedProduct);
  if (!isAllowed || !product) return null;
  return (
    <section className="space-y-4">
      <div>
        <ScreenHeading>{t('motor.coverDetails.heading')}</ScreenHeading>
        <p className="mt-2 text-slate-700">
          {product.productName} · {product.underwriter[0]?.name}
        </p>
        <p className="mt-1 text-slate-700">{t('motor.coverDetails.intro')}</p>
      </div>
      <CoverDetailsFormView key={product.productSystemRef} product={product} />
    </section>
  );
}
