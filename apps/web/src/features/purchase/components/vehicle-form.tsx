import { FUEL_TYPES, USE_PURPOSES } from '@bima/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormSection } from '../../../components/form-section';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, buttonSecondary } from '../../../components/ui';
import { YesNoField } from '../../../components/yes-no-field';
import { todayIsoDate } from '../../../lib/dates';
import { loadLazy } from '../../../lib/lazy';
import { useSpecForm } from '../../../lib/use-spec-form';
import { t } from '../i18n';
import { getModels, matchCatalogue } from '../utils/car-models';
import {
  getVehicleSchema,
  toVehicleFormValues,
  type VehicleFormValues,
  withHeldOption,
} from '../utils/vehicle-form';

/** The car makes catalogue is a chunk of its own, loaded by this form only. */
function useCarMakes() {
  return useQuery({
    queryKey: ['purchase', 'car-makes'],
    queryFn: async () => (await loadLazy(() => import('../data/car-makes'))).CAR_MAKES,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The vehicle form (spec-2): four sections, or the four identity fields for third-party cover,
 * started from `initial` (what the flow or the quotation already holds). The wizard's Vehicle
 * Details and the completion of a quotation's missing details both use it.
 */
export function VehicleForm({
  isThirdParty,
  initial,
  onValid,
  onBack,
  submitLabel,
}: {
  isThirdParty: boolean;
  initial: Record<string, unknown> | null;
  onValid: (saved: unknown) => Promise<void> | void;
  onBack: () => void;
  submitLabel?: string;
}) {
  const today = todayIsoDate();
  const makes = useCarMakes();

  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<VehicleFormValues, unknown>(
    getVehicleSchema(isThirdParty, today),
    toVehicleFormValues(initial),
  );
  const make = form.watch('make');
  const antiTheft = form.watch('antiTheftDevice');
  const modifications = form.watch('modifications');
  const makeField = field('make');
  const model = form.watch('model');
  const asOption = (value: string) => ({ value, label: value });
  // A make or model the form already holds (the register's, a quotation's) stays choosable even
  // where the bundled catalogue lacks it.
  const makeOptions = withHeldOption(
    (makes.data ?? []).map((entry) => asOption(entry.name)),
    makes.data ? make : '',
    asOption,
  );
  const modelOptions = withHeldOption(getModels(makes.data ?? [], make).map(asOption), model, asOption);

  // The makes arrive after the first render: the held make and model (the register's 'TOYOTA'
  // 'HARRIER' in the catalogue's spelling) are put back into the drop-downs once they exist.
  useEffect(() => {
    if (!makes.data) return;
    const held = matchCatalogue(makes.data, form.getValues());
    form.setValue('make', held.make);
    form.setValue('model', held.model);
  }, [makes.data, form]);
  // A model set before its make's options were drawn is put back once they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the make's options change
  useEffect(() => {
    const held = form.getValues('model');
    if (held) form.setValue('model', held);
  }, [make, makes.data, form]);

  const id = (name: keyof VehicleFormValues) => `vehicle-${name}`;
  const text = (name: keyof VehicleFormValues, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={id(name)}
      label={t(`purchase.vehicle.${name}`)}
      registration={field(name)}
      error={errorOf(name)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-6">
      <FormSection title={t('purchase.vehicle.identity')}>
        <SelectField
          id={id('make')}
          label={t('purchase.vehicle.make')}
          placeholder={makes.data ? t('purchase.vehicle.selectMake') : t('purchase.vehicle.loadingMakes')}
          options={makeOptions}
          registration={{
            ...makeField,
            onChange: async (event) => {
              const result = await makeField.onChange(event);
              form.setValue('model', '', { shouldValidate: form.formState.isSubmitted });
              return result;
            },
          }}
          error={errorOf('make')}
        />
        <SelectField
          id={id('model')}
          label={t('purchase.vehicle.model')}
          placeholder={make ? t('purchase.vehicle.selectModel') : t('purchase.vehicle.chooseMakeFirst')}
          options={modelOptions}
          registration={field('model')}
          disabled={!make}
          error={errorOf('model')}
        />
        {text('registrationNumber', { hint: t('purchase.vehicle.registrationHint'), autoComplete: 'off' })}
        {isThirdParty
          ? text('chassisNumber', { hint: t('purchase.vehicle.chassisHint'), autoComplete: 'off' })
          : null}
      </FormSection>

      {isThirdParty ? null : (
        <>
          <FormSection title={t('purchase.vehicle.technical')}>
            {text('chassisNumber', { hint: t('purchase.vehicle.chassisHint'), autoComplete: 'off' })}
            {text('engineNumber', { autoComplete: 'off' })}
            {text('engineCapacity', { type: 'number', inputMode: 'numeric', min: '1' })}
            <SelectField
              id={id('fuelType')}
              label={t('purchase.vehicle.fuelType')}
              placeholder={t('purchase.vehicle.selectFuelType')}
              options={FUEL_TYPES.map((fuel) => ({ value: fuel, label: fuel }))}
              registration={field('fuelType')}
              error={errorOf('fuelType')}
            />
          </FormSection>

          <FormSection title={t('purchase.vehicle.body')}>
            {text('bodyType', { hint: t('purchase.vehicle.bodyTypeHint') })}
            <SelectField
              id={id('usePurpose')}
              label={t('purchase.vehicle.usePurpose')}
              placeholder={t('purchase.vehicle.selectUsePurpose')}
              options={USE_PURPOSES.map((purpose) => ({
                value: purpose,
                label: t(`purchase.vehicle.usePurposes.${purpose}`),
              }))}
              registration={field('usePurpose')}
              error={errorOf('usePurpose')}
            />
            {text('colour')}
            {text('yearOfManufacture', {
              type: 'number',
              inputMode: 'numeric',
              min: '1900',
              max: today.slice(0, 4),
            })}
          </FormSection>

          <FormSection title={t('purchase.vehicle.security')}>
            <div className="space-y-4 sm:col-span-2">
              <YesNoField
                id={id('antiTheftDevice')}
                legend={t('purchase.vehicle.antiTheftQuestion')}
                registration={field('antiTheftDevice')}
                error={errorOf('antiTheftDevice')}
              />
              {antiTheft === 'yes' ? (
                <TextAreaField
                  id={id('antiTheftDetails')}
                  label={t('purchase.vehicle.antiTheftDetails')}
                  hint={t('purchase.vehicle.antiTheftDetailsHint')}
                  registration={field('antiTheftDetails')}
                  error={errorOf('antiTheftDetails')}
                />
              ) : null}
              <YesNoField
                id={id('modifications')}
                legend={t('purchase.vehicle.modificationsQuestion')}
                registration={field('modifications')}
                error={errorOf('modifications')}
              />
              {modifications === 'yes' ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextAreaField
                    id={id('modificationDetails')}
                    label={t('purchase.vehicle.modificationDetails')}
                    registration={field('modificationDetails')}
                    error={errorOf('modificationDetails')}
                  />
                  {text('modificationDate', { type: 'date', max: today })}
                </div>
              ) : null}
            </div>
          </FormSection>
        </>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonSecondary}>
          {t('purchase.vehicle.back')}
        </button>
        <button type="submit" disabled={isSubmitDisabled} className={buttonPrimary}>
          {form.formState.isSubmitting
            ? t('purchase.vehicle.submitting')
            : (submitLabel ?? t('purchase.vehicle.submit'))}
        </button>
      </div>
    </form>
  );
}
