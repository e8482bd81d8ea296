import { t } from '../lib/i18n';

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
