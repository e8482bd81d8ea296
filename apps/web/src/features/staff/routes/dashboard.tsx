import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { staffPaths } from '../../../config/staff-paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName, getRole, type StaffRole } from '../../../stores/auth';
import { callStaffAction, type Page } from '../api/call';
import { intermediariesQueryOptions } from '../api/intermediaries';
import { receiptsQueryOptions } from '../api/receipts';
import { requestsQueryOptions } from '../api/requests';
import { t } from '../i18n';

interface Count {
  id: string;
  label: string;
  value: number | undefined;
  href: string;
}

/** How many products the underwriter (or admin) may edit. */
function useProductCount(isEnabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'productCount'],
    queryFn: ({ signal }) =>
      callStaffAction<Page<unknown>>(
        {
          service: 'backoffice',
          resource: 'product',
          action: 'listProducts',
          data: { page: 1, pageSize: 1 },
        },
        signal,
      ),
    enabled: isEnabled,
  });
}

/** The counts each role acts on: new requests; firms waiting for approval; money to refund; products. */
function useCounts(role: StaffRole): Count[] {
  const isAdmin = role === 'admin';
  const seesRequests = role === 'intermediary' || role === 'admin';
  const seesProducts = role === 'underwriter' || role === 'admin';
  const isLender = role === 'lender';
  const applications = useQuery({
    queryKey: ['staff', 'loanApplicationCount'],
    queryFn: ({ signal }) =>
      callStaffAction<Page<unknown>>(
        {
          service: 'lender',
          resource: 'application',
          action: 'listApplications',
          data: { page: 1, pageSize: 1, status: 'PENDING' },
        },
        signal,
      ),
    enabled: isLender,
  });
  const requests = useQuery({ ...requestsQueryOptions({ page: 1 }), enabled: seesRequests });
  const pendingFirms = useQuery({
    ...intermediariesQueryOptions({ page: 1, status: 'PENDING', pageSize: 1 }),
    enabled: isAdmin,
  });
  const openReceipts = useQuery({ ...receiptsQueryOptions({ page: 1, status: 'OPEN' }), enabled: isAdmin });
  const products = useProductCount(seesProducts);
  const counts: Count[] = [];
  if (seesRequests) {
    counts.push({
      id: 'newRequests',
      label: t('staff.dashboard.newRequests'),
      value: requests.data?.newCount,
      href: staffPaths.requests.getHref(),
    });
  }
  if (isAdmin) {
    counts.push(
      {
        id: 'pendingFirms',
        label: t('staff.dashboard.pendingFirms'),
        value: pendingFirms.data?.total,
        href: staffPaths.intermediaries.getHref(),
      },
      {
        id: 'openReceipts',
        label: t('staff.dashboard.openReceipts'),
        value: openReceipts.data?.total,
        href: staffPaths.moneyReceived.getHref(),
      },
    );
  }
  if (isLender) {
    counts.push({
      id: 'loanApplications',
      label: t('staff.dashboard.loanApplications'),
      value: applications.data?.total,
      href: staffPaths.loanApplications.getHref(),
    });
  }
  if (seesProducts) {
    counts.push({
      id: 'products',
      label: t('staff.dashboard.products'),
      value: products.data?.total,
      href: staffPaths.products.getHref(),
    });
  }
  return counts;
}

function Counts({ role }: { role: StaffRole }) {
  const counts = useCounts(role);
  return (
    <section aria-labelledby="staff-counts" className="mt-6">
      <h2 id="staff-counts" className="sr-only">
        {t('staff.dashboard.counts')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {counts.map((count) => (
          <li key={count.id}>
            <Link
              to={count.href}
              className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
            >
              <span className="block text-3xl font-bold text-slate-900 tabular-nums">
                {count.value ?? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{t('staff.dashboard.countLoading')}</span>
                  </>
                )}
              </span>
              <span className="text-sm font-semibold text-slate-700">{count.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The staff area's home: a welcome, the counts of the role's work, and the panels other features
 * give a role (put together in `app/`, e.g. the underwriter's open claims).
 */
export default function StaffDashboardRoute({
  panels = {},
}: {
  panels?: Partial<Record<StaffRole, ReactNode>>;
}) {
  const user = usePersistedStore(authStore, (state) => state.authData);
  const role = usePersistedStore(authStore, getRole);
  const name = getDisplayName(user);
  if (role === null || role === 'client') return null;
  return (
    <div>
      <ScreenHeading level={1}>
        {name ? t('staff.dashboard.welcome', { name }) : t('staff.dashboard.welcomeNoName')}
      </ScreenHeading>
      <p className="mt-2 text-slate-700">{t(`staff.dashboard.intro.${role}`)}</p>
      <Counts role={role} />
      {panels[role] ?? null}
    </div>
  );
}
