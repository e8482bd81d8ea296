import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { ErrorSummary } from '../../../components/error-summary';
import { PagedTable } from '../../../components/paged-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { type IpfOption, ipfOfferQueryOptions } from '../../../lib/ipf';
import { applyForIpf, ipfRequestsQueryOptions, type Loan } from '../api/loans';
import { formatDateTime, formatKesExact, formatPercent } from '../components/format';
import { LoanStatusBadge } from '../components/loan-status';
import { t } from '../i18n';

/**
 * IPF Requests (premium financing): the client's applications, paged; with `?invoice=<ref>`, "Pay
 * over time" for that invoice — choose 4 to 10 months, see the schedule, the fee, the total cost and
 * the rates before accepting, then apply (the first instalment is paid next, on the loan's page).
 */
export default function IpfRequestsRoute() {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  return invoice ? <PayOverTime invoiceSystemRef={invoice} /> : <Applications />;
}

function Applications() {
  const [page, setPage] = useState(1);
  const requests = useQuery(ipfRequestsQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('loans.requests.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('loans.requests.intro')}</p>
      <p className="mt-2 flex flex-wrap gap-4">
        <Link to={paths.portalInvoice.getHref()} className={linkButton}>
          {t('loans.requests.toInvoices')}
        </Link>
        <Link to={paths.portalMyLoans.getHref()} className={linkButton}>
          {t('loans.requests.toMyLoans')}
        </Link>
      </p>
      <PagedTable<Loan>
        query={requests}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('loans.requests.pages')}
        caption={t('loans.requests.caption')}
        rowKey={(loan) => loan.loanRef}
        emptyText={t('loans.requests.empty')}
        columns={[
          {
            key: 'ref',
            header: t('loans.fields.reference'),
            isRowHeader: true,
            cell: (loan) => (
              <Link to={paths.portalMyLoans.getHref(loan.loanRef)} className={linkButton}>
                {loan.loanRef}
              </Link>
            ),
          },
          {
            key: 'invoice',
            header: t('loans.fields.invoice'),
            cell: (loan) => loan.invoiceSystemRef ?? t('loans.na'),
          },
          { key: 'lender', header: t('loans.fields.lender'), cell: (loan) => loan.lender.name },
          {
            key: 'principal',
            header: t('loans.fields.financed'),
            align: 'right',
            className: 'tabular-nums',
            cell: (loan) => formatKesExact(loan.principal),
          },
          {
            key: 'months',
            header: t('loans.fields.months'),
            cell: (loan) => t('loans.monthsValue', { months: loan.months }),
          },
          {
            key: 'status',
            header: t('loans.fields.status'),
            cell: (loan) => <LoanStatusBadge status={loan.status} />,
          },
          {
            key: 'applied',
            header: t('loans.fields.appliedAt'),
            cell: (loan) => formatDateTime(loan.appliedAt),
          },
        ]}
      />
    </div>
  );
}

function PayOverTime({ invoiceSystemRef }: { invoiceSystemRef: string }) {
  const offer = useQuery(ipfOfferQueryOptions(invoiceSystemRef));
  const data = offer.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('loans.offer.title', { ref: invoiceSystemRef })}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('loans.offer.intro')}</p>
      <QueryStatus
        isPending={offer.isPending}
        isError={offer.isError}
        onRetry={() => void offer.refetch()}
        errorText={t('loans.offer.notFound')}
      />
      {data && !data.eligible ? (
        <Card className="mt-6" title={t('loans.offer.notEligible')}>
          <p className="text-slate-800">{data.reason}</p>
          {data.openLoanRef ? (
            <Link
              to={paths.portalMyLoans.getHref(data.openLoanRef)}
              className={`${linkButton} mt-3 inline-block`}
            >
              {t('loans.offer.openLoan', { ref: data.openLoanRef })}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {data?.eligible ? (
        <OfferForm
          invoiceSystemRef={invoiceSystemRef}
          premium={data.premium}
          productName={data.productName}
          options={data.options}
          rule={data.earlySettlementRule}
        />
      ) : null}
      <Link to={paths.portalInvoiceDetail.getHref(invoiceSystemRef)} className={`${buttonSecondary} mt-6`}>
        {t('loans.offer.back')}
      </Link>
    </div>
  );
}

function OfferForm({
  invoiceSystemRef,
  premium,
  productName,
  options,
  rule,
}: {
  invoiceSystemRef: string;
  premium: number;
  productName: string;
  options: IpfOption[];
  rule: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState(
    options.find((option) => option.months === 6)?.months ?? options[0]!.months,
  );
  const [accepted, setAccepted] = useState(false);
  const [triedWithoutAccepting, setTriedWithoutAccepting] = useState(false);
  const acceptId = useId();
  const acceptErrorId = useId();
  const option = options.find((candidate) => candidate.months === months) ?? options[0]!;
  const apply = useMutation({
    mutationFn: applyForIpf,
    onSuccess: (loan) => {
      void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
      void navigate(paths.portalMyLoans.getHref(loan.loanRef));
    },
  });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTriedWithoutAccepting(true);
      return;
    }
    apply.mutate({ invoiceSystemRef, months, acceptTerms: true });
  };
  const later = option.instalments[1]?.amount ?? option.firstInstalment;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-2">
      <Card id="ipf-term" title={t('loans.offer.termTitle')}>
        <p className="text-slate-700">
          {t('loans.offer.premium', { product: productName, amount: formatKesExact(premium) })}
        </p>
        <fieldset className="mt-4">
          <legend className="font-semibold text-slate-900">{t('loans.offer.months')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {options.map((candidate) => (
              <label
                key={candidate.months}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50"
              >
                <input
                  type="radio"
                  name="months"
                  value={candidate.months}
                  checked={candidate.months === months}
                  onChange={() => setMonths(candidate.months)}
                  className="h-4 w-4 accent-emerald-800"
                />
                <span>
                  <span className="block font-semibold text-slate-900">
                    {t('loans.monthsValue', { months: candidate.months })}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {t('loans.offer.perMonth', {
                      amount: formatKesExact(candidate.instalments[1]?.amount ?? candidate.firstInstalment),
                    })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card id="ipf-cost" title={t('loans.offer.costTitle')}>
        <SummaryList
          rows={[
            { label: t('loans.fields.lender'), value: option.lender.name },
            { label: t('loans.fields.financed'), value: formatKesExact(option.principal) },
            { label: t('loans.fields.fee'), value: formatKesExact(option.fee) },
            { label: t('loans.fields.totalCost'), value: formatKesExact(option.fee) },
            { label: t('loans.fields.totalRepayable'), value: formatKesExact(option.totalRepayable) },
            { label: t('loans.fields.feeRate'), value: formatPercent(option.feeRatePercent) },
            { label: t('loans.fields.annualRate'), value: formatPercent(option.annualRatePercent) },
            { label: t('loans.fields.firstInstalment'), value: formatKesExact(option.firstInstalment) },
            {
              label: t('loans.fields.thenMonthly'),
              value: t('loans.offer.thenValue', { count: option.months - 1, amount: formatKesExact(later) }),
            },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">{t('loans.offer.firstUpFront')}</p>
      </Card>
      <Card id="ipf-schedule" title={t('loans.offer.scheduleTitle')} className="lg:col-span-2">
        <DataTable
          caption={t('loans.offer.scheduleCaption', { months: option.months })}
          isScrollFocusable
          hideCaption
          rows={option.instalments}
          rowKey={(row) => String(row.number)}
          emptyText={t('loans.na')}
          columns={[
            { key: 'number', header: t('loans.fields.number'), isRowHeader: true, cell: (row) => row.number },
            { key: 'due', header: t('loans.fields.dueDate'), cell: (row) => formatIsoDate(row.dueDate) },
            {
              key: 'principal',
              header: t('loans.fields.principalPart'),
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatKesExact(row.principal),
            },
            {
              key: 'fee',
              header: t('loans.fields.feePart'),
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatKesExact(row.fee),
            },
            {
              key: 'amount',
              header: t('loans.fields.amount'),
              align: 'right',
              className: 'tabular-nums font-semibold',
              cell: (row) => formatKesExact(row.amount),
            },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{t('loans.offer.ruleTitle')} </span>
          {rule}
        </p>
      </Card>
      <div className="lg:col-span-2">
        {apply.error ? (
          <ErrorSummary
            className="mb-4"
            errors={[
              {
                message:
                  apply.error instanceof ApiError && apply.error.err_msg
                    ? apply.error.err_msg
                    : t('loans.offer.applyError'),
              },
            ]}
          />
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={acceptId}
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setTriedWithoutAccepting(false);
            }}
            aria-invalid={triedWithoutAccepting ? true : undefined}
            aria-describedby={triedWithoutAccepting ? acceptErrorId : undefined}
            className="mt-1 h-5 w-5 accent-emerald-800"
          />
          <label htmlFor={acceptId} className="text-slate-900">
            {t('loans.offer.accept', {
              months: option.months,
              total: formatKesExact(option.totalRepayable),
              fee: formatKesExact(option.fee),
            })}
          </label>
        </div>
        {triedWithoutAccepting ? (
          <p id={acceptErrorId} className="mt-1 text-sm font-medium text-red-800">
            {t('loans.offer.acceptRequired')}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" disabled={apply.isPending}>
          {apply.isPending ? t('loans.offer.applying') : t('loans.offer.apply')}
        </Button>
      </div>
    </form>
  );
}
