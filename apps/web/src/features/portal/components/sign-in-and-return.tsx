import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { authStore } from '../../../stores/auth';

/**
 * Signed out on a recommendation's address: remembers it (purchase type 'recommendation' and the
 * return path) and opens sign-in, which brings the client back to it.
 */
export function SignInAndReturn({ returnPath }: { returnPath: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    authStore.setState({ purchaseType: 'recommendation', returnPath });
    navigate(paths.auth.getHref('login'), { replace: true });
  }, [navigate, returnPath]);
  return <PageSpinner />;
}
