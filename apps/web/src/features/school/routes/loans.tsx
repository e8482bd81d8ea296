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
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import {
  applyForLoan,
  formatKes,
  type SchoolLoan,
  type SchoolLoanOffer,
  schoolLoanOfferQueryOptions,
  schoolLoansQueryOptions,
} from '../api/school';
import { SchoolLinks } from '../components/school-links';
import { t } from '../i18n';

/**
 * School fees › Loans: the parent's school fee loans (paged; each opens in My Loans, where its
 * instalments are paid); with `?invoice=<ref>`, the offer for that invoice — 2 or 3 monthly
 * instalments, the schedule, fee, total cost and rates shown before accepting.
 */
export default function SchoolLoansRoute() {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  return invoice ? <LoanOffer invoiceRef={invoice} /> : <LoanList />;
}

function LoanList() {
  const [page, setPage] = useState(1);
  const loans = useQuery(schoolLoansQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('school.loans.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('school.loans.intro')}</p>
      <SchoolLinks />
      <PagedTable<SchoolLoan>
        query={loans}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('school.loans.pages')}
        caption={t('school.loans.caption')}
        isScrollFocusable
        rowKey={(loan) => loan.loanRef}
        emptyText={t('school.loans.empty')}
        columns={[
          {
            key: 'ref',
            header: t('school.fields.loan'),
            isRowHeader: true,
            cell: (loan) => (
              <Link to={paths.portalMyLoans.getHref(loan.loanRef)} className={linkButton}>
                {loan.loanRef}
              </Link>
            ),
          },
          {
            key: 'for',
            header: t('school.fields.paysFor'),
            cell: (loan) =>
              loan.schoolFees
                ? `${loan.schoolFees.studentName}, ${loan.schoolFees.school} (${loan.schoolFees.term})`
                : t('school.na'),
          },
          { key: 'lender', header: t('school.fields.lender'), cell: (loan) => loan.lender.name },
          {
            key: 'principal',
            header: t('school.fields.amount'),
            align: 'right',
            className: 'tabular-nums',
            cell: (loan) => formatKes(loan.principal),
          },
          {
            key: 'outstanding',
            header: t('school.fields.outstanding'),
            align: 'right',
            className: 'tabular-nums',
            cell: (loan) => formatKes(loan.outstanding),
          },
          {
            key: 'status',
            header: t('school.fields.status'),
            cell: (loan) => t(`school.loanStatus.${loan.status}`),
          },
          {
            key: 'applied',
            header: t('school.fields.appliedAt'),
            cell: (loan) => formatKenyaDateTime(loan.appliedAt),
          },
        ]}
      />
    </div>
  );
}

function LoanOffer({ invoiceRef }: { invoiceRef: string }) {
  const offer = useQuery(schoolLoanOfferQueryOptions(invoiceRef));
  const data = offer.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('school.offer.title', { ref: invoiceRef })}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('school.offer.intro')}</p>
      <SchoolLinks />
      <QueryStatus
        isPending={offer.isPending}
        isError={offer.isError}
        onRetry={() => void offer.refetch()}
        errorText={t('school.offer.notFound')}
      />
      {data && !data.eligible ? (
        <Card className="mt-6" title={t('school.offer.notEligible')}>
          <p className="text-slate-800">{data.reason}</p>
          {data.openLoanRef ? (
            <Link
              to={paths.portalMyLoans.getHref(data.openLoanRef)}
              className={`${linkButton} mt-3 inline-block`}
            >
              {t('school.offer.openLoan', { ref: data.openLoanRef })}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {data?.eligible ? <OfferForm offer={data} /> : null}
      <Link to={paths.portalSchoolInvoice.getHref(invoiceRef)} className={`${buttonSecondary} mt-6`}>
        {t('school.offer.back')}
      </Link>
    </div>
  );
}

function OfferForm({ offer }: { offer: SchoolLoanOffer }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState(offer.options[0]!.months);
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const acceptId = useId();
  const acceptErrorId = useId();
  const option = offer.options.find((candidate) => candidate.months === months) ?? offer.options[0]!;
  const apply = useMutation({
    mutationFn: applyForLoan,
    onSuccess: (loan) => {
      void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
      void navigate(paths.portalMyLoans.getHref(loan.loanRef));
    },
  });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTried(true);
      return;
    }
    apply.mutate({ invoiceRef: offer.invoiceRef, months, acceptTerms: true });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-2">
      <Card id="school-loan-term" title={t('school.offer.termTitle')}>
        <p className="text-slate-700">
          {t('school.offer.balance', {
            student: offer.studentName,
            school: offer.schoolName,
            term: offer.term,
            amount: formatKes(offer.balance),
          })}
        </p>
        <fieldset className="mt-4">
          <legend className="font-semibold text-slate-900">{t('school.offer.instalments')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {offer.options.map((candidate) => (
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
                    {t('school.offer.monthsValue', { months: candidate.months })}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {t('school.offer.fee', { fee: formatKes(candidate.fee) })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card id="school-loan-cost" title={t('school.offer.costTitle')}>
        <SummaryList
          rows={[
            { label: t('school.fields.lender'), value: option.lender.name },
            { label: t('school.offer.paidToSchool'), value: formatKes(option.principal) },
            { label: t('school.offer.feeLabel'), value: formatKes(option.fee) },
            { label: t('school.offer.totalCost'), value: formatKes(option.fee) },
            { label: t('school.offer.totalRepayable'), value: formatKes(option.totalRepayable) },
            { label: t('school.offer.feeRate'), value: `${option.feeRatePercent.toFixed(2)} %` },
            { label: t('school.offer.annualRate'), value: `${option.annualRatePercent.toFixed(2)} %` },
            { label: t('school.offer.firstInstalment'), value: formatKes(option.firstInstalment) },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">{t('school.offer.firstUpFront')}</p>
      </Card>
      <Card id="school-loan-schedule" title={t('school.offer.scheduleTitle')} className="lg:col-span-2">
        <DataTable
          caption={t('school.offer.scheduleCaption', { months: option.months })}
          hideCaption
          isScrollFocusable
          rows={option.instalments}
          rowKey={(row) => String(row.number)}
          emptyText={t('school.na')}
          columns={[
            { key: 'number', header: t('school.offer.number'), isRowHeader: true, cell: (row) => row.number },
            { key: 'due', header: t('school.fields.dueDate'), cell: (row) => formatIsoDate(row.dueDate) },
            {
              key: 'principal',
              header: t('school.offer.principalPart'),
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatKes(row.principal),
            },
            {
              key: 'fee',
              header: t('school.offer.feePart'),
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatKes(row.fee),
            },
            {
              key: 'amount',
              header: t('school.fields.amount'),
              align: 'right',
              className: 'tabular-nums font-semibold',
              cell: (row) => formatKes(row.amount),
            },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{t('school.offer.ruleTitle')} </span>
          {offer.earlySettlementRule} {t('school.offer.defaultRule')}
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
                    : t('school.offer.applyError'),
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
              if (event.target.checked) setTried(false);
            }}
            aria-invalid={tried ? true : undefined}
            aria-describedby={tried ? acceptErrorId : undefined}
            className="mt-1 h-5 w-5 accent-emerald-800"
          />
          <label htmlFor={acceptId} className="text-slate-900">
            {t('school.offer.accept', {
              months: option.months,
              total: formatKes(option.totalRepayable),
              fee: formatKes(option.fee),
            })}
          </label>
        </div>
        {tried ? (
          <p id={acceptErrorId} className="mt-1 text-sm font-medium text-red-800">
            {t('school.offer.acceptRequired')}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" disabled={apply.isPending}>
          {apply.isPending ? t('school.offer.applying') : t('school.offer.apply')}
        </Button>
      </div>
    </form>
  );
}
