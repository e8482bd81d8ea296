import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { buttonSmall, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { type MailQueueFilter, mailQueueQueryOptions, type QueuedMail, retryMail } from '../api/mail-queue';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatWhen } from '../utils/format';

const FILTERS: readonly MailQueueFilter[] = ['failing', 'pending', 'sent', 'all'];

/** Admin: the mail queue, by default the messages that keep failing, with Retry now. */
export default function MailQueueRoute() {
  const filterId = useId();
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useState<MailQueueFilter>('failing');
  const queue = useQuery(mailQueueQueryOptions({ page, filter }));
  const retry = useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'mail-queue'] }),
  });
  const data = queue.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.mailQueue.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.mailQueue.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={filterId} className={`block ${labelClass}`}>
            {t('staff.mailQueue.filterLabel')}
          </label>
          <select
            id={filterId}
            className={`${inputClass} sm:max-w-xs`}
            value={filter}
            onChange={(event) => {
              setFilter(FILTERS.find((value) => value === event.target.value) ?? 'failing');
              setPage(1);
            }}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`staff.mailQueue.filters.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {data ? (
          <p className="pb-2 text-slate-800">{t('staff.mailQueue.failingCount', { count: data.failing })}</p>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-3 font-medium">
        {retry.isSuccess ? (
          <span className="text-emerald-900">
            {t('staff.mailQueue.retried', {
              id: retry.data.id,
              status: t(`staff.mailQueue.statuses.${retry.data.status}`),
            })}
          </span>
        ) : null}
        {retry.isError ? (
          <span className="text-red-800">
            {t('staff.mailQueue.retryError', { message: errorMessage(retry.error, '') })}
          </span>
        ) : null}
      </p>
      <PagedTable<QueuedMail>
        query={queue}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.mailQueue.pages')}
        caption={t('staff.mailQueue.caption')}
        hideCaption
        // Without a Retry button in it, the wide table's box itself takes focus to scroll.
        isScrollFocusable={(data?.items ?? []).every((mail) => mail.status === 'sent')}
        columns={[
          {
            key: 'created',
            header: t('staff.mailQueue.created'),
            cell: (mail) => formatWhen(mail.createdAt),
          },
          { key: 'to', header: t('staff.mailQueue.to'), cell: (mail) => mail.to, className: 'break-all' },
          {
            key: 'subject',
            header: t('staff.mailQueue.subject'),
            cell: (mail) => mail.subject,
            isRowHeader: true,
          },
          {
            key: 'status',
            header: t('staff.mailQueue.status'),
            cell: (mail) => (
              <span className="flex flex-wrap gap-1">
                <StatusBadge
                  label={t(`staff.mailQueue.statuses.${mail.status}`)}
                  tone={mail.status === 'sent' ? 'success' : mail.status === 'failed' ? 'danger' : 'warning'}
                />
                {mail.isFailing && mail.status === 'pending' ? (
                  <StatusBadge label={t('staff.mailQueue.failingBadge')} tone="danger" />
                ) : null}
              </span>
            ),
          },
          {
            key: 'attempts',
            header: t('staff.mailQueue.attempts'),
            cell: (mail) => mail.attempts,
            align: 'right',
          },
          {
            key: 'next',
            header: t('staff.mailQueue.next'),
            cell: (mail) =>
              mail.nextAttemptAt && mail.status === 'pending' ? formatWhen(mail.nextAttemptAt) : '—',
          },
          {
            key: 'error',
            header: t('staff.mailQueue.error'),
            cell: (mail) => mail.lastError ?? '—',
            className: 'text-sm break-all',
          },
          {
            key: 'retry',
            header: <span className="sr-only">{t('staff.mailQueue.retry')}</span>,
            cell: (mail) =>
              mail.status === 'sent' ? null : (
                <button
                  type="button"
                  className={buttonSmall}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(mail.id)}
                  aria-label={t('staff.mailQueue.retryFor', { subject: mail.subject, to: mail.to })}
                >
                  {retry.isPending && retry.variables === mail.id
                    ? t('staff.mailQueue.retrying')
                    : t('staff.mailQueue.retry')}
                </button>
              ),
          },
        ]}
        rowKey={(mail) => String(mail.id)}
        emptyText={t('staff.mailQueue.empty')}
      />
    </div>
  );
}
