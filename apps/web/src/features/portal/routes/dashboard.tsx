import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icons';
import { ScreenHeading } from '../../../components/screen-heading';
import { paths } from '../../../config/paths';
import { useChatUnreadCount } from '../../../lib/chat-unread';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName } from '../../../stores/auth';
import { riskStore } from '../../../stores/risk';
import { type DashboardCounts, dashboardCountsQueryOptions } from '../api/dashboard';
import { t } from '../i18n';
import { flattenMenu } from '../menu';

/** Each menu entry's icon on the dashboard. */
const ICONS: Record<string, IconName> = {
  cart: 'cart',
  accounts: 'accounts',
  invoice: 'invoice',
  ipfRequests: 'loan',
  policies: 'policy',
  claims: 'claim',
  quotations: 'quotation',
  userProfile: 'user',
  kyc: 'id-card',
  assessment: 'checklist',
  privacy: 'shield',
  intermediaries: 'people',
  helpRequests: 'help',
  notifications: 'bell',
  topUpOptions: 'wallet',
  chats: 'chat',
};

/** The entries that carry a live count, and which of the counts (chats: the socket's live one). */
const COUNT_OF: Record<string, keyof DashboardCounts> = {
  cart: 'cartItems',
  invoice: 'unpaidInvoices',
  policies: 'activePolicies',
  claims: 'openClaims',
  quotations: 'quotations',
  notifications: 'unreadNotifications',
  myLoans: 'loansDue',
};

interface DashboardEntry {
  id: string;
  label: string;
  description: string;
  href: string;
  icon: IconName;
  count: number;
}

function EntryTile({ entry }: { entry: DashboardEntry }) {
  const countText =
    entry.count > 0 ? t(`portal.dashboard.countTexts.${entry.id}`, { count: entry.count }) : '';
  return (
    <Link
      to={entry.href}
      className="flex h-full min-h-24 flex-col gap-1.5 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 sm:p-4"
    >
      <span className="flex items-start justify-between gap-2">
        <span className="rounded-lg bg-emerald-50 p-2 text-emerald-800">
          <Icon name={entry.icon} />
        </span>
        {entry.count > 0 ? (
          <span
            aria-hidden="true"
            className="min-w-7 rounded-full bg-emerald-800 px-2 py-0.5 text-center text-sm font-bold text-white tabular-nums"
          >
            {entry.count > 99 ? '99+' : entry.count}
          </span>
        ) : null}
      </span>
      {/* The name is the visible words ("Invoice 1 unpaid"), so what is read is what is seen. */}
      <span className="font-semibold break-words text-slate-900 [hyphens:auto]">{entry.label}</span>
      {countText ? <span className="text-sm font-semibold text-emerald-900">{countText}</span> : null}
      <span className="hidden text-sm text-slate-700 sm:block">{entry.description}</span>
    </Link>
  );
}

/**
 * NewPortalDashboard: a welcome and the portal's areas as a compact grid (two columns on a phone),
 * each with its icon and, where it has one, a live count — unpaid invoices, open claims, unread
 * chats, loans due, cart, quotations, notifications — from one call (client/dashboard/getCounts).
 */
export default function DashboardRoute() {
  const user = usePersistedStore(authStore, (state) => state.authData);
  const kycData = usePersistedStore(riskStore, (state) => state.kycData);
  const name = getDisplayName(user);
  const counts = useQuery(dashboardCountsQueryOptions()).data;
  // Kept live by the chat socket (the side menu, hidden on phones, shows the same).
  const unreadChats = useChatUnreadCount();
  const countOf = (id: string) => {
    if (id === 'chats') return unreadChats;
    const key = COUNT_OF[id];
    return key && counts ? counts[key] : 0;
  };
  // Only what exists (issue 14): the menu names every area of the spec; the dashboard no "Soon" tiles.
  const entries: DashboardEntry[] = [
    ...flattenMenu()
      .filter((item) => !item.children && item.isAvailable && item.href !== paths.portal.getHref())
      .map((item) => ({
        id: item.id,
        label: t(item.labelKey),
        description: t(`portal.descriptions.${item.id}`),
        href: item.href,
        icon: ICONS[item.id] ?? 'accounts',
        count: countOf(item.id),
      })),
    {
      id: 'myLoans',
      label: t('portal.dashboard.myLoans'),
      description: t('portal.dashboard.myLoansDescription'),
      href: paths.portalMyLoans.getHref(),
      icon: 'loan',
      count: countOf('myLoans'),
    },
    {
      id: 'schoolFees',
      label: t('portal.dashboard.schoolFees'),
      description: t('portal.dashboard.schoolFeesDescription'),
      href: paths.portalSchoolSchools.getHref(),
      icon: 'school',
      count: 0,
    },
  ];
  const needsKyc = kycData !== null && kycData.kraPin === 'N/A';

  return (
    <div>
      <ScreenHeading level={1}>
        {name ? t('portal.dashboard.welcome', { name }) : t('portal.dashboard.welcomeNoName')}
      </ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.dashboard.intro')}</p>
      {needsKyc ? (
        <div className="mt-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <p>{t('portal.dashboard.kycMissing')}</p>
          <Link
            to={paths.portalKyc.getHref()}
            className="mt-2 inline-block rounded font-semibold text-amber-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t('portal.dashboard.kycLink')}
          </Link>
        </div>
      ) : null}
      <ul
        aria-label={t('portal.dashboard.entries')}
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <EntryTile entry={entry} />
          </li>
        ))}
      </ul>
    </div>
  );
}
