import {
  ASSESSMENT_LABELS,
  type AssessmentAnswers,
  assessmentAnswersSchema,
  BUSINESS_KINDS,
  CONSTRUCTION_LABELS,
  CONSTRUCTION_TYPES,
  EXISTING_COVERS,
  HOME_PREMISES,
  HOME_TENURES,
  mapAssessmentAmounts,
  VEHICLE_USES,
} from '@bima/domain';
import { centsToWholeShillings } from '@bima/domain/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type FieldPath, useFieldArray } from 'react-hook-form';
import type { ZodType } from 'zod';
import { FormSection } from '../../../components/form-section';
import { AmountInput, CountInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { buttonPrimary, buttonSecondary, buttonSmall, fieldErrorClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { OWN_ASSESSMENT_KEY, type OwnAssessment, saveAssessment } from '../api/assessment';
import { t } from '../i18n';

/** The form's values as typed: numbers are text until the schema reads them (a blank is not 0). */
export interface AssessmentFormValues {
  household: { adults: string; children: string };
  dependants: string;
  vehicles: Array<{ use: string; value: string }>;
  home: {
    tenure: string;
    premises: string;
    construction: string;
    buildingValue: string;
    contentsValue: string;
  };
  business: { kind: string; stockValue: string };
  existingCovers: string[];
  monthlyBudget: string;
}

const MAX_VEHICLES = 5;
const formSchema = assessmentAnswersSchema as unknown as ZodType<AssessmentAnswers, AssessmentFormValues>;
const text = (value: number | undefined) => (value === undefined ? '' : String(value));

const EMPTY: AssessmentFormValues = {
  household: { adults: '1', children: '0' },
  dependants: '0',
  vehicles: [],
  home: { tenure: '', premises: '', construction: '', buildingValue: '', contentsValue: '' },
  business: { kind: 'none', stockValue: '0' },
  existingCovers: [],
  monthlyBudget: '',
};

/** The saved answers (cents, as the wire has them) as the form shows them: whole shillings. */
function toFormValues(saved: AssessmentAnswers | null): AssessmentFormValues {
  if (!saved) return EMPTY;
  const answers = mapAssessmentAmounts(saved, centsToWholeShillings);
  return {
    household: { adults: text(answers.household.adults), children: text(answers.household.children) },
    dependants: text(answers.dependants),
    vehicles: answers.vehicles.map((vehicle) => ({ use: vehicle.use, value: text(vehicle.value) })),
    home: {
      tenure: answers.home.tenure,
      premises: answers.home.premises,
      construction: answers.home.construction,
      buildingValue: answers.home.tenure === 'owned' ? text(answers.home.buildingValue) : '',
      contentsValue: text(answers.home.contentsValue),
    },
    business: { kind: answers.business.kind, stockValue: text(answers.business.stockValue) },
    existingCovers: [...answers.existingCovers],
    monthlyBudget: text(answers.monthlyBudget),
  };
}

/**
 * The needs questionnaire, one page of short sections (phone first): household and dependants,
 * vehicles and their use, the home, a business, existing covers and the monthly budget. Checked by
 * the domain's schema with its messages, saved to the profile; `onSaved` shows the result.
 */
export function AssessmentForm({
  answers,
  onSaved,
  onCancel,
}: {
  answers: AssessmentAnswers | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<AssessmentFormValues, AssessmentAnswers>(
    formSchema,
    toFormValues(answers),
  );
  const vehicles = useFieldArray({ control: form.control, name: 'vehicles' });
  const tenure = form.watch('home.tenure');
  const business = form.watch('business.kind');

  // A hidden question counts as nothing: a tenant's building, no business's stock.
  useEffect(() => {
    if (tenure && tenure !== 'owned') form.setValue('home.buildingValue', '0');
    if (tenure === 'owned' && form.getValues('home.buildingValue') === '0')
      form.setValue('home.buildingValue', '');
  }, [tenure, form]);
  useEffect(() => {
    if (business === 'none') form.setValue('business.stockValue', '0');
  }, [business, form]);

  const onSubmit = async (input: AssessmentAnswers) => {
    try {
      const saved = await saveAssessment(input);
      queryClient.setQueryData<OwnAssessment>(OWN_ASSESSMENT_KEY, saved);
      notify({ type: 'success', title: t('assessment.form.saved') });
      onSaved();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors : [];
      for (const item of fieldErrors) {
        const name = item.field.replace(/^answers\./, '') as FieldPath<AssessmentFormValues>;
        form.setError(name, { type: 'server', message: item.message });
      }
      notify({
        type: 'error',
        title: t('assessment.form.saveFailed'),
        message: fieldErrors.length
          ? fieldErrors.map((item) => domainText(item.message)).join(' ')
          : error instanceof ApiError && error.err_msg
            ? domainText(error.err_msg)
            : t('assessment.form.tryAgain'),
      });
    }
  };

  const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
    values.map((value) => ({ value, label: domainText(labels[value]) }));
  const coversError = errorOf('existingCovers');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 space-y-6">
      <p className="text-slate-700">{t('assessment.form.intro')}</p>
      <FormSection title={t('assessment.form.householdSection')}>
        <CountInput
          label={t('assessment.form.adults')}
          registration={field('household.adults')}
          error={errorOf('household.adults')}
        />
        <CountInput
          label={t('assessment.form.children')}
          registration={field('household.children')}
          error={errorOf('household.children')}
        />
        <CountInput
          label={t('assessment.form.dependants')}
          hint={t('assessment.form.dependantsHint')}
          registration={field('dependants')}
          error={errorOf('dependants')}
          className="sm:col-span-2"
        />
      </FormSection>

      <FormSection title={t('assessment.form.vehiclesSection')}>
        {vehicles.fields.length === 0 ? (
          <p className="text-slate-700 sm:col-span-2">{t('assessment.form.noVehicles')}</p>
        ) : null}
        {vehicles.fields.map((item, index) => (
          <fieldset
            key={item.id}
            className="grid gap-3 rounded-xl border border-slate-300 p-4 sm:col-span-2 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold text-slate-900">
              {t('assessment.form.vehicle', { number: index + 1 })}
            </legend>
            <SelectField
              label={t('assessment.form.vehicleUse')}
              placeholder={t('assessment.form.select')}
              options={options(VEHICLE_USES, ASSESSMENT_LABELS.vehicleUse)}
              registration={field(`vehicles.${index}.use`)}
              error={errorOf(`vehicles.${index}.use`)}
            />
            <AmountInput
              label={t('assessment.form.vehicleValue')}
              hint={t('assessment.form.shillings')}
              registration={field(`vehicles.${index}.value`)}
              error={errorOf(`vehicles.${index}.value`)}
            />
            <div className="sm:col-span-2">
              <button
                type="button"
                className={buttonSmall}
                onClick={() => vehicles.remove(index)}
                aria-label={t('assessment.form.removeVehicle', { number: index + 1 })}
              >
                {t('assessment.form.remove')}
              </button>
            </div>
          </fieldset>
        ))}
        {vehicles.fields.length < MAX_VEHICLES ? (
          <div className="sm:col-span-2">
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => vehicles.append({ use: '', value: '' })}
            >
              {t('assessment.form.addVehicle')}
            </button>
          </div>
        ) : null}
      </FormSection>

      <FormSection title={t('assessment.form.homeSection')}>
        <SelectField
          label={t('assessment.form.tenure')}
          placeholder={t('assessment.form.select')}
          options={options(HOME_TENURES, ASSESSMENT_LABELS.tenure)}
          registration={field('home.tenure')}
          error={errorOf('home.tenure')}
        />
        <SelectField
          label={t('assessment.form.premises')}
          placeholder={t('assessment.form.select')}
          options={options(HOME_PREMISES, ASSESSMENT_LABELS.premises)}
          registration={field('home.premises')}
          error={errorOf('home.premises')}
        />
        <SelectField
          label={t('assessment.form.construction')}
          placeholder={t('assessment.form.select')}
          options={options(CONSTRUCTION_TYPES, CONSTRUCTION_LABELS)}
          registration={field('home.construction')}
          error={errorOf('home.construction')}
          className="sm:col-span-2"
        />
        {tenure === 'owned' ? (
          <AmountInput
            label={t('assessment.form.buildingValue')}
            hint={t('assessment.form.buildingValueHint')}
            registration={field('home.buildingValue')}
            error={errorOf('home.buildingValue')}
          />
        ) : null}
        <AmountInput
          label={t('assessment.form.contentsValue')}
          hint={t('assessment.form.contentsValueHint')}
          registration={field('home.contentsValue')}
          error={errorOf('home.contentsValue')}
        />
      </FormSection>

      <FormSection title={t('assessment.form.businessSection')}>
        <SelectField
          label={t('assessment.form.business')}
          placeholder={t('assessment.form.select')}
          options={options(BUSINESS_KINDS, ASSESSMENT_LABELS.business)}
          registration={field('business.kind')}
          error={errorOf('business.kind')}
        />
        {business && business !== 'none' ? (
          <AmountInput
            label={t('assessment.form.stockValue')}
            hint={t('assessment.form.shillings')}
            registration={field('business.stockValue')}
            error={errorOf('business.stockValue')}
          />
        ) : null}
      </FormSection>

      <FormSection title={t('assessment.form.coversSection')}>
        <fieldset
          className="sm:col-span-2"
          aria-describedby={coversError ? 'existing-covers-error' : undefined}
        >
          <legend className="font-semibold text-slate-900">{t('assessment.form.existingCovers')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {EXISTING_COVERS.map((cover) => (
              <label
                key={cover}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2"
              >
                <input type="checkbox" value={cover} className="h-5 w-5" {...field('existingCovers')} />
                <span>{domainText(ASSESSMENT_LABELS.existingCover[cover])}</span>
              </label>
            ))}
          </div>
          {coversError ? (
            <p id="existing-covers-error" className={fieldErrorClass}>
              {domainText(coversError)}
            </p>
          ) : null}
        </fieldset>
        <AmountInput
          label={t('assessment.form.monthlyBudget')}
          hint={t('assessment.form.monthlyBudgetHint')}
          registration={field('monthlyBudget')}
          error={errorOf('monthlyBudget')}
        />
      </FormSection>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('assessment.form.saving') : t('assessment.form.submit')}
        </button>
        {onCancel ? (
          <button type="button" className={buttonSecondary} onClick={onCancel}>
            {t('assessment.form.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
