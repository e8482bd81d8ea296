import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { payments } from '../../db/schema';
import type { StandingOrderEvent } from '../../mpesa/ratiba';
import type { Services } from '../../services';
import type { MpesaAnswer } from './settle';

export interface PaymentContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/**
 * What the payment module asks of a kind of payable (an invoice, a wallet top-up, a cart, a loan
 * instalment, school fees, …): the payment module sends the prompt, takes M-Pesa's answer and
 * settles it once, and hands the money to the payable registered for the payment's `purpose`. It
 * knows no payable by name: each module exports its own, registered once at start-up
 * (`registerPayables` with `allPayables` of modules/index.ts).
 */
export interface Payable {
  /** The `payments.purpose` this payable's payments carry. */
  purpose: string;
  /**
   * M-Pesa confirmed the payment's money: put it towards what it pays (markPaymentSucceeded posts
   * it and marks the payment a success), inside settlePayment's transaction with the payment
   * locked, so a replay finds it final. What must wait for the commit (alerts, documents to e-mail)
   * goes to `afterCommit`, run in order once the transaction is committed.
   */
  settle(
    tx: Tx,
    context: PaymentContext,
    payment: PaymentRow,
    answer: MpesaAnswer,
    afterCommit: Array<() => void | Promise<void>>,
  ): Promise<void>;
  /**
   * The receipt of a payment the STK query confirmed, brought by the later callback (the payment
   * and its unallocated receipt already have it): kept where this payable shows it, e.g. on the
   * policy the payment completed.
   */
  recordReceipt?(tx: Tx, payment: PaymentRow, receiptNumber: string): Promise<void>;
  /** What the payment's status says of what it pays (an invoice's balance, a cart's members). */
  describeStatus?(
    db: Database,
    payment: PaymentRow,
    maxPerPrompt: number,
  ): Promise<Partial<PaymentStatusDetails>>;
  /** Start-up repair of what a crash left half-done (a paid invoice without its policy); how many repaired. */
  repair?(context: PaymentContext): Promise<number>;
}

/**
 * What a payment's status says of what it pays, beyond the payment itself. Empty here: each payable
 * declares the fields its `describeStatus` fills by module augmentation beside its registration
 * (`declare module '../payment/payables'`), so the status stays typed while this module names none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation in each payable's module
export interface PaymentStatusDetails {}

const registered = new Map<string, Payable>();

/** Registers payables (idempotent: every app built in one process registers the same ones). */
export function registerPayables(payables: readonly Payable[]): void {
  for (const payable of payables) {
    const known = registered.get(payable.purpose);
    if (known && known !== payable) throw new Error(`two payables for the purpose ${payable.purpose}`);
    registered.set(payable.purpose, payable);
  }
}

/** The payable a payment pays; a purpose nobody registered is a wiring fault, not bad input. */
export function payableOf(payment: Pick<PaymentRow, 'purpose' | 'id'>): Payable {
  const payable = registered.get(payment.purpose);
  if (!payable) throw new Error(`no payable is registered for ${payment.purpose} (payment ${payment.id})`);
  return payable;
}

/** Every registered payable, in registration order. */
export function registeredPayables(): Payable[] {
  return [...registered.values()];
}

/**
 * What M-Pesa Ratiba's events (a standing order approved, declined or cancelled; a debit's result)
 * are handed to once the callback route has read and, where needed, confirmed them: the monthly
 * module's handler, registered at start-up like the payables, so this module imports none of them.
 */
export type StandingOrderHandler = (context: PaymentContext, event: StandingOrderEvent) => Promise<void>;

let standingOrderHandler: StandingOrderHandler | null = null;

/** Registers the handler of standing-order events (idempotent for the same handler). */
export function registerStandingOrderHandler(handler: StandingOrderHandler): void {
  if (standingOrderHandler && standingOrderHandler !== handler)
    throw new Error('two standing-order handlers');
  standingOrderHandler = handler;
}

/** The registered handler; none is a wiring fault. */
export function standingOrderHandlerOf(): StandingOrderHandler {
  if (!standingOrderHandler) throw new Error('no standing-order handler is registered');
  return standingOrderHandler;
}
