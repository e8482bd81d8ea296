import {
  type CatalogueProduct,
  type CategoryColor,
  getProductStatus,
  splitFeatureChips,
} from '@bima/domain/catalogue-rules';
import { type SyntheticEvent, useId } from 'react';
import { t } from '../../../lib/i18n';

export const FALLBACK_PRODUCT_IMAGE = '/images/products/fallback.svg';

/** Literal class names per colour so Tailwind generates them; all pairs meet AA contrast. */
const TAG_CLASSES: Record<CategoryColor, string> = {
  blue: 'bg-blue-100 text-blue-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  orange: 'bg-orange-100 text-orange-900',
  purple: 'bg-purple-100 text-purple-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  pink: 'bg-pink-100 text-pink-900',
  sky: 'bg-sky-100 text-sky-900',
  teal: 'bg-teal-100 text-teal-900',
  emerald: 'bg-emerald-100 text-emerald-900',
};

function showFallbackImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = FALLBACK_PRODUCT_IMAGE;
}

function StatusBadge({ product }: { product: CatalogueProduct }) {
  const status = getProductStatus(product);
  if (status === 'available') {
    return (
      <span className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-full bg-emerald-700 text-white shadow">
        <svg
          role="img"
          aria-label={t('catalogue.statusAvailable')}
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <title>{t('catalogue.statusAvailable')}</title>
          <path d="m5 12 5 5 9-10" />
        </svg>
      </span>
    );
  }
  const isSoon = status === 'coming-soon';
  return (
    <span
      className={`absolute top-3 right-3 rounded-full px-3 py-1 text-xs font-bold shadow ${isSoon ? 'bg-amber-100 text-amber-900' : 'bg-slate-200 text-slate-800'}`}
    >
      {isSoon ? t('catalogue.statusSoon') : t('catalogue.statusNA')}
    </span>
  );
}

interface ProductCardProps {
  product: CatalogueProduct;
  onSelect: (product: CatalogueProduct) => void;
}

export function ProductCard({ product, onSelect }: ProductCardProps) {
  const titleId = useId();
  const status = getProductStatus(product);
  const chips = splitFeatureChips(product.keyFeatures);
  const buttonLabel =
    status === 'available'
      ? t('catalogue.getQuote')
      : status === 'coming-soon'
        ? t('catalogue.comingSoon')
        : t('catalogue.unavailable');

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative">
        <img
          src={product.image || FALLBACK_PRODUCT_IMAGE}
          alt={product.name}
          width={400}
          height={225}
          loading="lazy"
          decoding="async"
          onError={showFallbackImage}
          className="aspect-video w-full bg-slate-100 object-cover"
        />
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold ${TAG_CLASSES[product.categoryColor]}`}
        >
          {t(`catalogue.tags.${product.categoryColor}`)}
        </span>
        <StatusBadge product={product} />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {product.name}
        </h3>
        <p className="text-sm font-medium text-slate-600">
          {t(`catalogue.categories.${product.category}.label`)}
        </p>
        <p className="mt-2 flex-1 text-sm text-slate-700">{product.description}</p>
        {product.keyFeatures.length > 0 ? (
          <ul aria-label={t('catalogue.featuresLabel')} className="mt-3 flex flex-wrap gap-2">
            {chips.shown.map((feature) => (
              <li
                key={feature.short}
                title={feature.label}
                className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800"
              >
                {feature.short}
              </li>
            ))}
            {chips.more > 0 ? (
              <li className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">
                <span aria-hidden="true">{t('catalogue.moreFeatures', { count: chips.more })}</span>
                <span className="sr-only">{t('catalogue.moreFeaturesLabel', { count: chips.more })}</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        <button
          type="button"
          // A coming-soon product opens its page (what it will cover, "Tell me when it's available").
          disabled={status === 'unavailable'}
          onClick={() => onSelect(product)}
          className="mt-4 w-full rounded-lg bg-emerald-800 px-4 py-2.5 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600"
        >
          {buttonLabel}
        </button>
      </div>
    </article>
  );
}
