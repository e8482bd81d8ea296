import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoanOfferForm, LoanOfferScreen } from '../../../components/loan-offer';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { type IpfOffer, ipfOfferQueryOptions } from '../../../lib/ipf';
import type { LoanOption } from '../../../lib/loan-offer';
import { applyForIpf, ipfRequestsQueryOptions, type Loan } from '../api/loans';
import { formatDateTime, formatPercent } from '../components/format';
import { loanColumns } from '../components/loan-columns';
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
  const [page, setPage] = usePageParam();
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
          loanColumns.ref,
          {
            key: 'invoice',
            header: t('loans.fields.invoice'),
            cell: (loan) => loan.invoiceSystemRef ?? t('loans.na'),
          },
          loanColumns.lender,
          {
            key: 'principal',
            header: t('loans.fields.financed'),
            align: 'right',
            className: 'tabular-nums',
            cell: (loan) => formatKes(loan.principal),
          },
          {
            key: 'months',
            header: t('loans.fields.months'),
            cell: (loan) => t('loans.monthsValue', { months: loan.months }),
          },
          loanColumns.status,
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
  return (
    <LoanOfferScreen
      title={t('loans.offer.title', { ref: invoiceSystemRef })}
      intro={t('loans.offer.intro')}
      offer={offer}
      texts={{
        notFound: t('loans.offer.notFound'),
        notEligible: t('loans.offer.notEligible'),
        openLoan: (ref) => t('loans.offer.openLoan', { ref }),
        back: t('loans.offer.back'),
      }}
      backHref={paths.portalInvoiceDetail.getHref(invoiceSystemRef)}
      renderForm={(data) => <OfferForm invoiceSystemRef={invoiceSystemRef} offer={data} />}
    />
  );
}

/** An option's later (monthly) instalment: the second, or the first when there is only one. */
const laterInstalment = (option: LoanOption) => option.instalments[1]?.amount ?? option.firstInstalment;

function OfferForm({ invoiceSystemRef, offer }: { invoiceSystemRef: string; offer: IpfOffer }) {
  const { options } = offer;
  return (
    <LoanOfferForm
      idPrefix="ipf"
      options={options}
      initialMonths={options.find((option) => option.months === 6)?.months ?? options[0]!.months}
      summary={t('loans.offer.premium', {
        product: offer.productName,
        amount: formatKes(offer.premium),
      })}
      optionLabel={(option) => t('loans.monthsValue', { months: option.months })}
      optionHint={(option) => t('loans.offer.perMonth', { amount: formatKes(laterInstalment(option)) })}
      costRows={(option) => [
        { label: t('loans.fields.lender'), value: option.lender.name },
        { label: t('loans.fields.financed'), value: formatKes(option.principal) },
        { label: t('loans.fields.fee'), value: formatKes(option.fee) },
        { label: t('loans.fields.totalCost'), value: formatKes(option.fee) },
        { label: t('loans.fields.totalRepayable'), value: formatKes(option.totalRepayable) },
        { label: t('loans.fields.feeRate'), value: formatPercent(option.feeRatePercent) },
        { label: t('loans.fields.annualRate'), value: formatPercent(option.annualRatePercent) },
        { label: t('loans.fields.firstInstalment'), value: formatKes(option.firstInstalment) },
        {
          label: t('loans.fields.thenMonthly'),
          value: t('loans.offer.thenValue', {
            count: option.months - 1,
            amount: formatKes(laterInstalment(option)),
          }),
        },
      ]}
      rule={offer.earlySettlementRule}
      formatAmount={formatKes}
      texts={{
        termTitle: t('loans.offer.termTitle'),
        months: t('loans.offer.months'),
        costTitle: t('loans.offer.costTitle'),
        firstUpFront: t('loans.offer.firstUpFront'),
        scheduleTitle: t('loans.offer.scheduleTitle'),
        scheduleCaption: (months) => t('loans.offer.scheduleCaption', { months }),
        columns: {
          number: t('loans.fields.number'),
          dueDate: t('loans.fields.dueDate'),
          principalPart: t('loans.fields.principalPart'),
          feePart: t('loans.fields.feePart'),
          amount: t('loans.fields.amount'),
        },
        na: t('loans.na'),
        ruleTitle: t('loans.offer.ruleTitle'),
        accept: (option) =>
          t('loans.offer.accept', {
            months: option.months,
            total: formatKes(option.totalRepayable),
            fee: formatKes(option.fee),
          }),
        acceptRequired: t('loans.offer.acceptRequired'),
        apply: t('loans.offer.apply'),
        applying: t('loans.offer.applying'),
        applyError: t('loans.offer.applyError'),
      }}
      onApply={(months) => applyForIpf({ invoiceSystemRef, months, acceptTerms: true })}
    />
  );
}
