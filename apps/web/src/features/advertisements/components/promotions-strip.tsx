import { t } from '../../../lib/i18n';
import { usePersistedStore } from '../../../lib/persisted-store';
import { backAdsStore } from '../../../stores/back-ads';

function isSafeLink(link: string | null): link is string {
  return !!link && (link.startsWith('/') || link.startsWith('https://'));
}

/** A small strip of the start-up advertisements; nothing at all when there are none. */
export function PromotionsStrip() {
  const ads = usePersistedStore(backAdsStore, (state) => state.ads);
  if (ads.length === 0) return null;
  return (
    <section aria-labelledby="promotions-heading" className="mt-12">
      <h2 id="promotions-heading" className="text-lg font-bold text-slate-900">
        {t('promotions.heading')}
      </h2>
      {/* A grid, not a sideways strip: on a phone each one is in full view, one under the other. */}
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li
            key={ad.id}
            className="min-w-0 rounded-xl border border-amber-200 bg-amber-50 p-4 [overflow-wrap:anywhere]"
          >
            <p className="font-semibold text-slate-900">{ad.title}</p>
            <p className="mt-1 text-sm text-slate-700">{ad.body}</p>
            {isSafeLink(ad.link) ? (
              <a
                href={ad.link}
                className="mt-2 inline-block text-sm font-semibold text-emerald-900 underline"
              >
                {t('promotions.learnMoreShort')}
                <span className="sr-only">{t('promotions.about', { title: ad.title })}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
