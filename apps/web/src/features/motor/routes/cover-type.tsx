import { type CoverType, MOTOR_PRIVATE_COVER_TYPES, QUOTATION_MESSAGES } from '@bima/domain';
import { formatKes, shillingsToCents } from '@bima/domain/money';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { coverTypeText } from '../../../components/code-labels';
import { ErrorSummary } from '../../../components/error-summary';
import { AmountInput } from '../../../components/number-inputs';
import { PlateSearch } from '../../../components/plate-search';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { MOTOR_JOURNEY_CLASS } from '../../../lib/motor-journey';
import { notify } from '../../../lib/notifications';
import { zodResolver } from '../../../lib/zod-resolver';
import { motorFlowStore, setFlowErrors, useMotorFlow } from '../../../stores/motor-flow';
import { getRecommendations } from '../api/get-recommendations';
import { t } from '../i18n';
import { type VehicleValueForm, type VehicleValueFormInput, vehicleValueFormSchema } from '../schemas';
import {
  chooseCoverType,
  chooseThirdPartyWithoutValue,
  editVehicleValue,
  receiveQuotes,
  saveVehicleValue,
} from '../stores/flow-reducers';

function VehicleValueEntry({ initialValue }: { initialValue: number }) {
  const inputId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VehicleValueFormInput, unknown, VehicleValueForm>({
    resolver: zodResolver(vehicleValueFormSchema),
    defaultValues: { vehicleValue: initialValue > 0 ? String(initialValue) : '' },
  });

  const onSubmit = ({ vehicleValue }: VehicleValueForm) => {
    motorFlowStore.setState((state) => saveVehicleValue(state, vehicleValue));
    notify({
      type: 'success',
      title: t('motor.coverType.valueSaved'),
      message: t('motor.coverType.valueSavedText', { amount: formatKes(shillingsToCents(vehicleValue)) }),
    });
  };

  const message = errors.vehicleValue?.message;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {message ? <ErrorSummary errors={[{ id: errorId, message }]} /> : null}
      <div className="max-w-sm">
        <AmountInput
          id={inputId}
          label={t('motor.coverType.valueLabel')}
          hint={t('motor.coverType.valueHint')}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-hint ${errorId}` : `${inputId}-hint`}
          registration={register('vehicleValue')}
        />
      </div>
      <div className="flex flex-col items-start gap-3">
        <button type="submit" className={buttonPrimary}>
          {t('motor.coverType.saveValue')}
        </button>
        <button
          type="button"
          className={linkButton}
          onClick={() => motorFlowStore.setState(chooseThirdPartyWithoutValue())}
        >
          {t('motor.coverType.skipValue')}
        </button>
      </div>
    </form>
  );
}

function CoverOptions({
  selected,
  errorId,
  firstRef,
}: {
  selected: CoverType | '';
  /** The message's id once Get Quote was tried without a cover type. */
  errorId?: string;
  firstRef: React.Ref<HTMLInputElement>;
}) {
  const legendId = useId();
  const choose = (coverType: CoverType) => {
    motorFlowStore.setState((state) => chooseCoverType(state, coverType));
    notify({
      type: 'success',
      title: t('motor.coverType.coverSelected'),
      message: t('motor.coverType.coverSelectedText', { cover: coverTypeText(coverType) }),
    });
  };
  return (
    <fieldset aria-labelledby={legendId} aria-describedby={errorId}>
      <legend id={legendId} className="text-lg font-bold text-slate-900">
        {t('motor.coverType.optionsLegend')}
      </legend>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        {MOTOR_PRIVATE_COVER_TYPES.map((coverType, index) => (
          <label
            key={coverType}
            className="flex cursor-pointer gap-3 rounded-xl border-2 border-slate-300 bg-white p-4 hover:border-emerald-700 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-800"
          >
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name="coverType"
              value={coverType}
              aria-invalid={errorId ? true : undefined}
              checked={selected === coverType}
              onChange={() => choose(coverType)}
              className="mt-1 size-4 accent-emerald-800 focus:outline-none"
            />
            <span>
              <span className="block font-semibold text-slate-900">{coverTypeText(coverType)}</span>
              <span className="mt-1 block text-sm text-slate-700">
                {t(`motor.coverTypeDescriptions.${coverType}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * CoverTypeSelection (spec-1 §2.4): optionally the number plate (issue 30: the register fills the
 * vehicle details the purchase asks), the vehicle value, then the cover type, then Get Quote. The
 * wizard's address names its class (motor private), so nothing chosen on the landing page is needed.
 * "Please select a cover type." shows only after Get Quote was tried without one, as in other forms.
 */
export default function CoverTypeRoute() {
  const navigate = useNavigate();
  const hintId = useId();
  const firstOptionRef = useRef<HTMLInputElement>(null);
  const [hasTried, setTried] = useState(false);
  const flow = useMotorFlow();
  const coverType = flow.selectedCoverType;
  // Third-party cover needs no vehicle value; the other covers ask for it first.
  const isSaved = flow.isVehicleValueSaved && (flow.enteredVehicleValue > 0 || coverType === 'third-party');

  const quotes = useMutation({
    mutationFn: getRecommendations,
    onSuccess: (products, input) => {
      motorFlowStore.setState((state) => ({
        ...receiveQuotes(state, products, input.insuranceClass),
        errors: [],
      }));
      navigate(paths.motorProductQuotation.getHref());
    },
    onError: (error) => {
      // A refused request was already explained by the gateway client's notification.
      if (!(error instanceof ApiError) || error.httpStatus === 200) {
        notify({
          type: 'error',
          title: t('motor.coverType.fetchFailedTitle'),
          message: t('motor.coverType.fetchFailedText'),
        });
      }
      setFlowErrors([t('motor.coverType.fetchQuotations')]);
    },
  });

  const getQuote = () => {
    if (!coverType) {
      setTried(true);
      firstOptionRef.current?.focus();
      return;
    }
    quotes.mutate({
      insuranceClass: MOTOR_JOURNEY_CLASS,
      riskValue: motorFlowStore.getState().vehicleValue,
      coverType,
    });
  };

  const canQuote = isSaved && !quotes.isPending;
  const isCoverMissing = isSaved && hasTried && !coverType;
  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motor.coverType.heading')}</ScreenHeading>
        <p className="mt-2 text-slate-700">{t('motor.coverType.intro')}</p>
      </div>

      <PlateSearch journey="private" />

      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {isSaved ? (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="text-slate-800">
                {flow.enteredVehicleValue > 0 ? (
                  <>
                    {t('motor.coverType.savedValue')}:{' '}
                    <strong className="text-lg text-slate-900">
                      {formatKes(shillingsToCents(flow.enteredVehicleValue))}
                    </strong>
                  </>
                ) : (
                  t('motor.coverType.noValueNeeded')
                )}
              </p>
              <button
                type="button"
                className={linkButton}
                onClick={() => motorFlowStore.setState(editVehicleValue())}
              >
                {t('motor.coverType.editValue')}
              </button>
            </div>
            <CoverOptions
              selected={coverType}
              errorId={isCoverMissing ? hintId : undefined}
              firstRef={firstOptionRef}
            />
            {coverType === 'third-party' ? (
              <p className="rounded-lg bg-sky-50 p-3 text-sky-950">{t('motor.coverType.thirdPartyNote')}</p>
            ) : null}
          </>
        ) : (
          <VehicleValueEntry initialValue={flow.enteredVehicleValue} />
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
        <Link to={paths.insurance.getHref()} className={buttonSecondary}>
          {t('motor.coverType.previous')}
        </Link>
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          <button
            type="button"
            disabled={!canQuote}
            aria-describedby={isCoverMissing ? hintId : undefined}
            onClick={getQuote}
            className={buttonPrimary}
          >
            {quotes.isPending ? t('motor.coverType.gettingQuotes') : t('motor.coverType.getQuote')}
          </button>
          {isCoverMissing ? (
            <p id={hintId} role="alert" className="text-sm font-semibold text-red-800">
              {domainText(QUOTATION_MESSAGES.coverTypeRequired)}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
