import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, Field } from './field';
import { inputClass } from './ui';

interface TextAreaFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The textarea's id; generated when not given. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  rows?: number;
  className?: string;
  /** The language of what is typed, when it is not the page's (a Swahili text on an English form). */
  lang?: string;
}

/** A labelled multi-line text input with its hint and error. */
export function TextAreaField({
  label,
  registration,
  id: givenId,
  hint,
  error,
  rows = 3,
  className,
  lang,
}: TextAreaFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        lang={lang}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={inputClass}
      />
    </Field>
  );
}
