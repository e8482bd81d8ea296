import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';

/** Signed out: remember the review and send the visitor to sign in, which brings them back. */
function SignInFirst({ target }: { target: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    authStore.setState({ purchaseType: 'recommendation', returnPath: target });
    navigate(paths.auth.getHref('login'), { replace: true });
  }, [navigate, target]);
  return <PageSpinner />;
}

/**
 * The public links of a recommendation's e-mail (`/review/:id`, `/details/:qid/:id`, `/summary/:id`):
 * signed in, straight to the portal's review; signed out, to sign in first (purchase type
 * 'recommendation' plus the stored return path), which then leads to the review.
 */
export default function RecommendationLinkRoute() {
  const { id } = useParams();
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const target = paths.portalRecommendationReview.getHref(id ?? '');
  if (isAuthenticated) return <Navigate to={target} replace />;
  return <SignInFirst target={target} />;
}
