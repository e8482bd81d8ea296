import { formatKes } from '@bima/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonSecondary, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { type Loan, loanQueryOptions, myLoansQueryOptions, withdrawApplication } from '../api/loans';
import { formatDateTime, formatPercent } from '../components/format';
import { loanColumns } from '../components/loan-columns';
import { InstalmentBadge, LoanStatusBadge } from '../components/loan-status';
import { PayLoan } from '../components/pay-loan';
import { t } from '../i18n';

/**
 * My loans: the client's loans (paged); with `?loan=<ref>`, one application or loan — where it
 * stands and why, its schedule with what is paid and outstanding (from the ledger), paying the next
 * instalment (the first one up front) by M-Pesa or from the wallet, and early settlement with its rule.
 */
export default function MyLoansRoute() {
  const [params] = useSearchParams();
  const loanRef = params.get('loan');
  return loanRef ? <LoanDetail loanRef={loanRef} /> : <LoanList />;
}

function LoanList() {
  const [page, setPage] = usePageParam();
  const loans = useQuery(myLoansQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('loans.mine.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('loans.mine.intro')}</p>
      <Link to={paths.portalIpfRequests.getHref()} className={`${linkButton} mt-2 inline-block`}>
        {t('loans.mine.toRequests')}
      </Link>
      <PagedTable<Loan>
        query={loans}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('loans.mine.pages')}
        caption={t('loans.mine.caption')}
        rowKey={(loan) => loan.loanRef}
        emptyText={t('loans.mine.empty')}
        columns={[
          loanColumns.ref,
          {
            key: 'policy',
            header: t('loans.fields.policy'),
            cell: (loan) => loan.policy?.policyNumber ?? t('loans.na'),
          },
          loanColumns.lender,
          {
            key: 'outstanding',
            header: t('loans.fields.outstanding'),
            align: 'right',
            className: 'tabular-nums',
            cell: (loan) =>
              loan.toBeFinanced === null
                ? formatKes(Math.max(0, loan.outstanding))
                : t('loans.mine.toBeFinancedValue', { amount: formatKes(loan.toBeFinanced) }),
          },
          {
            key: 'next',
            header: t('loans.fields.nextDue'),
            cell: (loan) =>
              loan.nextInstalment && loan.status === 'ACTIVE'
                ? t('loans.mine.nextValue', {
                    amount: formatKes(loan.nextInstalment.amount),
                    date: formatIsoDate(loan.nextInstalment.dueDate),
                  })
                : t('loans.na'),
          },
          loanColumns.status,
        ]}
      />
    </div>
  );
}

/** What the client should know first, by the loan's status (and its arrears). */
function StatusMessage({ loan }: { loan: Loan }) {
  const lender = loan.lender.name;
  if (loan.status === 'ACTIVE' && loan.arrears) {
    const { arrears } = loan;
    const text =
      arrears.stage === 'overdue'
        ? t('loans.detail.overdue', {
            number: arrears.instalmentNumber,
            amount: formatKes(arrears.amount),
            date: formatIsoDate(arrears.noticeFrom),
          })
        : t('loans.detail.notice', {
            amount: formatKes(arrears.amount),
            date: formatIsoDate(arrears.cancelFrom),
            lender,
          });
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-950"
      >
        {text}
      </p>
    );
  }
  const messages: Record<string, string> = {
    AWAITING_DEPOSIT: t('loans.detail.awaitingDeposit', {
      amount: formatKes(loan.amountDueNow),
      lender,
    }),
    PENDING: t('loans.detail.pending', { lender }),
    DECLINED: t('loans.detail.declined', { lender, reason: loan.declineReason ?? '' }),
    WITHDRAWN: t('loans.detail.withdrawn', { reason: loan.declineReason ?? '' }),
    ACTIVE: t('loans.detail.active', { lender }),
    SETTLED: t('loans.detail.settled'),
    CANCELLED:
      [...loan.events].reverse().find((event) => event.kind === 'cancelled')?.message ??
      loan.cancellationReason ??
      '',
  };
  const isBad = loan.status === 'CANCELLED' || loan.status === 'DECLINED';
  return (
    <p
      role="status"
      className={`mt-4 rounded-xl border-l-4 p-4 ${isBad ? 'border-red-700 bg-red-50 text-red-950' : 'border-emerald-700 bg-emerald-50 text-emerald-950'}`}
    >
      {messages[loan.status]}
    </p>
  );
}

function LoanDetail({ loanRef }: { loanRef: string }) {
  const loan = useQuery(loanQueryOptions(loanRef));
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => withdrawApplication(loanRef),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['client'], exact: false }),
  });
  const data = loan.data;
  return (
    <div>
      <ScreenHeading level={1}>
        {data ? t('loans.detail.title', { ref: data.loanRef }) : t('loans.detail.titleLoading')}
      </ScreenHeading>
      <QueryStatus
        isPending={loan.isPending}
        isError={loan.isError}
        onRetry={() => void loan.refetch()}
        errorText={t('loans.detail.notFound')}
      />
      {data ? (
        <>
          <StatusMessage loan={data} />
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <Card id="loan-summary" title={t('loans.detail.summary')}>
              <SummaryList
                rows={[
                  { label: t('loans.fields.status'), value: <LoanStatusBadge status={data.status} /> },
                  { label: t('loans.fields.lender'), value: data.lender.name },
                  {
                    label: t('loans.fields.invoice'),
                    value: data.invoiceSystemRef ? (
                      <Link
                        to={
                          data.schoolFees
                            ? paths.portalSchoolInvoice.getHref(data.invoiceSystemRef)
                            : paths.portalInvoiceDetail.getHref(data.invoiceSystemRef)
                        }
                        className={linkButton}
                      >
                        {data.invoiceSystemRef}
                      </Link>
                    ) : (
                      t('loans.na')
                    ),
                  },
                  { label: t('loans.fields.product'), value: data.productName ?? t('loans.na') },
                  ...(data.schoolFees
                    ? [
                        {
                          label: t('loans.fields.student'),
                          value: `${data.schoolFees.studentName} (${data.schoolFees.admissionNumber}), ${data.schoolFees.school}`,
                        },
                      ]
                    : []),
                  {
                    label: t('loans.fields.policy'),
                    value: data.schoolFees ? (
                      t('loans.detail.schoolNoPolicy')
                    ) : data.policy ? (
                      <Link to={paths.portalPolicy.getHref(data.policy.id)} className={linkButton}>
                        {t('loans.detail.policyValue', {
                          number: data.policy.policyNumber,
                          status: t(`loans.policyStatus.${data.policy.status}`),
                        })}
                      </Link>
                    ) : (
                      t('loans.detail.noPolicyYet')
                    ),
                  },
                  { label: t('loans.fields.financed'), value: formatKes(data.principal) },
                  { label: t('loans.fields.fee'), value: formatKes(data.fee) },
                  { label: t('loans.fields.totalRepayable'), value: formatKes(data.totalRepayable) },
                  { label: t('loans.fields.feeRate'), value: formatPercent(data.feeRatePercent) },
                  { label: t('loans.fields.annualRate'), value: formatPercent(data.annualRatePercent) },
                  { label: t('loans.fields.paid'), value: formatKes(data.paid) },
                  // Nothing is outstanding before the lender pays: what it is asked to finance instead.
                  data.toBeFinanced === null
                    ? {
                        label: t('loans.fields.outstanding'),
                        value: formatKes(Math.max(0, data.outstanding)),
                      }
                    : { label: t('loans.fields.toBeFinanced'), value: formatKes(data.toBeFinanced) },
                  ...(data.refundToLender !== null
                    ? [
                        {
                          label: t('loans.fields.refundToLender'),
                          value: formatKes(data.refundToLender),
                        },
                      ]
                    : []),
                ]}
              />
              {data.status === 'AWAITING_DEPOSIT' || data.status === 'PENDING' ? (
                <div className="mt-4">
                  {withdraw.error ? (
                    <p role="alert" className="mb-2 font-medium text-red-800">
                      {withdraw.error instanceof ApiError && withdraw.error.err_msg
                        ? withdraw.error.err_msg
                        : t('loans.detail.withdrawError')}
                    </p>
                  ) : null}
                  <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
                    {t('loans.detail.withdraw')}
                  </Button>
                </div>
              ) : null}
            </Card>
            <div className="space-y-6">
              {data.amountDueNow > 0 &&
              (data.status === 'AWAITING_DEPOSIT' ||
                data.status === 'ACTIVE' ||
                data.status === 'CANCELLED') ? (
                <Card id="loan-pay" title={t('loans.detail.payTitle')}>
                  <p className="mb-4 text-slate-800">
                    {data.status === 'AWAITING_DEPOSIT'
                      ? t('loans.detail.payFirst', { amount: formatKes(data.amountDueNow) })
                      : data.status === 'CANCELLED'
                        ? t('loans.detail.payCancelled', { amount: formatKes(data.amountDueNow) })
                        : t('loans.detail.payNext', {
                            amount: formatKes(data.amountDueNow),
                            number: data.nextInstalment?.number ?? '',
                            date: data.nextInstalment ? formatIsoDate(data.nextInstalment.dueDate) : '',
                          })}
                  </p>
                  <PayLoan
                    loanRef={data.loanRef}
                    target="next"
                    amount={data.amountDueNow}
                    idPrefix="loan-next"
                  />
                </Card>
              ) : null}
              {data.settlement && data.settlement.amount > 0 ? (
                <Card id="loan-settle" title={t('loans.detail.settleTitle')}>
                  <p className="text-slate-800">{data.settlement.rule}</p>
                  <SummaryList
                    rows={[
                      { label: t('loans.fields.outstanding'), value: formatKes(data.outstanding) },
                      {
                        label: t('loans.fields.waivedFee'),
                        value: formatKes(data.settlement.waivedFee),
                      },
                      {
                        label: t('loans.fields.settlementAmount'),
                        value: formatKes(data.settlement.amount),
                      },
                    ]}
                  />
                  <div className="mt-4">
                    <PayLoan
                      loanRef={data.loanRef}
                      target="settle"
                      amount={data.settlement.amount}
                      idPrefix="loan-settle"
                    />
                  </div>
                </Card>
              ) : null}
            </div>
          </div>
          <Card id="loan-schedule" title={t('loans.detail.scheduleTitle')} className="mt-6">
            <DataTable
              caption={t('loans.detail.scheduleCaption')}
              isScrollFocusable
              hideCaption
              rows={data.instalments}
              rowKey={(row) => String(row.number)}
              emptyText={t('loans.na')}
              columns={[
                {
                  key: 'number',
                  header: t('loans.fields.number'),
                  isRowHeader: true,
                  cell: (row) => row.number,
                },
                { key: 'due', header: t('loans.fields.dueDate'), cell: (row) => formatIsoDate(row.dueDate) },
                {
                  key: 'amount',
                  header: t('loans.fields.amount'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatKes(row.amount),
                },
                {
                  key: 'paid',
                  header: t('loans.fields.paid'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatKes(row.paid),
                },
                {
                  key: 'outstanding',
                  header: t('loans.fields.outstanding'),
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (row) => formatKes(row.outstanding),
                },
                {
                  key: 'state',
                  header: t('loans.fields.status'),
                  cell: (row) => <InstalmentBadge state={row.state} />,
                },
              ]}
            />
          </Card>
          <Card id="loan-history" title={t('loans.detail.historyTitle')} className="mt-6">
            <ol className="space-y-3">
              {data.events.map((event) => (
                <li key={`${event.kind}-${event.createdAt}`} className="border-l-2 border-emerald-700 pl-3">
                  <p className="text-sm text-slate-700">{formatDateTime(event.createdAt)}</p>
                  <p className="text-slate-900">{event.message}</p>
                </li>
              ))}
            </ol>
          </Card>
        </>
      ) : null}
      <Link to={paths.portalMyLoans.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('loans.detail.back')}
      </Link>
    </div>
  );
}
