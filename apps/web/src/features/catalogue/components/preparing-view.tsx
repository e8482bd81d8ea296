import { t } from '../../../lib/i18n';

/** Shown for the 500 ms between choosing a category and the product step. */
export function PreparingView() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-800"
      />
      <p className="text-xl font-bold text-slate-900">{t('catalogue.preparingTitle')}</p>
      <p className="text-slate-700">{t('catalogue.preparingText')}</p>
    </div>
  );
}
