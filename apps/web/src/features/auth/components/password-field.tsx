import { type ReactNode, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { t } from '../i18n';

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Shown below the input (the strength meter). */
  description?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  showLabel?: string;
  hideLabel?: string;
}

/** A password input with a show/hide toggle (spec-2 Auth and Set-password pages). */
export function PasswordField({
  label,
  registration,
  error,
  description,
  autoComplete,
  showLabel = t('auth.fields.showPassword'),
  hideLabel = t('auth.fields.hidePassword'),
}: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      registration={registration}
      error={error}
      description={description}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      addon={
        <button
          type="button"
          onClick={() => setVisible((visible) => !visible)}
          aria-label={isVisible ? hideLabel : showLabel}
          className="absolute inset-y-0 right-1 my-1 rounded-md px-3 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          <span aria-hidden="true">{isVisible ? t('auth.fields.hide') : t('auth.fields.show')}</span>
        </button>
      }
    />
  );
}
