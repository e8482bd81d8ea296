import { paths } from '../../../config/paths';
import { isStaffRole, type PurchaseType, type UserRole } from '../../../stores/auth';

/**
 * Where sign-in leads (spec-2 §4): staff (intermediary, underwriter, admin) go to the staff area;
 * a client's purchase under way ('new') goes on to the cover details; anything else goes to the
 * client portal. 'recommendation' should create an invoice and open the payment page; payments do
 * not exist yet, so it goes on to the cover details like 'new' for now.
 */
export function getPostLoginDestination(
  purchaseType: PurchaseType,
  role: UserRole | null = 'client',
): string {
  if (isStaffRole(role)) return paths.staff.getHref();
  if (purchaseType === 'new' || purchaseType === 'recommendation') return paths.motorCoverDetails.getHref();
  return paths.portal.getHref();
}
