import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { inputClass, labelClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { staffPaths } from '../../../config/staff-paths';
import { type Application, type ApplicationStatus, applicationsQueryOptions } from '../api/applications';
import { formatKesExact, formatWhen, statusTone } from '../components/format';
import { t } from '../i18n';

const FILTERS: ReadonlyArray<ApplicationStatus | 'ALL'> = [
  'PENDING',
  'AWAITING_DEPOSIT',
  'ACTIVE',
  'SETTLED',
  'CANCELLED',
  'DECLINED',
  'WITHDRAWN',
  'ALL',
];

/** The lender's applications: the queue waiting for a decision by default, any status on demand; paged. */
export default function ApplicationsRoute() {
  const statusId = useId();
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useState<ApplicationStatus | 'ALL'>('PENDING');
  const applications = useQuery(applicationsQueryOptions({ page, status }));
  return (
    <div>
      <ScreenHeading level={1}>{t('lending.list.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('lending.list.intro')}</p>
      <div className="mt-4">
        <label htmlFor={statusId} className={`block ${labelClass}`}>
          {t('lending.list.filter')}
        </label>
        <select
          id={statusId}
          className={`${inputClass} sm:max-w-xs`}
          value={status}
          onChange={(event) => {
            setStatus(FILTERS.find((value) => value === event.target.value) ?? 'PENDING');
            setPage(1);
          }}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`lending.filter.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <PagedTable<Application>
        query={applications}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('lending.list.pages')}
        caption={t('lending.list.caption')}
        hideCaption
        rowKey={(row) => row.loanRef}
        emptyText={t('lending.list.empty')}
        columns={[
          {
            key: 'ref',
            header: t('lending.fields.reference'),
            isRowHeader: true,
            cell: (row) => (
              <Link to={staffPaths.loanApplication.getHref(row.loanRef)} className={linkButton}>
                {row.loanRef}
              </Link>
            ),
          },
          {
            key: 'client',
            header: t('lending.fields.client'),
            cell: (row) => row.client?.names ?? t('lending.na'),
          },
          {
            key: 'product',
            header: t('lending.fields.product'),
            cell: (row) => row.productName ?? t('lending.na'),
          },
          {
            key: 'principal',
            header: t('lending.fields.principal'),
            align: 'right',
            className: 'tabular-nums',
            cell: (row) => formatKesExact(row.principal),
          },
          { key: 'months', header: t('lending.fields.months'), cell: (row) => row.months },
          {
            key: 'status',
            header: t('lending.fields.status'),
            cell: (row) => (
              <StatusBadge label={t(`lending.status.${row.status}`)} tone={statusTone(row.status)} />
            ),
          },
          { key: 'applied', header: t('lending.fields.appliedAt'), cell: (row) => formatWhen(row.appliedAt) },
        ]}
      />
    </div>
  );
}
