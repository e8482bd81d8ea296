import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorClass, inputClass, labelClass } from './ui';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the field, after the input (e.g. a show/hide button). */
  addon?: ReactNode;
}

/** A labelled input with its hint and error, tied together for assistive technology. */
export function TextField({
  label,
  registration,
  error,
  hint,
  addon,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${addon ? 'pr-20' : ''}`}
          {...input}
          {...registration}
        />
        {addon}
      </div>
      {hint ? (
        <div id={hintId} className="mt-1 text-sm text-slate-700">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
