import type { LoanStatus } from '@bima/domain';
import { and, eq } from 'drizzle-orm';
import { loans } from '../../db/schema';
import { AppError } from '../../gateway/errors';
import type { Principal } from '../../gateway/registry';
import { recordAudit } from '../audit/service';
import { amountWords } from '../audit/words';
import { sendPolicyDocuments } from '../invoice/service';
import { APPLICATION_END_REASONS, LOAN_STATUS_WORD, LOAN_STATUS_WORDS } from './products';
import {
  approveLoan,
  endApplication,
  getClientLoan,
  getLenderLoan,
  type LoanContext,
  lockClientLoan,
  lockLenderLoan,
  pageOfLoans,
} from './service';

const lenderIdOf = (principal: Principal) => {
  if (principal.role !== 'lender' || !principal.lenderId)
    throw new AppError('forbidden', 'You are not allowed to do this.');
  return principal.lenderId;
};

const notWaiting = () =>
  new AppError('conflict', 'This application is no longer waiting for a decision.', {
    code: 'INVALID_TRANSITION',
  });

/** The lender's applications and loans, newest first, by status (PENDING: the queue; ALL: every one). */
export function listLenderApplications(
  context: LoanContext,
  principal: Principal,
  query: { page: number; pageSize: number; status: LoanStatus | 'ALL' },
) {
  const lenderId = lenderIdOf(principal);
  const where =
    query.status === 'ALL'
      ? and(eq(loans.lenderId, lenderId))
      : and(eq(loans.lenderId, lenderId), eq(loans.status, query.status));
  return pageOfLoans(context, where, query, { withClient: true });
}

export function getLenderApplication(context: LoanContext, principal: Principal, loanRef: string) {
  return getLenderLoan(context, lenderIdOf(principal), loanRef);
}

/**
 * The lender approves an application whose first instalment is paid: it pays the invoice and the
 * policy is issued at once, financed (see `approveLoan`). Another lender's is 404; one no longer
 * waiting is 409.
 */
export async function approveApplication(context: LoanContext, principal: Principal, loanRef: string) {
  const lenderId = lenderIdOf(principal);
  const issued = await context.db.transaction(async (tx) => {
    const loan = await lockLenderLoan(tx, lenderId, loanRef);
    if (loan.status !== 'PENDING') throw notWaiting();
    // approveLoan records the decision in the audit log (approved, or withdrawn instead).
    const result = await approveLoan(tx, context, loan, { by: principal.userId });
    return result.issuedInvoiceId;
  });
  if (issued !== null) await sendPolicyDocuments(context, issued);
  return getLenderLoan(context, lenderId, loanRef);
}

/**
 * The lender declines an application (waiting for its first instalment or for the lender) with a
 * reason the client reads; what the client paid goes back to the wallet.
 */
export async function declineApplication(
  context: LoanContext,
  principal: Principal,
  input: { loanRef: string; reason: string },
) {
  const lenderId = lenderIdOf(principal);
  await context.db.transaction(async (tx) => {
    const loan = await lockLenderLoan(tx, lenderId, input.loanRef);
    if (loan.status !== 'PENDING' && loan.status !== 'AWAITING_DEPOSIT') throw notWaiting();
    await endApplication(tx, context, loan, 'DECLINED', input.reason, principal.userId);
    await recordAudit(tx, principal, {
      action: 'lender/application/declineApplication',
      entityType: 'loan',
      entityId: loan.loanRef,
      details: { reason: input.reason },
      summary: {
        en: `Declined loan application ${loan.loanRef} of ${amountWords(loan.principal).en} for ${loan.months} months`,
        sw: `Alikataa ombi la mkopo ${loan.loanRef} wa ${amountWords(loan.principal).sw} kwa miezi ${loan.months}`,
      },
      changes: [
        {
          what: LOAN_STATUS_WORD,
          before: LOAN_STATUS_WORDS[loan.status as keyof typeof LOAN_STATUS_WORDS],
          after: LOAN_STATUS_WORDS.DECLINED,
        },
        { what: { en: 'Reason', sw: 'Sababu' }, after: input.reason },
      ],
    });
  });
  return getLenderLoan(context, lenderId, input.loanRef);
}

/** The client withdraws an application before the lender decides; anything paid goes to the wallet. */
export async function withdrawApplication(context: LoanContext, userId: string, loanRef: string) {
  await context.db.transaction(async (tx) => {
    const loan = await lockClientLoan(tx, userId, loanRef);
    if (loan.status !== 'PENDING' && loan.status !== 'AWAITING_DEPOSIT') throw notWaiting();
    await endApplication(tx, context, loan, 'WITHDRAWN', APPLICATION_END_REASONS.withdrawnByClient.en);
  });
  return getClientLoan(context, userId, loanRef);
}
