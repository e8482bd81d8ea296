import { t } from '../../../lib/i18n';

export function CatalogueSkeleton({ cards = 2 }: { cards?: number }) {
  return (
    <div aria-busy="true" className="grid gap-6 md:grid-cols-2">
      <span className="sr-only" role="status">
        {t('catalogue.loadingProducts')}
      </span>
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-slate-200" />
      ))}
    </div>
  );
}

export function CatalogueError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-white p-8 text-center">
      <p className="text-lg font-bold text-slate-900">{t('catalogue.errorTitle')}</p>
      <p className="mt-1 text-slate-700">{t('catalogue.errorText')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-lg bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
      >
        {t('catalogue.retry')}
      </button>
    </div>
  );
}
