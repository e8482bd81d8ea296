import { t } from '../lib/i18n';

/** A centred spinner, announced as 'Loading…', while a lazy screen or the router's data loads. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-800"
      />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
