import { createBrowserRouter, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-boundary';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { loadLazy } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';

function RouteError() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

/** The id of the route, inside the root layout and its error boundary, that every screen hangs from. */
const SCREENS_ROUTE_ID = 'screens';

/**
 * The router. Only the landing page's routes are in the main chunk: it is what almost every visit
 * starts with. Every other route is in `route-table.tsx`, fetched (with the timeout and retry of
 * every lazy screen) and patched in the first time a navigation matches nothing or only a dynamic
 * route; a failed fetch shows the error screen and is tried again on the next navigation.
 */
const loadRouteTable = () => loadLazy(() => import('./route-table'));

/** Fetches the route table once the landing page is idle, so the first navigation does not wait for it. */
function warmRouteTable() {
  const run = () => void loadRouteTable().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 2_000);
}

export function createAppRouter() {
  let patched = false;
  warmRouteTable();
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        HydrateFallback: PageSpinner,
        errorElement: <RouteError />,
        children: [
          {
            id: SCREENS_ROUTE_ID,
            errorElement: <RouteError />,
            children: [
              { path: paths.home.path, element: <HomeRoute /> },
              { path: paths.homeAlias.path, element: <HomeRoute /> },
              { path: paths.insurance.path, element: <HomeRoute /> },
            ],
          },
        ],
      },
    ],
    {
      async patchRoutesOnNavigation({ patch }) {
        if (patched) return;
        const { routeTable } = await loadRouteTable();
        if (patched) return;
        patch(SCREENS_ROUTE_ID, routeTable);
        patched = true;
      },
    },
  );
}
