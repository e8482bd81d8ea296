import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from '../i18n';
import { PasswordField } from './password-field';
import { StrengthMeter } from './strength-meter';

interface NewPasswordFieldsProps {
  /** The password typed so far, for the strength meter. */
  password: string;
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
}

/** A new password with its strength meter and its confirmation (set-password, accept invitation). */
export function NewPasswordFields({
  password,
  passwordField,
  confirmField,
  passwordError,
  confirmError,
}: NewPasswordFieldsProps) {
  const meterId = useId();
  return (
    <>
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="new-password"
        registration={passwordField}
        error={passwordError}
        description={<StrengthMeter id={meterId} password={password} />}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        registration={confirmField}
        error={confirmError}
        showLabel={t('auth.fields.showConfirmPassword')}
        hideLabel={t('auth.fields.hideConfirmPassword')}
      />
    </>
  );
}
