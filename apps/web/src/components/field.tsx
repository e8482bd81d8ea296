import type { ReactNode } from 'react';
import { domainText } from '../lib/domain-text';
import { fieldErrorClass, labelClass } from './ui';

export interface FieldProps {
  /** The control's id; the hint, description and error take it with -hint, -description, -error. */
  id: string;
  label: string;
  /** Shown between the label and the control. */
  hint?: ReactNode;
  /** Shown below the control (e.g. a password's strength meter). */
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** The ids a control points at with aria-describedby: its hint, its description and its error. */
export function describedBy(
  id: string,
  parts: { hint?: unknown; description?: unknown; error?: unknown },
): string | undefined {
  const ids = [
    parts.hint ? `${id}-hint` : '',
    parts.description ? `${id}-description` : '',
    parts.error ? `${id}-error` : '',
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A form control's frame: its label, hint, the control (children), description and error. The
 * control itself sets `id`, `aria-invalid` and `aria-describedby` (see `describedBy`).
 */
export function Field({ id, label, hint, description, error, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={`block ${labelClass}`}>
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="mt-0.5 text-sm text-slate-700">
          {hint}
        </div>
      ) : null}
      {children}
      {description ? <div id={`${id}-description`}>{description}</div> : null}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {domainText(error)}
        </p>
      ) : null}
    </div>
  );
}
