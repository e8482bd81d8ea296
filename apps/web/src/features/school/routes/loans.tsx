import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoanOfferForm, LoanOfferScreen } from '../../../components/loan-offer';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatKenyaDateTime } from '../../../lib/dates';
import {
  applyForLoan,
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
  const [page, setPage] = usePageParam();
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
            cell: (loan) =>
              loan.toBeFinanced === null
                ? formatKes(Math.max(0, loan.outstanding))
                : t('school.fields.toBeFinancedValue', { amount: formatKes(loan.toBeFinanced) }),
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
  return (
    <LoanOfferScreen
      title={t('school.offer.title', { ref: invoiceRef })}
      intro={t('school.offer.intro')}
      links={<SchoolLinks />}
      offer={offer}
      texts={{
        notFound: t('school.offer.notFound'),
        notEligible: t('school.offer.notEligible'),
        openLoan: (ref) => t('school.offer.openLoan', { ref }),
        back: t('school.offer.back'),
      }}
      backHref={paths.portalSchoolInvoice.getHref(invoiceRef)}
      renderForm={(data) => <OfferForm offer={data} />}
    />
  );
}

const percent = (value: number) => `${value.toFixed(2)} %`;

function OfferForm({ offer }: { offer: SchoolLoanOffer }) {
  return (
    <LoanOfferForm
      idPrefix="school-loan"
      options={offer.options}
      initialMonths={offer.options[0]!.months}
      summary={t('school.offer.balance', {
        student: offer.studentName,
        school: offer.schoolName,
        term: offer.term,
        amount: formatKes(offer.balance),
      })}
      optionLabel={(option) => t('school.offer.monthsValue', { months: option.months })}
      optionHint={(option) => t('school.offer.fee', { fee: formatKes(option.fee) })}
      costRows={(option) => [
        { label: t('school.fields.lender'), value: option.lender.name },
        { label: t('school.offer.paidToSchool'), value: formatKes(option.principal) },
        { label: t('school.offer.feeLabel'), value: formatKes(option.fee) },
        { label: t('school.offer.totalCost'), value: formatKes(option.fee) },
        { label: t('school.offer.totalRepayable'), value: formatKes(option.totalRepayable) },
        { label: t('school.offer.feeRate'), value: percent(option.feeRatePercent) },
        { label: t('school.offer.annualRate'), value: percent(option.annualRatePercent) },
        { label: t('school.offer.firstInstalment'), value: formatKes(option.firstInstalment) },
      ]}
      rule={
        <>
          {offer.earlySettlementRule} {t('school.offer.defaultRule')}
        </>
      }
      formatAmount={formatKes}
      texts={{
        termTitle: t('school.offer.termTitle'),
        months: t('school.offer.instalments'),
        costTitle: t('school.offer.costTitle'),
        firstUpFront: t('school.offer.firstUpFront'),
        scheduleTitle: t('school.offer.scheduleTitle'),
        scheduleCaption: (months) => t('school.offer.scheduleCaption', { months }),
        columns: {
          number: t('school.offer.number'),
          dueDate: t('school.fields.dueDate'),
          principalPart: t('school.offer.principalPart'),
          feePart: t('school.offer.feePart'),
          amount: t('school.fields.amount'),
        },
        na: t('school.na'),
        ruleTitle: t('school.offer.ruleTitle'),
        accept: (option) =>
          t('school.offer.accept', {
            months: option.months,
            total: formatKes(option.totalRepayable),
            fee: formatKes(option.fee),
          }),
        acceptRequired: t('school.offer.acceptRequired'),
        apply: t('school.offer.apply'),
        applying: t('school.offer.applying'),
        applyError: t('school.offer.applyError'),
      }}
      onApply={(months) => applyForLoan({ invoiceRef: offer.invoiceRef, months, acceptTerms: true })}
    />
  );
}
