import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { claimQueryOptions } from '../api/claims';
import { ClaimStatusBadge } from '../components/claim-status-badge';
import { ClaimChecklist, ClaimFiles, ClaimSummary, ClaimTimeline } from '../components/claim-view';
import { t } from '../i18n';

/** One of the client's claims: details, checklist, photos and documents (with uploads), timeline. */
export default function ClaimDetailRoute() {
  const id = Number(useParams().id);
  const claim = useQuery({ ...claimQueryOptions('client', id), enabled: Number.isInteger(id) && id > 0 });
  const data = claim.data;
  return (
    <div>
      <Link to={paths.portalClaims.getHref()} className={linkButton}>
        {t('claims.detail.back')}
      </Link>
      {!data ? (
        <QueryStatus
          isPending={claim.isPending}
          isError={claim.isError}
          onRetry={() => void claim.refetch()}
        />
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <ScreenHeading level={1}>{t('claims.detail.title', { ref: data.claimRef })}</ScreenHeading>
            <ClaimStatusBadge status={data.status} />
          </div>
          {/* grid-cols-1 (minmax(0, 1fr)): a long name or file name wraps, never widens the page. */}
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div className="min-w-0 space-y-6">
              <ClaimSummary claim={data} />
              <ClaimTimeline claim={data} />
            </div>
            <div className="min-w-0 space-y-6">
              <ClaimChecklist claim={data} />
              <ClaimFiles claim={data} side="client" />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
