import { useEffect } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { paths } from '../../config/paths';
import type { MotorProduct, PremiumQuote } from '../../lib/motor-types';
import { notify } from '../../lib/notifications';
import { usePersistedStore } from '../../lib/persisted-store';
import { authStore } from '../../stores/auth';
import { type MotorFlowState, useMotorFlow } from '../../stores/motor-flow';
import { t } from './i18n';

export interface PurchaseContext {
  flow: MotorFlowState;
  product: MotorProduct;
  quote: PremiumQuote;
}

/** Whether the motor flow holds what a purchase needs: a product, its quote and the cover details. */
export function hasQuotation(flow: MotorFlowState): boolean {
  return Boolean(flow.selectedProduct && flow.calculatedQuotation && flow.coverDetails.startDate);
}

/**
 * The purchase screens need a signed-in client and a quotation. A signed-out visitor is sent to sign
 * in, keeping purchaseType 'new' so sign-in brings them back; a missing quotation sends them to the
 * motor quotation with a message. Returns the context once the screens may render, else null.
 */
export function usePurchaseAccess({ requireQuotation = true } = {}): PurchaseContext | null {
  const navigate = useNavigate();
  const isAuthenticated = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const flow = useMotorFlow();
  const isQuoted = hasQuotation(flow) || !requireQuotation;

  useEffect(() => {
    if (!isAuthenticated) {
      authStore.setState({ purchaseType: 'new' });
      navigate(paths.auth.getHref(), { replace: true });
      return;
    }
    if (!isQuoted) {
      notify({
        type: 'warning',
        title: t('purchase.guard.quoteMissingTitle'),
        message: t('purchase.guard.quoteMissingText'),
        duration: 5_000,
      });
      navigate(paths.motorQuotation.getHref(), { replace: true });
    }
  }, [isAuthenticated, isQuoted, navigate]);

  if (!isAuthenticated || !isQuoted || !flow.selectedProduct || !flow.calculatedQuotation) return null;
  return { flow, product: flow.selectedProduct, quote: flow.calculatedQuotation };
}

/** The wrapper's context, in a screen below it. */
export function usePurchaseContext(): PurchaseContext {
  return useOutletContext<PurchaseContext>();
}

/** The wrapper's context where the screen may also run without the flow (paying from the portal). */
export function useOptionalPurchaseContext(): PurchaseContext | null {
  return useOutletContext<PurchaseContext | null>() ?? null;
}
