import { useId } from 'react';
import { domainText } from '../lib/domain-text';
import { t } from './i18n';

export interface ErrorItem {
  /** Id of the message element, for a field's aria-describedby. */
  id?: string;
  message: string;
}

/** Errors listed under 'Please correct the following errors:' (spec-1 §5), announced as an alert. */
export function ErrorSummary({ errors, className = '' }: { errors: ErrorItem[]; className?: string }) {
  const titleId = useId();
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className={`rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950 ${className}`}
    >
      <p id={titleId} className="font-semibold">
        {t('components.errorSummary.title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error.message} id={error.id}>
            {domainText(error.message)}
          </li>
        ))}
      </ul>
    </div>
  );
}
