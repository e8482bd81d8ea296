import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatIsoDate } from '../../../lib/dates';
import { type ClaimSummary, claimsPageQueryOptions } from '../api/claims';
import { ClaimStatusBadge } from '../components/claim-status-badge';
import { t } from '../i18n';

/** The client's claims, newest first, paged; Report a claim. */
export default function ClaimsListRoute() {
  const [page, setPage] = usePageParam();
  const claims = useQuery(claimsPageQueryOptions('client', { page }));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenHeading level={1}>{t('claims.list.title')}</ScreenHeading>
        <Link to={paths.portalClaimNew.getHref()} className={buttonPrimary}>
          {t('claims.list.report')}
        </Link>
      </div>
      <p className="mt-2 text-slate-700">{t('claims.list.intro')}</p>
      <PagedTable<ClaimSummary>
        query={claims}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('claims.list.pages')}
        caption={t('claims.list.caption')}
        hideCaption
        columns={[
          {
            key: 'ref',
            header: t('claims.list.ref'),
            isRowHeader: true,
            cell: (claim) => (
              <Link
                to={paths.portalClaim.getHref(claim.id)}
                className={linkButton}
                aria-label={t('claims.list.open', { ref: claim.claimRef })}
              >
                {claim.claimRef}
              </Link>
            ),
          },
          { key: 'type', header: t('claims.list.type'), cell: (claim) => t(`claims.type.${claim.type}`) },
          {
            key: 'date',
            header: t('claims.list.date'),
            cell: (claim) => formatIsoDate(claim.incidentDate),
          },
          {
            key: 'policy',
            header: t('claims.list.policy'),
            cell: (claim) => claim.policyNumber,
            className: 'break-all',
          },
          {
            key: 'status',
            header: t('claims.list.status'),
            cell: (claim) => <ClaimStatusBadge status={claim.status} />,
          },
        ]}
        rowKey={(claim) => String(claim.id)}
        emptyText={t('claims.list.empty')}
      />
    </div>
  );
}
