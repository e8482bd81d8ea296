import type { Posting } from '@bima/domain';
import { centsToWholeShillings } from '@bima/domain/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { payments, unallocatedReceipts } from '../../db/schema';
import { type Bilingual, formatAmount } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import type { Services } from '../../services';
import { post } from '../ledger/service';
import { notify } from '../notification/service';
import { smsTexts } from '../notification/sms-texts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/** What M-Pesa confirmed for a payment: its receipt, result, which path told us, and when. */
export interface MpesaAnswer {
  receipt: string | null;
  resultDesc: string;
  source: 'callback' | 'query';
  settledAt: Date;
}

/**
 * The step every M-Pesa settlement shares (invoice, top-up, loan, cart, school fees), inside
 * settlePayment's transaction with the payment locked: the payment marked a success with its receipt
 * and what went towards its purpose, its money posted (once per key) and the client told it arrived —
 * the notification's body and link are the caller's.
 */
export async function markPaymentSucceeded(
  tx: Tx,
  context: { services: Pick<Services, 'publicBaseUrl'> },
  payment: PaymentRow,
  answer: MpesaAnswer,
  settlement: { allocated: number | null; postings: Posting[]; body: Bilingual; link: string },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'success',
      resultCode: '0',
      resultDesc: answer.resultDesc,
      receiptNumber: answer.receipt,
      settledBy: answer.source,
      allocatedAmount: settlement.allocated,
      settledAt: answer.settledAt,
    })
    .where(eq(payments.id, payment.id));
  for (const posting of settlement.postings) await post(tx, posting, { occurredAt: answer.settledAt });
  await notify(tx, {
    userId: payment.userId,
    kind: 'payment_received',
    title: {
      en: `Payment of ${formatAmount(payment.amount, 'en')} received`,
      sw: `Malipo ya ${formatAmount(payment.amount, 'sw')} yamepokelewa`,
    },
    body: settlement.body,
    link: settlement.link,
    email: { baseUrl: context.services.publicBaseUrl },
    sms: smsTexts.paymentReceived({ amount: payment.amount, receipt: answer.receipt }),
  });
}

/**
 * Money M-Pesa brought that its purpose no longer needed (already paid, or more than the balance):
 * it went to the client's wallet with the payment's postings; this lists it for staff to refund
 * (`unallocated_receipts`, once per payment) and, after the commit, raises the alert. `about` names
 * what was paid in the alert (`{invoice}` or `{cart}`).
 */
export async function listUnallocatedReceipt(
  tx: Tx,
  context: { log: Pick<FastifyBaseLogger, 'error'> },
  afterCommit: Array<() => void | Promise<void>>,
  receipt: {
    payment: PaymentRow;
    invoiceId: number;
    amount: number;
    mpesaReceipt: string | null;
    reason: string;
    about: Record<string, string>;
  },
): Promise<void> {
  const { payment, amount, reason } = receipt;
  await tx
    .insert(unallocatedReceipts)
    .values({
      receiptSystemRef: makeRef('RCT', 10),
      userId: payment.userId,
      paymentId: payment.id,
      invoiceId: receipt.invoiceId,
      amount,
      mpesaReceiptNumber: receipt.mpesaReceipt,
      reason,
    })
    .onConflictDoNothing({ target: unallocatedReceipts.paymentId });
  afterCommit.push(() =>
    context.log.error(
      {
        alert: 'unallocated-receipt',
        payment: payment.paymentSystemRef,
        ...receipt.about,
        amount: centsToWholeShillings(amount),
        receipt: receipt.mpesaReceipt,
        reason,
      },
      'unallocated M-Pesa receipt',
    ),
  );
}
