import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { linkButton } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { type InboxRequest, requestQueryOptions, useStartReview } from '../api/requests';
import { ChatWithClient } from '../components/chat-with-client';
import { RecommendationSlot } from '../components/recommendation-slot';
import { StaffStatusBadge } from '../components/staff-status';
import { t } from '../i18n';
import { formatDay, formatWhen, fullName, statusLabel } from '../utils/format';

type HistoryEntry = InboxRequest['history'][number];

/** Start review (PENDING → IN_REVIEW); a refusal (409) is said beside the button. */
function StartReview({ request }: { request: InboxRequest }) {
  const startReview = useStartReview(request.id);
  if (request.status !== 'PENDING') return null;
  const error = startReview.error;
  const message =
    error instanceof ApiError && error.err_msg
      ? error.err_msg
      : error
        ? t('staff.request.reviewFailed')
        : null;
  return (
    <div className="mt-4">
      <Button
        onClick={() =>
          startReview.mutate(undefined, {
            onSuccess: () => notify({ type: 'success', title: t('staff.request.reviewStarted') }),
          })
        }
        disabled={startReview.isPending}
      >
        {startReview.isPending ? t('staff.request.startingReview') : t('staff.request.startReview')}
      </Button>
      {message ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function RequestDetail({ id }: { id: number }) {
  const query = useQuery(requestQueryOptions(id));
  const request = query.data;
  return (
    <div>
      <BackLink to={staffPaths.requests.getHref()}>{t('staff.request.back')}</BackLink>
      <div className="mt-4">
        <ScreenHeading level={1}>
          {request
            ? t('staff.request.title', { ref: request.requestSystemRef })
            : t('staff.request.titleLoading')}
        </ScreenHeading>
      </div>
      <QueryStatus
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorText={t('staff.request.loadError')}
      />
      {request ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <StaffStatusBadge status={request.status} />
            <span className="text-slate-700">
              {t('staff.request.deadlineLine', { date: formatDay(request.expiry) })}
            </span>
          </div>
          <div className="flex flex-wrap items-start gap-4">
            <StartReview request={request} />
            <div className="mt-4">
              <ChatWithClient requestId={request.id} />
            </div>
          </div>
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card title={t('staff.request.client')}>
              <SummaryList
                rows={[
                  { label: t('staff.request.name'), value: fullName(request.client.names) },
                  { label: t('staff.request.email'), value: request.client.email },
                  { label: t('staff.request.kraPin'), value: request.client.kraPin },
                ]}
              />
              {request.sharedAssessmentId ? (
                <Link
                  to={staffPaths.assessment.getHref(request.sharedAssessmentId)}
                  className={`${linkButton} mt-3 inline-block`}
                >
                  {t('staff.request.sharedAssessment')}
                </Link>
              ) : null}
            </Card>
            <Card title={t('staff.request.risk')}>
              <SummaryList
                rows={[
                  { label: t('staff.request.vehicleValue'), value: formatKes(request.risk.value) },
                  { label: t('staff.request.regNo'), value: request.risk.regNo },
                  { label: t('staff.request.chassis'), value: request.risk.chassisNumber },
                ]}
              />
            </Card>
            <Card title={t('staff.request.query')}>
              <p className="whitespace-pre-line text-slate-900">{request.remarks}</p>
              <SummaryList
                rows={[
                  { label: t('staff.request.deadline'), value: formatDay(request.expiry) },
                  { label: t('staff.request.received'), value: formatWhen(request.createdAt) },
                  { label: t('staff.request.firm'), value: request.intermediary.intermediaryNames },
                ]}
              />
            </Card>
            <Card title={t('staff.request.history')}>
              <DataTable<HistoryEntry>
                caption={t('staff.request.history')}
                hideCaption
                isScrollFocusable
                columns={[
                  { key: 'at', header: t('staff.request.when'), cell: (entry) => formatWhen(entry.at) },
                  {
                    key: 'change',
                    header: t('staff.request.change'),
                    cell: (entry) =>
                      entry.from
                        ? t('staff.request.moved', {
                            from: statusLabel(entry.from),
                            to: statusLabel(entry.status),
                          })
                        : statusLabel(entry.status),
                  },
                  {
                    key: 'by',
                    header: t('staff.request.by'),
                    cell: (entry) => (entry.by ? fullName(entry.by.names) : t('staff.request.byClient')),
                  },
                ]}
                rows={request.history}
                rowKey={(entry) => `${entry.at}-${entry.status}`}
                emptyText={t('staff.na')}
              />
            </Card>
          </div>
          {/* EXTENSION POINT: "Prepare a recommendation" renders here (components/recommendation-slot.tsx). */}
          <RecommendationSlot request={request} />
        </>
      ) : null}
    </div>
  );
}

/** One help request in full: the client, the risk, the query, the deadline and its history. */
export default function RequestDetailRoute() {
  const { id } = useParams();
  const requestId = Number(id);
  if (!Number.isInteger(requestId) || requestId < 1) {
    return (
      <div>
        <ScreenHeading level={1}>{t('staff.request.titleLoading')}</ScreenHeading>
        <p className="mt-3 text-slate-700">{t('staff.request.loadError')}</p>
      </div>
    );
  }
  return <RequestDetail key={requestId} id={requestId} />;
}
