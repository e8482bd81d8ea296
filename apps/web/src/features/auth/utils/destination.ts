import { paths } from '../../../config/paths';
import type { PurchaseType } from '../../../stores/auth';

/**
 * Where sign-in leads (spec-2 §4): a purchase under way ('new') goes on to the cover details;
 * anything else goes to the client portal. 'recommendation' should create an invoice and open the
 * payment page; payments do not exist yet, so it goes on to the cover details like 'new' for now.
 */
export function getPostLoginDestination(purchaseType: PurchaseType): string {
  if (purchaseType === 'new' || purchaseType === 'recommendation') return paths.motorCoverDetails.getHref();
  return paths.portal.getHref();
}
