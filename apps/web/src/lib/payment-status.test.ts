import { describe, expect, it, vi } from 'vitest';
import {
  abortableSleep,
  canPay,
  formatCountdown,
  type PaymentPhase,
  type PaymentStatusReply,
  paymentReducer,
  pollPaymentStatus,
  secondsUntil,
} from './payment-status';

const reply = (paymentRequestStatus: PaymentStatusReply['paymentRequestStatus'], statusMessage = '') => ({
  paymentRequestStatus,
  statusMessage,
});

function poller(replies: Array<PaymentStatusReply | Error>) {
  const fetchStatus = vi.fn(async () => {
    const next = replies.shift();
    if (next instanceof Error) throw next;
    return next ?? reply('pending');
  });
  const sleep = vi.fn(async () => {});
  return { fetchStatus, sleep };
}

describe('pollPaymentStatus', () => {
  it('ends at the first success, waiting 5 s before each poll', async () => {
    const { fetchStatus, sleep } = poller([reply('pending'), reply('success')]);
    const outcome = await pollPaymentStatus({ fetchStatus, sleep, signal: new AbortController().signal });
    expect(outcome).toEqual({ kind: 'success', reply: reply('success') });
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(5_000, expect.anything());
  });

  it('reports a failure with its status message, or none', async () => {
    const cancelled = poller([reply('failed', 'Request cancelled by user')]);
    expect(await pollPaymentStatus({ ...cancelled, signal: new AbortController().signal })).toEqual({
      kind: 'failed',
      message: 'Request cancelled by user',
    });
    const silent = poller([reply('failed', '  ')]);
    expect(await pollPaymentStatus({ ...silent, signal: new AbortController().signal })).toEqual({
      kind: 'failed',
      message: null,
    });
  });

  it('gives up after six pending answers: a timeout', async () => {
    const { fetchStatus, sleep } = poller([]);
    const outcome = await pollPaymentStatus({ fetchStatus, sleep, signal: new AbortController().signal });
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(fetchStatus).toHaveBeenCalledTimes(6);
  });

  it('counts a poll that failed on the way as unanswered and goes on', async () => {
    const { fetchStatus, sleep } = poller([new Error('network'), reply('success')]);
    const outcome = await pollPaymentStatus({ fetchStatus, sleep, signal: new AbortController().signal });
    expect(outcome.kind).toBe('success');
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('stops at a fatal error (a lost session)', async () => {
    const fatal = new Error('403');
    const { fetchStatus, sleep } = poller([fatal]);
    await expect(
      pollPaymentStatus({
        fetchStatus,
        sleep,
        signal: new AbortController().signal,
        isFatal: (error) => error === fatal,
      }),
    ).rejects.toBe(fatal);
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    const { fetchStatus } = poller([]);
    const sleep = vi.fn(async () => {
      controller.abort();
      throw new Error('aborted');
    });
    expect(await pollPaymentStatus({ fetchStatus, sleep, signal: controller.signal })).toEqual({
      kind: 'aborted',
    });
    expect(fetchStatus).not.toHaveBeenCalled();
  });
});

describe('abortableSleep', () => {
  it('resolves after the time, or rejects when aborted', async () => {
    vi.useFakeTimers();
    const done = abortableSleep(5_000, new AbortController().signal);
    vi.advanceTimersByTime(5_000);
    await expect(done).resolves.toBeUndefined();
    const controller = new AbortController();
    const cut = abortableSleep(5_000, controller.signal);
    controller.abort(new Error('left'));
    await expect(cut).rejects.toThrow('left');
    vi.useRealTimers();
  });
});

describe('paymentReducer', () => {
  const pending: PaymentPhase = { status: 'pending' };

  it('goes pending → processing → waiting (30 s) → success', () => {
    const processing = paymentReducer(pending, { type: 'submit' });
    expect(processing).toEqual({ status: 'processing' });
    const waiting = paymentReducer(processing, { type: 'started', paymentRef: 'PAY1', now: 1_000 });
    expect(waiting).toEqual({ status: 'waiting', paymentRef: 'PAY1', deadline: 31_000 });
    expect(paymentReducer(waiting, { type: 'succeeded' })).toEqual({ status: 'success' });
  });

  it('ignores Pay Now while processing, waiting or paid; failed allows a retry', () => {
    const waiting: PaymentPhase = { status: 'waiting', paymentRef: 'PAY1', deadline: 5 };
    expect(paymentReducer({ status: 'processing' }, { type: 'submit' })).toEqual({ status: 'processing' });
    expect(paymentReducer(waiting, { type: 'submit' })).toBe(waiting);
    expect(paymentReducer({ status: 'success' }, { type: 'submit' })).toEqual({ status: 'success' });
    const failed = paymentReducer(waiting, { type: 'failed' });
    expect(failed).toEqual({ status: 'failed' });
    expect(paymentReducer(failed, { type: 'submit' })).toEqual({ status: 'processing' });
  });

  it('never turns a success into a failure', () => {
    expect(paymentReducer({ status: 'success' }, { type: 'failed' })).toEqual({ status: 'success' });
  });

  it('a part payment makes the page ready for the next prompt', () => {
    const waiting: PaymentPhase = { status: 'waiting', paymentRef: 'PAY1', deadline: 5 };
    const next = paymentReducer(waiting, { type: 'partPaid' });
    expect(next).toEqual({ status: 'pending' });
    expect(canPay(next, true, true)).toBe(true);
    expect(paymentReducer({ status: 'success' }, { type: 'partPaid' })).toEqual({ status: 'success' });
  });
});

describe('canPay', () => {
  it.each<[PaymentPhase['status'], boolean, boolean, boolean]>([
    ['pending', true, true, true],
    ['failed', true, true, true],
    ['pending', false, true, false],
    ['pending', true, false, false],
    ['processing', true, true, false],
    ['success', true, true, false],
  ])('%s, valid phone %s, terms %s → %s', (status, phone, terms, expected) => {
    const phase = (
      status === 'waiting' ? { status, paymentRef: 'x', deadline: 0 } : { status }
    ) as PaymentPhase;
    expect(canPay(phase, phone, terms)).toBe(expected);
  });
});

describe('countdown', () => {
  it.each([
    [31_000, 1_000, 30],
    [31_000, 1_001, 30],
    [31_000, 30_500, 1],
    [31_000, 31_000, 0],
    [31_000, 40_000, 0],
  ])('deadline %i at %i leaves %i s', (deadline, now, seconds) => {
    expect(secondsUntil(deadline, now)).toBe(seconds);
  });

  it.each([
    [30, '0:30'],
    [75, '1:15'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
