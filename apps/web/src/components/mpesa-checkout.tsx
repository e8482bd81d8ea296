import { formatKes } from '@bima/domain/money';
import { type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react';
import { paths } from '../config/paths';
import { ApiError } from '../lib/api-client';
import { domainText } from '../lib/domain-text';
import {
  checkMpesaNumber,
  keepPhoneCharacters,
  MPESA_INPUT_MAX_LENGTH,
  mpesaDigitsFromKyc,
  toMpesaPhoneNumber,
} from '../lib/mpesa';
import {
  abortableSleep,
  canPay,
  type PaymentStatusReply,
  paymentReducer,
  pollPaymentStatus,
} from '../lib/payment-status';
import { getPaymentStatus } from '../lib/payments';
import { t } from './i18n';
import { buttonPrimary, fieldErrorClass, inputClass, labelClass, linkButton } from './ui';

export interface MpesaCheckoutLabels {
  /** The pay button before paying (spec-2: 'Pay Now'; the commercial wizard's 'Make Payment'). */
  pay: string;
  /** While the prompt is sent and answered ('Processing...'). */
  processing: string;
  /** After the payment succeeded ('Payment Complete'). */
  done: string;
}

export interface MpesaCheckoutProps {
  /** Sends the M-Pesa prompt to `phoneNumber` ('2547XXXXXXXX'), answering the payment's reference. */
  start: (phoneNumber: string) => Promise<{ paymentRef: string }>;
  /** What is paid, in cents (shown beside the button). */
  amount: number;
  /** The payment succeeded and paid everything due. */
  onSuccess: (reply: PaymentStatusReply) => void;
  /** The payment failed, timed out or could not start (the form allows another try). */
  onFailed?: (message: string) => void;
  /** A part was paid (M-Pesa's per-prompt limit) and a balance (cents) is left: the form asks for the next part. */
  onPartPaid?: (balance: number) => void;
  labels?: Partial<MpesaCheckoutLabels>;
  /** A phone to start from (the client's KYC phone), in any usual form. */
  defaultPhone?: string | null;
  /** What the status line says before paying and after success (defaults: the wizard's texts). */
  messages?: { pending?: ReactNode; success?: ReactNode };
}

type Banner = { tone: 'info' | 'error' | 'success'; text: ReactNode } | null;

/** The text of a refused start: the server's field messages, its message, or the default. */
function startError(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = error.errors.map((entry) => entry.message).filter(Boolean);
    if (messages.length > 0) return [...new Set(messages)].join(' ');
    if (error.err_msg?.trim()) return error.err_msg.trim();
  }
  return t('components.checkout.failed');
}

/**
 * Pays by M-Pesa (spec-2 §4, §5, §9): the number after a fixed +254 (nine digits starting with 7 or
 * 1, typed as people write it), the terms, one prompt, then up to six polls five seconds apart.
 * Success calls `onSuccess` once; a part payment (M-Pesa's per-prompt limit) asks for the next part;
 * failure or no answer allows another try. The button is disabled while paying and after success.
 */
export function MpesaCheckout({
  start,
  amount,
  onSuccess,
  onFailed,
  onPartPaid,
  labels,
  defaultPhone,
  messages,
}: MpesaCheckoutProps) {
  const [typed, setTyped] = useState(() => mpesaDigitsFromKyc(defaultPhone));
  const [hasAcceptedTerms, setAcceptedTerms] = useState(false);
  const [isTouched, setTouched] = useState(false);
  // In the field: a KYC phone arriving late would land between selecting the text and typing.
  const isInField = useRef(false);
  const [phase, dispatch] = useReducer(paymentReducer, { status: 'pending' });
  const [banner, setBanner] = useState<Banner>(null);
  const abort = useRef<AbortController | null>(null);
  const phoneId = useId();
  const termsId = useId();
  const check = checkMpesaNumber(typed);
  const text = { ...defaultLabels(), ...labels };

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    // The KYC phone arrives after the first render: use it unless the client has typed.
    if (!isTouched && !isInField.current && defaultPhone) setTyped(mpesaDigitsFromKyc(defaultPhone));
  }, [defaultPhone, isTouched]);

  const fail = (message: string) => {
    dispatch({ type: 'failed' });
    setBanner({ tone: 'error', text: message });
    onFailed?.(message);
  };

  const follow = async (paymentRef: string) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'started', paymentRef, now: Date.now() });
    setBanner({ tone: 'info', text: t('components.checkout.prompt') });
    let outcome: Awaited<ReturnType<typeof pollPaymentStatus>>;
    let polls = 0;
    try {
      outcome = await pollPaymentStatus({
        fetchStatus: (signal) => getPaymentStatus(paymentRef, signal),
        sleep: (ms, signal) => {
          // The prompt first; from the second poll on, the wait for the client's answer.
          polls += 1;
          if (polls > 1) setBanner({ tone: 'info', text: t('components.checkout.waiting') });
          return abortableSleep(ms, signal);
        },
        signal: controller.signal,
        isFatal: (error) =>
          error instanceof ApiError && (error.httpStatus === 403 || error.httpStatus === 404),
      });
    } catch {
      outcome = { kind: 'timeout' };
    }
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'success') {
      const balance = outcome.reply.invoice?.balance ?? 0;
      if (balance > 0) {
        dispatch({ type: 'partPaid' });
        setBanner({
          tone: 'info',
          text: t('components.checkout.part', {
            amount: formatKes(outcome.reply.amount ?? 0),
            balance: formatKes(balance),
            pay: text.pay,
          }),
        });
        onPartPaid?.(balance);
        return;
      }
      dispatch({ type: 'succeeded' });
      setBanner({ tone: 'success', text: messages?.success ?? t('components.checkout.success') });
      onSuccess(outcome.reply);
      return;
    }
    if (outcome.kind === 'failed') {
      fail(`${t('components.checkout.failed')} ${outcome.message ?? ''}`.trim());
      return;
    }
    fail(t('components.checkout.timeout'));
  };

  const pay = async () => {
    setTouched(true);
    if (check.status !== 'valid' || !canPay(phase, true, hasAcceptedTerms)) return;
    dispatch({ type: 'submit' });
    setBanner(null);
    try {
      const started = await start(toMpesaPhoneNumber(check.digits));
      if (!started?.paymentRef) {
        fail(t('components.checkout.failed'));
        return;
      }
      await follow(started.paymentRef);
    } catch (error) {
      fail(startError(error));
    }
  };

  const isBusy = phase.status === 'processing' || phase.status === 'waiting';
  const isDone = phase.status === 'success';
  const phoneMessage =
    check.status === 'empty'
      ? isTouched
        ? t('components.checkout.phoneRequired')
        : null
      : check.message && domainText(check.message);
  const showPhoneError = phoneMessage !== null && (isTouched || check.status === 'invalid');
  const termsError = isTouched && !hasAcceptedTerms ? t('components.checkout.termsRequired') : null;
  const buttonText = isBusy ? text.processing : isDone ? text.done : text.pay;
  const status: Banner =
    banner ??
    (phase.status === 'pending'
      ? { tone: 'info', text: messages?.pending ?? t('components.checkout.pending') }
      : null);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <MpesaPhoneField
        id={phoneId}
        typed={typed}
        disabled={isBusy || isDone}
        error={showPhoneError ? phoneMessage : null}
        onFocus={() => {
          isInField.current = true;
        }}
        onTyped={(value) => {
          setTouched(true);
          setTyped(value);
        }}
      />
      <div>
        <label htmlFor={termsId} className="inline-flex items-start gap-2 text-slate-900">
          <input
            id={termsId}
            type="checkbox"
            checked={hasAcceptedTerms}
            disabled={isBusy || isDone}
            onChange={(event) => setAcceptedTerms(event.target.checked)}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            className="mt-1 size-5 accent-emerald-800"
          />
          <span>
            {t('components.checkout.terms')}{' '}
            <a href={paths.termsAndPrivacy.getHref()} target="_blank" rel="noreferrer" className={linkButton}>
              {t('components.checkout.termsLink')}
            </a>
          </span>
        </label>
        {termsError ? (
          <p id={`${termsId}-error`} className={fieldErrorClass}>
            {termsError}
          </p>
        ) : null}
      </div>
      <div
        role="status"
        aria-live="polite"
        className={
          status
            ? `rounded-lg p-3 font-semibold ${
                status.tone === 'error'
                  ? 'bg-red-50 text-red-900'
                  : status.tone === 'success'
                    ? 'bg-emerald-50 text-emerald-900'
                    : 'bg-sky-50 text-sky-900'
              }`
            : ''
        }
      >
        {status?.text}
      </div>
      <button
        type="submit"
        className={`${buttonPrimary} w-full sm:w-auto`}
        disabled={isBusy || isDone}
        aria-busy={isBusy}
      >
        {buttonText} · {formatKes(amount)}
      </button>
      <p className="text-sm text-slate-700">{t('components.checkout.security')}</p>
    </form>
  );
}

export interface MpesaPhoneFieldProps {
  id: string;
  /** What the client typed (as they write it: 0712 345 678, +254…); check it with `checkMpesaNumber`. */
  typed: string;
  onTyped: (typed: string) => void;
  disabled?: boolean;
  /** The message under the field, or null. */
  error: string | null;
  onFocus?: () => void;
}

/**
 * The M-Pesa number field: a fixed +254 and the number as people write it (the phone keypad, the
 * signs kept that numbers are written with). Paying and the monthly standing order ask for it alike.
 */
export function MpesaPhoneField({ id, typed, onTyped, disabled, error, onFocus }: MpesaPhoneFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('components.checkout.phone')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('components.checkout.phoneHint')}
      </p>
      <div className="mt-1 flex items-stretch">
        <span className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-400 bg-slate-100 px-3 font-semibold text-slate-800">
          <span aria-hidden="true">+254</span>
          <span className="sr-only">{t('components.checkout.countryCode')}</span>
        </span>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={MPESA_INPUT_MAX_LENGTH}
          value={typed}
          disabled={disabled}
          onFocus={onFocus}
          onChange={(event) => onTyped(keepPhoneCharacters(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`${inputClass} mt-0 rounded-l-none`}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function defaultLabels(): MpesaCheckoutLabels {
  return {
    pay: t('components.checkout.pay'),
    processing: t('components.checkout.processing'),
    done: t('components.checkout.done'),
  };
}
