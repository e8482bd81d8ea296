import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSmall } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { type FailedJob, jobsQueryOptions, retryJob } from '../api/jobs';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatWhen } from '../utils/format';

/** The jobs the server runs, by their queue names (another name, e.g. a retired job's, shows as it is). */
const KNOWN_JOBS = new Set([
  'payment-reconcile',
  'payout-reconcile',
  'mail-queue',
  'sms-queue',
  'renewal-reminders',
  'loan-jobs',
  'rate-limit-sweep',
  'identity-check-retry',
  'dmvic-issue-certificates',
  'dmvic-certificate-stock',
]);
const jobLabel = (name: string) => (KNOWN_JOBS.has(name) ? t(`staff.jobs.names.${name}`) : name);

/** Admin: the background job queues (shared by every instance) and the runs that failed for good. */
export default function JobsRoute() {
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const jobs = useQuery(jobsQueryOptions(page));
  const retry = useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'jobs'] }),
  });
  const queues = jobs.data?.queues ?? [];
  return (
    <div>
      <ScreenHeading level={1}>{t('staff.jobs.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.jobs.intro')}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-900">
            {t('staff.jobs.queuesCaption')}
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {t('staff.jobs.queue')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('staff.jobs.queued')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('staff.jobs.active')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('staff.jobs.failed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.isPending ? (
              <tr>
                <td colSpan={4} className="py-2 text-slate-700">
                  {t('staff.jobs.loading')}
                </td>
              </tr>
            ) : null}
            {queues.map((queue) => (
              <tr key={queue.name} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {jobLabel(queue.name)}
                  <span className="block text-xs font-normal text-slate-600">{queue.name}</span>
                </th>
                <td className="py-2 pr-4 text-right">{queue.queued}</td>
                <td className="py-2 pr-4 text-right">{queue.active}</td>
                <td
                  className={`py-2 pr-4 text-right ${queue.failed > 0 ? 'font-semibold text-red-800' : ''}`}
                >
                  {queue.failed}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-8">
        <ScreenHeading level={2}>{t('staff.jobs.failedTitle')}</ScreenHeading>
      </div>
      <p aria-live="polite" className="mt-3 font-medium">
        {retry.isSuccess ? <span className="text-emerald-900">{t('staff.jobs.retried')}</span> : null}
        {retry.isError ? (
          <span className="text-red-800">
            {t('staff.jobs.retryError', { message: errorMessage(retry.error, '') })}
          </span>
        ) : null}
      </p>
      <PagedTable<FailedJob>
        query={jobs}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.jobs.pages')}
        caption={t('staff.jobs.failedTitle')}
        hideCaption
        isScrollFocusable={(jobs.data?.items ?? []).length === 0}
        columns={[
          { key: 'failed', header: t('staff.jobs.failedAt'), cell: (job) => formatWhen(job.failedAt) },
          {
            key: 'name',
            header: t('staff.jobs.queue'),
            cell: (job) => jobLabel(job.name),
            isRowHeader: true,
          },
          { key: 'attempts', header: t('staff.jobs.attempts'), cell: (job) => job.attempts, align: 'right' },
          {
            key: 'error',
            header: t('staff.jobs.error'),
            cell: (job) => job.error ?? '—',
            className: 'text-sm break-all',
          },
          {
            key: 'retry',
            header: <span className="sr-only">{t('staff.jobs.retry')}</span>,
            cell: (job) => (
              <button
                type="button"
                className={buttonSmall}
                disabled={retry.isPending}
                onClick={() => retry.mutate(job.id)}
                aria-label={t('staff.jobs.retryFor', {
                  name: jobLabel(job.name),
                  when: formatWhen(job.failedAt),
                })}
              >
                {retry.isPending && retry.variables === job.id
                  ? t('staff.jobs.retrying')
                  : t('staff.jobs.retry')}
              </button>
            ),
          },
        ]}
        rowKey={(job) => job.id}
        emptyText={t('staff.jobs.empty')}
      />
    </div>
  );
}
