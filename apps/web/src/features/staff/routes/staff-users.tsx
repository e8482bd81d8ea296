import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { usePageParam } from '../../../components/use-page-param';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import type { StaffUser } from '../api/get-profile';
import { staffUsersQueryOptions, useSetStaffEnabled } from '../api/staff-users';
import { InviteStaffForm } from '../components/invite-staff-form';
import { StaffStatusBadge } from '../components/staff-status';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { fullName } from '../utils/format';

/** Admin: the staff accounts (disable, enable) and the invitation of a new staff member. */
export default function StaffUsersRoute() {
  const myId = usePersistedStore(authStore, (state) => state.authData?.id);
  const [page, setPage] = usePageParam();
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const users = useQuery(staffUsersQueryOptions({ page }));
  const setEnabled = useSetStaffEnabled();

  const toggle = (user: StaffUser) => {
    const isEnabled = user.status === 'DISABLED';
    const name = fullName(user.names) || user.email;
    setRowError(null);
    setEnabled.mutate(
      { userId: user.id, isEnabled },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: t(isEnabled ? 'staff.staffUsers.enabled' : 'staff.staffUsers.disabled', { name }),
          }),
        onError: (error) =>
          setRowError({ id: user.id, message: errorMessage(error, t('staff.staffUsers.changeFailed')) }),
      },
    );
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.staffUsers.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.staffUsers.intro')}</p>
      <PagedTable<StaffUser>
        query={users}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.staffUsers.pages')}
        caption={t('staff.staffUsers.caption')}
        hideCaption
        columns={[
          {
            key: 'name',
            header: t('staff.staffUsers.name'),
            isRowHeader: true,
            cell: (user) => <span className="font-semibold">{fullName(user.names)}</span>,
          },
          {
            key: 'email',
            header: t('staff.staffUsers.email'),
            cell: (user) => user.email,
            className: 'break-all',
          },
          {
            key: 'role',
            header: t('staff.staffUsers.role'),
            cell: (user) => t(`staff.roles.${user.role}`),
          },
          {
            key: 'org',
            header: t('staff.staffUsers.worksFor'),
            cell: (user) =>
              user.intermediary?.intermediaryNames ??
              user.underwriter?.name ??
              user.lender?.name ??
              t('staff.layout.bimaPortal'),
          },
          {
            key: 'status',
            header: t('staff.staffUsers.status'),
            cell: (user) => <StaffStatusBadge status={user.status} />,
          },
          {
            key: 'actions',
            header: t('staff.staffUsers.actions'),
            cell: (user) => {
              if (user.id === myId) return null;
              const name = fullName(user.names) || user.email;
              const isDisabled = user.status === 'DISABLED';
              return (
                <div className="flex flex-col items-start gap-1">
                  <Button
                    variant={isDisabled ? 'small' : 'danger'}
                    aria-label={t(
                      isDisabled ? 'staff.staffUsers.enableLabel' : 'staff.staffUsers.disableLabel',
                      {
                        name,
                      },
                    )}
                    disabled={setEnabled.isPending}
                    onClick={() => toggle(user)}
                  >
                    {t(isDisabled ? 'staff.staffUsers.enable' : 'staff.staffUsers.disable')}
                  </Button>
                  {rowError?.id === user.id ? (
                    <span role="alert" className="text-sm font-medium text-red-800">
                      {rowError.message}
                    </span>
                  ) : null}
                </div>
              );
            },
          },
        ]}
        rowKey={(user) => user.id}
        emptyText={t('staff.staffUsers.empty')}
      />
      <InviteStaffForm />
    </div>
  );
}
