import { lenderDeclineSchema } from '@bima/domain/loans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { ErrorSummary } from '../../../components/error-summary';
import { Modal } from '../../../components/modal';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { TextAreaField } from '../../../components/text-area-field';
import { buttonSecondary } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { useSpecForm } from '../../../lib/use-spec-form';
import {
  type Application,
  applicationQueryOptions,
  approveApplication,
  declineApplication,
} from '../api/applications';
import { formatKesExact, formatWhen, statusTone } from '../components/format';
import { t } from '../i18n';

const reasonSchema = lenderDeclineSchema.pick({ reason: true });
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : fallback;

/**
 * One application or loan of the lender: the client, what is financed and its price, the schedule
 * with what is paid, the history; Approve (the lender pays the invoice, the policy is issued) or
 * Decline with a reason while it waits for a decision.
 */
export default function ApplicationDetailRoute() {
  const { ref = '' } = useParams();
  const queryClient = useQueryClient();
  const application = useQuery(applicationQueryOptions(ref));
  const [isDeclining, setIsDeclining] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['lender'], exact: false });
  const approve = useMutation({ mutationFn: () => approveApplication(ref), onSuccess: () => void refresh() });
  const data = application.data;
  const canDecide = data?.status === 'PENDING';
  const canDecline = data?.status === 'PENDING' || data?.status === 'AWAITING_DEPOSIT';
  return (
    <div>
      <ScreenHeading level={1}>
        {data ? t('lending.detail.title', { ref: data.loanRef }) : t('lending.detail.titleLoading')}
      </ScreenHeading>
      <QueryStatus
        isPending={application.isPending}
        isError={application.isError}
        onRetry={() => void application.refetch()}
        errorText={t('lending.detail.notFound')}
      />
      {data ? (
        <>
          {canDecide || canDecline ? (
            <Card id="lending-decision" title={t('lending.detail.decisionTitle')} className="mt-6">
              <p className="text-slate-700">
                {canDecide ? t('lending.detail.decisionIntro') : t('lending.detail.awaitingDeposit')}
              </p>
              {approve.error ? (
                <ErrorSummary
                  className="mt-3"
                  errors={[{ message: messageOf(approve.error, t('lending.detail.failed')) }]}
                />
              ) : null}
              <div className="mt-4 flex flex-wrap gap-3">
                {canDecide ? (
                  <Button disabled={approve.isPending} onClick={() => approve.mutate()}>
                    {approve.isPending ? t('lending.detail.approving') : t('lending.detail.approve')}
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => setIsDeclining(true)}>
                  {t('lending.detail.decline')}
                </Button>
              </div>
            </Card>
          ) : null}
          {approve.data?.status === 'WITHDRAWN' ? (
            <p
              role="status"
              className="mt-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
            >
              {t('lending.detail.withdrawnInstead')}
            </p>
          ) : null}
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card id="lending-summary" title={t('lending.detail.summary')}>
              <Summary data={data} />
            </Card>
            <Card id="lending-history" title={t('lending.detail.history')}>
              <ol className="space-y-3">
                {data.events.map((event) => (
                  <li key={`${event.kind}-${event.createdAt}`} className="border-l-2 border-emerald-700 pl-3">
                    <p className="text-sm text-slate-700">{formatWhen(event.createdAt)}</p>
                    <p className="text-slate-900">{event.message}</p>
                  </li>
                ))}
              </ol>
            </Card>
          </div>
          <Card id="lending-schedule" title={t('lending.detail.schedule')} className="mt-6">
            <DataTable
              caption={t('lending.detail.schedule')}
              isScrollFocusable
              hideCaption
              rows={data.instalments}
              rowKey={(row) => String(row.number)}
              emptyText={t('lending.na')}
              columns={[
                {
                  key: 'number',
                  header: t('lending.fields.number'),
                  isRowHeader: true,
                  cell: (row) => row.number,
                },
                {
                  key: 'due',
                  header: t('lending.fields.dueDate'),
                  cell: (row) => formatIsoDate(row.dueDate),
                },
                {
                  key: 'amount',
                  header: t('lending.fields.amount'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatKesExact(row.amount),
                },
                {
                  key: 'paid',
                  header: t('lending.fields.paid'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatKesExact(row.paid),
                },
                {
                  key: 'state',
                  header: t('lending.fields.status'),
                  cell: (row) => t(`lending.instalment.${row.state}`),
                },
              ]}
            />
          </Card>
        </>
      ) : null}
      {isDeclining && data ? (
        <DeclineModal
          loanRef={data.loanRef}
          onClose={() => setIsDeclining(false)}
          onDone={() => {
            setIsDeclining(false);
            void refresh();
          }}
        />
      ) : null}
      <Link to={staffPaths.loanApplications.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('lending.detail.back')}
      </Link>
    </div>
  );
}

function Summary({ data }: { data: Application }) {
  return (
    <SummaryList
      rows={[
        {
          label: t('lending.fields.status'),
          value: <StatusBadge label={t(`lending.status.${data.status}`)} tone={statusTone(data.status)} />,
        },
        {
          label: t('lending.fields.client'),
          value: data.client ? `${data.client.names} (${data.client.email})` : t('lending.na'),
        },
        { label: t('lending.fields.invoice'), value: data.invoiceSystemRef ?? t('lending.na') },
        { label: t('lending.fields.product'), value: data.productName ?? t('lending.na') },
        ...(data.schoolFees
          ? [
              {
                label: t('lending.fields.school'),
                value: `${data.schoolFees.school}, ${data.schoolFees.town}`,
              },
              {
                label: t('lending.fields.student'),
                value: `${data.schoolFees.studentName} (${data.schoolFees.admissionNumber})`,
              },
              { label: t('lending.fields.term'), value: data.schoolFees.term },
            ]
          : [
              { label: t('lending.fields.insurer'), value: data.insurer ?? t('lending.na') },
              { label: t('lending.fields.vehicle'), value: data.vehicle ?? t('lending.na') },
              { label: t('lending.fields.policy'), value: data.policy?.policyNumber ?? t('lending.na') },
            ]),
        { label: t('lending.fields.principal'), value: formatKesExact(data.principal) },
        { label: t('lending.fields.fee'), value: formatKesExact(data.fee) },
        { label: t('lending.fields.totalRepayable'), value: formatKesExact(data.totalRepayable) },
        { label: t('lending.fields.months'), value: data.months },
        { label: t('lending.fields.firstInstalment'), value: formatKesExact(data.firstInstalment) },
        { label: t('lending.fields.paid'), value: formatKesExact(data.paid) },
        // Nothing is outstanding before the lender pays: what it is asked to finance instead.
        data.toBeFinanced === null
          ? { label: t('lending.fields.outstanding'), value: formatKesExact(Math.max(0, data.outstanding)) }
          : { label: t('lending.fields.toBeFinanced'), value: formatKesExact(data.toBeFinanced) },
        ...(data.declineReason ? [{ label: t('lending.fields.reason'), value: data.declineReason }] : []),
        ...(data.refundToLender !== null
          ? [{ label: t('lending.fields.refund'), value: formatKesExact(data.refundToLender) }]
          : []),
        { label: t('lending.fields.appliedAt'), value: formatWhen(data.appliedAt) },
        { label: t('lending.fields.decidedAt'), value: formatWhen(data.decidedAt) },
      ]}
    />
  );
}

function DeclineModal({
  loanRef,
  onClose,
  onDone,
}: {
  loanRef: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const decline = useMutation({ mutationFn: declineApplication });
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<{ reason: string }, { reason: string }>(
    reasonSchema as never,
    { reason: '' },
  );
  const onSubmit = async ({ reason }: { reason: string }) => {
    try {
      await decline.mutateAsync({ loanRef, reason });
      onDone();
    } catch {
      // Said in the dialog (decline.error).
    }
  };
  return (
    <Modal title={t('lending.decline.title', { ref: loanRef })} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <p className="text-slate-700">{t('lending.decline.intro')}</p>
        {decline.error ? (
          <ErrorSummary errors={[{ message: messageOf(decline.error, t('lending.detail.failed')) }]} />
        ) : null}
        <TextAreaField
          label={t('lending.decline.reason')}
          registration={field('reason')}
          error={errorOf('reason')}
          rows={3}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('lending.decline.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitDisabled || decline.isPending}>
            {t('lending.decline.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
