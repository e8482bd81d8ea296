import { paths } from '../../config/paths';

/** One entry of the client portal menu (spec-1 §1, spec-2 "Client portal routes"). */
export interface PortalMenuEntry {
  id: string;
  /** i18n key of the label. */
  labelKey: string;
  href: string;
  /** Whether its screen is built; the others open the "not available yet" screen. */
  isAvailable: boolean;
  children?: PortalMenuEntry[];
}

const entry = (
  id: string,
  href: string,
  isAvailable = false,
  children?: PortalMenuEntry[],
): PortalMenuEntry => ({ id, labelKey: `portal.menu.${id}`, href, isAvailable, children });

/**
 * The dashboard menu: 14 entries (the dashboard and the thirteen areas), Profile with its four
 * screens. Built screens have `isAvailable` and a route; the others say "not available yet".
 */
export const PORTAL_MENU: readonly PortalMenuEntry[] = [
  entry('dashboard', paths.portal.getHref(), true),
  entry('cart', paths.portalCart.getHref(), true),
  entry('accounts', paths.portalAccounts.getHref(), true),
  entry('invoice', paths.portalInvoice.getHref(), true),
  entry('ipfRequests', paths.portalIpfRequests.getHref(), true),
  entry('policies', paths.portalPolicies.getHref(), true),
  entry('claims', paths.portalClaims.getHref(), true),
  entry('quotations', paths.portalQuotations.getHref(), true),
  entry('profile', paths.portalProfile.getHref(), true, [
    entry('userProfile', paths.portalProfile.getHref(), true),
    entry('kyc', paths.portalKyc.getHref(), true),
    entry('assessment', paths.portalAssessment.getHref(), true),
    entry('privacy', paths.portalPrivacy.getHref(), true),
  ]),
  entry('intermediaries', paths.portalIntermediaries.getHref(), true),
  entry('helpRequests', paths.portalHelpRequests.getHref(), true),
  entry('notifications', paths.portalNotifications.getHref(), true),
  entry('topUpOptions', paths.portalTopUpOptions.getHref(), true),
  entry('chats', paths.portalChats.getHref(), true),
];

/** Every entry, children included, in menu order. */
export function flattenMenu(menu: readonly PortalMenuEntry[] = PORTAL_MENU): PortalMenuEntry[] {
  return menu.flatMap((item) => [item, ...(item.children ?? [])]);
}

/** The entry a portal address belongs to (the most specific one), or undefined. */
export function findMenuEntry(pathname: string, menu: readonly PortalMenuEntry[] = PORTAL_MENU) {
  const path = pathname.replace(/\/+$/, '') || '/';
  const candidates = flattenMenu(menu).filter(
    (item) =>
      path === item.href || (item.href !== paths.portal.getHref() && path.startsWith(`${item.href}/`)),
  );
  return candidates.sort((a, b) => b.href.length - a.href.length)[0];
}
