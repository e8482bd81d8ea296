import { CLASS_ROUTES, classFlowHref } from '@bima/domain/class-routes';
import { paths } from '../../../config/paths';
import { isStaffRole, type PurchaseType, type UserRole } from '../../../stores/auth';

/** A return path sign-in may follow: only a screen of the client portal (never another site). */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith(`${paths.portal.getHref()}/`) && !path.startsWith('//');
}

/** A class flow's address (`/fire-domestic/FD101/FireDomestic`…), the only other return path allowed. */
export function isClassFlowPath(path: string | null | undefined): path is string {
  return CLASS_ROUTES.some((route) => route.flow !== 'coming-soon' && classFlowHref(route) === path);
}

/**
 * Where sign-in leads (spec-2 §4): staff (intermediary, underwriter, admin) go to the staff area;
 * a client's purchase under way ('new') goes on to the cover details; 'recommendation' (a
 * recommendation's e-mailed link followed while signed out) goes back to the stored return path —
 * the recommendation's review, where accepting creates the invoice and opens the payment page — or
 * to the portal's Quotations without one; anything else goes to the client portal.
 */
export function getPostLoginDestination(
  purchaseType: PurchaseType,
  role: UserRole | null = 'client',
  returnPath?: string | null,
): string {
  if (isStaffRole(role)) return paths.staff.getHref();
  if (purchaseType === 'new') return paths.motorCoverDetails.getHref();
  // The motor commercial wizard keeps its step: sign-in returns to it.
  if (purchaseType === 'motor-commercial') return paths.motorCommercial.getHref();
  // Fire domestic, theft and aviation keep their step too: back to the flow's own address.
  if (purchaseType === 'class-cover' && isClassFlowPath(returnPath)) return returnPath;
  if (purchaseType === 'recommendation') {
    return isSafeReturnPath(returnPath) ? returnPath : paths.portalQuotations.getHref();
  }
  return paths.portal.getHref();
}
