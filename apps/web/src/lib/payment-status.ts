/** Payment polling of spec-2 §7 and §9: up to six polls, five seconds apart (about 30 s). */
export const POLL_ATTEMPTS = 6;
export const POLL_INTERVAL_MS = 5_000;

export type PaymentRequestStatus = 'pending' | 'success' | 'failed';

/** `intergration / payment / paymentRequestDetails`'s answer. */
export interface PaymentStatusReply {
  paymentSystemRef?: string;
  paymentRequestStatus: PaymentRequestStatus;
  statusMessage?: string | null;
  amount?: number;
  receiptNumber?: string | null;
  policyNumber?: string | null;
  /** The invoice after this payment: a balance above 0 means a part payment. */
  invoice?: PaymentStatusInvoice | null;
}

export interface PaymentStatusInvoice {
  invoiceSystemRef: string;
  amount: number;
  amountPaid: number;
  balance: number;
  amountDueNow: number;
  status: 'UNPAID' | 'PAID' | 'VOID';
}

export type PollOutcome =
  | { kind: 'success'; reply: PaymentStatusReply }
  | { kind: 'failed'; message: string | null }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export interface PollOptions {
  fetchStatus: (signal: AbortSignal) => Promise<PaymentStatusReply>;
  /** Waits `ms`; rejects or resolves early when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
  attempts?: number;
  intervalMs?: number;
  /** A poll that fails this way ends the polling (a lost session); others count as unanswered. */
  isFatal?: (error: unknown) => boolean;
}

/**
 * Asks for the payment's status every `intervalMs`, at most `attempts` times: success or failed ends
 * it at once; pending (or a poll that failed on the way) waits for the next one; no answer by the last
 * poll is a timeout.
 */
export async function pollPaymentStatus({
  fetchStatus,
  sleep,
  signal,
  attempts = POLL_ATTEMPTS,
  intervalMs = POLL_INTERVAL_MS,
  isFatal = () => false,
}: PollOptions): Promise<PollOutcome> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      await sleep(intervalMs, signal);
    } catch {
      return { kind: 'aborted' };
    }
    if (signal.aborted) return { kind: 'aborted' };
    let reply: PaymentStatusReply;
    try {
      reply = await fetchStatus(signal);
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      if (isFatal(error)) throw error;
      continue;
    }
    if (signal.aborted) return { kind: 'aborted' };
    if (reply.paymentRequestStatus === 'success') return { kind: 'success', reply };
    if (reply.paymentRequestStatus === 'failed') {
      return { kind: 'failed', message: reply.statusMessage?.trim() || null };
    }
  }
  return { kind: 'timeout' };
}

/** A sleep that ends early, rejecting, when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The payment page's status (spec-2 §4): pending on entry, processing while the request is sent,
 * waiting while the customer answers on the phone (until `deadline`), then success or failed. Failed
 * allows another attempt; a part payment (a balance left) is pending again, ready for the next prompt.
 */
export type PaymentPhase =
  | { status: 'pending' }
  | { status: 'processing' }
  | { status: 'waiting'; paymentRef: string; deadline: number }
  | { status: 'success' }
  | { status: 'failed' };

export type PaymentEvent =
  | { type: 'submit' }
  | { type: 'started'; paymentRef: string; now: number; attempts?: number; intervalMs?: number }
  | { type: 'succeeded' }
  | { type: 'partPaid' }
  | { type: 'failed' };

export function paymentReducer(phase: PaymentPhase, event: PaymentEvent): PaymentPhase {
  switch (event.type) {
    case 'submit':
      return phase.status === 'pending' || phase.status === 'failed' ? { status: 'processing' } : phase;
    case 'started': {
      if (phase.status !== 'processing' && phase.status !== 'pending') return phase;
      const total = (event.attempts ?? POLL_ATTEMPTS) * (event.intervalMs ?? POLL_INTERVAL_MS);
      return { status: 'waiting', paymentRef: event.paymentRef, deadline: event.now + total };
    }
    case 'succeeded':
      return { status: 'success' };
    case 'partPaid':
      // A part of the invoice is paid: the page is ready for the next prompt.
      return phase.status === 'success' ? phase : { status: 'pending' };
    case 'failed':
      return phase.status === 'success' ? phase : { status: 'failed' };
  }
}

/** Pay Now works with a valid number and the terms ticked, and not while a payment is under way or done. */
export function canPay(phase: PaymentPhase, isPhoneValid: boolean, hasAcceptedTerms: boolean): boolean {
  return isPhoneValid && hasAcceptedTerms && (phase.status === 'pending' || phase.status === 'failed');
}

/** Whole seconds left until `deadline` (never negative), for the countdown while waiting. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 30 → '0:30', 75 → '1:15'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
