import { CLAIM_STATUSES, CLAIM_TYPES } from '@bima/domain/claims';
import { WORK_AGES } from '@bima/domain/staff-work';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, inputClass, labelClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { staffPaths } from '../../../config/staff-paths';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { authStore, getRole } from '../../../stores/auth';
import { type ClaimSummary, claimsPageQueryOptions } from '../api/claims';
import { ClaimStatusBadge } from '../components/claim-status-badge';
import { PaidMonthBadge } from '../components/paid-month-badge';
import { t } from '../i18n';

/** The claims desk: the insurer's claims (an admin's: all; an intermediary's: its clients', read only), filtered and paged. */
export default function DeskQueueRoute() {
  const role = getRole(authStore.getState());
  // The staff dashboard links here filtered: ?open=1&age=from7To30Days, ?status=REPORTED.
  const [searchParams] = useSearchParams();
  const age = WORK_AGES.find((value) => value === searchParams.get('age'));
  const isOpenOnly = searchParams.get('open') === '1';
  const [draft, setDraft] = useState({
    status: CLAIM_STATUSES.find((value) => value === searchParams.get('status')) ?? '',
    type: '',
    search: '',
  });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = usePageParam();
  const claims = useQuery(claimsPageQueryOptions('desk', { page, ...filters, open: isOpenOnly, age }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, search: draft.search.trim() });
    setPage(1);
  };
  return (
    <div>
      <ScreenHeading level={1}>{t('claims.desk.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">
        {role === 'intermediary' ? t('claims.desk.introReadOnly') : t('claims.desk.intro')}
      </p>
      {isOpenOnly || age ? (
        <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl bg-emerald-50 px-4 py-2 text-emerald-950">
          <span className="font-semibold">
            {age
              ? t('claims.desk.openByAge', { age: t(`claims.desk.ages.${age}`) })
              : t('claims.desk.openOnly')}
          </span>
          <Link to={staffPaths.claims.getHref()} className={linkButton}>
            {t('claims.desk.showAll')}
          </Link>
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
        <div>
          <label htmlFor="desk-status" className={`block ${labelClass}`}>
            {t('claims.desk.status')}
          </label>
          <select
            id="desk-status"
            className={inputClass}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">{t('claims.desk.any')}</option>
            {CLAIM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`claims.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="desk-type" className={`block ${labelClass}`}>
            {t('claims.desk.type')}
          </label>
          <select
            id="desk-type"
            className={inputClass}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
          >
            <option value="">{t('claims.desk.any')}</option>
            {CLAIM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`claims.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="desk-search" className={`block ${labelClass}`}>
            {t('claims.desk.search')}
          </label>
          <input
            id="desk-search"
            type="search"
            maxLength={60}
            className={inputClass}
            value={draft.search}
            onChange={(event) => setDraft({ ...draft, search: event.target.value })}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          {t('claims.desk.filter')}
        </button>
      </form>
      <PagedTable<ClaimSummary>
        query={claims}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('claims.list.pages')}
        caption={t('claims.desk.caption')}
        hideCaption
        isLoading={claims.isFetching && claims.isPlaceholderData}
        columns={[
          {
            key: 'ref',
            header: t('claims.list.ref'),
            isRowHeader: true,
            cell: (claim) => (
              <Link
                to={staffPaths.claim.getHref(claim.id)}
                className={linkButton}
                aria-label={t('claims.list.open', { ref: claim.claimRef })}
              >
                {claim.claimRef}
              </Link>
            ),
          },
          {
            key: 'client',
            header: t('claims.desk.client'),
            cell: (claim) =>
              claim.client ? (
                <>
                  {claim.client.name}
                  <br />
                  <span className="break-all text-slate-700">{claim.client.email}</span>
                </>
              ) : (
                ''
              ),
          },
          { key: 'type', header: t('claims.list.type'), cell: (claim) => t(`claims.type.${claim.type}`) },
          {
            key: 'date',
            header: t('claims.list.date'),
            cell: (claim) => (
              <span className="flex flex-col items-start gap-1">
                {formatIsoDate(claim.incidentDate)}
                <PaidMonthBadge inPaidMonth={claim.inPaidMonth} />
              </span>
            ),
            className: 'whitespace-nowrap',
          },
          {
            key: 'policy',
            header: t('claims.list.policy'),
            cell: (claim) => `${claim.policyNumber} (${claim.underwriter})`,
            className: 'break-all',
          },
          {
            key: 'reported',
            header: t('claims.desk.reported'),
            cell: (claim) => formatKenyaDateTime(claim.createdAt),
            className: 'whitespace-nowrap',
          },
          {
            key: 'status',
            header: t('claims.list.status'),
            cell: (claim) => <ClaimStatusBadge status={claim.status} />,
          },
        ]}
        rowKey={(claim) => String(claim.id)}
        emptyText={t('claims.desk.empty')}
      />
    </div>
  );
}
