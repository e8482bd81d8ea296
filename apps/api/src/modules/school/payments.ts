import { schoolMpesaReceiptPosting } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { type payments, schoolFeeInvoices, schools } from '../../db/schema';
import { formatAmount } from '../../lib/language';
import type { LoanCoreContext, Tx } from '../loan/service';
import { type MpesaAnswer, markPaymentSucceeded } from '../payment/settle';
import { afterSchoolFeeMoney, schoolInvoiceLink, schoolInvoiceOwed } from './service';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Money M-Pesa confirmed for a school fee payment, inside settlePayment's transaction (the payment
 * row locked, so a replayed callback finds it final and changes nothing): the invoice is locked,
 * what it still owes goes to it — and so to the school's account — and anything more (it was paid
 * another way meanwhile) to the parent's wallet (a wallet credit the parent is told of), posted once per payment; the parent is told.
 */
export async function settleSchoolFeeReceipt(
  tx: Tx,
  context: Pick<LoanCoreContext, 'services'>,
  payment: PaymentRow,
  answer: MpesaAnswer,
): Promise<void> {
  const [row] = await tx
    .select({ invoice: schoolFeeInvoices, school: schools })
    .from(schoolFeeInvoices)
    .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
    .where(eq(schoolFeeInvoices.id, payment.schoolInvoiceId!))
    .for('update', { of: schoolFeeInvoices });
  if (!row)
    throw new Error(`school fee invoice ${payment.schoolInvoiceId} of payment ${payment.id} is missing`);
  const { invoice, school } = row;
  const owed = (await schoolInvoiceOwed(tx, [invoice.id])).get(invoice.id) ?? 0;
  const { posting, allocated, toWallet } = schoolMpesaReceiptPosting({
    paymentId: payment.id,
    userId: payment.userId,
    amount: payment.amount,
    receipt: answer.receipt,
    invoice: { id: invoice.id, ref: invoice.invoiceRef, schoolId: school.id, schoolName: school.name },
    owed,
  });
  const receipt = answer.receipt ? ` (receipt ${answer.receipt})` : '';
  const risiti = answer.receipt ? ` (risiti ${answer.receipt})` : '';
  await markPaymentSucceeded(tx, context, payment, answer, {
    allocated,
    postings: [posting],
    body:
      toWallet > 0
        ? {
            en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt} for school fee invoice ${invoice.invoiceRef}; ${formatAmount(toWallet, 'en')} more than it needed is in your wallet.`,
            sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${risiti} kwa ankara ya ada ya shule ${invoice.invoiceRef}; ${formatAmount(toWallet, 'sw')} zilizozidi kiasi kilichohitajika zimewekwa kwenye pochi yako.`,
          }
        : {
            en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt} for school fee invoice ${invoice.invoiceRef} (${school.name}).`,
            sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${risiti} kwa ankara ya ada ya shule ${invoice.invoiceRef} (${school.name}).`,
          },
    link: schoolInvoiceLink(invoice.invoiceRef),
  });
  if (allocated > 0) await afterSchoolFeeMoney(tx, context, invoice, school, payment.userId);
}
