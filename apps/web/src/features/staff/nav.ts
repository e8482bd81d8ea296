import { staffPaths } from '../../config/staff-paths';
import type { StaffRole } from '../../stores/auth';

/** One entry of the staff area's navigation, with the roles that may open its screens. */
export interface StaffNavEntry {
  id: string;
  /** i18n key of the label. */
  labelKey: string;
  href: string;
  roles: readonly StaffRole[];
}

const entry = (id: string, href: string, roles: readonly StaffRole[]): StaffNavEntry => ({
  id,
  labelKey: `staff.nav.${id}`,
  href,
  roles,
});

const EVERY_ROLE: readonly StaffRole[] = ['intermediary', 'underwriter', 'admin', 'lender'];
/** The roles of the marketplace's own work (claims): not lenders. */
const MARKET_ROLES: readonly StaffRole[] = ['intermediary', 'underwriter', 'admin'];

/**
 * The staff area by role (the API's `roles` of each action): intermediaries work their firm's
 * requests; underwriters their insurer's products; lenders their premium financing applications;
 * admins everything else.
 */
export const STAFF_NAV: readonly StaffNavEntry[] = [
  entry('dashboard', staffPaths.dashboard.getHref(), EVERY_ROLE),
  entry('requests', staffPaths.requests.getHref(), ['intermediary', 'admin']),
  entry('chats', staffPaths.chats.getHref(), ['intermediary', 'admin']),
  entry('products', staffPaths.products.getHref(), ['underwriter', 'admin']),
  entry('commissionStatement', staffPaths.commissionStatement.getHref(), ['intermediary']),
  entry('assessments', staffPaths.assessments.getHref(), ['intermediary']),
  entry('policies', staffPaths.policies.getHref(), ['underwriter', 'admin']),
  entry('claims', staffPaths.claims.getHref(), MARKET_ROLES),
  entry('loanApplications', staffPaths.loanApplications.getHref(), ['lender']),
  entry('loanPricing', staffPaths.loanPricing.getHref(), ['lender']),
  entry('intermediaries', staffPaths.intermediaries.getHref(), ['admin']),
  entry('commission', staffPaths.commission.getHref(), ['admin']),
  entry('staff', staffPaths.staff.getHref(), ['admin']),
  entry('moneyReceived', staffPaths.moneyReceived.getHref(), ['admin']),
  entry('audit', staffPaths.audit.getHref(), ['admin']),
  entry('mailQueue', staffPaths.mailQueue.getHref(), ['admin']),
  entry('smsQueue', staffPaths.smsQueue.getHref(), ['admin']),
  entry('jobs', staffPaths.jobs.getHref(), ['admin']),
  entry('identityChecks', staffPaths.identityChecks.getHref(), ['admin']),
  entry('productInterest', staffPaths.productInterest.getHref(), ['admin']),
  entry('notifications', staffPaths.notifications.getHref(), EVERY_ROLE),
];

/** The entries a role sees, in order. */
export function navForRole(role: StaffRole): StaffNavEntry[] {
  return STAFF_NAV.filter((item) => item.roles.includes(role));
}

/** The entry a staff address belongs to (the most specific one), or undefined for an unknown one. */
export function findStaffNavEntry(pathname: string): StaffNavEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const dashboard = staffPaths.dashboard.getHref();
  return STAFF_NAV.filter(
    (item) => path === item.href || (item.href !== dashboard && path.startsWith(`${item.href}/`)),
  ).sort((a, b) => b.href.length - a.href.length)[0];
}

/** Whether a role may open a staff address; unknown addresses are left to the not-found screen. */
export function canOpen(role: StaffRole, pathname: string): boolean {
  const found = findStaffNavEntry(pathname);
  return found === undefined || found.roles.includes(role);
}
