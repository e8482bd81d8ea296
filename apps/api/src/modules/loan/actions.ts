import { contracts } from '@bima/domain/contract';
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

/** The client's loans (portal: my-loans) and the lender's applications (staff area). */
export const loanActions = [
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'listLoans',
    auth: 'client',
    description:
      'The client’s loans the lender has paid (ACTIVE, SETTLED, CANCELLED), newest first, a page at a time (amounts in cents).',
    input: contracts['client/loan/listLoans'].input,
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
    description:
      'One of the client’s applications or loans, with its schedule and events (amounts in cents). Another client’s is 404.',
    input: contracts['client/loan/getLoan'].input,
    handler: (context) => getClientLoan(context, context.principal!.userId, context.input.loanRef),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'payByMpesa',
    auth: 'client',
    description:
      'An M-Pesa prompt for a loan (the answer’s amount in cents): next is the first instalment while the application waits for it, then the next instalment; settle is the early settlement. Follow it with paymentRequestDetails. 409 LOAN_NOTHING_DUE or PAYMENT_PENDING.',
    input: contracts['client/loan/payByMpesa'].input,
    handler: (context) => requestLoanMpesaPayment(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'payFromWallet',
    auth: 'client',
    description:
      'Pays a loan from the wallet (next: the next amount due; settle: the early settlement) and answers the loan and the wallet’s balance (cents). 400 on amount when the wallet has too little; 409 LOAN_NOTHING_DUE; the same requestId pays once.',
    input: contracts['client/loan/payFromWallet'].input,
    handler: (context) => payLoanFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'loan',
    action: 'withdraw',
    auth: 'client',
    description:
      'Withdraws an application the lender has not decided: answers the loan, WITHDRAWN; what was paid goes back to the wallet. 409 once decided.',
    input: contracts['client/loan/withdraw'].input,
    handler: (context) => withdrawApplication(context, context.principal!.userId, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'listApplications',
    auth: 'staff',
    roles: ['lender'],
    description:
      'The lender’s own applications and loans with their clients, newest first (status: default PENDING, waiting for a decision; ALL). Amounts in cents.',
    input: contracts['lender/application/listApplications'].input,
    handler: (context) => listLenderApplications(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'getApplication',
    auth: 'staff',
    roles: ['lender'],
    description: 'One of the lender’s applications or loans, with its client. Another lender’s is 404.',
    input: contracts['lender/application/getApplication'].input,
    handler: (context) => getLenderApplication(context, context.principal!, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'approveApplication',
    auth: 'staff',
    roles: ['lender'],
    description:
      'Approves an application whose first instalment is paid (PENDING): the lender pays the invoice, the policy is issued at once, financed, and the fee is charged: answers the loan, ACTIVE (or WITHDRAWN with the first instalment returned, when the invoice was paid another way meanwhile). 409 when not waiting; another lender’s is 404.',
    input: contracts['lender/application/approveApplication'].input,
    handler: (context) => approveApplication(context, context.principal!, context.input.loanRef),
  }),
  defineAction({
    service: 'lender',
    resource: 'application',
    action: 'declineApplication',
    auth: 'staff',
    roles: ['lender'],
    description:
      'Declines an application not yet decided, with a reason the client reads (3–500 characters): answers the loan, DECLINED; what the client paid goes back to the wallet. 409 once decided.',
    input: contracts['lender/application/declineApplication'].input,
    handler: (context) => declineApplication(context, context.principal!, context.input),
  }),
];
