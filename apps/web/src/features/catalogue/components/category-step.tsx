import type { CatalogueProduct, CategoryValue } from '@bima/domain';
import { t } from '../../../lib/i18n';
import { getCategorySummaries } from '../utils/category-summary';
import { CategoryCard } from './category-card';

interface CategoryStepProps {
  products: readonly CatalogueProduct[];
  onSelect: (category: CategoryValue) => void;
}

export function CategoryStep({ products, onSelect }: CategoryStepProps) {
  const summaries = getCategorySummaries(products);
  return (
    <div>
      <div className="mb-8 rounded-2xl bg-gradient-to-r from-emerald-800 to-teal-800 p-6 text-white sm:p-8">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('catalogue.welcomeTitle')}</h2>
        <p className="mt-2 text-emerald-50">{t('catalogue.welcomeText')}</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-2">
        {summaries.map((summary) => (
          <li key={summary.category}>
            <CategoryCard summary={summary} onSelect={() => onSelect(summary.category)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
