import {
  type CreateIntermediaryInput,
  createIntermediarySchema,
  INTERMEDIARY_CATEGORIES,
} from '@bima/domain/intermediaries';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { PhoneInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { useRegisterIntermediary } from '../api/intermediaries';
import { t } from '../i18n';
import { errorMessage, fieldError } from '../utils/errors';

interface RegisterFormValues {
  intermediaryNames: string;
  category: string;
  primaryEmail: string;
  phone: string;
  iraLicenceNumber: string;
  physicalAddress: string;
  description: string;
}

const FIELDS = [
  'intermediaryNames',
  'category',
  'primaryEmail',
  'phone',
  'iraLicenceNumber',
  'physicalAddress',
  'description',
] as const;

const EMPTY: RegisterFormValues = {
  intermediaryNames: '',
  category: '',
  primaryEmail: '',
  phone: '',
  iraLicenceNumber: '',
  physicalAddress: '',
  description: '',
};

/** Admin: registers a broker or agent firm; it waits, PENDING, until an admin approves it. */
export function RegisterIntermediaryForm() {
  const register = useRegisterIntermediary();
  // The API's own schema checks the form: the same rules and messages on both sides.
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<RegisterFormValues, CreateIntermediaryInput>(
    createIntermediarySchema as unknown as z.ZodType<CreateIntermediaryInput, RegisterFormValues>,
    EMPTY,
  );

  const onSubmit = async (input: CreateIntermediaryInput) => {
    try {
      const firm = await register.mutateAsync(input);
      notify({
        type: 'success',
        title: t('staff.intermediaries.registered', { name: firm.intermediaryNames }),
      });
      form.reset(EMPTY);
    } catch (error) {
      for (const name of FIELDS) {
        const message = fieldError(error, name);
        if (message) form.setError(name, { message });
      }
    }
  };

  const serverError =
    register.error && !FIELDS.some((name) => fieldError(register.error, name))
      ? errorMessage(register.error, t('staff.intermediaries.registerFailed'))
      : null;

  return (
    <Card title={t('staff.intermediaries.register')} className="mt-8">
      <p className="text-slate-700">{t('staff.intermediaries.registerIntro')}</p>
      <form
        aria-label={t('staff.intermediaries.register')}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {serverError ? <ErrorSummary className="sm:col-span-2" errors={[{ message: serverError }]} /> : null}
        <TextField
          className="sm:col-span-2"
          label={t('staff.intermediaries.firmName')}
          autoComplete="organization"
          registration={field('intermediaryNames')}
          error={errorOf('intermediaryNames')}
        />
        <SelectField
          label={t('staff.intermediaries.category')}
          placeholder={t('staff.intermediaries.categoryPlaceholder')}
          options={INTERMEDIARY_CATEGORIES.map((value) => ({
            value,
            label: t(`staff.intermediaries.categories.${value}`),
          }))}
          registration={field('category')}
          error={errorOf('category')}
        />
        <TextField
          label={t('staff.intermediaries.licence')}
          autoComplete="off"
          registration={field('iraLicenceNumber')}
          error={errorOf('iraLicenceNumber')}
        />
        <TextField
          label={t('staff.intermediaries.email')}
          type="email"
          autoComplete="off"
          registration={field('primaryEmail')}
          error={errorOf('primaryEmail')}
        />
        <PhoneInput
          label={t('staff.intermediaries.phone')}
          autoComplete="off"
          hint={t('staff.intermediaries.phoneHint')}
          registration={field('phone')}
          error={errorOf('phone')}
        />
        <TextField
          className="sm:col-span-2"
          label={t('staff.intermediaries.address')}
          autoComplete="off"
          registration={field('physicalAddress')}
          error={errorOf('physicalAddress')}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t('staff.intermediaries.description')}
          registration={field('description')}
          error={errorOf('description')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitDisabled || register.isPending}>
            {register.isPending
              ? t('staff.intermediaries.registering')
              : t('staff.intermediaries.registerButton')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
