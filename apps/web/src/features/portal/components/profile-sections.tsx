import { namesSchema } from '@bima/domain';
import {
  changeCodeFormSchema,
  changePasswordFormSchema,
  DEFAULT_COUNTRY,
  profilePhoneSchema,
  requestEmailChangeSchema,
} from '@bima/domain/profile';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { PhoneInput } from '../../../components/number-inputs';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { callingCodeOptions } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { authStore } from '../../../stores/auth';
import {
  changePassword,
  confirmEmailChange,
  confirmPhoneChange,
  type PendingEmailChange,
  type PendingPhoneChange,
  type Profile,
  profileKey,
  requestEmailChange,
  requestPhoneChange,
  signOutOtherDevices,
  updateNames,
} from '../api/profile';
import { t } from '../i18n';
import { clientDetailsKey } from './kyc-form';

/**
 * Puts the server's field messages on the form's fields and says what went wrong; a lost session
 * (403) is the gateway client's to handle.
 */
function reportFailure<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown) {
  if (error instanceof ApiError && error.httpStatus === 403) return;
  const fieldErrors = error instanceof ApiError ? error.errors : [];
  const names = Object.keys(form.getValues());
  for (const item of fieldErrors) {
    const name = item.field.split('.').pop() ?? '';
    if (names.includes(name)) form.setError(name as Path<T>, { type: 'server', message: item.message });
  }
  notify({
    type: 'error',
    title: t('portal.profile.failed'),
    message: (error instanceof ApiError && error.err_msg) || t('portal.profile.failedText'),
    duration: 5_000,
  });
}

/** Keeps the profile query and the signed-in user's stored names and e-mail in step with a change. */
function useSaveProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileKey(profile.id), profile);
    const authData = authStore.getState().authData;
    if (authData)
      authStore.setState({ authData: { ...authData, email: profile.email, names: profile.names } });
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `profile-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const namesFormSchema = namesSchema as unknown as ZodType<
  { firstName: string; lastName: string },
  { firstName: string; lastName: string }
>;

/** First and last name (spec-2 name rules). */
export function NamesSection({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(namesFormSchema, profile.names);
  const onSubmit = async (names: { firstName: string; lastName: string }) => {
    try {
      const saved = await updateNames(names);
      save(saved);
      form.reset(saved.names);
      notify({
        type: 'success',
        title: t('portal.profile.namesSaved'),
        message: t('portal.profile.namesSavedText'),
      });
    } catch (error) {
      reportFailure(form, error);
    }
  };
  return (
    <Section title={t('portal.profile.namesTitle')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('portal.profile.firstName')}
          autoComplete="given-name"
          registration={field('firstName')}
          error={errorOf('firstName')}
        />
        <TextField
          label={t('portal.profile.lastName')}
          autoComplete="family-name"
          registration={field('lastName')}
          error={errorOf('lastName')}
        />
        <div className="sm:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
            {form.formState.isSubmitting ? t('portal.profile.saving') : t('portal.profile.saveNames')}
          </button>
        </div>
      </form>
    </Section>
  );
}

type CodeValues = { code: string };
const codeFormSchema = changeCodeFormSchema as unknown as ZodType<CodeValues, CodeValues>;

/** The code step of an e-mail or phone change. */
function CodeForm({
  sentTo,
  submitLabel,
  onConfirm,
  onCancel,
}: {
  sentTo: string;
  submitLabel: string;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(codeFormSchema, { code: '' });
  const onSubmit = async ({ code }: CodeValues) => {
    try {
      await onConfirm(code);
    } catch (error) {
      reportFailure(form, error);
    }
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 space-y-4">
      <p className="text-slate-800" role="status">
        {t('portal.profile.codeSent', { to: sentTo })}
      </p>
      <TextField
        label={t('portal.profile.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        registration={field('code')}
        error={errorOf('code')}
        className="max-w-xs"
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
          {form.formState.isSubmitting ? t('portal.profile.saving') : submitLabel}
        </button>
        <button type="button" className={buttonSecondary} onClick={onCancel}>
          {t('portal.profile.cancel')}
        </button>
      </div>
    </form>
  );
}

type EmailValues = { email: string };
const emailFormSchema = requestEmailChangeSchema as unknown as ZodType<EmailValues, EmailValues>;

/** E-mail change: a code goes to the new address; the old one is told once it is done. */
export function EmailSection() {
  const save = useSaveProfile();
  const [pending, setPending] = useState<PendingEmailChange | null>(null);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(emailFormSchema, { email: '' });
  const onRequest = async ({ email }: EmailValues) => {
    try {
      setPending(await requestEmailChange(email));
    } catch (error) {
      reportFailure(form, error);
    }
  };
  const onConfirm = async (code: string) => {
    const saved = await confirmEmailChange(pending!.changeRef, code);
    save(saved);
    setPending(null);
    form.reset({ email: '' });
    notify({
      type: 'success',
      title: t('portal.profile.emailChanged'),
      message: t('portal.profile.emailChangedText', { email: saved.email }),
    });
  };
  return (
    <Section title={t('portal.profile.emailTitle')}>
      <p className="mt-2 text-slate-800">{t('portal.profile.emailText')}</p>
      {pending ? (
        <CodeForm
          sentTo={pending.email}
          submitLabel={t('portal.profile.confirmEmail')}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onRequest)} className="mt-4 space-y-4">
          <TextField
            label={t('portal.profile.newEmail')}
            type="email"
            autoComplete="email"
            hint={t('portal.profile.newEmailHint')}
            registration={field('email')}
            error={errorOf('email')}
          />
          <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
            {form.formState.isSubmitting ? t('portal.profile.sending') : t('portal.profile.sendEmailCode')}
          </button>
        </form>
      )}
    </Section>
  );
}

type PhoneValues = { country: string; phone: string };
const phoneFormSchema = profilePhoneSchema as unknown as ZodType<PhoneValues, PhoneValues>;

/** Phone change (any country): a code is texted to the new number before it counts. */
export function PhoneSection() {
  const save = useSaveProfile();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const options = useMemo(() => callingCodeOptions(language), [language]);
  const [pending, setPending] = useState<PendingPhoneChange | null>(null);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(phoneFormSchema, {
    country: DEFAULT_COUNTRY,
    phone: '',
  });
  const onRequest = async ({ country, phone }: PhoneValues) => {
    try {
      setPending(await requestPhoneChange(country, phone));
    } catch (error) {
      reportFailure(form, error);
    }
  };
  const onConfirm = async (code: string) => {
    const saved = await confirmPhoneChange(pending!.changeRef, code);
    save(saved);
    // A verified Kenyan number is the KYC phone too.
    void queryClient.invalidateQueries({ queryKey: clientDetailsKey(saved.id) });
    setPending(null);
    form.reset({ country: DEFAULT_COUNTRY, phone: '' });
    notify({
      type: 'success',
      title: t('portal.profile.phoneChanged'),
      message: t('portal.profile.phoneChangedText', { phone: saved.phone ?? '' }),
    });
  };
  return (
    <Section title={t('portal.profile.phoneTitle')}>
      <p className="mt-2 text-slate-800">{t('portal.profile.mpesaNote')}</p>
      {pending ? (
        <CodeForm
          sentTo={pending.phone}
          submitLabel={t('portal.profile.confirmPhone')}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onRequest)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('portal.profile.phoneCountry')}
            placeholder={t('portal.profile.selectCountry')}
            options={options}
            registration={field('country')}
            error={errorOf('country')}
          />
          <PhoneInput
            label={t('portal.profile.newPhone')}
            autoComplete="tel-national"
            isKenyan={form.watch('country') === DEFAULT_COUNTRY}
            registration={field('phone')}
            error={errorOf('phone')}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
              {form.formState.isSubmitting ? t('portal.profile.sending') : t('portal.profile.sendPhoneCode')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const passwordFormSchema = changePasswordFormSchema as unknown as ZodType<PasswordValues, PasswordValues>;

/** Password change: the current password is needed; every other device is signed out. */
export function PasswordSection() {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm(passwordFormSchema, empty);
  const onSubmit = async (values: PasswordValues) => {
    try {
      await changePassword(values.currentPassword, values.newPassword);
      form.reset(empty);
      notify({
        type: 'success',
        title: t('portal.profile.passwordChanged'),
        message: t('portal.profile.passwordChangedText'),
      });
    } catch (error) {
      reportFailure(form, error);
    }
  };
  return (
    <Section title={t('portal.profile.passwordTitle')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('portal.profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={field('currentPassword')}
          error={errorOf('currentPassword')}
          className="sm:col-span-2"
        />
        <TextField
          label={t('portal.profile.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('portal.profile.newPasswordHint')}
          registration={field('newPassword')}
          error={errorOf('newPassword')}
        />
        <TextField
          label={t('portal.profile.confirmPassword')}
          type="password"
          autoComplete="new-password"
          registration={field('confirmPassword')}
          error={errorOf('confirmPassword')}
        />
        <div className="sm:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={isSubmitDisabled}>
            {form.formState.isSubmitting ? t('portal.profile.saving') : t('portal.profile.changePassword')}
          </button>
        </div>
      </form>
    </Section>
  );
}

/** "Sign out of other devices": every session but this one ends. */
export function DevicesSection() {
  const [isBusy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { otherSessionsSignedOut } = await signOutOtherDevices();
      notify({
        type: 'success',
        title: t('portal.profile.signedOutOthers'),
        message: t('portal.profile.signedOutOthersText', { count: otherSessionsSignedOut }),
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.httpStatus === 403)) {
        notify({ type: 'error', title: t('portal.profile.failed'), message: t('portal.profile.failedText') });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('portal.profile.devicesTitle')}>
      <p className="mt-2 text-slate-800">{t('portal.profile.devicesText')}</p>
      <button type="button" className={`${buttonSecondary} mt-4`} onClick={onClick} disabled={isBusy}>
        {isBusy ? t('portal.profile.saving') : t('portal.profile.signOutOthers')}
      </button>
    </Section>
  );
}
