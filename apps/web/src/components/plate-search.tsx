import { VEHICLE_SEARCH_MESSAGES, vehicleSearchSchema } from '@bima/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../config/paths';
import { domainText } from '../lib/domain-text';
import { useSpecForm } from '../lib/use-spec-form';
import {
  type FoundVehicle,
  journeyOfVehicle,
  type PlateSearchOutcome,
  searchVehicle,
  spacedPlate,
} from '../lib/vehicle-search';
import { keepFoundVehicle, useFoundVehicle } from '../stores/found-vehicle';
import { Button } from './button';
import { t } from './i18n';
import { SummaryList } from './summary-list';
import { buttonPrimary, cardClass, fieldErrorClass, inputClass, labelClass } from './ui';

type Journey = 'private' | 'commercial';

/** The server's rule and words for a plate: a car's (KDA 123B) or a motor cycle's (KMEA 201A), looked up to say what applies. */
const plateFormSchema = z.object({ plate: vehicleSearchSchema.shape.registrationNumber });
/** The shared input's look, without its top margin: it sits beside its button. */
const plateInputClass = inputClass.replace('mt-1 ', '');

type PlateForm = { plate: string };

function VehicleFacts({ vehicle }: { vehicle: FoundVehicle }) {
  return (
    <SummaryList
      rows={[
        { label: t('components.plateSearch.make'), value: vehicle.make },
        { label: t('components.plateSearch.model'), value: vehicle.model },
        {
          label: t('components.plateSearch.year'),
          value: vehicle.yearOfManufacture
            ? String(vehicle.yearOfManufacture)
            : t('components.plateSearch.unknown'),
        },
        {
          label: t('components.plateSearch.body'),
          value: vehicle.bodyType || t('components.plateSearch.unknown'),
        },
      ]}
    />
  );
}

/** What a search came to, for a vehicle the buyer has not confirmed yet. */
function Outcome({
  outcome,
  journey,
  onConfirm,
  onReject,
}: {
  outcome: PlateSearchOutcome;
  journey: Journey;
  onConfirm: (vehicle: FoundVehicle) => void;
  onReject: () => void;
}) {
  if (outcome.kind === 'not-found') {
    return <p className="rounded-lg bg-sky-50 p-3 text-sky-950">{t('components.plateSearch.notFound')}</p>;
  }
  if (outcome.kind === 'unavailable' || outcome.kind === 'refused') {
    return (
      <p role="alert" className={fieldErrorClass}>
        {outcome.kind === 'refused' ? outcome.message : domainText(VEHICLE_SEARCH_MESSAGES.unavailable)}
      </p>
    );
  }
  const { vehicle } = outcome;
  const plate = spacedPlate(vehicle.registrationNumber);
  const belongsTo = journeyOfVehicle(vehicle.vehicleClass);
  if (belongsTo === null) {
    return (
      <div className="space-y-3">
        <p className="font-semibold text-slate-900">{t('components.plateSearch.motorcycle', { plate })}</p>
        <Button variant="link" onClick={onReject}>
          {t('components.plateSearch.searchAgain')}
        </Button>
      </div>
    );
  }
  if (belongsTo !== journey) {
    const isCommercial = belongsTo === 'commercial';
    return (
      <div className="space-y-3">
        <p className="font-semibold text-slate-900">
          {t(isCommercial ? 'components.plateSearch.isCommercial' : 'components.plateSearch.isPrivate', {
            plate,
          })}
        </p>
        <VehicleFacts vehicle={vehicle} />
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <Link
            to={isCommercial ? paths.motorCommercial.getHref() : paths.motorCoverType.getHref()}
            onClick={() => keepFoundVehicle(vehicle)}
            className={`${buttonPrimary} text-center`}
          >
            {t(isCommercial ? 'components.plateSearch.toCommercial' : 'components.plateSearch.toPrivate')}
          </Link>
          <Button variant="link" onClick={onReject}>
            {t('components.plateSearch.searchAgain')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="font-semibold text-slate-900">{t('components.plateSearch.foundTitle', { plate })}</p>
      <VehicleFacts vehicle={vehicle} />
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
        <Button onClick={() => onConfirm(vehicle)}>{t('components.plateSearch.confirm')}</Button>
        <Button variant="secondary" onClick={onReject}>
          {t('components.plateSearch.reject')}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Start from your number plate" on a motor journey's first screen (issue 30): optional. A plate
 * the register knows shows its make, model, year and body (never the owner) for the buyer to
 * confirm; the confirmed vehicle is kept (`stores/found-vehicle`) and the journey's vehicle step
 * starts from it. A vehicle of the other journey's class offers that journey, a motor cycle says
 * none sells it; an unknown plate or an outage says so and the journey goes on by hand.
 */
export function PlateSearch({ journey }: { journey: Journey }) {
  const headingId = useId();
  const inputId = useId();
  const kept = useFoundVehicle();
  const [outcome, setOutcome] = useState<PlateSearchOutcome | null>(null);
  const { form, field, errorOf } = useSpecForm<PlateForm, { plate: string }>(plateFormSchema, { plate: '' });
  const search = useMutation({
    mutationFn: (plate: string) => searchVehicle(plate),
    onSuccess: setOutcome,
  });
  const plateError = errorOf('plate');
  const isConfirmed = kept !== null && journeyOfVehicle(kept.vehicleClass) === journey && outcome === null;

  const reject = () => {
    setOutcome(null);
    keepFoundVehicle(null);
    form.reset({ plate: '' });
  };

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-3`}>
      <div>
        <h2 id={headingId} className="font-bold text-slate-900">
          {t('components.plateSearch.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('components.plateSearch.intro')}</p>
      </div>
      {isConfirmed ? (
        <div role="status" className="space-y-3">
          <p className="font-semibold text-emerald-900">
            {t('components.plateSearch.confirmedTitle', { plate: spacedPlate(kept.registrationNumber) })}
          </p>
          <VehicleFacts vehicle={kept} />
          <p className="text-slate-700">{t('components.plateSearch.confirmedText')}</p>
          <Button variant="link" onClick={reject}>
            {t('components.plateSearch.searchAgain')}
          </Button>
        </div>
      ) : (
        <>
          <form
            noValidate
            onSubmit={form.handleSubmit(({ plate }) => {
              setOutcome(null);
              search.mutate(plate);
            })}
          >
            {/* The label full width, then the field and its button on one row, on a phone too: the
                vehicle value stays on the first screen. */}
            <label htmlFor={inputId} className={`block ${labelClass}`}>
              {t('components.plateSearch.label')}
            </label>
            <p id={`${inputId}-hint`} className="mt-0.5 text-sm text-slate-700">
              {t('components.plateSearch.hint')}
            </p>
            <div className="mt-1 flex items-stretch gap-2">
              <input
                id={inputId}
                {...field('plate')}
                aria-invalid={plateError ? true : undefined}
                aria-describedby={plateError ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
                maxLength={10}
                className={`${plateInputClass} min-w-0 flex-1 uppercase sm:max-w-64`}
              />
              <Button
                type="submit"
                disabled={search.isPending}
                aria-busy={search.isPending || undefined}
                className="shrink-0"
              >
                {search.isPending ? t('components.plateSearch.finding') : t('components.plateSearch.find')}
              </Button>
            </div>
            {plateError ? (
              <p id={`${inputId}-error`} className={fieldErrorClass}>
                {plateError}
              </p>
            ) : null}
          </form>
          <div aria-live="polite">
            {outcome ? (
              <Outcome
                outcome={outcome}
                journey={journey}
                onConfirm={(vehicle) => {
                  keepFoundVehicle(vehicle);
                  setOutcome(null);
                }}
                onReject={reject}
              />
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
