import type { ActionDefinition } from '../gateway/registry';
import { advertisementActions } from './advertisement/actions';
import { assessmentActions } from './assessment/actions';
import { auditActions } from './audit/actions';
import { backofficeSearchActions } from './backoffice-search/actions';
import { cartActions } from './cart/actions';
import { cartPayable } from './cart/payable';
import { catalogueActions } from './catalogue/actions';
import { certificateActions } from './certificate/actions';
import { chatActions } from './chat/actions';
import { claimActions } from './claim/actions';
import { clientActions } from './client/actions';
import { commissionActions } from './commission/actions';
import { dashboardActions } from './dashboard/actions';
import { helpRequestActions } from './help-request/actions';
import { identityActions } from './identity/actions';
import { intermediaryActions } from './intermediary/actions';
import { invoicePayable } from './invoice/payable';
import { ipfActions } from './ipf/actions';
import { ipfLoanProduct } from './ipf/product';
import { jobActions } from './jobs/actions';
import { journeyDraftActions } from './journey-draft/actions';
import { loanActions } from './loan/actions';
import { lenderAdminActions } from './loan/lenders';
import { loanPayable } from './loan/payable';
import { pricingActions } from './loan/pricing';
import type { LoanProductAdapter } from './loan/products';
import { mailQueueActions } from './mail-queue/actions';
import { monthlyActions } from './monthly/actions';
import { handleStandingOrderEvent } from './monthly/standing-order';
import { notificationActions } from './notification/actions';
import { passwordSetupActions } from './password-setup/actions';
import type { Payable, StandingOrderHandler } from './payment/payables';
import { platformActions } from './platform/actions';
import { privacyActions } from './privacy/actions';
import { productActions } from './product/actions';
import { answeringInLanguage } from './product/texts';
import { productAdminActions } from './product-admin/actions';
import { profileActions } from './profile/actions';
import { purchaseActions } from './purchase-actions';
import { recommendationActions } from './recommendation/actions';
import { renewalActions } from './renewal/actions';
import { schoolActions } from './school/actions';
import { schoolFeeLoanProduct } from './school/loan-product';
import { schoolFeePayable } from './school/payable';
import { smsQueueActions } from './sms-queue/actions';
import { staffActions } from './staff/actions';
import { staffWorkActions } from './staff-work/actions';
import { userActions } from './user/actions';
import { vehicleActions } from './vehicle/actions';
import { walletActions } from './wallet/actions';
import { walletTopUpPayable } from './wallet/payable';

/** Every business module's gateway actions, registered explicitly. */
export const allActions: ActionDefinition[] = [
  ...catalogueActions,
  ...advertisementActions,
  ...platformActions,
  ...productActions,
  ...productAdminActions,
  ...userActions,
  ...clientActions,
  ...dashboardActions,
  ...profileActions,
  ...privacyActions,
  ...identityActions,
  // Quotations, invoices, policies, renewals, recommendations, the cart, claims, premium financing
  // and assessments keep the underwriters' names in English; a Swahili reader gets them in Swahili
  // (issue 14).
  ...answeringInLanguage(purchaseActions),
  ...answeringInLanguage(renewalActions),
  ...intermediaryActions,
  ...helpRequestActions,
  ...answeringInLanguage(recommendationActions),
  ...staffActions,
  ...staffWorkActions,
  ...passwordSetupActions,
  ...commissionActions,
  ...auditActions,
  ...backofficeSearchActions,
  ...chatActions,
  ...notificationActions,
  ...mailQueueActions,
  ...smsQueueActions,
  ...jobActions,
  ...answeringInLanguage(claimActions),
  ...walletActions,
  ...answeringInLanguage(cartActions),
  ...answeringInLanguage(ipfActions),
  ...loanActions,
  ...monthlyActions,
  ...lenderAdminActions,
  ...pricingActions,
  ...schoolActions,
  ...certificateActions,
  ...vehicleActions,
  ...answeringInLanguage(assessmentActions),
  ...journeyDraftActions,
];

/**
 * Every kind of payable, registered with the payment module at start-up (app.ts): the payment
 * module settles a payment through the one its `purpose` names and imports none of them. A new
 * payable is one entry here.
 */
export const allPayables: Payable[] = [
  invoicePayable,
  walletTopUpPayable,
  cartPayable,
  loanPayable,
  schoolFeePayable,
];

/** What M-Pesa Ratiba's events go to, registered with the payment module at start-up (app.ts). */
export const standingOrderHandler: StandingOrderHandler = handleStandingOrderEvent;

/** Every loan product, registered with the loan engine at start-up (app.ts), which imports none of them. */
export const allLoanProducts: LoanProductAdapter[] = [ipfLoanProduct, schoolFeeLoanProduct];
