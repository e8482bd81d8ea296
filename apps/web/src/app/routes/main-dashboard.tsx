import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { usePersistedStore } from '../../lib/persisted-store';
import { authStore, getRole, isStaffRole } from '../../stores/auth';

/**
 * `/main/dashboard` (spec-2 "The dashboard path"): a signed-in client goes to the client portal's
 * dashboard, staff to the staff area's home (which shows what their role has); signed out, sign-in
 * first — with no purchase under way it leads to that same dashboard by role.
 */
export default function MainDashboardRoute() {
  const navigate = useNavigate();
  const auth = usePersistedStore(authStore);
  const role = getRole(auth);
  const signedIn = auth.isAuthenticated;
  useEffect(() => {
    if (signedIn) return;
    authStore.setState({ purchaseType: '', returnPath: null });
    navigate(paths.auth.getHref('login'), { replace: true });
  }, [navigate, signedIn]);
  if (!signedIn) return <PageSpinner />;
  return <Navigate to={isStaffRole(role) ? paths.staff.getHref() : paths.portal.getHref()} replace />;
}
