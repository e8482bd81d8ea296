import { Outlet } from 'react-router';
import { PurchaseLayout } from '../components/purchase-layout';
import { usePurchaseAccess } from '../hooks';

/** Step 3 of the motor wizard (spec-2): summary, payment and confirmation. */
export default function PaymentConfirmationRoute() {
  const context = usePurchaseAccess();
  return <PurchaseLayout step={3}>{context ? <Outlet context={context} /> : null}</PurchaseLayout>;
}
