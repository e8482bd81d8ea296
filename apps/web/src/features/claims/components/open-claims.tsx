import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { linkButton } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { formatKenyaDateTime } from '../../../lib/dates';
import { type ClaimSummary, openClaimsQueryOptions } from '../api/claims';
import { t } from '../i18n';
import { ClaimStatusBadge } from './claim-status-badge';

const HOUR = 3_600_000;

/** How long a claim has waited since it was reported: hours on its first day, then days. */
export function claimAge(createdAt: string, now = Date.now()): string {
  const hours = Math.floor((now - Date.parse(createdAt)) / HOUR);
  if (hours < 1) return t('claims.dashboard.ageNew');
  if (hours < 24) return t('claims.dashboard.ageHours', { count: hours });
  return t('claims.dashboard.ageDays', { count: Math.floor(hours / 24) });
}

/**
 * The underwriter's open claims on the staff dashboard: the longest waiting first, each with its
 * age and a link to it on the desk.
 */
export function OpenClaims() {
  const claims = useQuery(openClaimsQueryOptions());
  return (
    <Card title={t('claims.dashboard.title')} className="mt-6">
      <p className="text-slate-700">{t('claims.dashboard.intro')}</p>
      <div className="mt-3">
        <DataTable<ClaimSummary>
          caption={t('claims.dashboard.caption')}
          hideCaption
          isLoading={claims.isPending}
          columns={[
            {
              key: 'ref',
              header: t('claims.dashboard.ref'),
              isRowHeader: true,
              cell: (claim) => (
                <Link
                  to={staffPaths.claim.getHref(claim.id)}
                  className={linkButton}
                  aria-label={t('claims.dashboard.open', { ref: claim.claimRef })}
                >
                  {claim.claimRef}
                </Link>
              ),
            },
            {
              key: 'client',
              header: t('claims.dashboard.client'),
              cell: (claim) => claim.client?.name ?? '',
            },
            {
              key: 'status',
              header: t('claims.dashboard.status'),
              cell: (claim) => <ClaimStatusBadge status={claim.status} />,
            },
            {
              key: 'age',
              header: t('claims.dashboard.age'),
              cell: (claim) => (
                <time dateTime={claim.createdAt} title={formatKenyaDateTime(claim.createdAt)}>
                  {claimAge(claim.createdAt)}
                </time>
              ),
              className: 'whitespace-nowrap',
            },
          ]}
          rows={claims.data?.items ?? []}
          rowKey={(claim) => String(claim.id)}
          emptyText={t('claims.dashboard.empty')}
        />
      </div>
      <p className="mt-3">
        <Link to={staffPaths.claims.getHref()} className={linkButton}>
          {t('claims.dashboard.all')}
        </Link>
      </p>
    </Card>
  );
}
