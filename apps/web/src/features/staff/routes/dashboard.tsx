import { type StaffWork, WORK_AGES, type WorkAge, type WorkByAge } from '@bima/domain/staff-work';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { staffPaths } from '../../../config/staff-paths';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getDisplayName, getRole, type StaffRole } from '../../../stores/auth';
import { staffWorkQueryOptions } from '../api/work';
import { t } from '../i18n';

interface Count {
  id: string;
  label: string;
  value: number;
  href: string;
}

interface WorkGroup {
  id: string;
  title: string;
  counts: Count[];
}

/** Three counts by how long the work has waited, each linking to the list filtered the same way. */
function byAge(id: string, work: WorkByAge, href: (age: WorkAge) => string): Count[] {
  return WORK_AGES.map((age) => ({
    id: `${id}-${age}`,
    label: t(`staff.dashboard.work.ages.${age}`),
    value: work[age],
    href: href(age),
  }));
}

const deskByAge = (age: WorkAge) => `${staffPaths.claims.getHref()}?open=1&age=${age}`;

/** The groups of counts of a role's work, from the one answer of staff/dashboard/getWork. */
function groupsOf(work: StaffWork): WorkGroup[] {
  const k = (key: string, vars?: Record<string, number>) => t(`staff.dashboard.work.${key}`, vars);
  switch (work.role) {
    case 'underwriter':
      return [
        {
          id: 'claims',
          title: k('openClaims', { count: work.openClaims.total }),
          counts: [
            ...byAge('claims', work.openClaims, deskByAge),
            {
              id: 'reported',
              label: k('reportedClaims'),
              value: work.reportedClaims,
              href: `${staffPaths.claims.getHref()}?status=REPORTED`,
            },
          ],
        },
      ];
    case 'intermediary':
      return [
        {
          id: 'requests',
          title: k('waitingRequests', { count: work.waitingRequests.total }),
          counts: byAge('requests', work.waitingRequests, () => staffPaths.requests.getHref()),
        },
        {
          id: 'recommendations',
          title: k('recommendationsTitle'),
          counts: [
            {
              id: 'awaiting',
              label: k('awaitingRecommendations'),
              value: work.awaitingRecommendations,
              href: `${staffPaths.requests.getHref()}?status=QUOTED`,
            },
          ],
        },
      ];
    case 'lender':
      return [
        {
          id: 'applications',
          title: k('waitingApplications', { count: work.waitingApplications.total }),
          counts: byAge('applications', work.waitingApplications, () =>
            staffPaths.loanApplications.getHref(),
          ),
        },
      ];
    case 'admin':
      return [
        {
          id: 'queues',
          title: k('adminTitle'),
          counts: [
            {
              id: 'mail',
              label: k('failingMail'),
              value: work.failingMail,
              href: staffPaths.mailQueue.getHref(),
            },
            { id: 'jobs', label: k('failedJobs'), value: work.failedJobs, href: staffPaths.jobs.getHref() },
            {
              id: 'invitations',
              label: k('pendingInvitations'),
              value: work.pendingInvitations,
              href: staffPaths.staff.getHref(),
            },
            {
              id: 'firms',
              label: t('staff.dashboard.pendingFirms'),
              value: work.pendingFirms,
              href: staffPaths.intermediaries.getHref(),
            },
            {
              id: 'receipts',
              label: t('staff.dashboard.openReceipts'),
              value: work.openReceipts,
              href: staffPaths.moneyReceived.getHref(),
            },
          ],
        },
        {
          id: 'claims',
          title: k('openClaims', { count: work.openClaims.total }),
          counts: byAge('claims', work.openClaims, deskByAge),
        },
      ];
  }
}

/** The work waiting for the role: a titled group of counts, each a link to the list behind it. */
function Work() {
  const work = useQuery(staffWorkQueryOptions());
  return (
    <section aria-labelledby="staff-counts" className="mt-6">
      <h2 id="staff-counts" className="sr-only">
        {t('staff.dashboard.counts')}
      </h2>
      <QueryStatus
        isPending={work.isPending}
        isError={work.isError}
        onRetry={() => void work.refetch()}
        loadingText={t('staff.dashboard.countLoading')}
        errorText={t('staff.dashboard.work.loadError')}
      />
      {work.data
        ? groupsOf(work.data).map((group) => (
            <section key={group.id} aria-labelledby={`work-${group.id}`} className="mt-4 first:mt-0">
              <h3 id={`work-${group.id}`} className="text-lg font-bold text-slate-900">
                {group.title}
              </h3>
              <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {group.counts.map((count) => (
                  <li key={count.id} className="min-w-0">
                    <Link
                      to={count.href}
                      className="block h-full rounded-2xl border border-slate-200 bg-white p-3 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
                    >
                      <span
                        className={`block text-2xl font-bold tabular-nums ${count.value > 0 ? 'text-amber-900' : 'text-slate-900'}`}
                      >
                        {count.value}
                      </span>
                      <span className="block text-sm font-semibold [overflow-wrap:anywhere] text-slate-700">
                        {count.label}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
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
      <Work />
      {panels[role] ?? null}
    </div>
  );
}
