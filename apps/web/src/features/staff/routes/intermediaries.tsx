import { INTERMEDIARY_STATUSES, type IntermediaryStatus } from '@bima/domain/intermediaries';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { notify } from '../../../lib/notifications';
import {
  type AdminIntermediary,
  intermediariesQueryOptions,
  useChangeIntermediary,
} from '../api/intermediaries';
import { RegisterIntermediaryForm } from '../components/register-intermediary-form';
import { StaffStatusBadge } from '../components/staff-status';
import { SuspendModal } from '../components/suspend-modal';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { statusLabel } from '../utils/format';

/**
 * Admin: every broker and agent firm, searchable and filtered by status; approve a pending or
 * suspended firm, suspend an active one with a reason.
 */
export default function IntermediariesRoute() {
  const searchId = useId();
  const statusId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<IntermediaryStatus | undefined>();
  const [page, setPage] = usePageParam();
  const [suspending, setSuspending] = useState<AdminIntermediary | null>(null);
  const [rowError, setRowError] = useState<{ id: number; message: string } | null>(null);
  const firms = useQuery(intermediariesQueryOptions({ page, search: search || undefined, status }));
  const change = useChangeIntermediary();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  const approve = (firm: AdminIntermediary) => {
    setRowError(null);
    change.mutate(
      { kind: 'approve', id: firm.id },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t('staff.intermediaries.approved', { name: firm.intermediaryNames }),
          }),
        onError: (error) =>
          setRowError({ id: firm.id, message: errorMessage(error, t('staff.intermediaries.changeFailed')) }),
      },
    );
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.intermediaries.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.intermediaries.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <search>
          <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={searchId} className={`block ${labelClass}`}>
                {t('staff.intermediaries.search')}
              </label>
              <input
                id={searchId}
                type="search"
                className={inputClass}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary">
              {t('staff.intermediaries.searchButton')}
            </Button>
          </form>
        </search>
        <div>
          <label htmlFor={statusId} className={`block ${labelClass}`}>
            {t('staff.intermediaries.statusFilter')}
          </label>
          <select
            id={statusId}
            className={inputClass}
            value={status ?? ''}
            onChange={(event) => {
              setStatus(INTERMEDIARY_STATUSES.find((value) => value === event.target.value));
              setPage(1);
            }}
          >
            <option value="">{t('staff.intermediaries.all')}</option>
            {INTERMEDIARY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedTable<AdminIntermediary>
        query={firms}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.intermediaries.pages')}
        caption={t('staff.intermediaries.caption')}
        hideCaption
        columns={[
          {
            key: 'name',
            header: t('staff.intermediaries.name'),
            isRowHeader: true,
            cell: (firm) => <span className="font-semibold">{firm.intermediaryNames}</span>,
          },
          {
            key: 'category',
            header: t('staff.intermediaries.category'),
            cell: (firm) => t(`staff.intermediaries.categories.${firm.category}`),
          },
          {
            key: 'contact',
            header: t('staff.intermediaries.contact'),
            cell: (firm) => (
              <span className="block text-sm">
                <span className="block break-all">{firm.primaryEmail}</span>
                <span className="block">{firm.phone}</span>
              </span>
            ),
          },
          {
            key: 'licence',
            header: t('staff.intermediaries.licence'),
            cell: (firm) => firm.iraLicenceNumber,
          },
          {
            key: 'status',
            header: t('staff.intermediaries.status'),
            cell: (firm) => (
              <>
                <StaffStatusBadge status={firm.status} />
                {firm.status === 'SUSPENDED' && firm.suspendedReason ? (
                  <span className="mt-1 block text-sm text-slate-700">
                    {t('staff.intermediaries.suspendedBecause', { reason: firm.suspendedReason })}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: t('staff.intermediaries.actions'),
            cell: (firm) => (
              <div className="flex flex-col items-start gap-1">
                {firm.status === 'ACTIVE' ? (
                  <Button
                    variant="danger"
                    aria-label={t('staff.intermediaries.suspendLabel', { name: firm.intermediaryNames })}
                    onClick={() => {
                      setRowError(null);
                      setSuspending(firm);
                    }}
                  >
                    {t('staff.intermediaries.suspend')}
                  </Button>
                ) : (
                  <Button
                    variant="small"
                    aria-label={t('staff.intermediaries.approveLabel', { name: firm.intermediaryNames })}
                    disabled={change.isPending}
                    onClick={() => approve(firm)}
                  >
                    {t('staff.intermediaries.approve')}
                  </Button>
                )}
                {rowError?.id === firm.id ? (
                  <span role="alert" className="text-sm font-medium text-red-800">
                    {rowError.message}
                  </span>
                ) : null}
              </div>
            ),
          },
        ]}
        rowKey={(firm) => String(firm.id)}
        emptyText={t('staff.intermediaries.empty')}
      />
      {suspending ? (
        <SuspendModal
          firm={suspending}
          onClose={() => setSuspending(null)}
          onDone={(firm) => {
            setSuspending(null);
            notify({
              type: 'success',
              title: t('staff.intermediaries.suspended', { name: firm.intermediaryNames }),
            });
          }}
        />
      ) : null}
      <RegisterIntermediaryForm />
    </div>
  );
}
