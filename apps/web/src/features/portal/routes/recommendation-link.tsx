import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { SignInAndReturn } from '../components/sign-in-and-return';

/** The portal screen a public link opens: the summary, the breakdowns or the review. */
function portalTarget(pathname: string, id: string): string {
  if (pathname.startsWith('/summary/')) return paths.portalRecommendationSummary.getHref(id);
  if (pathname.startsWith('/details/')) return paths.portalRecommendationDetails.getHref(id);
  return paths.portalRecommendationReview.getHref(id);
}

/**
 * The public links of a recommendation's e-mail (`/review/:id`, `/details/:qid/:id`, `/summary/:id`):
 * signed in, straight to the portal's review (breakdowns, summary); signed out, to sign in first
 * (purchase type 'recommendation' plus the stored return path), which then leads there.
 */
export default function RecommendationLinkRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const target = portalTarget(pathname, id ?? '');
  if (isAuthenticated) return <Navigate to={target} replace />;
  return <SignInAndReturn returnPath={target} />;
}
