import {
  type CatalogueProduct,
  type CategoryValue,
  getProductsInCategory,
} from '@bima/domain/catalogue-rules';
import { useEffect, useRef } from 'react';
import { t } from '../../../lib/i18n';
import { ProductCard } from './product-card';

interface ProductStepProps {
  category: CategoryValue;
  products: readonly CatalogueProduct[];
  onBack: () => void;
  onSelectProduct: (product: CatalogueProduct) => void;
}

export function ProductStep({ category, products, onBack, onSelectProduct }: ProductStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inCategory = getProductsInCategory(products, category);
  const categoryLabel = t(`catalogue.categories.${category}.label`);

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step instead of a vanished button.
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div>
      <div className="mb-8 flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-emerald-800 to-teal-800 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
            {t('catalogue.excellentChoice')}
          </h2>
          <p className="mt-1 text-emerald-50">{t('catalogue.youSelected', { category: categoryLabel })}</p>
        </div>
        <button
          type="button"
          onClick={onBack}
          className="self-start rounded-full bg-white px-5 py-2 font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-auto"
        >
          <span aria-hidden="true">← </span>
          {t('catalogue.backToCategories')}
        </button>
      </div>
      {inCategory.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h3 className="text-xl font-bold text-slate-900">{t('catalogue.emptyTitle')}</h3>
          <p className="mt-2 text-slate-700">{t('catalogue.emptyText')}</p>
        </div>
      ) : (
        <section aria-label={t('catalogue.productsHeading', { category: categoryLabel })}>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {inCategory.map((product) => (
              <li key={`${product.routeName}-${product.id}`} className="flex">
                <div className="flex w-full flex-col">
                  <ProductCard product={product} onSelect={onSelectProduct} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
