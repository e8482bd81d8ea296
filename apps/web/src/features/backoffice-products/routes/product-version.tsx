import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { linkButton } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { versionQueryOptions } from '../api/products';
import { ConfigurationView } from '../components/configuration-view';
import { changedByText } from '../components/versions-panel';
import { t } from '../i18n';
import { formatDateTime } from '../utils/format';

const v = (key: string) => `backofficeProducts.versions.${key}`;

/** One version of a product as it was, read-only; the live one is marked current. */
export default function ProductVersionRoute() {
  const { ref = '', version: versionParam = '' } = useParams();
  const versionNumber = Number(versionParam);
  const version = useQuery({
    ...versionQueryOptions(ref, versionNumber),
    enabled: Number.isInteger(versionNumber) && versionNumber >= 1,
  });
  const data = version.data;
  return (
    <div>
      <Link to={staffPaths.product.getHref(ref)} className={linkButton}>
        {t(v('backToProduct'))}
      </Link>
      <div className="mt-4">
        <ScreenHeading level={1}>
          {t(v('viewTitle'), { name: data?.configuration.name ?? ref, version: versionParam })}
        </ScreenHeading>
      </div>
      <QueryStatus
        isPending={version.isPending && version.fetchStatus !== 'idle'}
        isError={version.isError || (version.isPending && version.fetchStatus === 'idle')}
        onRetry={() => void version.refetch()}
        errorText={t(v('loadVersionError'))}
      />
      {data ? (
        <>
          <Card title={t(v('details'))} className="mt-6">
            <SummaryList
              rows={[
                {
                  label: t(v('columns.version')),
                  value: (
                    <span className="inline-flex flex-wrap items-center justify-end gap-2">
                      {data.version}
                      {data.isCurrent ? (
                        <StatusBadge label={t('backofficeProducts.status.current')} tone="info" />
                      ) : null}
                    </span>
                  ),
                },
                { label: t(v('fields.changedBy')), value: changedByText(data) },
                { label: t(v('fields.createdAt')), value: formatDateTime(data.createdAt) },
                { label: t(v('fields.summary')), value: data.changeSummary || t(v('fields.none')) },
                {
                  label: t(v('fields.status')),
                  value: t(
                    data.active ? 'backofficeProducts.status.active' : 'backofficeProducts.status.inactive',
                  ),
                },
              ]}
            />
          </Card>
          <ConfigurationView configuration={data.configuration} />
        </>
      ) : null}
    </div>
  );
}
