import {
  lenderDeclineSchema,
  lenderListSchema,
  loanMpesaPaymentSchema,
  loanPageSchema,
  loanRefSchema,
  loanWalletPaymentSchema,
} from '@bima/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { loans } from '../../db/schema';
import { defineAction } from '../../gateway/registry';
import {
  approveApplication,
  declineApplication,
  getLenderApplication,
  listLenderApplications,
  withdrawApplication,
} from './decisions';
import { payLoanFromWallet, requestLoanMpesaPayment } from './payments';
import { getClientLoan, pageOfLoans } from './service';

const LOAN_VIEW =
  'a loan: {loanRef, product, status (AWAITING_DEPOSIT | PENDING | DECLINED | WITHDRAWN | ACTIVE | SETTLED | CANCELLED), lender, invoiceSystemRef, productName, insurer, vehicle, policy {id, policyNumber, status, cancelledOn} | null, principal, fee, totalRepayable, months, feeRatePercent, annualRatePercent, paid and outstanding (from the ledger), toBeFinanced (the premium the lender is asked to pay, before it has: AWAITING_DEPOSIT | PENDING; else null), firstInstalment, amountDueNow, nextInstalment, settlement {amount, waivedFee, rule} (ACTIVE), arrears {stage, daysLate, amount, instalmentNumber, noticeFrom, cancelFrom} | null, instalments:[{number, dueDate, amount, principal, fee, paid, outstanding, state}], events:[{kind, message, createdAt}], declineReason, cancellationReason, refundToLender} (KES)';

/** The client's loans (portal: my-loans) and the lender's applications (staff area). */
export const loanActions = [
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'listLoans',
    auth: 'client',
    description: `The client’s loans the lender has paid (ACTIVE, SETTLED, CANCELLED), newest first: {page, pageSize} → {items:[${LOAN_VIEW}], total, page, pageSize, totalPages}.`,
    input: loanPageSchema,
    handler: (context) =>
      pageOfLoans(
        context,
        and(
          eq(loans.userId, context.principal!.userId),
          inArray(loans.status, ['ACTIVE', 'SETTLED', 'CANCELLED']),
        ),
        context.input,
      ),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'getLoan',
    auth: 'client',
    description: `One of the client’s applications or loans: {loanRef} → ${LOAN_VIEW}. Another client’s is 404.`,
    input: loanRefSchema,
    handler: (context) => getClientLoan(context, context.principal!.userId, context.input.loanRef),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'payByMpesa',
    auth: 'client',
    description:
      'An M-Pesa prompt for a loan: {loanRef, target: next | settle, phone} → {paymentRef, status:"pending", customerMessage, amount}; next is the first instalment while the application waits for it, then the next instalment; settle is the early settlement. Follow it with paymentRequestDetails. 409 LOAN_NOTHING_DUE or PAYMENT_PENDING.',
    input: loanMpesaPaymentSchema,
    handler: (context) => requestLoanMpesaPayment(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'payFromWallet',
    auth: 'client',
    description:
      'Pays a loan from the wallet: {loanRef, target: next | settle, requestId?} → {loan, walletBalance}. 400 on amount when the wallet has too little; 409 LOAN_NOTHING_DUE; the same requestId pays once.',
    input: loanWalletPaymentSchema,
    handler: (context) => payLoanFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'withdraw',
    auth: 'client',
    description:
      'Withdraws an application the lender has not decided: {loanRef} → the loan, WITHDRAWN; what was paid goes back to the wallet. 409 once decided.',
    input: loanRefSchema,
    handler: (context) => withdrawApplication(context, context.principal!.userId, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'listApplications',
    auth: 'staff',
    roles: ['lender'],
    description: `The lender’s own applications and loans, newest first: {page, pageSize, status (default PENDING: waiting for a decision; ALL)} → {items:[${LOAN_VIEW} with client {email, names}], total, page, pageSize, totalPages}.`,
    input: lenderListSchema,
    handler: (context) => listLenderApplications(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'getApplication',
    auth: 'staff',
    roles: ['lender'],
    description:
      'One of the lender’s applications or loans: {loanRef} → the loan with its client. Another lender’s is 404.',
    input: loanRefSchema,
    handler: (context) => getLenderApplication(context, context.principal!, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'approveApplication',
    auth: 'staff',
    roles: ['lender'],
    description:
      'Approves an application whose first instalment is paid (PENDING): the lender pays the invoice, the policy is issued at once, financed, and the fee is charged → the loan, ACTIVE (or WITHDRAWN with the first instalment returned, when the invoice was paid another way meanwhile). 409 when not waiting; another lender’s is 404.',
    input: loanRefSchema,
    handler: (context) => approveApplication(context, context.principal!, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'declineApplication',
    auth: 'staff',
    roles: ['lender'],
    description:
      'Declines an application not yet decided: {loanRef, reason (3–500 characters, the client reads it)} → the loan, DECLINED; what the client paid goes back to the wallet. 409 once decided.',
    input: lenderDeclineSchema,
    handler: (context) => declineApplication(context, context.principal!, context.input),
  }),
];
