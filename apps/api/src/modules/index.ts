import type { ActionDefinition } from '../gateway/registry';
import { advertisementActions } from './advertisement/actions';
import { assessmentActions } from './assessment/actions';
import { auditActions } from './audit/actions';
import { backofficeSearchActions } from './backoffice-search/actions';
import { cartActions } from './cart/actions';
import { catalogueActions } from './catalogue/actions';
import { certificateActions } from './certificate/actions';
import { chatActions } from './chat/actions';
import { claimActions } from './claim/actions';
import { clientActions } from './client/actions';
import { commissionActions } from './commission/actions';
import { dashboardActions } from './dashboard/actions';
import { helpRequestActions } from './help-request/actions';
import { intermediaryActions } from './intermediary/actions';
import { ipfActions } from './ipf/actions';
import { jobActions } from './jobs/actions';
import { journeyDraftActions } from './journey-draft/actions';
import { loanActions } from './loan/actions';
import { lenderAdminActions } from './loan/lenders';
import { pricingActions } from './loan/pricing';
import { mailQueueActions } from './mail-queue/actions';
import { notificationActions } from './notification/actions';
import { passwordSetupActions } from './password-setup/actions';
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
import { staffActions } from './staff/actions';
import { staffWorkActions } from './staff-work/actions';
import { userActions } from './user/actions';
import { walletActions } from './wallet/actions';

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
  ...jobActions,
  ...answeringInLanguage(claimActions),
  ...walletActions,
  ...answeringInLanguage(cartActions),
  ...answeringInLanguage(ipfActions),
  ...loanActions,
  ...lenderAdminActions,
  ...pricingActions,
  ...schoolActions,
  ...certificateActions,
  ...answeringInLanguage(assessmentActions),
  ...journeyDraftActions,
];
