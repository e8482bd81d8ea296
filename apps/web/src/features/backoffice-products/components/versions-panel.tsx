import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { Pagination, pageCountOf } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { StatusBadge } from '../../../components/status-badge';
import { linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { staffPaths } from '../../../config/staff-paths';
import { type ProductVersionHead, VERSIONS_PAGE_SIZE, versionsQueryOptions } from '../api/products';
import { t } from '../i18n';
import { formatDateTime } from '../utils/format';

const v = (key: string) => `backofficeProducts.versions.${key}`;

/** Who made a version: their name, else their e-mail; the seed's first versions have nobody. */
export function changedByText(version: Pick<ProductVersionHead, 'changedBy'>): string {
  return version.changedBy?.name || version.changedBy?.email || t(v('system'));
}

/** A product's versions, newest first, each linking to its read-only view; the live one marked. */
export function VersionsPanel({
  productSystemRef,
  currentVersion,
}: {
  productSystemRef: string;
  currentVersion: number;
}) {
  const [page, setPage] = usePageParam('versionsPage');
  const versions = useQuery(versionsQueryOptions(productSystemRef, page));
  return (
    <Card title={t(v('title'))} className="mt-8">
      {versions.isError ? (
        <QueryStatus
          isPending={false}
          isError
          onRetry={() => void versions.refetch()}
          errorText={t(v('loadError'))}
          className="mt-2"
        />
      ) : (
        <DataTable
          caption={t(v('caption'))}
          hideCaption
          columns={[
            {
              key: 'version',
              header: t(v('columns.version')),
              isRowHeader: true,
              cell: (row: ProductVersionHead) => (
                <span className="flex flex-wrap items-center gap-2">
                  <Link
                    to={staffPaths.productVersion.getHref(productSystemRef, row.version)}
                    className={linkButton}
                  >
                    {t(v('view'), { version: row.version })}
                  </Link>
                  {row.version === currentVersion ? (
                    <StatusBadge label={t('backofficeProducts.status.current')} tone="info" />
                  ) : null}
                </span>
              ),
            },
            {
              key: 'who',
              header: t(v('columns.who')),
              cell: (row: ProductVersionHead) => changedByText(row),
            },
            {
              key: 'when',
              header: t(v('columns.when')),
              className: 'whitespace-nowrap',
              cell: (row: ProductVersionHead) => formatDateTime(row.createdAt),
            },
            {
              key: 'summary',
              header: t(v('columns.summary')),
              cell: (row: ProductVersionHead) => row.changeSummary,
            },
          ]}
          rows={versions.data?.items ?? []}
          rowKey={(row) => String(row.version)}
          emptyText={t(v('empty'))}
          isLoading={versions.isPending}
          loadingText={t(v('loading'))}
        />
      )}
      {versions.data && versions.data.total > VERSIONS_PAGE_SIZE ? (
        <Pagination
          className="mt-4"
          label={t(v('pagination'))}
          page={page}
          pageCount={pageCountOf(versions.data)}
          isDisabled={versions.isFetching}
          onPageChange={setPage}
        />
      ) : null}
    </Card>
  );
}
