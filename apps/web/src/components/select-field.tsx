import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, Field } from './field';
import { inputClass } from './ui';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The first, empty choice ('Select…'). */
  placeholder: string;
  /** The placeholder's value; '' unless the form's schema expects another. */
  placeholderValue?: string;
  options: ReadonlyArray<SelectOption>;
  /** The select's id; generated when not given. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  className?: string;
}

/** A labelled drop-down list with a placeholder choice, its hint and its error. */
export function SelectField({
  label,
  registration,
  placeholder,
  placeholderValue = '',
  options,
  id: givenId,
  hint,
  error,
  disabled,
  className,
}: SelectFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        {...registration}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700`}
      >
        <option value={placeholderValue}>{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
