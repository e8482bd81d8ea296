import { randomUUID } from 'node:crypto';
import { loanMpesaReceiptPosting, loanWalletPaymentPosting } from '@bima/domain';
import { eq } from 'drizzle-orm';
import { loans, payments } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import { formatAmount } from '../../lib/language';
import { makeRef } from '../../lib/refs';
import { sendPolicyDocuments } from '../invoice/service';
import { isPosted, lockWallet, post, walletBalance } from '../ledger/service';
import { refuseWhilePromptLive, sendPrompt } from '../payment/service';
import { type MpesaAnswer, markPaymentSucceeded } from '../payment/settle';
import {
  afterLoanMoney,
  amountDue,
  getClientLoan,
  instalmentsOf,
  type LoanContext,
  type LoanCoreContext,
  loanLink,
  loanMoney,
  loanRefOf,
  lockClientLoan,
  type Tx,
} from './service';

type PaymentRow = typeof payments.$inferSelect;

const nothingDue = () =>
  new AppError('conflict', 'Nothing is due on this loan now.', { code: 'LOAN_NOTHING_DUE' });

/**
 * Starts an M-Pesa prompt for a loan: its first instalment while the application waits for it, then
 * the next instalment or the early settlement (`target`), up to M-Pesa's per-transaction limit. The
 * loan row is locked while deciding: one live prompt per loan.
 */
export async function requestLoanMpesaPayment(
  context: LoanContext,
  userId: string,
  input: { loanRef: string; target: 'next' | 'settle'; phone: string },
) {
  const { db, services } = context;
  const payment = await db.transaction(async (tx) => {
    const loan = await lockClientLoan(tx, userId, input.loanRef);
    const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
    const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
    const due = amountDue(loan, instalments, money, input.target, services.clock.today());
    if (due <= 0) throw nothingDue();
    await refuseWhilePromptLive(
      tx,
      eq(payments.loanId, loan.id),
      'A payment for this loan is waiting for confirmation on your phone.',
    );
    const [inserted] = await tx
      .insert(payments)
      .values({
        paymentSystemRef: makeRef('PAY', 10),
        purpose: 'loan',
        invoiceId: null,
        loanId: loan.id,
        loanTarget: input.target,
        userId,
        phone: input.phone,
        amount: Math.min(due, services.mpesa.maxAmount * 100),
      })
      .returning();
    return { row: inserted!, loanRef: loan.loanRef };
  });
  return sendPrompt(context, payment.row, {
    accountReference: payment.loanRef,
    description: 'Loan instalment',
  });
}

/**
 * Money M-Pesa confirmed for a loan payment, inside settlePayment's transaction (the payment row
 * locked): the loan is locked, what it needs now goes to it and the rest to the wallet — posted
 * once per payment — the payment marked a success, the client told, and the loan moved on (first
 * instalment paid, settled). Answers the invoice whose policy was issued now, if any.
 */
export async function settleLoanReceipt(
  tx: Tx,
  context: LoanCoreContext,
  payment: PaymentRow,
  answer: MpesaAnswer,
): Promise<number | null> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, payment.loanId!)).for('update');
  if (!loan) throw new Error(`loan ${payment.loanId} of payment ${payment.id} is missing`);
  const target = payment.loanTarget === 'settle' ? 'settle' : 'next';
  const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
  const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
  const due = amountDue(loan, instalments, money, target, context.services.clock.today());
  const isDeposit = loan.status === 'AWAITING_DEPOSIT';
  const { posting, allocated, toWallet } = loanMpesaReceiptPosting({
    paymentId: payment.id,
    loan: loanRefOf(loan),
    amount: payment.amount,
    receipt: answer.receipt,
    due,
    isDeposit,
  });
  const receipt = answer.receipt ? ` (receipt ${answer.receipt})` : '';
  const risiti = answer.receipt ? ` (risiti ${answer.receipt})` : '';
  await markPaymentSucceeded(tx, context, payment, answer, {
    allocated,
    postings: [posting],
    body:
      allocated > 0
        ? {
            en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt} for loan ${loan.loanRef}${toWallet > 0 ? `; ${formatAmount(toWallet, 'en')} more than it needed is in your wallet` : ''}.`,
            sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${risiti} kwa mkopo ${loan.loanRef}${toWallet > 0 ? `; ${formatAmount(toWallet, 'sw')} zilizozidi kiasi kilichohitajika zimewekwa kwenye pochi yako` : ''}.`,
          }
        : {
            en: `We received ${formatAmount(payment.amount, 'en')} by M-Pesa${receipt}; loan ${loan.loanRef} needed nothing more, so it is in your wallet.`,
            sw: `Tumepokea ${formatAmount(payment.amount, 'sw')} kupitia M-Pesa${risiti}; mkopo ${loan.loanRef} haukuhitaji malipo zaidi, kwa hiyo zimewekwa kwenye pochi yako.`,
          },
    link: loanLink(loan),
  });
  if (allocated === 0) return null;
  return (await afterLoanMoney(tx, context, loan, target, allocated)).issuedInvoiceId;
}

/**
 * Pays a loan from the wallet — its first instalment, the next instalment or the early settlement —
 * with the loan and then the wallet locked, so two payments at once are decided one after the other.
 * The same `requestId` pays once.
 */
export async function payLoanFromWallet(
  context: LoanContext,
  userId: string,
  input: { loanRef: string; target: 'next' | 'settle'; requestId?: string },
) {
  const { db, services } = context;
  const key = `loan-wallet:${userId}:${input.requestId ?? randomUUID()}`;
  let issuedInvoiceId: number | null = null;
  await db.transaction(async (tx) => {
    const loan = await lockClientLoan(tx, userId, input.loanRef);
    if (await isPosted(tx, key)) return;
    const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
    const instalments = (await instalmentsOf(tx, [loan.id])).get(loan.id)!;
    const due = amountDue(loan, instalments, money, input.target, services.clock.today());
    if (due <= 0) throw nothingDue();
    const balance = await lockWallet(tx, userId);
    const decided = loanWalletPaymentPosting({
      key,
      loan: loanRefOf(loan),
      amount: due,
      walletBalance: balance,
      isDeposit: loan.status === 'AWAITING_DEPOSIT',
    });
    if (!decided.ok) {
      const { code, message } = decided.refusal;
      throw new AppError(code === 'LOAN_NOTHING_DUE' ? 'conflict' : 'invalid', message, {
        code,
        errors: [{ field: 'amount', message }],
      });
    }
    await post(tx, decided.posting);
    issuedInvoiceId = (await afterLoanMoney(tx, context, loan, input.target, due)).issuedInvoiceId;
  });
  if (issuedInvoiceId !== null) await sendPolicyDocuments(context, issuedInvoiceId);
  return {
    loan: await getClientLoan(context, userId, input.loanRef),
    walletBalance: await walletBalance(db, userId),
  };
}
