import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { ScreenHeading } from '../../motor/components/screen-heading';
import { buttonPrimary, buttonSecondary, cardClass, inputClass, linkButton } from '../../motor/components/ui';
import { getInvoice } from '../api/invoice';
import { getPaymentStatus, requestInvoicePayment } from '../api/payment';
import { getQuotationDetails } from '../api/quotation';
import { describedBy, SummaryList } from '../components/fields';
import { type PurchaseContext, useOptionalPurchaseContext } from '../hooks';
import { t } from '../i18n';
import {
  type PaidSummary,
  type PurchaseInvoice,
  purchaseStore,
  setPurchaseErrors,
  usePurchase,
} from '../stores/purchase';
import { checkMpesaNumber, type MpesaCheck, toMpesaPhoneNumber } from '../utils/mpesa';
import {
  abortableSleep,
  canPay,
  formatCountdown,
  type PaymentStatusReply,
  paymentReducer,
  pollPaymentStatus,
  secondsUntil,
} from '../utils/payment-status';
import { capitaliseFirst, formatDays, formatKes, type SummaryRow } from '../utils/summary';

const FAILED_TOAST_MS = 6_000;
const ERROR_TOAST_MS = 5_000;

/** The text of a failed payment request: the server's errors, its message, the exception, or the default. */
function describePaymentError(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessages = error.errors.map((entry) => entry.message).filter(Boolean);
    if (fieldMessages.length > 0) return [...new Set(fieldMessages)].join(' ');
    if (error.err_msg?.trim()) return error.err_msg.trim();
  }
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return t('purchase.payment.errorDefault');
}

function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = secondsUntil(deadline, now);
  return (
    <p className="mt-2 font-semibold tabular-nums">
      <span role="timer" aria-label={t('purchase.payment.countdownLabel', { seconds })}>
        {t('purchase.payment.countdown', { time: formatCountdown(seconds) })}
      </span>
    </p>
  );
}

/** The confirmation needs the policy number: a paid invoice found out late is looked up. */
async function rememberPaid(
  invoice: PurchaseInvoice,
  reply?: PaymentStatusReply,
  summary: PaidSummary | null = null,
) {
  let policyNumber = reply?.policyNumber ?? null;
  if (!policyNumber) {
    try {
      policyNumber = (await getQuotationDetails(invoice.systemQuotationRef)).policyNumber;
    } catch {
      policyNumber = null;
    }
  }
  purchaseStore.setState({
    pendingPaymentRef: null,
    pendingInvoiceRef: null,
    paid: {
      invoiceSystemRef: invoice.invoiceSystemRef,
      policyNumber,
      receiptNumber: reply?.receiptNumber ?? null,
      amount: reply?.amount ?? invoice.amount,
      summary,
    },
  });
}

interface PaymentPanelProps {
  invoice: PurchaseInvoice;
  /** Where Previous goes: the summary in the purchase flow, the invoice when paying from the portal. */
  previousHref: string;
  /** Paying from the portal: what the confirmation shows instead of the purchase flow. */
  summary?: PaidSummary | null;
}

function PaymentPanel({ invoice, previousHref, summary = null }: PaymentPanelProps) {
  const navigate = useNavigate();
  const [phase, dispatch] = useReducer(paymentReducer, { status: 'pending' });
  const [phone, setPhone] = useState<MpesaCheck>(() => checkMpesaNumber(''));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const pollAbort = useRef<AbortController | null>(null);
  const phoneId = useId();
  const termsId = useId();

  useEffect(() => () => pollAbort.current?.abort(), []);

  const succeed = useCallback(
    async (reply?: PaymentStatusReply) => {
      await rememberPaid(invoice, reply, summary);
      dispatch({ type: 'succeeded' });
      setPurchaseErrors([]);
      notify({
        type: 'success',
        title: t('purchase.payment.successTitle'),
        message: t('purchase.payment.successText'),
      });
      navigate(paths.motorConfirmation.getHref());
    },
    [invoice, navigate, summary],
  );

  /** Waits for the customer's answer: six polls, five seconds apart. */
  const follow = useCallback(
    async (paymentRef: string) => {
      pollAbort.current?.abort();
      const controller = new AbortController();
      pollAbort.current = controller;
      dispatch({ type: 'started', paymentRef, now: Date.now() });
      purchaseStore.setState({ pendingPaymentRef: paymentRef, pendingInvoiceRef: invoice.invoiceSystemRef });
      let outcome: Awaited<ReturnType<typeof pollPaymentStatus>>;
      try {
        outcome = await pollPaymentStatus({
          fetchStatus: (signal) => getPaymentStatus(paymentRef, signal),
          sleep: abortableSleep,
          signal: controller.signal,
          isFatal: (error) =>
            error instanceof ApiError && (error.httpStatus === 403 || error.httpStatus === 404),
        });
      } catch {
        outcome = { kind: 'timeout' };
      }
      if (outcome.kind === 'aborted') return;
      if (outcome.kind === 'success') {
        await succeed(outcome.reply);
        return;
      }
      purchaseStore.setState({ pendingPaymentRef: null, pendingInvoiceRef: null });
      dispatch({ type: 'failed' });
      if (outcome.kind === 'failed') {
        notify({
          type: 'error',
          title: t('purchase.payment.failedTitle'),
          message: outcome.message ?? t('purchase.payment.failedDefault'),
          duration: FAILED_TOAST_MS,
        });
        return;
      }
      notify({
        type: 'error',
        title: t('purchase.payment.timeout'),
        message: t('purchase.payment.timeoutText'),
        duration: FAILED_TOAST_MS,
      });
    },
    [succeed, invoice],
  );

  // A payment still waiting when the page was left is followed again on return (for this invoice).
  useEffect(() => {
    const { pendingPaymentRef, pendingInvoiceRef } = purchaseStore.getState();
    const isThisInvoice = pendingInvoiceRef ? pendingInvoiceRef === invoice.invoiceSystemRef : !summary;
    if (pendingPaymentRef && isThisInvoice) void follow(pendingPaymentRef);
  }, [follow, invoice, summary]);

  const changePhone = (typed: string) => {
    const check = checkMpesaNumber(typed);
    setPhoneError(null);
    if (check.status === 'valid' && phone.status !== 'valid') {
      notify({ type: 'success', title: t('purchase.payment.phoneValidTitle') });
    }
    if (check.digits.length === 9 && check.status === 'invalid' && phone.digits.length < 9) {
      notify({ type: 'error', title: t('purchase.payment.phoneInvalidTitle'), message: check.message ?? '' });
    }
    setPhone(check);
  };

  const pay = async () => {
    if (phone.status !== 'valid') {
      notify({ type: 'error', title: t('purchase.payment.phoneInvalidTitle') });
      return;
    }
    if (!canPay(phase, true, hasAcceptedTerms)) return;
    dispatch({ type: 'submit' });
    setPhoneError(null);
    try {
      const started = await requestInvoicePayment(invoice.invoiceSystemRef, toMpesaPhoneNumber(phone.digits));
      if (!started?.paymentRef) {
        dispatch({ type: 'failed' });
        notify({ type: 'error', title: t('purchase.payment.invalidResponse'), duration: ERROR_TOAST_MS });
        return;
      }
      await follow(started.paymentRef);
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) return;
      if (error instanceof ApiError && error.err_code === 'INVOICE_PAID') {
        await succeed();
        return;
      }
      dispatch({ type: 'failed' });
      setPhoneError(t('purchase.payment.phoneError'));
      notify({
        type: 'error',
        title: t('purchase.payment.errorTitle'),
        message: describePaymentError(error),
        duration: ERROR_TOAST_MS,
      });
    }
  };

  const isBusy = phase.status === 'processing' || phase.status === 'waiting';
  const message = phoneError ?? phone.message;
  const messageId = `${phoneId}-error`;
  const hintId = `${phoneId}-hint`;

  return (
    <div className={`${cardClass} space-y-5`}>
      <div>
        <label htmlFor={phoneId} className="block font-semibold text-slate-900">
          {t('purchase.payment.mpesaNumber')}
        </label>
        <p id={hintId} className="mt-0.5 text-sm text-slate-700">
          {t('purchase.payment.mpesaHint')}
        </p>
        <div className="mt-1 flex">
          <span
            className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-400 bg-slate-100 px-3 font-semibold text-slate-900"
            title={t('purchase.payment.countryCode')}
          >
            <span aria-hidden="true">+254</span>
            <span className="sr-only">{t('purchase.payment.countryCode')}</span>
          </span>
          <input
            id={phoneId}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={phone.digits}
            onChange={(event) => changePhone(event.target.value)}
            disabled={isBusy || phase.status === 'success'}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(phoneId, 'hint', message ?? undefined)}
            className={`${inputClass} mt-0 rounded-l-none`}
          />
        </div>
        {message ? (
          <p id={messageId} className="mt-1 text-sm font-semibold text-red-800">
            {message}
          </p>
        ) : phone.status === 'valid' ? (
          <p className="mt-1 text-sm font-semibold text-emerald-900">
            {t('purchase.payment.phoneValidTitle')}
          </p>
        ) : null}
      </div>

      <div className="flex items-start gap-3">
        <input
          id={termsId}
          type="checkbox"
          checked={hasAcceptedTerms}
          onChange={(event) => setHasAcceptedTerms(event.target.checked)}
          disabled={isBusy}
          className="mt-1 size-5 shrink-0 accent-emerald-800"
        />
        <label htmlFor={termsId} className="text-slate-900">
          {t('purchase.payment.terms')}{' '}
          <Link to={paths.termsAndPrivacy.getHref()} target="_blank" rel="noopener" className={linkButton}>
            {t('purchase.payment.termsLink')}
            <span className="sr-only"> {t('purchase.payment.termsNewTab')}</span>
          </Link>
          .
        </label>
      </div>

      {phase.status === 'waiting' ? (
        <div role="status" className="rounded-xl border-l-4 border-sky-700 bg-sky-50 p-4 text-sky-950">
          <p className="font-semibold">{t('purchase.payment.bannerWaiting')}</p>
          <p className="mt-1">{t('purchase.payment.bannerPrompt')}</p>
          <Countdown deadline={phase.deadline} />
        </div>
      ) : null}
      {phase.status === 'failed' ? (
        <div
          role="alert"
          className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-semibold text-red-950"
        >
          {t('purchase.payment.bannerFailed')}
        </div>
      ) : null}

      <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950">
        <span aria-hidden="true">🔒 </span>
        {t('purchase.payment.securityNote')}
      </p>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-between">
        <button
          type="button"
          onClick={() => navigate(previousHref)}
          disabled={isBusy}
          className={buttonSecondary}
        >
          {t('purchase.payment.previous')}
        </button>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => navigate(paths.portalQuotations.getHref())}
            disabled={isBusy}
            className={buttonSecondary}
          >
            {t('purchase.payment.payLater')}
          </button>
          <button
            type="button"
            onClick={() => void pay()}
            disabled={!canPay(phase, phone.status === 'valid', hasAcceptedTerms)}
            className={buttonPrimary}
          >
            {phase.status === 'processing'
              ? t('purchase.payment.paying')
              : phase.status === 'waiting'
                ? t('purchase.payment.waitingButton')
                : t('purchase.payment.payNow')}
          </button>
        </div>
      </div>
    </div>
  );
}

function PaymentLayout({ rows, children }: { rows: SummaryRow[]; children: ReactNode }) {
  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('purchase.payment.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('purchase.payment.intro')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="payment-summary" className={`${cardClass} self-start`}>
          <h3 id="payment-summary" className="text-lg font-bold text-slate-900">
            {t('purchase.payment.summary')}
          </h3>
          <div className="mt-2">
            <SummaryList rows={rows} />
          </div>
        </section>
        {children}
      </div>
    </section>
  );
}

/** The payment of the purchase flow: the invoice the summary made. */
function FlowPayment({ context }: { context: PurchaseContext }) {
  const { product, quote } = context;
  const navigate = useNavigate();
  const invoice = usePurchase((state) => state.invoice);
  const paid = usePurchase((state) => state.paid);
  const isPaid = Boolean(invoice && paid && paid.invoiceSystemRef === invoice.invoiceSystemRef);

  useEffect(() => {
    if (!invoice) {
      setPurchaseErrors([t('purchase.guard.invoiceMissing')]);
      navigate(paths.motorSummary.getHref(), { replace: true });
      return;
    }
    if (isPaid) navigate(paths.motorConfirmation.getHref(), { replace: true });
  }, [invoice, isPaid, navigate]);

  if (!invoice || isPaid) return null;
  const summaryRows = [
    { label: t('purchase.fields.product'), value: product.productName },
    { label: t('purchase.fields.totalPremium'), value: formatKes(invoice.amount) },
    { label: t('purchase.fields.coverType'), value: capitaliseFirst(product.coverType) },
    { label: t('purchase.fields.period'), value: formatDays(quote.period) },
  ];
  return (
    <PaymentLayout rows={summaryRows}>
      <PaymentPanel invoice={invoice} previousHref={paths.motorSummary.getHref()} />
    </PaymentLayout>
  );
}

/** Paying an invoice from the client portal: the invoice and its quotation come from the API. */
function InvoicePayment({ invoiceSystemRef }: { invoiceSystemRef: string }) {
  const details = useQuery({
    queryKey: ['client', 'invoice', invoiceSystemRef, 'payment'],
    queryFn: async ({ signal }) => {
      const invoice = await getInvoice(invoiceSystemRef, signal);
      const quotation = await getQuotationDetails(invoice.systemQuotationRef, signal);
      return { invoice, quotation };
    },
    retry: false,
  });
  const invoiceHref = paths.portalInvoiceDetail.getHref(invoiceSystemRef);

  if (details.isPending) {
    return (
      <p role="status" className={cardClass}>
        {t('purchase.payment.invoiceLoading')}
      </p>
    );
  }
  if (details.isError) {
    return (
      <div role="alert" className={`${cardClass} space-y-3`}>
        <p className="font-semibold text-red-900">{t('purchase.payment.invoiceFailed')}</p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={() => void details.refetch()} className={buttonSecondary}>
            {t('purchase.payment.retry')}
          </button>
          <Link to={paths.portalInvoice.getHref()} className={buttonSecondary}>
            {t('purchase.payment.toInvoices')}
          </Link>
        </div>
      </div>
    );
  }

  const { invoice, quotation } = details.data;
  const summaryRows = [
    { label: t('purchase.fields.product'), value: invoice.productName },
    { label: t('purchase.fields.totalPremium'), value: formatKes(invoice.amount) },
    { label: t('purchase.fields.coverType'), value: capitaliseFirst(invoice.coverType) },
    { label: t('purchase.fields.period'), value: formatDays(invoice.period) },
    { label: t('purchase.payment.invoiceRef'), value: invoice.invoiceSystemRef },
  ];
  if (invoice.status === 'PAID') {
    return (
      <PaymentLayout rows={summaryRows}>
        <div role="status" className={`${cardClass} space-y-3`}>
          <p className="font-semibold text-emerald-900">{t('purchase.payment.alreadyPaid')}</p>
          <Link to={invoiceHref} className={buttonSecondary}>
            {t('purchase.payment.toInvoice')}
          </Link>
        </div>
      </PaymentLayout>
    );
  }
  const summary: PaidSummary = {
    productName: invoice.productName,
    premium: invoice.amount,
    coverType: invoice.coverType,
    vehicleValue: quotation.vehicleValue,
    period: invoice.period,
    startDate: invoice.startDate,
  };
  return (
    <PaymentLayout rows={summaryRows}>
      <PaymentPanel
        invoice={{
          systemQuotationRef: invoice.systemQuotationRef,
          invoiceSystemRef: invoice.invoiceSystemRef,
          amount: invoice.amount,
          requestKey: '',
        }}
        previousHref={invoiceHref}
        summary={summary}
      />
    </PaymentLayout>
  );
}

/**
 * Payment (spec-2): the summary panel and the M-Pesa payment with its status. With `?invoice=…` it
 * pays that invoice (from the client portal) without the purchase flow.
 */
export default function PaymentRoute() {
  const [params] = useSearchParams();
  const context = useOptionalPurchaseContext();
  const invoiceSystemRef = params.get('invoice')?.trim();
  if (invoiceSystemRef) return <InvoicePayment invoiceSystemRef={invoiceSystemRef} />;
  return context ? <FlowPayment context={context} /> : null;
}
