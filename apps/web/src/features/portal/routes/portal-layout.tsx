import { useEffect, useId, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/error-boundary';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { PortalMenu } from '../components/portal-menu';
import { SignInAndReturn } from '../components/sign-in-and-return';
import { t } from '../i18n';

/** On phones the portal's menu opens from a button above the screen, and closes on navigation. */
function PhonePortalMenu() {
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every new location
  useEffect(() => setOpen(false), [key]);
  return (
    <div className="mb-4 md:hidden">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((open) => !open)}
        className="w-full rounded-xl border border-slate-300 bg-white px-4 py-2 text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
      >
        {t('portal.phoneMenu')}
      </button>
      <div
        id={menuId}
        hidden={!isOpen}
        className="mt-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
      >
        {isOpen ? <PortalMenu /> : null}
      </div>
    </div>
  );
}

/** The client portal frame: signed-out visitors are sent to sign in; a side menu on wide screens, a menu button on phones. */
export default function PortalLayout() {
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const { pathname } = useLocation();
  if (!isAuthenticated) {
    // A recommendation's screen keeps its way back through sign-in, as its e-mailed link does.
    if (/\/client-quotation-[a-z]+\/[^/]+$/.test(pathname)) return <SignInAndReturn returnPath={pathname} />;
    return <Navigate to={paths.auth.getHref()} replace />;
  }
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <aside className="hidden w-60 shrink-0 md:block">
        <div className="sticky top-24 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
          <PortalMenu />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <PhonePortalMenu />
        <ErrorBoundary compact>
          <Outlet />
        </ErrorBoundary>
      </div>
    </div>
  );
}
