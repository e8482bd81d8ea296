import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/error-boundary';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName, getRole, isStaffRole } from '../../../stores/auth';
import { useProfile } from '../api/get-profile';
import { StaffNav } from '../components/staff-nav';
import { t } from '../i18n';
import { canOpen } from '../nav';
import NotAllowedRoute from './not-allowed';

/** Who is signed in: name and firm (intermediary), insurer (underwriter) or Bima Portal (admin). */
function StaffIdentity() {
  const user = usePersistedStore(authStore, (state) => state.authData);
  const profile = useProfile();
  const name = (profile.data && getDisplayName(profile.data)) || getDisplayName(user);
  const organisation = profile.data
    ? (profile.data.intermediary?.intermediaryNames ??
      profile.data.underwriter?.name ??
      profile.data.lender?.name ??
      t('staff.layout.bimaPortal'))
    : null;
  return (
    <div className="mb-6 border-b border-slate-200 pb-4">
      <p className="text-sm font-semibold tracking-wide text-emerald-900 uppercase">
        {t('staff.layout.area')}
      </p>
      <p className="mt-1 text-lg font-bold text-slate-900">
        {name}
        {organisation ? <span className="font-normal text-slate-700"> · {organisation}</span> : null}
      </p>
    </div>
  );
}

/**
 * The staff area's frame: signed-out visitors go to sign in, clients to their portal; the name and
 * firm, the navigation of the role, and the screen (or "not allowed" for another role's screen).
 */
export default function StaffLayout() {
  const { pathname } = useLocation();
  const role = usePersistedStore(authStore, getRole);
  if (role === null) return <Navigate to={paths.auth.getHref()} replace />;
  if (!isStaffRole(role)) return <Navigate to={paths.portal.getHref()} replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <StaffIdentity />
      <div className="flex flex-col gap-6 md:flex-row md:gap-8">
        <aside className="md:w-56 md:shrink-0">
          <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm md:sticky md:top-24">
            <StaffNav role={role} />
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          <ErrorBoundary compact>{canOpen(role, pathname) ? <Outlet /> : <NotAllowedRoute />}</ErrorBoundary>
        </div>
      </div>
    </div>
  );
}
