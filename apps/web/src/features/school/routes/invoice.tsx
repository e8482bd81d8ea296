import { parseAmount } from '@bima/domain';
import { formatKes, shillingsToCents } from '@bima/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { ErrorSummary } from '../../../components/error-summary';
import { AmountInput, PhoneInput } from '../../../components/number-inputs';
import { PagedTable } from '../../../components/paged-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonSecondary, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate, formatKenyaDateTime } from '../../../lib/dates';
import { walletQueryOptions } from '../../../lib/wallet';
import {
  getPaymentStatus,
  payByMpesa,
  payFromWallet,
  type SchoolInvoice,
  schoolInvoiceQueryOptions,
  schoolInvoicesQueryOptions,
} from '../api/school';
import { SchoolInvoiceStatusBadge } from '../components/invoice-status';
import { SchoolLinks } from '../components/school-links';
import { t } from '../i18n';

/** How long the screen follows an M-Pesa prompt. */
const FOLLOW_FOR_MS = 120_000;

/**
 * School fees › Invoices: the invoices of the parent's linked children (paged); with `?invoice=<ref>`
 * one invoice — its balance, paying all or part from the wallet or by M-Pesa, and its receipts.
 */
export default function SchoolInvoiceRoute() {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  return invoice ? <InvoiceDetail invoiceRef={invoice} /> : <InvoiceList />;
}

function InvoiceList() {
  const [page, setPage] = usePageParam();
  const invoices = useQuery(schoolInvoicesQueryOptions(page));
  return (
    <div>
      <ScreenHeading level={1}>{t('school.invoices.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('school.invoices.intro')}</p>
      <SchoolLinks />
      <PagedTable<SchoolInvoice>
        query={invoices}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('school.invoices.pages')}
        caption={t('school.invoices.caption')}
        isScrollFocusable
        rowKey={(row) => row.invoiceRef}
        emptyText={
          <span>
            {t('school.invoices.empty')}{' '}
            <Link to={paths.portalSchoolSchools.getHref()} className={linkButton}>
              {t('school.invoices.linkChild')}
            </Link>
          </span>
        }
        columns={[
          {
            key: 'ref',
            header: t('school.fields.invoice'),
            isRowHeader: true,
            cell: (row) => (
              <Link to={paths.portalSchoolInvoice.getHref(row.invoiceRef)} className={linkButton}>
                {row.invoiceRef}
              </Link>
            ),
          },
          { key: 'student', header: t('school.fields.student'), cell: (row) => row.studentName },
          { key: 'school', header: t('school.fields.school'), cell: (row) => row.school.name },
          { key: 'term', header: t('school.fields.term'), cell: (row) => row.term },
          { key: 'due', header: t('school.fields.dueDate'), cell: (row) => formatIsoDate(row.dueDate) },
          {
            key: 'balance',
            header: t('school.fields.balance'),
            align: 'right',
            className: 'tabular-nums',
            cell: (row) => formatKes(row.balance),
          },
          {
            key: 'status',
            header: t('school.fields.status'),
            cell: (row) => <SchoolInvoiceStatusBadge status={row.status} />,
          },
        ]}
      />
    </div>
  );
}

function InvoiceDetail({ invoiceRef }: { invoiceRef: string }) {
  const invoice = useQuery(schoolInvoiceQueryOptions(invoiceRef));
  const data = invoice.data;
  return (
    <div>
      <ScreenHeading level={1}>{t('school.invoice.title', { ref: invoiceRef })}</ScreenHeading>
      <SchoolLinks />
      <QueryStatus
        isPending={invoice.isPending}
        isError={invoice.isError}
        onRetry={() => void invoice.refetch()}
        errorText={t('school.invoice.notFound')}
      />
      {data ? (
        <>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <Card id="school-invoice" title={t('school.invoice.summary')}>
              <SummaryList
                rows={[
                  {
                    label: t('school.fields.student'),
                    value: `${data.studentName} (${data.admissionNumber})`,
                  },
                  { label: t('school.fields.school'), value: data.school.name },
                  { label: t('school.fields.term'), value: data.term },
                  { label: t('school.fields.dueDate'), value: formatIsoDate(data.dueDate) },
                  { label: t('school.fields.amount'), value: formatKes(data.amount) },
                  { label: t('school.fields.paid'), value: formatKes(data.paid) },
                  {
                    label: t('school.fields.balance'),
                    value: <span data-testid="school-balance">{formatKes(data.balance)}</span>,
                  },
                  {
                    label: t('school.fields.status'),
                    value: <SchoolInvoiceStatusBadge status={data.status} />,
                  },
                ]}
              />
              {data.balance > 0 && !data.loan ? (
                <Link
                  to={paths.portalSchoolLoans.getHref(data.invoiceRef)}
                  className={`${buttonSecondary} mt-4`}
                >
                  {t('school.invoice.payOverTime')}
                </Link>
              ) : null}
              {data.loan ? (
                <p className="mt-4 text-slate-800">
                  {t('school.invoice.hasLoan')}{' '}
                  <Link to={paths.portalMyLoans.getHref(data.loan.loanRef)} className={linkButton}>
                    {data.loan.loanRef}
                  </Link>
                </p>
              ) : null}
            </Card>
            {data.balance > 0 ? (
              <div className="grid gap-6">
                <WalletPayCard invoice={data} />
                <MpesaPayCard invoice={data} />
              </div>
            ) : (
              <Card id="school-paid" title={t('school.invoice.paidTitle')}>
                <p role="status" className="font-semibold text-emerald-900">
                  {t('school.invoice.paidInFull')}
                </p>
              </Card>
            )}
          </div>
          <section aria-labelledby="receipts-heading" className="mt-8">
            <h2 id="receipts-heading" className="text-xl font-bold text-slate-900">
              {t('school.receipts.title')}
            </h2>
            <div className="mt-3">
              <DataTable
                caption={t('school.receipts.caption')}
                hideCaption
                isScrollFocusable
                rows={data.receipts ?? []}
                rowKey={(row) => String(row.id)}
                emptyText={t('school.receipts.empty')}
                columns={[
                  {
                    key: 'date',
                    header: t('school.receipts.date'),
                    isRowHeader: true,
                    cell: (row) => formatKenyaDateTime(row.occurredAt),
                  },
                  { key: 'what', header: t('school.receipts.description'), cell: (row) => row.description },
                  {
                    key: 'reference',
                    header: t('school.receipts.reference'),
                    className: '[overflow-wrap:anywhere]',
                    cell: (row) => row.reference ?? t('school.na'),
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
            </div>
          </section>
        </>
      ) : null}
      <Link to={paths.portalSchoolInvoice.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('school.invoice.back')}
      </Link>
    </div>
  );
}

const fieldErrors = (error: unknown, fields: string[]) =>
  error instanceof ApiError ? (error.errors ?? []).filter((item) => fields.includes(item.field)) : [];

/** The shillings typed ("1,500", "1 500", "KES 1,500"; the domain's one parser), or null. */
const wholeShillings = (value: string) => {
  const parsed = parseAmount(value, { min: 1 });
  return parsed.ok ? parsed.value : null;
};

function WalletPayCard({ invoice }: { invoice: SchoolInvoice }) {
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQueryOptions());
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const pay = useMutation({ mutationFn: payFromWallet });
  const onSubmit = async ({ amount }: { amount: string }) => {
    setDone(null);
    const shillings = wholeShillings(amount);
    if (shillings === null) {
      form.setError('amount', { message: t('school.pay.amountInvalid') });
      return;
    }
    try {
      const answer = await pay.mutateAsync({
        invoiceRef: invoice.invoiceRef,
        amount: shillingsToCents(shillings),
        requestId: crypto.randomUUID(),
      });
      setDone(
        t('school.pay.walletDone', {
          amount: formatKes(shillingsToCents(shillings)),
          balance: formatKes(answer.walletBalance),
        }),
      );
      form.reset({ amount: '' });
      void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
    } catch (error) {
      for (const item of fieldErrors(error, ['amount'])) form.setError('amount', { message: item.message });
    }
  };
  const serverError =
    pay.error && fieldErrors(pay.error, ['amount']).length === 0 ? t('school.pay.failed') : null;
  return (
    <Card id="school-wallet-pay" title={t('school.pay.walletTitle')}>
      <p className="text-slate-700">
        {wallet.data
          ? t('school.pay.walletBalance', { balance: formatKes(wallet.data.balance) })
          : t('school.pay.walletLoading')}{' '}
        <Link to={paths.portalTopUpOptions.getHref()} className={linkButton}>
          {t('school.pay.topUp')}
        </Link>
      </p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-3 grid gap-4">
        {serverError ? <ErrorSummary errors={[{ message: serverError }]} /> : null}
        <AmountInput
          label={t('school.pay.walletAmount')}
          hint={t('school.pay.amountHint', { balance: formatKes(invoice.balance) })}
          autoComplete="off"
          registration={form.register('amount')}
          error={form.formState.errors.amount?.message}
        />
        <Button type="submit" disabled={pay.isPending}>
          {pay.isPending ? t('school.pay.paying') : t('school.pay.walletSubmit')}
        </Button>
        {done ? (
          <p role="status" className="font-semibold text-emerald-900">
            {done}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function MpesaPayCard({ invoice }: { invoice: SchoolInvoice }) {
  const queryClient = useQueryClient();
  const [paymentRef, setPaymentRef] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  // In shillings, as the amount is typed (the invoice answers cents).
  const suggested = Math.min(invoice.balance, invoice.maxMpesaAmount) / 100;
  const form = useForm<{ amount: string; phone: string }>({
    defaultValues: { amount: String(suggested), phone: '' },
  });
  const start = useMutation({ mutationFn: payByMpesa });
  const status = useQuery({
    queryKey: ['client', 'school', 'payment', paymentRef],
    queryFn: ({ signal }) => getPaymentStatus(paymentRef!, signal),
    enabled: paymentRef !== null,
    refetchInterval: (query) =>
      query.state.data?.paymentRequestStatus === 'pending' || !query.state.data
        ? Date.now() - startedAt < FOLLOW_FOR_MS
          ? 3_000
          : false
        : false,
  });
  const outcome = status.data?.paymentRequestStatus;
  useEffect(() => {
    if (outcome === 'success') void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
  }, [outcome, queryClient]);
  useEffect(() => {
    // The balance changed (a wallet payment): suggest what is left, unless a prompt is being followed.
    if (paymentRef === null) form.setValue('amount', String(suggested));
  }, [suggested, paymentRef, form]);
  const onSubmit = async (values: { amount: string; phone: string }) => {
    let failed = false;
    const shillings = wholeShillings(values.amount);
    if (shillings === null) {
      form.setError('amount', { message: t('school.pay.amountInvalid') });
      failed = true;
    }
    if (!values.phone.trim()) {
      form.setError('phone', { message: t('school.pay.phoneRequired') });
      failed = true;
    }
    if (failed || shillings === null) return;
    try {
      const started = await start.mutateAsync({
        invoiceRef: invoice.invoiceRef,
        amount: shillingsToCents(shillings),
        phone: values.phone,
      });
      setStartedAt(Date.now());
      setPaymentRef(started.paymentRef);
    } catch (error) {
      for (const item of fieldErrors(error, ['amount', 'phone']))
        form.setError(item.field as 'amount' | 'phone', { message: item.message });
    }
  };
  const serverError =
    start.error && fieldErrors(start.error, ['amount', 'phone']).length === 0
      ? start.error instanceof ApiError && start.error.err_msg
        ? start.error.err_msg
        : t('school.pay.failed')
      : null;
  if (paymentRef) {
    // The payment answers cents; the amount typed is whole shillings.
    const amount = formatKes(
      status.data?.amount ?? shillingsToCents(wholeShillings(form.getValues('amount')) ?? 0),
    );
    const timedOut = outcome === 'pending' && Date.now() - startedAt >= FOLLOW_FOR_MS;
    return (
      <Card id="school-mpesa-pay" title={t('school.pay.mpesaTitle')}>
        <div role="status" aria-live="polite" className="text-slate-800">
          {outcome === 'success' ? (
            <p className="font-semibold text-emerald-900">
              {t('school.pay.mpesaDone', { amount, receipt: status.data?.receiptNumber ?? '' })}
            </p>
          ) : outcome === 'failed' ? (
            <p className="font-semibold text-red-800">
              {t('school.pay.mpesaFailed', { reason: status.data?.statusMessage ?? '' })}
            </p>
          ) : timedOut ? (
            <p>{t('school.pay.stillWaiting')}</p>
          ) : (
            <p>{t('school.pay.waiting', { amount })}</p>
          )}
        </div>
        {outcome === 'success' || outcome === 'failed' || timedOut ? (
          <button
            type="button"
            className={`${buttonSecondary} mt-4`}
            onClick={() => {
              setPaymentRef(null);
              start.reset();
              form.reset({ amount: '', phone: form.getValues('phone') });
            }}
          >
            {t('school.pay.another')}
          </button>
        ) : null}
      </Card>
    );
  }
  return (
    <Card id="school-mpesa-pay" title={t('school.pay.mpesaTitle')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        {serverError ? <ErrorSummary errors={[{ message: serverError }]} /> : null}
        <AmountInput
          label={t('school.pay.mpesaAmount')}
          hint={t('school.pay.mpesaHint', { max: formatKes(invoice.maxMpesaAmount) })}
          autoComplete="off"
          registration={form.register('amount')}
          error={form.formState.errors.amount?.message}
        />
        <PhoneInput
          label={t('school.pay.phone')}
          hint={t('school.pay.phoneHint')}
          registration={form.register('phone')}
          error={form.formState.errors.phone?.message}
        />
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('school.pay.sending') : t('school.pay.mpesaSubmit')}
        </Button>
      </form>
    </Card>
  );
}
