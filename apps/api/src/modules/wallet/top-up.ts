import { formatKes, mpesaReceiptPosting } from '@bima/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { lockWallet } from '../ledger/service';
import type { PaymentContext } from '../payment/payables';
import { refuseWhilePromptLive, sendPrompt } from '../payment/service';
import { type MpesaAnswer, markPaymentSucceeded } from '../payment/settle';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/**
 * Starts an STK push that tops up the client's wallet (a payment whose purpose is the wallet, with
 * no invoice): the same prompt, limits, callback and reconciler as an invoice's. While a top-up
 * prompt of the client may still be answered on a phone, another is refused; the wallet's row lock
 * makes two requests at once decide one after the other.
 */
export async function requestWalletTopUp(
  context: PaymentContext,
  userId: string,
  input: { amount: number; phone: string },
) {
  const { db, services } = context;
  // Cents on the wire (whole shillings: walletTopUpSchema).
  const amount = input.amount;
  if (amount > services.mpesa.maxAmount * 100) {
    throw new AppError(
      'invalid',
      `M-Pesa takes at most ${formatKes(services.mpesa.maxAmount * 100)} at a time.`,
      {
        errors: [
          {
            field: 'amount',
            message: `M-Pesa takes at most ${formatKes(services.mpesa.maxAmount * 100)} at a time.`,
          },
        ],
      },
    );
  }
  const payment = await db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    await refuseWhilePromptLive(
      tx,
      and(eq(payments.userId, userId), eq(payments.purpose, 'wallet_topup')),
      'A top-up is waiting for confirmation on your phone.',
    );
    const [inserted] = await tx
      .insert(payments)
      .values({
        paymentSystemRef: makeRef('PAY', 10),
        purpose: 'wallet_topup',
        invoiceId: null,
        userId,
        phone: input.phone,
        amount,
      })
      .returning();
    return inserted!;
  });
  // The prompt answers its amount in cents, the wire's unit.
  return sendPrompt(context, payment, { accountReference: 'BIMA WALLET', description: 'Wallet top-up' });
}

/**
 * Money M-Pesa confirmed for a top-up, inside settlePayment's transaction with the payment locked:
 * all of it to the client's wallet, posted once per payment, and the client told.
 */
export async function settleWalletTopUp(
  tx: Tx,
  context: PaymentContext,
  payment: PaymentRow,
  answer: MpesaAnswer,
): Promise<void> {
  const { receipt } = answer;
  const { posting } = mpesaReceiptPosting({
    paymentId: payment.id,
    userId: payment.userId,
    amount: payment.amount,
    receipt,
    invoice: null,
  });
  await markPaymentSucceeded(tx, context, payment, answer, {
    allocated: null,
    postings: [posting],
    body: {
      en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt ? ` (receipt ${receipt})` : ''}: it is in your wallet.`,
      sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${receipt ? ` (risiti ${receipt})` : ''}: zimewekwa kwenye pochi yako.`,
    },
    link: '/newportal/top-up-options',
  });
}
