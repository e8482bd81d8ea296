import { isRefusal } from '../lib/api-client';
import { Button } from './button';
import { t } from './i18n';
import { cardClass } from './ui';

interface QueryStatusProps {
  isPending: boolean;
  isError: boolean;
  /** The failure: a refusal (4xx) shows the server's own words, with nothing to try again. */
  error?: unknown;
  onRetry: () => void;
  /** What the loading line says; 'Loading…' by default. */
  loadingText?: string;
  /** What the error says; 'This could not be loaded…' by default. */
  errorText?: string;
  className?: string;
}

/**
 * A screen's data while it loads ('Loading…', announced) or after it failed (an alert with Try
 * again); nothing once the data is there.
 */
export function QueryStatus({
  isPending,
  isError,
  error,
  onRetry,
  loadingText,
  errorText,
  className = 'mt-6',
}: QueryStatusProps) {
  if (isPending) {
    return (
      <p role="status" className={`${cardClass} ${className} text-slate-800`}>
        {loadingText ?? t('components.queryStatus.loading')}
      </p>
    );
  }
  if (isError && isRefusal(error)) {
    return (
      <p role="alert" className={`${cardClass} ${className} font-semibold text-red-900`}>
        {error.message}
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className={`${cardClass} ${className} space-y-3`}>
        <p className="font-semibold text-red-900">{errorText ?? t('components.queryStatus.loadError')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('components.queryStatus.retry')}
        </Button>
      </div>
    );
  }
  return null;
}
