import { centsToWholeShillings } from '@bima/domain/money';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, payments, unallocatedReceipts, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { pageInfo } from '../../lib/search';
import { DarajaError, describeResultCode, type StkCallback } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { type PaymentContext, type PaymentStatusDetails, payableOf, registeredPayables } from './payables';
import type { MpesaAnswer } from './settle';

export type { PaymentContext } from './payables';

type PaymentRow = typeof payments.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * How long an STK prompt lives on the phone (docs §7: about 60–90 s). A new prompt for the same
 * invoice is refused while the last one may still be answered; after that the old one, still
 * unknown, stays pending for the reconciler and a new one may be sent.
 */
export const STK_PROMPT_LIFETIME_MS = 90_000;
/**
 * A payment row is written before its STK push is sent, and the push's CheckoutRequestID after
 * M-Pesa accepts it. A pending row still without one after this long (the push times out well
 * before: 15 s, twice with a token refresh) belongs to an instance that stopped in between: no
 * phone is waiting on it that we know of. It no longer blocks a new prompt, and the reconciler
 * marks it failed (PUSH_UNCONFIRMED); a success callback M-Pesa sends for it after all is still
 * matched to it (`adoptOrphanPrompt`) and credited.
 */
export const ORPHAN_PROMPT_AFTER_MS = 45_000;
/**
 * Refuses a new STK prompt (409 PAYMENT_PENDING, with `message`) while one of the same kind — the
 * payments `scope` selects: an invoice's, a client's top-ups, a loan's — may still be answered on
 * the phone.
 */
export async function refuseWhilePromptLive(tx: Tx, scope: SQL | undefined, message: string): Promise<void> {
  const [live] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        scope,
        eq(payments.status, 'pending'),
        gt(payments.createdAt, new Date(Date.now() - STK_PROMPT_LIFETIME_MS)),
        or(
          isNotNull(payments.checkoutRequestId),
          gt(payments.createdAt, new Date(Date.now() - ORPHAN_PROMPT_AFTER_MS)),
        ),
      ),
    )
    .limit(1);
  if (live) throw new AppError('conflict', message, { code: 'PAYMENT_PENDING' });
}

/** A poll asks Daraja itself once a push is this old without an answer… */
const QUERY_AFTER_MS = 8_000;
/** …and not more often than this per payment while M-Pesa answers. */
const QUERY_EVERY_MS = 5_000;
/** The longest wait between two queries while M-Pesa cannot be reached. */
const QUERY_BACKOFF_MAX_MS = 30 * 60_000;

/** The wait before the next STK query after `failures` queries in a row could not reach M-Pesa (also computed in SQL below). */
export function queryBackoffMs(failures: number): number {
  return Math.min(QUERY_EVERY_MS * 2 ** Math.min(failures, 20), QUERY_BACKOFF_MAX_MS);
}

/** A payment's status; what it pays fills `policyNumber` and `invoice` when it pays an invoice. */
function presentStatus(payment: PaymentRow, details: Partial<PaymentStatusDetails>) {
  const message =
    payment.status === 'pending'
      ? 'Waiting for your confirmation on the phone.'
      : payment.status === 'success'
        ? 'Payment received.'
        : describeResultCode(payment.resultCode ?? '').message;
  return {
    paymentSystemRef: payment.paymentSystemRef,
    paymentRequestStatus: payment.status,
    statusMessage: message,
    amount: payment.amount,
    receiptNumber: payment.receiptNumber,
    /** 'invoice', 'wallet_topup', 'cart', 'loan' or 'school_fee' (`invoice` is null but for 'invoice'). */
    purpose: payment.purpose,
    policyNumber: null,
    invoice: null,
    ...details,
  };
}

/** Sends the STK push of a payment row just made; a refused push fails the payment at once. */
export async function sendPrompt(
  context: PaymentContext,
  payment: PaymentRow,
  prompt: { accountReference: string; description: string },
) {
  const { db, services } = context;
  try {
    const accepted = await services.mpesa.client.stkPush({
      amount: centsToWholeShillings(payment.amount),
      phoneNumber: payment.phone,
      callbackUrl: services.mpesa.callbackUrl(),
      accountReference: prompt.accountReference,
      description: prompt.description,
    });
    await db
      .update(payments)
      .set({ checkoutRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId })
      .where(eq(payments.id, payment.id));
    return {
      paymentRef: payment.paymentSystemRef,
      status: 'pending',
      customerMessage: accepted.customerMessage,
      amount: payment.amount,
    };
  } catch (error) {
    // M-Pesa refused the push (or could not be reached): no prompt reached a phone.
    context.log.error({ err: error, payment: payment.paymentSystemRef }, 'STK push failed');
    await db
      .update(payments)
      .set({
        status: 'failed',
        resultCode: 'PUSH_FAILED',
        resultDesc:
          error instanceof DarajaError && error.errorCode
            ? `The payment request could not be sent (${error.errorCode})`
            : 'The payment request could not be sent',
        settledAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    const retryable = error instanceof DarajaError && error.retryable;
    throw new AppError(
      'unavailable',
      retryable
        ? 'M-Pesa is busy. Please try again in a moment.'
        : 'M-Pesa could not send the payment request. Please try again.',
      { code: 'PAYMENT_REQUEST_FAILED' },
    );
  }
}

/** A payment's status for its owner; a push unanswered for a while is checked with Daraja at once. */
export async function getPaymentStatus(context: PaymentContext, userId: string, paymentSystemRef: string) {
  const { db } = context;
  const find = async () => {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentSystemRef, paymentSystemRef), eq(payments.userId, userId)));
    return row;
  };
  let payment = await find();
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  const now = Date.now();
  if (
    payment.status === 'pending' &&
    payment.checkoutRequestId &&
    now - payment.createdAt.getTime() >= QUERY_AFTER_MS &&
    (!payment.nextQueryAt || payment.nextQueryAt.getTime() <= now)
  ) {
    await reconcilePayment(context, payment);
    payment = (await find())!;
  }
  const payable = payableOf(payment);
  const details = payable.describeStatus
    ? await payable.describeStatus(db, payment, context.services.mpesa.maxAmount)
    : {};
  return presentStatus(payment, details);
}

export type SettleResult =
  /** A CheckoutRequestID we did not create: nothing changes. */
  | 'unknown'
  /** The answer's amount differs from the prompt's: nothing changes. */
  | 'mismatch'
  /** Nothing new: a replay, or a failure after a final state. */
  | 'already-final'
  /** The payment reached a final state (success or failed). */
  | 'settled'
  /** The receipt of a payment confirmed earlier by the STK query was recorded. */
  | 'receipt-recorded'
  /** A success callback without an Amount: it must be verified by the STK query first. */
  | 'needs-verification'
  /**
   * A success callback M-Pesa's own STK query did not confirm (yet): nothing was credited; a
   * pending payment stays pending for the reconciler, which asks again.
   */
  | 'unconfirmed';

type SettleAnswer = Pick<
  StkCallback,
  'checkoutRequestId' | 'resultCode' | 'resultDesc' | 'amount' | 'receiptNumber' | 'phoneNumber'
>;

/** Whole shillings from M-Pesa against a payment's cents; a fractional amount never matches. */
const sameAmount = (shillings: number, cents: number) =>
  Number.isInteger(shillings) && shillings * 100 === cents;

/** 07…, +2547…, 2547… as 2547…; null for a masked (2547******78) or hashed number. */
function plainPhone(phone: string): string | null {
  const compact = phone.replace(/[\s-]/g, '');
  if (!/^\+?\d{9,12}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  if (digits.startsWith('0')) return `254${digits.slice(1)}`;
  if (digits.length === 9) return `254${digits}`;
  return digits;
}

/**
 * Applies M-Pesa's answer to a payment, idempotently, in one transaction with the payment locked
 * (docs §7–8):
 * - a failure is final only from M-Pesa (callback or query ResultCode), and only for a pending payment;
 * - a success is handed to the payable the payment pays (its `purpose`, see payables.ts), which puts
 *   the money towards it (an invoice, a cart, a loan, school fees, the wallet) and keeps anything
 *   more as wallet credit, never dropped — also for a success arriving after we had it as failed;
 * - a callback's receipt for a payment the query already confirmed is recorded on the payment, on
 *   its unallocated receipt and where its payable keeps receipts (the policy it completed);
 * - an amount that differs changes nothing; a success callback without Amount asks for verification;
 *   a masked or different phone does not block a payment whose CheckoutRequestID and amount match.
 */
export async function settlePayment(
  context: PaymentContext,
  answer: SettleAnswer,
  source: 'callback' | 'query' = 'callback',
): Promise<SettleResult> {
  const { db, log } = context;
  // Alerts and documents to e-mail, run in order once the transaction is committed.
  const afterCommit: Array<() => void | Promise<void>> = [];
  const result = await db.transaction(async (tx): Promise<SettleResult> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.checkoutRequestId, answer.checkoutRequestId))
      .for('update');
    if (!payment) return 'unknown';

    if (answer.resultCode !== '0') {
      if (payment.status !== 'pending') return 'already-final';
      await tx
        .update(payments)
        .set({
          status: 'failed',
          resultCode: answer.resultCode,
          resultDesc: answer.resultDesc,
          settledBy: source,
          settledAt: new Date(),
        })
        .where(eq(payments.id, payment.id));
      return 'settled';
    }

    if (source === 'callback') {
      if (answer.amount === null && payment.status !== 'success') return 'needs-verification';
      if (answer.amount !== null && !sameAmount(answer.amount, payment.amount)) return 'mismatch';
      const reported = answer.phoneNumber === null ? null : plainPhone(answer.phoneNumber);
      if (reported !== null && reported !== plainPhone(payment.phone)) {
        // Not a condition (docs §7): CheckoutRequestID and amount identify the payment.
        afterCommit.push(() =>
          log.warn(
            { payment: payment.paymentSystemRef, checkoutRequestId: answer.checkoutRequestId },
            'M-Pesa callback phone differs from the prompted phone; accepted on CheckoutRequestID and amount',
          ),
        );
      }
    }

    if (payment.status === 'success') {
      if (!answer.receiptNumber || payment.receiptNumber) {
        if (answer.receiptNumber && answer.receiptNumber !== payment.receiptNumber) {
          afterCommit.push(() =>
            log.warn(
              {
                payment: payment.paymentSystemRef,
                receipt: answer.receiptNumber,
                kept: payment.receiptNumber,
              },
              'M-Pesa callback brings another receipt for a settled payment; kept the first',
            ),
          );
        }
        return 'already-final';
      }
      await recordReceipt(tx, payment, answer.receiptNumber);
      return 'receipt-recorded';
    }
    // A query success never overturns a failure: only a callback's receipt proves the money then.
    if (payment.status === 'failed' && source === 'query') return 'already-final';

    const confirmed: MpesaAnswer = {
      receipt: answer.receiptNumber ?? payment.receiptNumber,
      resultDesc: answer.resultDesc,
      source,
      settledAt: new Date(),
    };
    if (payment.status === 'failed') {
      afterCommit.push(() =>
        log.warn(
          { payment: payment.paymentSystemRef, was: payment.resultCode, receipt: confirmed.receipt },
          'M-Pesa confirmed a payment we had as failed',
        ),
      );
    }
    await payableOf(payment).settle(tx, context, payment, confirmed, afterCommit);
    return 'settled';
  });
  if (result === 'mismatch')
    log.warn({ checkoutRequestId: answer.checkoutRequestId }, 'M-Pesa answer does not match the payment');
  for (const step of afterCommit) await step();
  return result;
}

/**
 * The receipt of a payment the STK query confirmed, brought by the later callback: kept on the
 * payment, on its unallocated receipt if any, and where its payable keeps it (the policy it completed).
 */
async function recordReceipt(tx: Tx, payment: PaymentRow, receiptNumber: string): Promise<void> {
  await tx.update(payments).set({ receiptNumber }).where(eq(payments.id, payment.id));
  await tx
    .update(unallocatedReceipts)
    .set({ mpesaReceiptNumber: receiptNumber })
    .where(
      and(eq(unallocatedReceipts.paymentId, payment.id), isNull(unallocatedReceipts.mpesaReceiptNumber)),
    );
  await payableOf(payment).recordReceipt?.(tx, payment, receiptNumber);
}

/**
 * Handles an STK callback. A callback is a hint, never proof (its secret can leak): a success is
 * credited straight away only from a trusted source (Safaricom's callback addresses, see
 * `isTrustedCallbackSource`) and with an Amount; any other success is first confirmed with M-Pesa's
 * own STK query, through the reconciler's `reconcilePayment` (docs §4, §7). Unconfirmed, nothing is
 * credited and no policy issued: a pending payment stays pending for the reconciler. A trusted
 * callback's receipt is kept on a payment the query cannot confirm yet; an untrusted one's is not.
 */
export async function handleStkCallback(
  context: PaymentContext,
  callback: StkCallback,
  source: { trusted: boolean } = { trusted: false },
): Promise<SettleResult> {
  const find = async () =>
    (
      await context.db
        .select()
        .from(payments)
        .where(eq(payments.checkoutRequestId, callback.checkoutRequestId))
    )[0];
  if (callback.resultCode === '0' && !source.trusted) {
    const payment = await find();
    // A replay, or the receipt of a payment the query already confirmed: no money moves.
    if (payment?.status === 'success') return settlePayment(context, callback, 'callback');
    if (!payment) {
      // Maybe a prompt whose CheckoutRequestID was never stored: adopted only once M-Pesa confirms it.
      if (!(await confirmedByQuery(context, callback.checkoutRequestId))) return 'unknown';
      if (!(await adoptOrphanPrompt(context, callback))) return 'unknown';
      return settlePayment(context, callback, 'callback');
    }
    return reconcilePayment(context, payment, callback);
  }
  let result = await settlePayment(context, callback, 'callback');
  if (result === 'unknown' && (await adoptOrphanPrompt(context, callback)))
    result = await settlePayment(context, callback, 'callback');
  if (result !== 'needs-verification') return result;
  const payment = await find();
  if (!payment) return 'unknown';
  const verified = await reconcilePayment(context, payment, callback);
  if (verified !== 'unconfirmed') return verified;
  if (callback.receiptNumber) {
    await context.db
      .update(payments)
      .set({ receiptNumber: callback.receiptNumber })
      .where(
        and(eq(payments.id, payment.id), eq(payments.status, 'pending'), isNull(payments.receiptNumber)),
      );
  }
  context.log.warn(
    { payment: payment.paymentSystemRef, receipt: callback.receiptNumber },
    'success callback without Amount left pending until the STK query confirms it',
  );
  return 'needs-verification';
}

/** Whether M-Pesa's STK query says the push `checkoutRequestId` was paid (a final ResultCode 0). */
async function confirmedByQuery(context: PaymentContext, checkoutRequestId: string): Promise<boolean> {
  try {
    const answer = await context.services.mpesa.client.stkQuery(checkoutRequestId);
    return answer.state === 'final' && answer.resultCode === '0';
  } catch (error) {
    context.log.warn({ err: error, checkoutRequestId }, 'STK query to confirm a callback failed');
    return false;
  }
}

/**
 * Asks Daraja how one push ended, and settles it on a final answer. A payment is never given up on
 * a guess: while M-Pesa cannot be reached (network, gateway fault, an answer about another
 * CheckoutRequestID) it stays pending and is asked again with exponential backoff. With `callback`
 * (a success callback being confirmed, see handleStkCallback), a paid answer credits the payment
 * with the callback's receipt (and Amount, which the query lacks); otherwise nothing is credited.
 */
export async function reconcilePayment(
  context: PaymentContext,
  payment: PaymentRow,
  callback?: StkCallback,
): Promise<SettleResult> {
  if (!payment.checkoutRequestId) return 'unknown';
  const { db } = context;
  let answer: Awaited<ReturnType<Services['mpesa']['client']['stkQuery']>>;
  try {
    answer = await context.services.mpesa.client.stkQuery(payment.checkoutRequestId);
  } catch (error) {
    // One statement: the count and the next query time move together (a reader never sees half).
    const [counted] = await db
      .update(payments)
      .set({
        queryFailures: sql`${payments.queryFailures} + 1`,
        lastQueriedAt: sql`now()`,
        nextQueryAt: sql`now() + least(${QUERY_EVERY_MS} * power(2, least(${payments.queryFailures} + 1, 20)), ${QUERY_BACKOFF_MAX_MS}) * interval '1 millisecond'`,
      })
      .where(eq(payments.id, payment.id))
      .returning({ queryFailures: payments.queryFailures });
    const failures = counted?.queryFailures ?? payment.queryFailures + 1;
    const waitMs = queryBackoffMs(failures);
    context.log.warn(
      { err: error, payment: payment.paymentSystemRef, failures, retryInMs: waitMs },
      'STK query could not reach M-Pesa; the payment stays pending',
    );
    return 'unconfirmed';
  }
  await db
    .update(payments)
    .set({ lastQueriedAt: new Date(), queryFailures: 0, nextQueryAt: new Date(Date.now() + QUERY_EVERY_MS) })
    .where(eq(payments.id, payment.id));
  if (answer.state !== 'final') {
    if (callback)
      context.log.warn(
        { payment: payment.paymentSystemRef },
        'success callback not yet confirmed by the STK query; nothing credited',
      );
    return 'unconfirmed';
  }
  if (callback && answer.resultCode === '0')
    return settlePayment(
      context,
      { ...callback, amount: callback.amount ?? centsToWholeShillings(payment.amount) },
      'callback',
    );
  if (callback)
    context.log.error(
      { payment: payment.paymentSystemRef, resultCode: answer.resultCode, receipt: callback.receiptNumber },
      'success callback contradicted by the STK query; nothing credited',
    );
  return settlePayment(
    context,
    {
      checkoutRequestId: payment.checkoutRequestId,
      resultCode: answer.resultCode,
      resultDesc: answer.resultDesc,
      amount: null,
      receiptNumber: null,
      phoneNumber: null,
    },
    'query',
  );
}

/** Every pending push old enough to have an answer and due for a query, checked with the STK query. */
/**
 * A success callback for a CheckoutRequestID we never stored: the instance that sent the push
 * stopped before writing it down. The prompt is recognised as the one recent payment without a
 * CheckoutRequestID for the same amount (and phone, unless M-Pesa masked it), still pending or
 * failed as unconfirmed; it takes the CheckoutRequestID so the callback settles it as usual.
 */
export async function adoptOrphanPrompt(context: PaymentContext, callback: StkCallback): Promise<boolean> {
  if (callback.resultCode !== '0' || callback.amount === null) return false;
  const candidates = await context.db
    .select()
    .from(payments)
    .where(
      and(
        isNull(payments.checkoutRequestId),
        eq(payments.amount, Math.round(callback.amount * 100)),
        gt(payments.createdAt, new Date(Date.now() - 24 * 3_600_000)),
        or(
          eq(payments.status, 'pending'),
          and(eq(payments.status, 'failed'), eq(payments.resultCode, 'PUSH_UNCONFIRMED')),
        ),
      ),
    );
  const reported = callback.phoneNumber === null ? null : plainPhone(callback.phoneNumber);
  const matching = candidates.filter(
    (payment) => reported === null || plainPhone(payment.phone) === reported,
  );
  if (matching.length !== 1) {
    if (matching.length > 1)
      context.log.error(
        {
          checkoutRequestId: callback.checkoutRequestId,
          candidates: matching.map((row) => row.paymentSystemRef),
        },
        'a success callback matches several unconfirmed prompts; left for staff',
      );
    return false;
  }
  const [payment] = matching;
  const adopted = await context.db
    .update(payments)
    .set({
      checkoutRequestId: callback.checkoutRequestId,
      merchantRequestId: callback.merchantRequestId ?? null,
    })
    .where(and(eq(payments.id, payment!.id), isNull(payments.checkoutRequestId)))
    .returning({ id: payments.id });
  if (adopted.length > 0)
    context.log.warn(
      { payment: payment!.paymentSystemRef, checkoutRequestId: callback.checkoutRequestId },
      'success callback matched to a prompt whose CheckoutRequestID was never stored',
    );
  return adopted.length > 0;
}

/** Pending rows whose push was never confirmed as sent (see ORPHAN_PROMPT_AFTER_MS): failed, so they settle. */
async function failOrphanPrompts(context: PaymentContext): Promise<number> {
  const orphans = await context.db
    .update(payments)
    .set({
      status: 'failed',
      resultCode: 'PUSH_UNCONFIRMED',
      resultDesc:
        'The payment prompt could not be confirmed as sent. Please try again; if M-Pesa charged you, the payment will be matched to this invoice.',
      settledBy: 'query',
      settledAt: new Date(),
    })
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.checkoutRequestId),
        lt(payments.createdAt, new Date(Date.now() - ORPHAN_PROMPT_AFTER_MS)),
      ),
    )
    .returning({ paymentSystemRef: payments.paymentSystemRef });
  for (const orphan of orphans)
    context.log.warn({ payment: orphan.paymentSystemRef }, 'payment prompt never confirmed as sent: failed');
  return orphans.length;
}

export async function reconcilePendingPayments(context: PaymentContext): Promise<number> {
  await failOrphanPrompts(context);
  const now = new Date();
  const pending = await context.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.checkoutRequestId),
        lt(payments.createdAt, new Date(now.getTime() - QUERY_AFTER_MS)),
        or(isNull(payments.nextQueryAt), lte(payments.nextQueryAt, now)),
      ),
    )
    .orderBy(asc(payments.nextQueryAt), asc(payments.id))
    .limit(50);
  for (const payment of pending) await reconcilePayment(context, payment);
  return pending.length;
}

/**
 * Start-up repair, after the ledger backfill: each payable repairs what a crash left half-done (an
 * invoice the ledger shows paid but without its policy gets it now). Answers how many were repaired.
 */
export async function repairIssuance(context: PaymentContext): Promise<number> {
  let repaired = 0;
  for (const payable of registeredPayables()) if (payable.repair) repaired += await payable.repair(context);
  return repaired;
}

/** One receipt credited to the client (amount in cents). */
function presentUnallocatedReceipt(row: {
  receipt: typeof unallocatedReceipts.$inferSelect;
  invoiceSystemRef: string | null;
}) {
  return {
    receiptSystemRef: row.receipt.receiptSystemRef,
    amount: row.receipt.amount,
    mpesaReceiptNumber: row.receipt.mpesaReceiptNumber,
    reason: row.receipt.reason,
    status: row.receipt.status,
    createdAt: row.receipt.createdAt.toISOString(),
    resolvedAt: row.receipt.resolvedAt?.toISOString() ?? null,
    invoiceSystemRef: row.invoiceSystemRef,
  };
}

/** The client's unallocated receipts (money M-Pesa took that no invoice was waiting for), newest first. */
export function listUnallocatedReceipts(
  db: Database,
  userId: string,
  paging: { page: number; pageSize: number },
) {
  return pageOfUnallocatedReceipts(db, eq(unallocatedReceipts.userId, userId), paging);
}

/**
 * Every client's unallocated receipts for staff to refund, newest first, optionally by status; each
 * with the client's e-mail and the phone M-Pesa took the money from.
 */
export async function listUnallocatedReceiptsForStaff(
  db: Database,
  query: { page: number; pageSize: number; status?: 'OPEN' | 'REFUNDED' | 'APPLIED' },
) {
  const where = query.status ? eq(unallocatedReceipts.status, query.status) : undefined;
  const page = await pageOfUnallocatedReceipts(db, where, query, true);
  // With the client: every item has its e-mail and phone.
  return page as typeof page & {
    items: Array<ReturnType<typeof presentUnallocatedReceipt> & { clientEmail: string; phone: string }>;
  };
}

async function pageOfUnallocatedReceipts(
  db: Database,
  where: SQL | undefined,
  paging: { page: number; pageSize: number },
  withClient = false,
) {
  const [counted] = await db.select({ total: count() }).from(unallocatedReceipts).where(where);
  const rows = await db
    .select({
      receipt: unallocatedReceipts,
      invoiceSystemRef: invoices.invoiceSystemRef,
      clientEmail: users.email,
      phone: payments.phone,
    })
    .from(unallocatedReceipts)
    .leftJoin(invoices, eq(invoices.id, unallocatedReceipts.invoiceId))
    .innerJoin(users, eq(users.id, unallocatedReceipts.userId))
    .innerJoin(payments, eq(payments.id, unallocatedReceipts.paymentId))
    .where(where)
    .orderBy(desc(unallocatedReceipts.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    items: rows.map((row) =>
      withClient
        ? { ...presentUnallocatedReceipt(row), clientEmail: row.clientEmail, phone: row.phone }
        : presentUnallocatedReceipt(row),
    ),
    ...pageInfo(Number(counted?.total ?? 0), paging),
  };
}
