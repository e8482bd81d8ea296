import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/error-boundary';
import { ErrorSummary } from '../../../components/error-summary';
import { WizardFrame } from '../../../components/wizard-frame';
import { motorJourneyHeader } from '../../../lib/motor-journey';
import { WizardHelpButton } from '../../../lib/wizard-help-button';
import { useMotorFlow } from '../../../stores/motor-flow';
import { purchaseStore, usePurchase } from '../stores/purchase';

/**
 * A purchase wrapper page (spec-2 §2): the motor journey's wizard header at `step`, the stored errors above
 * the child screen, and the screen. Errors waiting on entry are shown once and cleared from storage
 * (a reload does not show them again); errors the screens raise while here are listed live.
 */
export function PurchaseLayout({
  step,
  children,
  isPortalPayment = false,
}: {
  step: 2 | 3;
  children: ReactNode;
  /**
   * An invoice from the portal is paid (and confirmed): the header names no product, not the one of
   * a motor flow this tab may hold (the page shows the invoice's own).
   */
  isPortalPayment?: boolean;
}) {
  const flowProductName = useMotorFlow((state) => state.selectedProduct?.productName);
  const productName = isPortalPayment ? null : flowProductName;
  const liveErrors = usePurchase((state) => state.errors);
  const [entryErrors, setEntryErrors] = useState<string[]>([]);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useLayoutEffect(() => {
    const stored = purchaseStore.getState().errors;
    if (stored.length === 0) return;
    setEntryErrors(stored);
    purchaseStore.setState({ errors: [] });
  }, []);

  // Entry errors belong to the screen the client was sent to; moving on drops them.
  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = pathname;
      setEntryErrors([]);
    }
  }, [pathname]);

  const errors = [...new Set([...entryErrors, ...liveErrors])];
  return (
    <WizardFrame {...motorJourneyHeader(step, productName)} action={<WizardHelpButton />}>
      <ErrorSummary className="mb-6" errors={errors.map((message) => ({ message }))} />
      <ErrorBoundary compact>{children}</ErrorBoundary>
    </WizardFrame>
  );
}
