import type { HelpRequestStatus } from '@bima/domain/intermediaries';
import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { inputClass, labelClass, linkButton } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { type InboxItem, requestsQueryOptions } from '../api/requests';
import { StaffStatusBadge } from '../components/staff-status';
import { t } from '../i18n';
import { formatDay, formatWhen, fullName, statusLabel } from '../utils/format';

/** The statuses the inbox filters on (SUSPENDED is not an intermediary's concern: its firm is out). */
const REQUEST_FILTERS: readonly HelpRequestStatus[] = [
  'PENDING',
  'IN_REVIEW',
  'QUOTED',
  'ACCEPTED',
  'REJECTED',
  'EXPIRED',
];

function parseStatus(value: string | null): HelpRequestStatus | undefined {
  return REQUEST_FILTERS.find((status) => status === value);
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The intermediaries' inbox: the firm's help requests, newest first (an admin sees every firm's),
 * filtered by status, with how many are new. The filter and page live in the address.
 */
export default function RequestsRoute() {
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const page = parsePage(searchParams.get('page'));
  const requests = useQuery(requestsQueryOptions({ page, status }));
  const data = requests.data;

  const update = (next: { status?: HelpRequestStatus; page?: number }) => {
    const params: Record<string, string> = {};
    if (next.status) params.status = next.status;
    if (next.page && next.page > 1) params.page = String(next.page);
    setSearchParams(params);
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.requests.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.requests.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor={filterId} className={`block ${labelClass}`}>
            {t('staff.requests.filter')}
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={status ?? ''}
            onChange={(event) => update({ status: parseStatus(event.target.value) })}
          >
            <option value="">{t('staff.requests.all')}</option>
            {REQUEST_FILTERS.map((option) => (
              <option key={option} value={option}>
                {statusLabel(option)}
              </option>
            ))}
          </select>
        </div>
        {data ? (
          <p className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950" aria-live="polite">
            {t('staff.requests.newCount', { count: data.newCount })}
          </p>
        ) : null}
      </div>
      <PagedTable<InboxItem>
        query={requests}
        page={page}
        onPageChange={(next) => update({ status, page: next })}
        pagesLabel={t('staff.requests.pages')}
        caption={t('staff.requests.caption')}
        hideCaption
        isScrollFocusable
        columns={[
          {
            key: 'reference',
            header: t('staff.requests.reference'),
            isRowHeader: true,
            cell: (item) => (
              <Link
                to={staffPaths.request.getHref(item.id)}
                className={`${linkButton} break-all`}
                aria-label={t('staff.requests.open', { ref: item.requestSystemRef })}
              >
                {item.requestSystemRef}
              </Link>
            ),
          },
          {
            key: 'client',
            header: t('staff.requests.client'),
            cell: (item) => fullName(item.client.names),
          },
          {
            key: 'value',
            header: t('staff.requests.vehicleValue'),
            cell: (item) => formatKes(item.risk.value),
            align: 'right',
            className: 'tabular-nums whitespace-nowrap',
          },
          { key: 'regNo', header: t('staff.requests.regNo'), cell: (item) => item.risk.regNo },
          {
            key: 'deadline',
            header: t('staff.requests.deadline'),
            cell: (item) => formatDay(item.expiry),
          },
          {
            key: 'status',
            header: t('staff.requests.status'),
            cell: (item) => <StaffStatusBadge status={item.status} />,
          },
          {
            key: 'received',
            header: t('staff.requests.received'),
            cell: (item) => formatWhen(item.createdAt),
          },
        ]}
        rowKey={(item) => String(item.id)}
        emptyText={status ? t('staff.requests.emptyFiltered') : t('staff.requests.empty')}
      />
    </div>
  );
}
