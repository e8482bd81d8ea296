import { type ComponentType, lazy, Suspense } from 'react';
import { PageSpinner } from '../components/page-spinner';
import { loadLazy } from '../lib/lazy';

/**
 * A route element whose screen (the module's default export) loads on first render, with the
 * timeout and retry of every lazy screen; the spinner shows meanwhile. For routes declared with
 * `useRoutes` inside a lazy area (the staff area), where the data router's `lazy` is not available.
 */
export function lazyElement(importer: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(() => loadLazy(importer));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}
