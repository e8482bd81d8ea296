import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy } from '../../../components/field';
import { fieldErrorClass, inputClass } from '../../../components/ui';

/**
 * An input inside a table row: named by `label` (the column header says it for sighted people), with
 * its error below it, tied together for assistive technology.
 */
export function CellInput({
  label,
  registration,
  error,
  inputMode = 'numeric',
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
}) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        className={`${inputClass} mt-0 min-w-28`}
        {...registration}
      />
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select inside a table row, named by `label`. */
export function CellSelect({
  label,
  registration,
  options,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <select
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        className={`${inputClass} mt-0`}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox (the kit has none yet). */
export function CheckboxField({
  label,
  registration,
  value,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  /** The value a group of checkboxes under one name collects. */
  value?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" value={value} className="size-5 accent-emerald-800" {...registration} />
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
    </div>
  );
}
