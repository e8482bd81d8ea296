import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';

/** `client-quotation-kyc/:id` and `client-quotation-summary/:id` lead to the recommendation's review. */
export default function RecommendationRedirectRoute() {
  const { id } = useParams();
  return <Navigate to={paths.portalRecommendationReview.getHref(id ?? '')} replace />;
}
