import { sendPolicyDocuments } from '../invoice/service';
import type { Payable } from '../payment/payables';
import { settleLoanReceipt } from './payments';

/**
 * A loan's instalment, first instalment or early settlement paid by M-Pesa (payments with purpose
 * 'loan'): the loan engine puts it towards the loan, the rest to the wallet; a first instalment
 * that lets the lender pay may issue a policy, whose documents go after commit.
 */
export const loanPayable: Payable = {
  purpose: 'loan',
  settle: async (tx, context, payment, answer, afterCommit) => {
    const issuedInvoiceId = await settleLoanReceipt(tx, context, payment, answer);
    if (issuedInvoiceId !== null) afterCommit.push(() => sendPolicyDocuments(context, issuedInvoiceId));
  },
};
