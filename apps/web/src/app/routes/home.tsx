import { useRef, useState } from 'react';
import { Breadcrumb } from '../../components/breadcrumb';
import { ErrorBoundary } from '../../components/error-boundary';
import { paths } from '../../config/paths';
import { PromotionsStrip } from '../../features/advertisements/components/promotions-strip';
import { ProductSelection } from '../../features/catalogue/components/product-selection';
import { Hero } from '../../features/landing/components/hero';
import { t } from '../../lib/i18n';

/** Route 'Home' (/, /home, /insurance): hero, then the category and product steps. */
export function HomeRoute() {
  const [isPointerOverMain, setPointerOverMain] = useState(false);
  const exploreRef = useRef<HTMLElement>(null);

  const explore = () => {
    const target = exploreRef.current;
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };

  return (
    <div onPointerEnter={() => setPointerOverMain(true)} onPointerLeave={() => setPointerOverMain(false)}>
      <Hero isPointerOverMain={isPointerOverMain} onExplore={explore} />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="py-4">
          <Breadcrumb
            items={[
              { label: t('landing.breadcrumbHome'), href: paths.home.getHref() },
              { label: t('landing.breadcrumbInsurance') },
            ]}
          />
        </div>
        <section
          id="explore"
          ref={exploreRef}
          tabIndex={-1}
          aria-label={t('landing.breadcrumbInsurance')}
          className="scroll-mt-32 focus:outline-none"
        >
          <ErrorBoundary compact>
            <ProductSelection />
          </ErrorBoundary>
        </section>
        <ErrorBoundary compact>
          <PromotionsStrip />
        </ErrorBoundary>
      </div>
    </div>
  );
}
