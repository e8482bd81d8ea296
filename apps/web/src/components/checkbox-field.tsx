import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { domainText } from '../lib/domain-text';
import { fieldErrorClass } from './ui';

interface CheckboxFieldProps {
  /** What ticking it means; may hold a link (the terms). */
  label: ReactNode;
  registration: UseFormRegisterReturn;
  id?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
}

/** A checkbox with its label beside it and its error tied to it (the payment terms' shape). */
export function CheckboxField({
  label,
  registration,
  id: givenId,
  error,
  disabled,
  className,
}: CheckboxFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={id} className="inline-flex items-start gap-2 text-slate-900">
        <input
          id={id}
          type="checkbox"
          disabled={disabled}
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 accent-emerald-800 disabled:cursor-not-allowed"
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {domainText(error)}
        </p>
      ) : null}
    </div>
  );
}
