import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorBoundary } from '../../../components/error-boundary';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { t } from '../i18n';

/** The roles that may use the product back office (as `backoffice / product / …` allows). */
export const PRODUCT_STAFF_ROLES: ReadonlyArray<string> = ['underwriter', 'admin'];

/**
 * A minimal guard and frame for the product screens until the staff layout takes them in: signed-out
 * visitors go to sign in; other roles are told the area is not for them (the API refuses them too).
 */
export function StaffProductsGuard({ children }: { children: ReactNode }) {
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const role = usePersistedStore(authStore, (state) => state.authData?.role);
  if (!isAuthenticated) return <Navigate to={paths.auth.getHref('login')} replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      {role && PRODUCT_STAFF_ROLES.includes(role) ? (
        <ErrorBoundary compact>{children}</ErrorBoundary>
      ) : (
        <Card title={t('backofficeProducts.guard.notAllowedTitle')}>
          <p className="text-slate-800">{t('backofficeProducts.guard.notAllowed')}</p>
          <Link to={paths.home.getHref()} className={`${linkButton} mt-3 inline-block`}>
            {t('backofficeProducts.guard.home')}
          </Link>
        </Card>
      )}
    </div>
  );
}
