import { Outlet } from 'react-router';
import { PurchaseLayout } from '../components/purchase-layout';
import { usePurchaseAccess } from '../hooks';

/** Step 2 of the motor wizard (spec-2): vehicle details and KYC, for a signed-in client with a quote. */
export default function CoverDetailsRoute() {
  const context = usePurchaseAccess();
  return <PurchaseLayout step={2}>{context ? <Outlet context={context} /> : null}</PurchaseLayout>;
}
