import type { ComponentType } from 'react';
import { createBrowserRouter, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-boundary';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { loadLazy } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';

/** A lazy route from a module whose default export is the screen (120 s timeout, one retry). */
function lazyScreen(importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadLazy(importer);
    return { Component: module.default };
  };
}

const coverType = () => import('../features/motor/routes/cover-type');

function RouteError() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      HydrateFallback: PageSpinner,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            // The landing page is in the main chunk: it is what almost every visit starts with.
            { path: paths.home.path, element: <HomeRoute /> },
            { path: paths.homeAlias.path, element: <HomeRoute /> },
            { path: paths.insurance.path, element: <HomeRoute /> },
            { path: paths.aboutUs.path, lazy: lazyScreen(() => import('../features/info/routes/about-us')) },
            {
              path: paths.contactUs.path,
              lazy: lazyScreen(() => import('../features/support/routes/contact-us')),
            },
            {
              path: paths.motorBasicDetails.path,
              lazy: lazyScreen(() => import('../features/motor/routes/basic-details')),
              children: [
                { index: true, lazy: lazyScreen(coverType) },
                { path: paths.motorCoverType.path, lazy: lazyScreen(coverType) },
                {
                  path: paths.motorProductQuotation.path,
                  lazy: lazyScreen(() => import('../features/motor/routes/product-quotation')),
                },
                {
                  path: paths.motorViewDetails.path,
                  lazy: lazyScreen(() => import('../features/motor/routes/view-details')),
                },
                {
                  path: paths.motorBasicCoverDetails.path,
                  lazy: lazyScreen(() => import('../features/motor/routes/basic-cover-details')),
                },
                {
                  path: paths.motorBenefits.path,
                  lazy: lazyScreen(() => import('../features/motor/routes/benefits')),
                },
                {
                  path: paths.motorQuotation.path,
                  lazy: lazyScreen(() => import('../features/motor/routes/quotation')),
                },
                // Any other screen of the wizard resets the flow and starts again (spec-1 §2.3).
                { path: '*', lazy: lazyScreen(() => import('../features/motor/routes/reset-flow')) },
              ],
            },
            { path: '*', lazy: lazyScreen(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ]);
}
