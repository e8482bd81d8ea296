import { useId } from 'react';
import { t } from '../../../lib/i18n';
import type { CategorySummary } from '../utils/category-summary';
import { CategoryIcon } from './category-icon';

const accents = {
  individual: {
    icon: 'bg-emerald-100 text-emerald-800',
    ring: 'hover:border-emerald-600 has-[button:focus-visible]:outline-emerald-700',
  },
  business: {
    icon: 'bg-sky-100 text-sky-800',
    ring: 'hover:border-sky-600 has-[button:focus-visible]:outline-sky-700',
  },
} as const;

interface CategoryCardProps {
  summary: CategorySummary;
  onSelect: () => void;
  disabled?: boolean;
}

/**
 * A category as one big card: icon, description, count, featured names, 'Explore Options'. Its button
 * is the category's name, stretched over the whole card (so a tap anywhere chooses it) and named by
 * its visible text alone (WCAG 2.5.3), with the rest of the card as its description.
 */
export function CategoryCard({ summary, onSelect, disabled = false }: CategoryCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const accent = accents[summary.category];
  return (
    <article
      aria-labelledby={nameId}
      className={`group relative flex h-full w-full flex-col rounded-2xl border-2 border-slate-200 bg-white p-6 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[button:focus-visible]:outline-3 has-[button:focus-visible]:outline-offset-2 ${accent.ring}`}
    >
      <span className={`inline-flex size-14 items-center justify-center rounded-xl ${accent.icon}`}>
        <CategoryIcon category={summary.category} />
      </span>
      <button
        id={nameId}
        type="button"
        onClick={onSelect}
        disabled={disabled}
        aria-describedby={detailsId}
        className="mt-4 text-left text-2xl font-bold text-slate-900 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none disabled:cursor-wait"
      >
        {t(`catalogue.categories.${summary.category}.label`)}
      </button>
      <span id={detailsId} className="mt-2 flex flex-1 flex-col">
        <span className="text-slate-700">{t(`catalogue.categories.${summary.category}.description`)}</span>
        <span className="mt-3 font-semibold text-emerald-900">
          {t('catalogue.productsAvailable', { count: summary.productCount })}
        </span>
        <span className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
          {summary.featured.map((item) => (
            <span key={item.key} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-slate-500" />
              {item.name}
              {item.isComingSoon ? t('catalogue.comingSoonSuffix') : ''}
            </span>
          ))}
        </span>
      </span>
      <span className="mt-5 inline-flex items-center gap-1 font-semibold text-emerald-800 group-hover:underline">
        {t('catalogue.exploreOptions')}
        <span aria-hidden="true">→</span>
      </span>
    </article>
  );
}
