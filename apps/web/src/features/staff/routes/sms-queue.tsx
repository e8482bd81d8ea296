import { SMS_QUEUE_FILTERS } from '@bima/domain/sms-queue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { buttonSmall, inputClass, labelClass } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { type QueuedSms, retrySms, type SmsQueueFilter, smsQueueQueryOptions } from '../api/sms-queue';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatWhen } from '../utils/format';

/** The delivery report's words: Success and Failed are said; anything else (Buffered, …) as it came. */
const deliveryLabel = (sms: QueuedSms) =>
  sms.deliveryStatus === null
    ? '—'
    : sms.deliveryStatus === 'Success'
      ? t('staff.smsQueue.delivered')
      : sms.deliveryFailureReason
        ? t('staff.smsQueue.notDelivered', { reason: sms.deliveryFailureReason })
        : sms.deliveryStatus;

/**
 * Admin: the text messages (SMS queue), by default those that failed — refused by Africa's Talking,
 * not delivered twice, or tried 3 times unsent — with Retry now.
 */
export default function SmsQueueRoute() {
  const filterId = useId();
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useState<SmsQueueFilter>('failing');
  const queue = useQuery(smsQueueQueryOptions({ page, filter }));
  const retry = useMutation({
    mutationFn: retrySms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'sms-queue'] }),
  });
  const data = queue.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.smsQueue.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.smsQueue.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={filterId} className={`block ${labelClass}`}>
            {t('staff.smsQueue.filterLabel')}
          </label>
          <select
            id={filterId}
            className={`${inputClass} sm:max-w-xs`}
            value={filter}
            onChange={(event) => {
              setFilter(SMS_QUEUE_FILTERS.find((value) => value === event.target.value) ?? 'failing');
              setPage(1);
            }}
          >
            {SMS_QUEUE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`staff.smsQueue.filters.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {data ? (
          <p className="pb-2 text-slate-800">{t('staff.smsQueue.failingCount', { count: data.failing })}</p>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-3 font-medium">
        {retry.isSuccess ? (
          <span className="text-emerald-900">
            {t('staff.smsQueue.retried', {
              id: retry.data.id,
              status: t(`staff.smsQueue.statuses.${retry.data.status}`),
            })}
          </span>
        ) : null}
        {retry.isError ? (
          <span className="text-red-800">
            {t('staff.smsQueue.retryError', { message: errorMessage(retry.error, '') })}
          </span>
        ) : null}
      </p>
      <PagedTable<QueuedSms>
        query={queue}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.smsQueue.pages')}
        caption={t('staff.smsQueue.caption')}
        hideCaption
        isScrollFocusable={(data?.items ?? []).every((sms) => sms.status === 'sent')}
        columns={[
          { key: 'created', header: t('staff.smsQueue.created'), cell: (sms) => formatWhen(sms.createdAt) },
          {
            key: 'to',
            header: t('staff.smsQueue.to'),
            cell: (sms) => sms.to,
            className: 'break-all',
            isRowHeader: true,
          },
          { key: 'text', header: t('staff.smsQueue.text'), cell: (sms) => sms.text, className: 'text-sm' },
          {
            key: 'status',
            header: t('staff.smsQueue.status'),
            cell: (sms) => (
              <span className="flex flex-wrap gap-1">
                <StatusBadge
                  label={t(`staff.smsQueue.statuses.${sms.status}`)}
                  tone={sms.status === 'sent' ? 'success' : sms.status === 'failed' ? 'danger' : 'warning'}
                />
                {sms.isFailing && sms.status === 'pending' ? (
                  <StatusBadge label={t('staff.smsQueue.failingBadge')} tone="danger" />
                ) : null}
                {sms.retryOf !== null ? (
                  <StatusBadge label={t('staff.smsQueue.resend')} tone="neutral" />
                ) : null}
              </span>
            ),
          },
          { key: 'delivery', header: t('staff.smsQueue.delivery'), cell: deliveryLabel },
          {
            key: 'attempts',
            header: t('staff.smsQueue.attempts'),
            cell: (sms) => sms.attempts,
            align: 'right',
          },
          {
            key: 'error',
            header: t('staff.smsQueue.error'),
            cell: (sms) => sms.lastError ?? '—',
            className: 'text-sm break-all',
          },
          {
            key: 'retry',
            header: <span className="sr-only">{t('staff.smsQueue.retry')}</span>,
            cell: (sms) =>
              sms.status === 'sent' ? null : (
                <button
                  type="button"
                  className={buttonSmall}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(sms.id)}
                  aria-label={t('staff.smsQueue.retryFor', { to: sms.to })}
                >
                  {retry.isPending && retry.variables === sms.id
                    ? t('staff.smsQueue.retrying')
                    : t('staff.smsQueue.retry')}
                </button>
              ),
          },
        ]}
        rowKey={(sms) => String(sms.id)}
        emptyText={t('staff.smsQueue.empty')}
      />
    </div>
  );
}
