import type { CatalogueProduct, CategoryValue } from '@bima/domain/catalogue-rules';
import { classFlowHref, classRouteOf } from '@bima/domain/class-routes';
import { CATEGORY_SELECT_DELAY_MS } from '@bima/domain/constants';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { sessionDataStore } from '../../../stores/session-data';
import { useProducts } from '../api/get-products';
import { CatalogueError, CatalogueSkeleton } from './catalogue-states';
import { CategoryStep } from './category-step';
import { DebugPanel } from './debug-panel';
import { PreparingView } from './preparing-view';
import { ProductStep } from './product-step';

/** The two steps of the landing page: category, then products (spec-1 §2.1). */
export function ProductSelection() {
  const { step, category } = usePersistedStore(sessionDataStore);
  const [isPreparing, setPreparing] = useState(false);
  const timerRef = useRef<number | undefined>(undefined);
  const productsQuery = useProducts();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const location = useLocation();

  // Entering the page by in-app navigation starts over; a reload or back/forward keeps the step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per entered location
  useLayoutEffect(() => {
    if (navigationType === 'PUSH') sessionDataStore.setState({ step: 'category', category: null });
  }, [location.key]);

  // Choosing a category shows its products where the categories were, not the hero above them.
  const topRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step === 'product') topRef.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [step]);

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const selectCategory = (value: CategoryValue) => {
    setPreparing(true);
    sessionDataStore.setState({ category: value });
    window.clearTimeout(timerRef.current);
    timerRef.current = window.setTimeout(() => {
      sessionDataStore.setState({ step: 'product' });
      setPreparing(false);
    }, CATEGORY_SELECT_DELAY_MS);
  };

  const backToCategories = () => {
    sessionDataStore.setState({ step: 'category', category: null });
  };

  const selectProduct = (product: CatalogueProduct) => {
    // Each product opens its own flow (a coming-soon product its page), which knows its class from
    // its address; an unknown route name falls back to the motor wizard when the product is on sale.
    const route = classRouteOf(product.routeName);
    if (!route && !product.available) return;
    navigate(route ? classFlowHref(route) : paths.motorBasicDetails.getHref());
  };

  let content: React.ReactNode;
  if (isPreparing) content = <PreparingView />;
  else if (productsQuery.isPending) content = <CatalogueSkeleton />;
  else if (productsQuery.isError) content = <CatalogueError onRetry={() => void productsQuery.refetch()} />;
  else if (step === 'product' && category) {
    content = (
      <ProductStep
        category={category}
        products={productsQuery.data}
        onBack={backToCategories}
        onSelectProduct={selectProduct}
      />
    );
  } else content = <CategoryStep products={productsQuery.data} onSelect={selectCategory} />;

  return (
    <div ref={topRef} className="scroll-mt-24">
      {content}
      <DebugPanel
        state={{
          step,
          category,
          isPreparing,
          productCount: productsQuery.data?.length ?? null,
          navigationType,
        }}
      />
    </div>
  );
}
