import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from './i18n';
import { fieldErrorClass } from './ui';

interface YesNoFieldProps {
  /** The group's id; its error takes `${id}-error`. */
  id: string;
  legend: string;
  /** Registered with the values 'yes' and 'no'. */
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A yes/no question as a fieldset of two radios, its error tied to the group. */
export function YesNoField({ id, legend, registration, error }: YesNoFieldProps) {
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
            {t(`components.yesNo.${answer}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
