import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { invoices, payments, policies, users } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { makeRef } from '../../lib/refs';
import { policyIssuedEmail } from '../../mail/templates';
import { DarajaError, describeResultCode, type StkCallback } from '../../mpesa/daraja-client';
import type { Services } from '../../services';
import { renderPolicySchedule, renderReceipt } from '../policy/documents';
import { getPolicyByInvoice, issuePolicy } from '../policy/service';
import { toKes } from '../product/present';

export interface PaymentContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
}

type PaymentRow = typeof payments.$inferSelect;

/** How long a push may stay unanswered before it is given up as expired. */
const PENDING_EXPIRY_MS = 15 * 60_000;
/** A poll asks Daraja itself once a push is this old without an answer… */
const QUERY_AFTER_MS = 8_000;
/** …and not more often than this per payment. */
const QUERY_EVERY_MS = 5_000;

function presentStatus(payment: PaymentRow, policyNumber: string | null) {
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
    amount: toKes(payment.amount),
    receiptNumber: payment.receiptNumber,
    policyNumber,
  };
}

/**
 * Starts an STK push for one of the client's unpaid invoices. A paid invoice, or one with a push
 * still waiting on the phone, is refused (the database also refuses a second pending payment).
 */
export async function requestInvoicePayment(
  context: PaymentContext,
  userId: string,
  invoiceSystemRef: string,
  phone: string,
) {
  const { db, services } = context;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoiceSystemRef, invoiceSystemRef), eq(invoices.userId, userId)));
  if (!invoice) throw new AppError('not_found', 'Invoice not found.');
  if (invoice.status === 'PAID') {
    throw new AppError('conflict', 'This invoice is already paid.', { code: 'INVOICE_PAID' });
  }
  const pendingConflict = () =>
    new AppError('conflict', 'A payment for this invoice is waiting for confirmation on your phone.', {
      code: 'PAYMENT_PENDING',
    });
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'pending')));
  if (pending) throw pendingConflict();

  let payment: PaymentRow;
  try {
    [payment] = (await db
      .insert(payments)
      .values({
        paymentSystemRef: makeRef('PAY', 10),
        invoiceId: invoice.id,
        userId,
        phone,
        amount: invoice.amount,
      })
      .returning()) as [PaymentRow];
  } catch {
    throw pendingConflict();
  }

  try {
    const accepted = await services.mpesa.client.stkPush({
      amount: toKes(invoice.amount),
      phoneNumber: phone,
      callbackUrl: services.mpesa.callbackUrl(),
      accountReference: invoice.invoiceSystemRef,
      description: 'Bima premium',
    });
    await db
      .update(payments)
      .set({ checkoutRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId })
      .where(eq(payments.id, payment.id));
    return {
      paymentRef: payment.paymentSystemRef,
      status: 'pending',
      customerMessage: accepted.customerMessage,
    };
  } catch (error) {
    context.log.error({ err: error }, 'STK push failed');
    await db
      .update(payments)
      .set({
        status: 'failed',
        resultCode: 'PUSH_FAILED',
        resultDesc: 'The payment request could not be sent',
        settledAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    const retryable = error instanceof DarajaError && error.retryable;
    throw new AppError(
      'unavailable',
      retryable
        ? 'M-Pesa is busy. Please try again in a moment.'
        : 'M-Pesa could not send the payment request. Please try again.',
      {
        code: 'PAYMENT_REQUEST_FAILED',
      },
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
    (!payment.lastQueriedAt || now - payment.lastQueriedAt.getTime() >= QUERY_EVERY_MS)
  ) {
    await reconcilePayment(context, payment);
    payment = (await find())!;
  }
  const [policy] = await db
    .select({ policyNumber: policies.policyNumber })
    .from(policies)
    .where(eq(policies.invoiceId, payment.invoiceId));
  return presentStatus(payment, policy?.policyNumber ?? null);
}

export type SettleResult = 'settled' | 'unknown' | 'already-final' | 'mismatch';

/**
 * Applies M-Pesa's answer to a pending payment, once. Success marks the invoice paid and issues its
 * policy in the same transaction; a payment in a final state never changes again; an amount or phone
 * that does not match the payment is refused and changes nothing.
 */
export async function settlePayment(
  context: PaymentContext,
  answer: Pick<
    StkCallback,
    'checkoutRequestId' | 'resultCode' | 'resultDesc' | 'amount' | 'receiptNumber' | 'phoneNumber'
  >,
): Promise<SettleResult> {
  const { db, log } = context;
  let issuedInvoiceId: number | null = null;
  const result = await db.transaction(async (tx): Promise<SettleResult> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.checkoutRequestId, answer.checkoutRequestId))
      .for('update');
    if (!payment) return 'unknown';
    if (payment.status !== 'pending') return 'already-final';

    if (answer.resultCode !== '0') {
      await tx
        .update(payments)
        .set({
          status: 'failed',
          resultCode: answer.resultCode,
          resultDesc: answer.resultDesc,
          settledAt: new Date(),
        })
        .where(eq(payments.id, payment.id));
      return 'settled';
    }
    if (answer.amount !== null && Math.round(answer.amount * 100) !== payment.amount) return 'mismatch';
    if (answer.phoneNumber !== null && answer.phoneNumber !== payment.phone) return 'mismatch';

    const receipt = answer.receiptNumber;
    await tx
      .update(payments)
      .set({
        status: 'success',
        resultCode: '0',
        resultDesc: answer.resultDesc,
        receiptNumber: receipt,
        settledAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    const [invoice] = await tx
      .update(invoices)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(and(eq(invoices.id, payment.invoiceId), eq(invoices.status, 'UNPAID')))
      .returning();
    if (invoice) {
      await issuePolicy(tx, invoice, receipt ?? `confirmed by query ${answer.checkoutRequestId}`);
      issuedInvoiceId = invoice.id;
    }
    return 'settled';
  });
  if (result === 'mismatch')
    log.warn({ checkoutRequestId: answer.checkoutRequestId }, 'M-Pesa answer does not match the payment');
  if (issuedInvoiceId !== null) await sendPolicyDocuments(context, issuedInvoiceId);
  return result;
}

/** E-mails the policy schedule and receipt; a mail failure is logged, never undoes the payment. */
export async function sendPolicyDocuments(context: PaymentContext, invoiceId: number): Promise<void> {
  try {
    const policy = await getPolicyByInvoice(context.db, invoiceId);
    if (!policy) return;
    const [owner] = await context.db
      .select({ email: users.email, firstName: users.firstName })
      .from(policies)
      .innerJoin(users, eq(users.id, policies.userId))
      .where(eq(policies.invoiceId, invoiceId));
    if (!owner) return;
    const safe = policy.policyNumber.replace(/\//g, '-');
    await context.services.mailer.send(
      policyIssuedEmail({
        to: owner.email,
        firstName: owner.firstName,
        policyNumber: policy.policyNumber,
        productName: policy.productName,
        startDate: policy.startDate,
        endDate: policy.endDate,
        attachments: [
          {
            filename: `policy-schedule-${safe}.pdf`,
            content: await renderPolicySchedule(policy),
            contentType: 'application/pdf',
          },
          {
            filename: `receipt-${safe}.pdf`,
            content: await renderReceipt(policy),
            contentType: 'application/pdf',
          },
        ],
      }),
    );
  } catch (error) {
    context.log.error({ err: error, invoiceId }, 'could not e-mail the policy documents');
  }
}

/** Asks Daraja how one pending push ended, and settles it if it has. */
export async function reconcilePayment(context: PaymentContext, payment: PaymentRow): Promise<void> {
  if (!payment.checkoutRequestId) return;
  await context.db.update(payments).set({ lastQueriedAt: new Date() }).where(eq(payments.id, payment.id));
  try {
    const answer = await context.services.mpesa.client.stkQuery(payment.checkoutRequestId);
    if (answer.state === 'final') {
      await settlePayment(context, {
        checkoutRequestId: payment.checkoutRequestId,
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        amount: null,
        receiptNumber: null,
        phoneNumber: null,
      });
      return;
    }
  } catch (error) {
    context.log.warn({ err: error, payment: payment.paymentSystemRef }, 'STK query failed');
  }
  if (Date.now() - payment.createdAt.getTime() > PENDING_EXPIRY_MS) {
    await settlePayment(context, {
      checkoutRequestId: payment.checkoutRequestId,
      resultCode: '1019',
      resultDesc: 'Transaction expired',
      amount: null,
      receiptNumber: null,
      phoneNumber: null,
    });
  }
}

/** Every pending push old enough to have an answer, checked with the STK query. */
export async function reconcilePendingPayments(context: PaymentContext): Promise<number> {
  const cutoff = new Date(Date.now() - QUERY_AFTER_MS);
  const pending = await context.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.checkoutRequestId),
        lt(payments.createdAt, cutoff),
        or(isNull(payments.lastQueriedAt), lt(payments.lastQueriedAt, new Date(Date.now() - QUERY_EVERY_MS))),
      ),
    )
    .limit(50);
  for (const payment of pending) await reconcilePayment(context, payment);
  return pending.length;
}

/**
 * Start-up repair: a successful payment whose invoice is unpaid or has no policy (a crash between
 * the two) gets its invoice marked paid and its policy issued now.
 */
export async function repairIssuance(context: PaymentContext): Promise<number> {
  const { db } = context;
  const broken = await db
    .select({ payment: payments, invoice: invoices })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(policies, eq(policies.invoiceId, invoices.id))
    .where(and(eq(payments.status, 'success'), isNull(policies.id)));
  for (const { payment, invoice } of broken) {
    await db.transaction(async (tx) => {
      await tx
        .update(invoices)
        .set({ status: 'PAID', paidAt: invoice.paidAt ?? payment.settledAt ?? new Date() })
        .where(eq(invoices.id, invoice.id));
      await issuePolicy(
        tx,
        invoice,
        payment.receiptNumber ?? `confirmed by query ${payment.checkoutRequestId}`,
      );
    });
    await sendPolicyDocuments(context, invoice.id);
  }
  return broken.length;
}
