import { normaliseMpesaDigits } from '@bima/domain';
import { formatKes } from '@bima/domain/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/card';
import { coverTypeText } from '../../../components/code-labels';
import { describedBy } from '../../../components/field';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, cardClass, inputClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { invoiceQueryOptions } from '../../../lib/invoices';
import {
  checkMpesaNumber,
  keepPhoneCharacters,
  MPESA_INPUT_MAX_LENGTH,
  mpesaDigitsFromKyc,
  toMpesaPhoneNumber,
  validityNotification,
} from '../../../lib/mpesa';
import { notify } from '../../../lib/notifications';
import {
  abortableSleep,
  canPay,
  formatCountdown,
  type PaymentStatusReply,
  paymentReducer,
  pollPaymentStatus,
  secondsUntil,
} from '../../../lib/payment-status';
import { getPaymentStatus, requestInvoicePayment } from '../../../lib/payments';
import { completeQuotation, getQuotationDetails, requoteQuotation } from '../../../lib/quotations';
import { clientDetailsQueryOptions } from '../api/client';
import { type PurchaseContext, useOptionalPurchaseContext } from '../hooks';
import { t } from '../i18n';
import {
  type PaidSummary,
  type PurchaseInvoice,
  purchaseStore,
  setPurchaseErrors,
  usePurchase,
} from '../stores/purchase';
import {
  expiryFromInvoice,
  type InvoiceDue,
  invoiceDue,
  moneyRows,
  paymentSuccessOf,
} from '../utils/invoice-due';
import { formatDays, type SummaryRow } from '../utils/summary';

const FAILED_TOAST_MS = 6_000;
const ERROR_TOAST_MS = 5_000;
const PART_TOAST_MS = 6_000;

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
      amount: reply?.invoice?.amount ?? reply?.amount ?? invoice.amount,
      summary,
    },
  });
}

/**
 * The M-Pesa number (spec-2 §5): typed as people write it ('0712 345 678', '+254 712 345 678'),
 * prefilled from the KYC phone, one validity notification per change of validity.
 */
function useMpesaNumber() {
  const [typed, setTyped] = useState('');
  const check = checkMpesaNumber(typed);
  const previous = useRef(check);
  const lastAnnounced = useRef<string | null>(null);
  const isTouched = useRef(false);
  const kyc = useQuery(clientDetailsQueryOptions());

  // The client's KYC phone, once, unless they typed first; no notification for it.
  const kycPhone = kyc.data?.phone;
  useEffect(() => {
    if (isTouched.current) return;
    const digits = mpesaDigitsFromKyc(kycPhone);
    if (!digits) return;
    isTouched.current = true;
    previous.current = checkMpesaNumber(digits);
    setTyped(digits);
  }, [kycPhone]);

  const change = (text: string) => {
    isTouched.current = true;
    const next = checkMpesaNumber(text);
    const notification = validityNotification(previous.current, next, lastAnnounced.current);
    previous.current = next;
    setTyped(text);
    if (!notification) return;
    lastAnnounced.current = notification.key;
    if (notification.verdict === 'valid') {
      notify({ type: 'success', title: t('purchase.payment.phoneValidTitle') });
    } else {
      notify({ type: 'error', title: t('purchase.payment.phoneInvalidTitle'), message: next.message ?? '' });
    }
  };

  return {
    typed,
    check,
    onChange: (value: string) => change(keepPhoneCharacters(value)),
    /** A pasted number ('+254 712 345 678', '0712-345-678') becomes its digits after +254. */
    onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const pasted = event.clipboardData.getData('text');
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? input.value.length;
      const digits = normaliseMpesaDigits(input.value.slice(0, start) + pasted + input.value.slice(end));
      if (!digits) return;
      event.preventDefault();
      change(digits);
    },
    /**
     * Once the client is in the field, a KYC phone arriving late no longer fills it: it would land
     * between their selecting the text and typing, and what they type would be added to it.
     */
    onFocus: () => {
      isTouched.current = true;
    },
    /** Leaving the input shows a valid number as its nine digits after the fixed +254. */
    onBlur: () => {
      if (check.status === 'valid' && typed !== check.digits) setTyped(check.digits);
    },
  };
}

interface PaymentPanelProps {
  invoice: PurchaseInvoice;
  /** The invoice's paid, balance and amount due now. */
  due: InvoiceDue;
  /** Why the invoice cannot be paid: its quotation expired (from the invoice), or null. */
  expiry: string | null;
  /** Where Previous goes: the summary in the purchase flow, the invoice when paying from the portal. */
  previousHref: string;
  /** Paying from the portal: what the confirmation shows instead of the purchase flow. */
  summary?: PaidSummary | null;
}

function PaymentPanel({ invoice, due, expiry, previousHref, summary = null }: PaymentPanelProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, dispatch] = useReducer(paymentReducer, { status: 'pending' });
  const phone = useMpesaNumber();
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [expiredByServer, setExpiredByServer] = useState<string | null>(null);
  const [partReceived, setPartReceived] = useState<{ amount: number; balance: number } | null>(null);
  const [isRequoting, setIsRequoting] = useState(false);
  const [promptAmount, setPromptAmount] = useState<number | null>(null);
  const pollAbort = useRef<AbortController | null>(null);
  const phoneId = useId();
  const termsId = useId();
  const dueNoteId = useId();
  const ref = invoice.invoiceSystemRef;
  const expiredMessage = expiredByServer ?? expiry;

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

  /** A part of the invoice is paid: the new paid and balance, and Pay Now for the next part. */
  const partPaid = useCallback(
    (reply: PaymentStatusReply) => {
      const outcome = paymentSuccessOf(reply);
      if (outcome.kind !== 'part') return;
      const { invoice: paidInvoice, due: next, received } = outcome;
      queryClient.setQueryData(invoiceQueryOptions(ref).queryKey, (old) =>
        old
          ? {
              ...old,
              amountPaid: paidInvoice.amountPaid,
              balance: paidInvoice.balance,
              amountDueNow: paidInvoice.amountDueNow,
              status: paidInvoice.status,
            }
          : old,
      );
      purchaseStore.setState({ pendingPaymentRef: null, pendingInvoiceRef: null });
      dispatch({ type: 'partPaid' });
      setPartReceived({ amount: received, balance: next.balance });
      notify({
        type: 'success',
        title: t('purchase.payment.partTitle'),
        message: t('purchase.payment.partText', {
          amount: formatKes(received),
          balance: formatKes(next.balance),
        }),
        duration: PART_TOAST_MS,
      });
    },
    [queryClient, ref],
  );

  /** Waits for the customer's answer: six polls, five seconds apart. */
  const follow = useCallback(
    async (paymentRef: string) => {
      pollAbort.current?.abort();
      const controller = new AbortController();
      pollAbort.current = controller;
      dispatch({ type: 'started', paymentRef, now: Date.now() });
      purchaseStore.setState({ pendingPaymentRef: paymentRef, pendingInvoiceRef: ref });
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
        if (paymentSuccessOf(outcome.reply).kind === 'part') {
          partPaid(outcome.reply);
          return;
        }
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
    [succeed, partPaid, ref],
  );

  // A payment still waiting when the page was left is followed again on return (for this invoice).
  useEffect(() => {
    const { pendingPaymentRef, pendingInvoiceRef } = purchaseStore.getState();
    const isThisInvoice = pendingInvoiceRef ? pendingInvoiceRef === ref : !summary;
    if (pendingPaymentRef && isThisInvoice) void follow(pendingPaymentRef);
  }, [follow, ref, summary]);

  const pay = async () => {
    if (phone.check.status !== 'valid') {
      notify({ type: 'error', title: t('purchase.payment.phoneInvalidTitle') });
      return;
    }
    if (expiredMessage || !canPay(phase, true, hasAcceptedTerms)) return;
    dispatch({ type: 'submit' });
    setPhoneError(null);
    setPartReceived(null);
    try {
      const started = await requestInvoicePayment(ref, toMpesaPhoneNumber(phone.check.digits));
      if (!started?.paymentRef) {
        dispatch({ type: 'failed' });
        notify({ type: 'error', title: t('purchase.payment.invalidResponse'), duration: ERROR_TOAST_MS });
        return;
      }
      setPromptAmount(started.amount ?? due.amountDueNow);
      await follow(started.paymentRef);
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) return;
      if (error instanceof ApiError && error.err_code === 'INVOICE_PAID') {
        await succeed();
        return;
      }
      dispatch({ type: 'failed' });
      if (error instanceof ApiError && error.err_code === 'QUOTATION_EXPIRED') {
        setExpiredByServer(error.err_msg?.trim() || t('purchase.payment.expiredUndated'));
        return;
      }
      setPhoneError(t('purchase.payment.phoneError'));
      notify({
        type: 'error',
        title: t('purchase.payment.errorTitle'),
        message: describePaymentError(error),
        duration: ERROR_TOAST_MS,
      });
    }
  };

  /** An expired quotation is priced again with today's rates; its new invoice is paid here. */
  const getNewPrice = async () => {
    setIsRequoting(true);
    try {
      const renewed = await requoteQuotation(invoice.systemQuotationRef);
      const completed = await completeQuotation(renewed.systemQuotationRef);
      navigate(paths.motorPayment.getHref(completed.invoiceSystemRef));
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) return;
      notify({
        type: 'error',
        title: t('purchase.payment.requoteFailedTitle'),
        message: describePaymentError(error),
        duration: ERROR_TOAST_MS,
      });
    } finally {
      setIsRequoting(false);
    }
  };

  const isBusy = phase.status === 'processing' || phase.status === 'waiting';
  const message = phoneError ?? (phone.check.message ? domainText(phone.check.message) : phone.check.message);
  const messageId = `${phoneId}-error`;
  const hintId = `${phoneId}-hint`;
  const restAfterThisPrompt = Math.max(0, due.balance - due.amountDueNow);

  return (
    <div className={`${cardClass} space-y-5`}>
      {expiredMessage ? (
        <div
          role="alert"
          className="space-y-3 rounded-xl border-l-4 border-amber-700 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{expiredMessage}</p>
          <button
            type="button"
            onClick={() => void getNewPrice()}
            disabled={isRequoting}
            className={buttonPrimary}
          >
            {isRequoting ? t('purchase.payment.requoting') : t('purchase.payment.requote')}
          </button>
        </div>
      ) : null}

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
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={MPESA_INPUT_MAX_LENGTH}
            value={phone.typed}
            onChange={(event) => {
              setPhoneError(null);
              phone.onChange(event.target.value);
            }}
            onPaste={phone.onPaste}
            onFocus={phone.onFocus}
            onBlur={phone.onBlur}
            disabled={isBusy || phase.status === 'success'}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(phoneId, { hint: true, error: message })}
            className={`${inputClass} mt-0 rounded-l-none`}
          />
        </div>
        {message ? (
          <p id={messageId} className="mt-1 text-sm font-semibold text-red-800">
            {message}
          </p>
        ) : phone.check.status === 'valid' ? (
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

      {partReceived && phase.status === 'pending' ? (
        <div
          role="status"
          className="rounded-xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
        >
          <p className="font-semibold">{t('purchase.payment.partTitle')}</p>
          <p className="mt-1">
            {t('purchase.payment.partBanner', {
              amount: formatKes(partReceived.amount),
              balance: formatKes(partReceived.balance),
            })}
          </p>
        </div>
      ) : null}
      {phase.status === 'waiting' ? (
        <div role="status" className="rounded-xl border-l-4 border-sky-700 bg-sky-50 p-4 text-sky-950">
          <p className="font-semibold">{t('purchase.payment.bannerWaiting')}</p>
          <p className="mt-1">{t('purchase.payment.bannerPrompt')}</p>
          {due.isPartPayment && promptAmount !== null ? (
            <p className="mt-1">{t('purchase.payment.promptAmount', { amount: formatKes(promptAmount) })}</p>
          ) : null}
          <Countdown deadline={phase.deadline} />
        </div>
      ) : null}
      {phase.status === 'failed' && !expiredMessage ? (
        <div
          role="alert"
          className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-semibold text-red-950"
        >
          {t('purchase.payment.bannerFailed')}
        </div>
      ) : null}

      {due.isPartPayment ? (
        <p id={dueNoteId} className="rounded-xl bg-slate-50 p-4 text-slate-900">
          {restAfterThisPrompt > 0
            ? t('purchase.payment.partNote', {
                due: formatKes(due.amountDueNow),
                rest: formatKes(restAfterThisPrompt),
              })
            : t('purchase.payment.partNoteLast', { due: formatKes(due.amountDueNow) })}
        </p>
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
            disabled={
              Boolean(expiredMessage) || !canPay(phase, phone.check.status === 'valid', hasAcceptedTerms)
            }
            aria-describedby={due.isPartPayment ? dueNoteId : undefined}
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
        <Card
          id="payment-summary"
          title={t('purchase.payment.summary')}
          headingLevel={3}
          className="self-start"
        >
          <SummaryList rows={rows} />
        </Card>
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
  // The invoice as the server has it now: paid so far, balance, and whether its quotation expired.
  const live = useQuery({
    ...invoiceQueryOptions(invoice?.invoiceSystemRef ?? ''),
    enabled: Boolean(invoice && !isPaid),
    retry: false,
  });

  useEffect(() => {
    if (!invoice) {
      setPurchaseErrors([t('purchase.guard.invoiceMissing')]);
      navigate(paths.motorSummary.getHref(), { replace: true });
      return;
    }
    if (isPaid) navigate(paths.motorConfirmation.getHref(), { replace: true });
  }, [invoice, isPaid, navigate]);

  if (!invoice || isPaid) return null;
  const due = invoiceDue(live.data ?? { amount: invoice.amount });
  const summaryRows = [
    { label: t('purchase.fields.product'), value: product.productName },
    ...moneyRows(due, live.data),
    { label: t('purchase.fields.coverType'), value: coverTypeText(product.coverType) },
    { label: t('purchase.fields.period'), value: formatDays(quote.period) },
  ];
  return (
    <PaymentLayout rows={summaryRows}>
      <PaymentPanel
        key={invoice.invoiceSystemRef}
        invoice={invoice}
        due={due}
        expiry={expiryFromInvoice(live.data)}
        previousHref={paths.motorSummary.getHref()}
      />
    </PaymentLayout>
  );
}

/** Paying an invoice from the client portal: the invoice and its quotation come from the API. */
function InvoicePayment({ invoiceSystemRef }: { invoiceSystemRef: string }) {
  const invoiceQuery = useQuery({ ...invoiceQueryOptions(invoiceSystemRef), retry: false });
  const quotationRef = invoiceQuery.data?.systemQuotationRef;
  const quotationQuery = useQuery({
    queryKey: ['client', 'quotation', quotationRef, 'payment'],
    queryFn: ({ signal }) => getQuotationDetails(quotationRef ?? '', signal),
    enabled: Boolean(quotationRef),
    retry: false,
  });
  const invoiceHref = paths.portalInvoiceDetail.getHref(invoiceSystemRef);

  if (invoiceQuery.isError || quotationQuery.isError) {
    return (
      <div role="alert" className={`${cardClass} space-y-3`}>
        <p className="font-semibold text-red-900">{t('purchase.payment.invoiceFailed')}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => {
              void invoiceQuery.refetch();
              if (quotationRef) void quotationQuery.refetch();
            }}
            className={buttonSecondary}
          >
            {t('purchase.payment.retry')}
          </button>
          <Link to={paths.portalInvoice.getHref()} className={buttonSecondary}>
            {t('purchase.payment.toInvoices')}
          </Link>
        </div>
      </div>
    );
  }
  if (!invoiceQuery.data || !quotationQuery.data) {
    return (
      <p role="status" className={cardClass}>
        {t('purchase.payment.invoiceLoading')}
      </p>
    );
  }

  const invoice = invoiceQuery.data;
  const quotation = quotationQuery.data;
  const due = invoiceDue(invoice);
  const summaryRows = [
    { label: t('purchase.fields.product'), value: invoice.productName },
    ...moneyRows(due, invoice),
    { label: t('purchase.fields.coverType'), value: coverTypeText(invoice.coverType) },
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
  // Step 2 first when the quotation still lacks its vehicle or KYC: no prompt could be sent anyway.
  if ((quotation.missingDetails ?? []).length > 0) {
    return <Navigate to={paths.motorCompleteDetails.getHref(quotation.systemQuotationRef)} replace />;
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
        due={due}
        expiry={expiryFromInvoice(invoice)}
        previousHref={invoiceHref}
        summary={summary}
      />
    </PaymentLayout>
  );
}

/**
 * Payment (spec-2): the summary panel and the M-Pesa payment with its status. With `?invoice=…` it
 * pays that invoice (from the client portal) without the purchase flow. An invoice above M-Pesa's
 * per-payment limit is paid in several prompts; an expired quotation is priced again first.
 */
export default function PaymentRoute() {
  const [params] = useSearchParams();
  const context = useOptionalPurchaseContext();
  const invoiceSystemRef = params.get('invoice')?.trim();
  if (invoiceSystemRef) return <InvoicePayment key={invoiceSystemRef} invoiceSystemRef={invoiceSystemRef} />;
  return context ? <FlowPayment context={context} /> : null;
}
