import { CLIENT_TYPES } from '@bima/domain';
import { type KycInput, kycSchema } from '@bima/domain/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ZodType, z } from 'zod';
import { IdentityFields, type IdentityValues, identityValues } from '../../../components/identity-fields';
import { PhoneInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { buttonPrimary } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { getClientDetails } from '../../../lib/session';
import { useSpecForm } from '../../../lib/use-spec-form';
import { authStore } from '../../../stores/auth';
import { type KycData, riskStore } from '../../../stores/risk';
import { profileKey } from '../api/profile';
import { updateClient } from '../api/update-client';
import { t } from '../i18n';

/** The form's values: the account type starts on the 'select' placeholder (spec-2 KYC form). */
interface KycFormValues extends IdentityValues {
  phone: string;
  kraPin: string;
  clientType: string;
  address: string;
}

const PLACEHOLDER = 'select';
/** The placeholder is no choice: checked as nothing chosen ("Account type is required"), not as a wrong one. */
const kycFormSchema = z.preprocess(
  (values) =>
    values && typeof values === 'object' && (values as KycFormValues).clientType === PLACEHOLDER
      ? { ...values, clientType: '' }
      : values,
  kycSchema,
) as unknown as ZodType<KycInput, KycFormValues>;
const FIELDS: ReadonlyArray<keyof KycFormValues> = [
  'phone',
  'kraPin',
  'clientType',
  'address',
  'nationality',
  'idType',
  'idNumber',
];

/** Keyed by user, so one person's details are never shown to the next one at this browser. */
export const clientDetailsKey = (userId: string | undefined) => ['client', 'details', userId ?? ''] as const;

function toFormValues(details: KycData): KycFormValues {
  return {
    phone: details.phone ?? '',
    kraPin: details.kraPin === 'N/A' ? '' : details.kraPin,
    clientType: details.clientType ?? PLACEHOLDER,
    address: details.address ?? '',
    ...identityValues(details),
  };
}

/**
 * The KYC form (getClientDetails / updateClient): phone, KRA PIN, account type, nationality, ID type
 * and number, and address, with
 * the server's field messages; `onSaved` runs after a save (the recommendation's KYC step goes on
 * to its summary).
 */
export function KycForm({ details, onSaved }: { details: KycData; onSaved?: (saved: KycData) => void }) {
  const queryClient = useQueryClient();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<KycFormValues, KycInput>(
    kycFormSchema,
    toFormValues(details),
  );
  const nationality = form.watch('nationality');

  const onSubmit = async (input: KycInput) => {
    try {
      const saved = await updateClient(input);
      riskStore.setState({ kycData: saved });
      const userId = authStore.getState().authData?.id;
      queryClient.setQueryData(clientDetailsKey(userId), saved);
      // The KYC phone is the account's phone of record: the profile shows it.
      void queryClient.invalidateQueries({ queryKey: profileKey(userId) });
      form.reset(toFormValues(saved));
      notify({ type: 'success', title: t('portal.kyc.saved'), message: t('portal.kyc.savedText') });
      onSaved?.(saved);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors : [];
      for (const item of fieldErrors) {
        const name = FIELDS.find((fieldName) => fieldName === item.field);
        if (name) form.setError(name, { type: 'server', message: item.message });
      }
      const text =
        fieldErrors.map((item) => item.message).join(', ') ||
        (error instanceof ApiError ? error.err_msg : '') ||
        t('portal.kyc.submissionFallback');
      notify({
        type: 'error',
        title: t('portal.kyc.submissionError'),
        message: t('portal.kyc.submissionErrorText', { errors: text.replace(/\.$/, '') }),
        duration: 4_000,
      });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 grid gap-4 sm:grid-cols-2">
      <PhoneInput
        label={t('portal.kyc.phone')}
        hint={t('portal.kyc.phoneHint')}
        registration={field('phone')}
        error={errorOf('phone')}
      />
      <TextField
        label={t('portal.kyc.kraPin')}
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('portal.kyc.kraPinHint')}
        registration={field('kraPin')}
        error={errorOf('kraPin')}
      />
      <SelectField
        label={t('portal.kyc.clientType')}
        placeholder={t('portal.kyc.select')}
        placeholderValue={PLACEHOLDER}
        options={CLIENT_TYPES.map((type) => ({ value: type, label: t(`portal.kyc.${type.toLowerCase()}`) }))}
        registration={field('clientType')}
        error={errorOf('clientType')}
      />
      <IdentityFields nationality={nationality} field={field} errorOf={errorOf} idPrefix="portal-kyc" />
      <TextField
        label={t('portal.kyc.address')}
        autoComplete="street-address"
        registration={field('address')}
        error={errorOf('address')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('portal.kyc.submitting') : t('portal.kyc.submit')}
        </button>
      </div>
    </form>
  );
}

/** The signed-in client's KYC details (`client / client / getClientDetails`). */
export function useClientDetails() {
  const userId = usePersistedStore(authStore, (state) => state.authData?.id);
  return useQuery({
    queryKey: clientDetailsKey(userId),
    queryFn: ({ signal }) => getClientDetails({ signal }),
    // A 403 signs the user out; retrying would only repeat it.
    retry: false,
  });
}
