import type { PaymentPlan } from '@bima/domain';
import { createPersistedStore, usePersistedStore } from '../../../lib/persisted-store';
import type { SavedVehicle } from '../utils/vehicle-form';

/** The invoice a confirmed application became (`completeQuotation`), its amount in cents. */
export interface PurchaseInvoice {
  systemQuotationRef: string;
  invoiceSystemRef: string;
  amount: number;
  /** The createQuotation payload it answers, as JSON: a changed application needs a new one. */
  requestKey: string;
}

/** What the confirmation shows of a paid invoice (amounts in cents), from the portal or the purchase flow. */
export interface PaidSummary {
  productName: string;
  premium: number;
  coverType: string;
  vehicleValue: number | null;
  period: number;
  startDate: string;
}

/** What the confirmation page shows of a paid invoice. */
export interface PaidPolicy {
  invoiceSystemRef: string;
  policyNumber: string | null;
  receiptNumber: string | null;
  amount: number | null;
  /** Set when the invoice was paid from the portal: the confirmation shows it instead of the flow. */
  summary?: PaidSummary | null;
}

export interface PurchaseState {
  vehicleDetails: SavedVehicle | null;
  invoice: PurchaseInvoice | null;
  /** A payment still waiting on the phone, so leaving and coming back resumes it. */
  pendingPaymentRef: string | null;
  /** The invoice that pending payment is for. */
  pendingInvoiceRef?: string | null;
  paid: PaidPolicy | null;
  /** Messages the wrapper lists above the screen the client is sent to. */
  errors: string[];
  /** How the client chose to pay on the summary (issue 31): at once, or monthly where offered. */
  paymentPlan?: PaymentPlan;
}

export const purchaseDefaults: PurchaseState = {
  vehicleDetails: null,
  invoice: null,
  pendingPaymentRef: null,
  pendingInvoiceRef: null,
  paid: null,
  errors: [],
};

/** The purchase flow after the quotation (spec-2), kept in signed session storage. */
export const purchaseStore = createPersistedStore<PurchaseState>('purchase', purchaseDefaults);

export function usePurchase<S>(selector: (state: PurchaseState) => S): S {
  return usePersistedStore(purchaseStore, selector);
}

export function setPurchaseErrors(errors: string[]): void {
  purchaseStore.setState({ errors });
}

export function clearPurchaseErrors(): void {
  if (purchaseStore.getState().errors.length > 0) purchaseStore.setState({ errors: [] });
}

/** New vehicle details make any earlier invoice stale; a paid one stays for the confirmation. */
export function saveVehicleDetails(vehicleDetails: SavedVehicle): void {
  purchaseStore.setState({ vehicleDetails, invoice: null, pendingPaymentRef: null, errors: [] });
}
