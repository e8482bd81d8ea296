import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import { t } from '../i18n';
import { backspaceOtp, enterOtpValue, OTP_LENGTH, type OtpUpdate, pasteOtp } from '../utils/otp';

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** Receives the first box, so the screen can focus it (after a resend or a wrong code). */
  firstInputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * Four one-digit boxes (spec-2 OTP page): focus moves forward on typing and back on Backspace in an
 * empty box; pasting a 4-digit code fills them all.
 */
export function OtpInput({ digits, onChange, error, disabled = false, firstInputRef }: OtpInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  const apply = (update: OtpUpdate | null) => {
    if (!update) return;
    onChange(update.digits);
    const target = inputs.current[update.focusIndex];
    target?.focus();
    target?.select();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      const update = backspaceOtp(digits, index);
      if (update) {
        event.preventDefault();
        apply(update);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const update = pasteOtp(digits, index, event.clipboardData.getData('text'));
    event.preventDefault();
    apply(update);
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold text-slate-900">{t('auth.otp.groupLabel')}</legend>
      <div className="mt-2 flex gap-3">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the four boxes are fixed positions
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
              if (index === 0) firstInputRef?.(element);
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.otp.digitLabel', { position: index + 1 })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            value={digit}
            onChange={(event) => apply(enterOtpValue(digits, index, event.target.value))}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onFocus={(event) => event.target.select()}
            className="size-14 rounded-lg border border-slate-400 bg-white text-center text-2xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:bg-slate-100 aria-[invalid=true]:border-red-700"
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
