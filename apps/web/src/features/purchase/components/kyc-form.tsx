import { CLIENT_TYPES } from '@bima/domain';
import { type KycInput, kycSchema } from '@bima/domain/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IdentityConsentBox, IdentityStatusList } from '../../../components/identity-check';
import { IdentityFields, type IdentityValues, identityValues } from '../../../components/identity-fields';
import { t as identityText } from '../../../components/identity-i18n';
import { PhoneInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { type IdentityCheck, identityChecksKey, startIdentityChecks } from '../../../lib/identity';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import type { KycData } from '../../../stores/risk';
import { clientDetailsQueryOptions, updateClient } from '../api/client';
import { t } from '../i18n';
import { clearPurchaseErrors } from '../stores/purchase';

interface KycFormValues extends IdentityValues {
  phone: string;
  kraPin: string;
  clientType: string;
  address: string;
}

const SAVED_TOAST_MS = 3_000;
const FAILED_TOAST_MS = 4_000;

/** The form's starting values: what the account holds, the phone prefilled from it (spec-2). */
function initialValues(client: KycData | undefined): KycFormValues {
  return {
    phone: client?.phone ?? '',
    kraPin: client?.kraPin && client.kraPin !== 'N/A' ? client.kraPin : '',
    clientType: client?.clientType ?? '',
    address: client?.address ?? '',
    ...identityValues(client),
  };
}

/** The server's reasons for refusing the KYC details, or the spec's fallback. */
export function describeKycFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessages = error.errors.map((entry) => entry.message).filter(Boolean);
    if (fieldMessages.length > 0) return [...new Set(fieldMessages)].join(', ');
    if (error.err_msg?.trim()) return error.err_msg.trim().replace(/\.$/, '');
  }
  return t('purchase.kyc.failedDefault');
}

/**
 * The KYC form (spec-2): saved to the client's profile with updateClient, then `onSaved` (the
 * wizard goes on to its summary; completing a quotation's details goes on to payment).
 */
export function KycForm({
  client,
  onSaved,
  onBack,
  submitLabel,
}: {
  client: KycData | undefined;
  onSaved?: () => Promise<void> | void;
  onBack?: () => void;
  submitLabel?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<KycFormValues, KycInput>(
    kycSchema as unknown as Parameters<typeof useSpecForm<KycFormValues, KycInput>>[0],
    initialValues(client),
  );
  const nationality = form.watch('nationality');
  // The identity check runs only with the client's consent, and never holds up the purchase; a
  // mismatch is shown here (what differs) before going on, so it can be corrected first.
  const [identityConsent, setIdentityConsent] = useState(false);
  const [mismatch, setMismatch] = useState<IdentityCheck[] | null>(null);

  const proceed = async () => {
    if (onSaved) await onSaved();
    else navigate(paths.motorSummary.getHref());
  };

  /** Checks the saved ID and KRA PIN; true when a mismatch should be shown before going on. */
  const checkIdentity = async (): Promise<boolean> => {
    try {
      const result = await startIdentityChecks({ consent: true, channel: 'kyc' });
      queryClient.setQueryData(identityChecksKey, result);
      if (!result.checks.some((check) => check.state === 'mismatch')) return false;
      setMismatch(result.checks);
      return true;
    } catch {
      // An identity check that cannot start never blocks the sale (staff follow it up).
      return false;
    }
  };

  const onValid = async (input: KycInput) => {
    try {
      const saved = await updateClient(input);
      queryClient.setQueryData(clientDetailsQueryOptions().queryKey, saved);
      clearPurchaseErrors();
      notify({
        type: 'success',
        title: t('purchase.kyc.savedTitle'),
        message: t('purchase.kyc.savedText'),
        duration: SAVED_TOAST_MS,
      });
      setMismatch(null);
      if (identityConsent && (await checkIdentity())) return;
      await proceed();
    } catch (error) {
      // A lost session is handled by the gateway client (sign-in page).
      if (error instanceof ApiError && error.httpStatus === 403) return;
      notify({
        type: 'error',
        title: t('purchase.kyc.failedTitle'),
        message: t('purchase.kyc.failedText', { reason: describeKycFailure(error) }),
        duration: FAILED_TOAST_MS,
      });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-6">
      <div className={`${cardClass} grid gap-4 sm:grid-cols-2`}>
        <PhoneInput
          id="kyc-phone"
          label={t('purchase.kyc.phone')}
          hint={t('purchase.kyc.phoneHint')}
          registration={field('phone')}
          error={errorOf('phone')}
        />
        <TextField
          id="kyc-kraPin"
          label={t('purchase.kyc.kraPin')}
          hint={t('purchase.kyc.kraPinHint')}
          autoComplete="off"
          registration={field('kraPin')}
          error={errorOf('kraPin')}
        />
        <SelectField
          id="kyc-clientType"
          label={t('purchase.kyc.accountType')}
          placeholder={t('purchase.kyc.selectAccountType')}
          options={CLIENT_TYPES.map((type) => ({
            value: type,
            label: t(`purchase.kyc.accountTypes.${type}`),
          }))}
          registration={field('clientType')}
          error={errorOf('clientType')}
        />
        <IdentityFields nationality={nationality} field={field} errorOf={errorOf} idPrefix="kyc" />
        <TextField
          id="kyc-address"
          label={t('purchase.kyc.address')}
          hint={t('purchase.kyc.addressHint')}
          autoComplete="street-address"
          registration={field('address')}
          error={errorOf('address')}
        />
        <div className="sm:col-span-2">
          <IdentityConsentBox checked={identityConsent} onChange={setIdentityConsent} />
        </div>
      </div>
      {mismatch ? (
        <section role="alert" aria-labelledby="kyc-identity-title" className={`${cardClass} space-y-3`}>
          <h2 id="kyc-identity-title" className="text-lg font-bold text-slate-900">
            {identityText('identity.title')}
          </h2>
          <IdentityStatusList checks={mismatch} />
          <button type="button" className={buttonSecondary} onClick={() => void proceed()}>
            {identityText('identity.continue')}
          </button>
        </section>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onBack ?? (() => navigate(paths.motorVehicleDetails.getHref()))}
          className={buttonSecondary}
        >
          {t('purchase.kyc.back')}
        </button>
        <button type="submit" disabled={isSubmitDisabled} className={buttonPrimary}>
          {form.formState.isSubmitting
            ? t('purchase.kyc.submitting')
            : (submitLabel ?? t('purchase.kyc.submit'))}
        </button>
      </div>
    </form>
  );
}
