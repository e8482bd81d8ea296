import { Outlet, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { PurchaseLayout } from '../components/purchase-layout';
import { usePurchaseAccess } from '../hooks';
import { usePurchase } from '../stores/purchase';

/**
 * Step 3 of the motor wizard (spec-2): summary, payment and confirmation. Paying an invoice from the
 * client portal (`payment?invoice=…`, then its confirmation) needs a signed-in client, not the flow.
 */
export default function PaymentConfirmationRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const hasPortalSummary = usePurchase((state) => Boolean(state.paid?.summary));
  const isPortalPayment =
    (pathname === paths.motorPayment.getHref() && params.has('invoice')) ||
    (pathname === paths.motorConfirmation.getHref() && hasPortalSummary);
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const context = usePurchaseAccess({ requireQuotation: !isPortalPayment });
  const isReady = isPortalPayment ? isAuthenticated : context !== null;
  return (
    // An invoice paid from the portal is not this tab's motor flow: its product is not named after it.
    <PurchaseLayout step={3} isPortalPayment={isPortalPayment}>
      {isReady ? <Outlet context={isPortalPayment ? null : context} /> : null}
    </PurchaseLayout>
  );
}
