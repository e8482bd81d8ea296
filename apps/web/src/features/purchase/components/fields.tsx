import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from '../../motor/components/ui';
import { t } from '../i18n';

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** The ids a field's input points at with aria-describedby: its hint and its error. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  hint?: string;
  error?: string;
  type?: 'text' | 'number' | 'date' | 'tel';
  inputMode?: 'text' | 'numeric' | 'tel';
  autoComplete?: string;
  max?: string;
  min?: string;
}

export function TextField({ id, label, registration, hint, error, type = 'text', ...rest }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        {...rest}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  registration,
  hint,
  error,
}: Pick<TextFieldProps, 'id' | 'label' | 'registration' | 'hint' | 'error'>) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={3}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends Pick<TextFieldProps, 'id' | 'label' | 'registration' | 'hint' | 'error'> {
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}

export function SelectField({
  id,
  label,
  registration,
  hint,
  error,
  placeholder,
  options,
  disabled,
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        {...registration}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A yes/no question as a fieldset of two radios, its error tied to the group. */
export function YesNoField({
  id,
  legend,
  registration,
  error,
}: {
  id: string;
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 flex gap-6">
        {(['yes', 'no'] as const).map((answer) => (
          <label key={answer} className="inline-flex items-center gap-2 text-slate-900">
            <input
              type="radio"
              value={answer}
              {...registration}
              className="size-5 accent-emerald-800"
              aria-invalid={error ? true : undefined}
            />
            {t(`purchase.${answer}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A titled group of fields (the form's sections). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-lg font-bold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A definition list of label/value rows (summary panels). */
export function SummaryList({ rows }: { rows: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="text-right font-semibold break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
