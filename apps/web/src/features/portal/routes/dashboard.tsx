import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { UnreadCount, unreadLabel } from '../../../components/unread-count';
import { paths } from '../../../config/paths';
import { useChatUnreadCount } from '../../../lib/chat-unread';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName } from '../../../stores/auth';
import { riskStore } from '../../../stores/risk';
import { invoicesQueryOptions, policiesQueryOptions } from '../api/records';
import { t } from '../i18n';
import { flattenMenu } from '../menu';

/** Counts of the client's policies and unpaid invoices; nothing while loading or on error. */
function Counts() {
  // One row of each list is enough: the counts are the lists' totals.
  const policies = useQuery(policiesQueryOptions(1, 1));
  const invoices = useQuery(invoicesQueryOptions(1, { pageSize: 1, status: 'UNPAID' }));
  if (!policies.data || !invoices.data) return null;
  const unpaid = invoices.data.total;
  const counts = [
    {
      id: 'policies',
      label: t('portal.dashboard.policiesCount'),
      value: policies.data.total,
      href: paths.portalPolicies.getHref(),
    },
    {
      id: 'unpaid',
      label: t('portal.dashboard.unpaidCount'),
      value: unpaid,
      href: paths.portalInvoice.getHref(),
    },
  ];
  return (
    <section aria-labelledby="dashboard-counts" className="mt-6">
      <h2 id="dashboard-counts" className="sr-only">
        {t('portal.dashboard.counts')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:max-w-md">
        {counts.map((count) => (
          <li key={count.id}>
            <Link
              to={count.href}
              className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
            >
              <span className="block text-3xl font-bold text-slate-900 tabular-nums">{count.value}</span>
              <span className="text-sm font-semibold text-slate-700">{count.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** NewPortalDashboard: a welcome and the portal's areas as cards. */
export default function DashboardRoute() {
  const user = usePersistedStore(authStore, (state) => state.authData);
  const kycData = usePersistedStore(riskStore, (state) => state.kycData);
  const name = getDisplayName(user);
  // Only what exists (issue 14): the menu names every area of the spec; the dashboard no "Soon" tiles.
  const areas = flattenMenu().filter(
    (item) => !item.children && item.isAvailable && item.href !== paths.portal.getHref(),
  );
  const needsKyc = kycData !== null && kycData.kraPin === 'N/A';
  // The side menu is hidden on phones: the Chats card carries the unread count there.
  const unreadChats = useChatUnreadCount();

  return (
    <div>
      <ScreenHeading level={1}>
        {name ? t('portal.dashboard.welcome', { name }) : t('portal.dashboard.welcomeNoName')}
      </ScreenHeading>
      <p className="mt-2 text-slate-700">{t('portal.dashboard.intro')}</p>
      <Counts />
      {needsKyc ? (
        <div className="mt-6 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <p>{t('portal.dashboard.kycMissing')}</p>
          <Link
            to={paths.portalKyc.getHref()}
            className="mt-2 inline-block rounded font-semibold text-amber-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t('portal.dashboard.kycLink')}
          </Link>
        </div>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((item) => {
          const unread = item.id === 'chats' ? unreadChats : 0;
          return (
            <li key={item.id}>
              <Link
                to={item.href}
                aria-label={unread > 0 ? unreadLabel(t(item.labelKey), unread) : undefined}
                className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{t(item.labelKey)}</span>
                  <UnreadCount count={unread} />
                  {item.isAvailable ? null : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      <span aria-hidden="true">{t('portal.soon')}</span>
                      <span className="sr-only">{t('portal.soonLabel')}</span>
                    </span>
                  )}
                </span>
                <span className="mt-1 text-sm text-slate-700">{t(`portal.descriptions.${item.id}`)}</span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            to={paths.portalSchoolSchools.getHref()}
            className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            <span className="font-semibold text-slate-900">{t('portal.dashboard.schoolFees')}</span>
            <span className="mt-1 text-sm text-slate-700">{t('portal.dashboard.schoolFeesDescription')}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
