import { Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { PurchaseLayout } from '../components/purchase-layout';
import { usePurchaseAccess } from '../hooks';

/**
 * Step 2 of the motor wizard (spec-2): vehicle details and KYC, for a signed-in client with a quote.
 * Completing a quotation made elsewhere (`complete?quotation=…`) needs a signed-in client, not the flow.
 */
export default function CoverDetailsRoute() {
  const { pathname } = useLocation();
  const isCompletion = pathname === paths.motorCompleteDetails.getHref();
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const context = usePurchaseAccess({ requireQuotation: !isCompletion });
  const isReady = isCompletion ? isAuthenticated : context !== null;
  return (
    <PurchaseLayout step={2}>
      {isReady ? <Outlet context={isCompletion ? null : context} /> : null}
    </PurchaseLayout>
  );
}
