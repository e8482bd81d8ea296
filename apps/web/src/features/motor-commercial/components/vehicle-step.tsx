import type { CommercialVehicle } from '@bima/domain/classes/risks';
import { FUEL_TYPES } from '@bima/domain/purchase';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { CountInput } from '../../../components/number-inputs';
import { ScreenHeading } from '../../../components/screen-heading';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { YesNoField } from '../../../components/yes-no-field';
import { useSpecForm } from '../../../lib/use-spec-form';
import { spacedPlate } from '../../../lib/vehicle-search';
import { foundVehicleStore } from '../../../stores/found-vehicle';
import { t } from '../i18n';
import { type VehicleFormInput, vehicleFormSchema, vehicleFormValues, vehicleStepStart } from '../schemas';
import { advance, updateFlow, useCommercialFlow } from '../stores/commercial-flow';
import { StepActions } from './step-actions';

const FUEL_OPTIONS = FUEL_TYPES.map((fuel) => ({ value: fuel, label: fuel }));
const TEXT_FIELDS = ['make', 'model', 'registrationNumber', 'chassisNumber', 'engineNumber'] as const;

/** Step 4: the vehicle's identity and build; every field is required (spec-2), prefilled from the plate. */
export function VehicleStep() {
  const flow = useCommercialFlow();
  const found = foundVehicleStore.getState().vehicle;
  // The plate search's vehicle fills in what the register knows (issue 30).
  const start = vehicleStepStart(flow.vehicleDetails, found);
  const isFromRegister =
    found !== null &&
    start.registrationNumber === spacedPlate(found.registrationNumber) &&
    !flow.vehicleDetails;
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<VehicleFormInput, CommercialVehicle>(
    vehicleFormSchema,
    start,
  );
  const onSubmit = (vehicle: CommercialVehicle) => {
    updateFlow((state) => advance(state, { type: 'vehicle', vehicle }));
  };
  const fieldNames = Object.keys(vehicleFormValues(null)) as Array<keyof VehicleFormInput>;
  const errors = fieldNames
    .map((name) => errorOf(name))
    .filter((message): message is string => Boolean(message));

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.vehicle.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('motorCommercial.vehicle.intro')}</p>
        {isFromRegister ? (
          <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sky-950">
            {t('motorCommercial.vehicle.fromRegister', { plate: spacedPlate(found.registrationNumber) })}
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
        <ErrorSummary errors={errors.map((message) => ({ message }))} />
        <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
          {TEXT_FIELDS.map((name) => (
            <TextField
              key={name}
              label={t(`motorCommercial.vehicle.${name}`)}
              hint={name === 'registrationNumber' ? t('motorCommercial.vehicle.registrationHint') : undefined}
              registration={field(name)}
              error={errorOf(name)}
              autoCapitalize={name === 'make' || name === 'model' ? 'words' : 'characters'}
              maxLength={name === 'chassisNumber' ? 30 : 60}
            />
          ))}
          <CountInput
            label={t('motorCommercial.vehicle.engineCapacity')}
            registration={field('engineCapacity')}
            error={errorOf('engineCapacity')}
          />
          <TextField
            label={t('motorCommercial.vehicle.yearOfManufacture')}
            type="number"
            inputMode="numeric"
            min={1900}
            step={1}
            registration={field('yearOfManufacture')}
            error={errorOf('yearOfManufacture')}
          />
          <TextField
            label={t('motorCommercial.vehicle.bodyType')}
            hint={t('motorCommercial.vehicle.bodyTypeHint')}
            registration={field('bodyType')}
            error={errorOf('bodyType')}
            maxLength={60}
          />
          <SelectField
            label={t('motorCommercial.vehicle.fuelType')}
            placeholder={t('motorCommercial.vehicle.fuelTypePlaceholder')}
            options={FUEL_OPTIONS}
            registration={field('fuelType')}
            error={errorOf('fuelType')}
          />
          <TextField
            label={t('motorCommercial.vehicle.purpose')}
            hint={t('motorCommercial.vehicle.purposeHint')}
            registration={field('purpose')}
            error={errorOf('purpose')}
            maxLength={120}
          />
          <YesNoField
            id="commercial-modifications"
            legend={t('motorCommercial.vehicle.modifications')}
            registration={field('modifications')}
            error={errorOf('modifications')}
          />
        </div>
        <StepActions>
          <Button type="submit" disabled={isSubmitDisabled} className="w-full sm:w-auto">
            {t('motorCommercial.vehicle.submit')}
          </Button>
        </StepActions>
      </form>
    </section>
  );
}
