import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, Field } from './field';
import { inputClass } from './ui';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The input's id; generated when not given. */
  id?: string;
  error?: string;
  /** Shown between the label and the input. */
  hint?: ReactNode;
  /** Shown below the input (e.g. a password's strength meter). */
  description?: ReactNode;
  /** Rendered inside the field, after the input (e.g. a show/hide button). */
  addon?: ReactNode;
}

/** A labelled input with its hint, description and error, tied together for assistive technology. */
export function TextField({
  label,
  registration,
  id: givenId,
  error,
  hint,
  description,
  addon,
  className,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} hint={hint} description={description} error={error} className={className}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, description, error })}
          className={`${inputClass} ${addon ? 'pr-20' : ''}`}
          {...input}
          {...registration}
        />
        {addon}
      </div>
    </Field>
  );
}
