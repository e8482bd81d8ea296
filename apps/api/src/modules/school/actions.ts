import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import {
  applyForSchoolLoan,
  getSchoolInvoice,
  getSchoolLoanOffer,
  linkChild,
  listChildren,
  listSchoolInvoices,
  listSchoolLoans,
  listSchools,
  paySchoolFeeFromWallet,
  requestSchoolFeeMpesa,
} from './service';

/** School fees (portal: school/schools, school/invoice, school/loans). All the parent's own. */
export const schoolActions = [
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listSchools',
    auth: 'client',
    description:
      'The directory of partner schools, by name, searched by name, town or county and by level, a page at a time.',
    input: contracts['client/school/listSchools'].input,
    handler: ({ db, input }) => listSchools(db, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'linkChild',
    auth: 'client',
    description:
      'Links a child (the name as the school has it); alreadyLinked when it was. 400 on schoolRef (unknown), admissionNumber (no such student) or studentName (does not match). Two parents may link the same child.',
    input: contracts['client/school/linkChild'].input,
    handler: ({ db, principal, input }) => linkChild(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listChildren',
    auth: 'client',
    description: 'The parent’s linked children, a page at a time.',
    input: contracts['client/school/listChildren'].input,
    handler: ({ db, principal, input }) => listChildren(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listInvoices',
    auth: 'client',
    description:
      'The school fee invoices of the parent’s linked children, unpaid first by due date (amounts in cents).',
    input: contracts['client/school/listInvoices'].input,
    handler: (context) => listSchoolInvoices(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'getInvoice',
    auth: 'client',
    description:
      'One school fee invoice of a linked child with its school’s paybill and its receipts (amounts in cents). Another parent’s child’s invoice is 404.',
    input: contracts['client/school/getInvoice'].input,
    handler: (context) =>
      getSchoolInvoice(context, context.principal!.userId, context.input.invoiceRef, context.language),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'payByMpesa',
    auth: 'client',
    description:
      'Starts an M-Pesa prompt towards a school fee invoice for an amount in cents of whole shillings (default the balance up to MPESA_MAX_AMOUNT; the answer’s amount in cents); follow it with paymentRequestDetails. 400 on amount (above the balance or M-Pesa’s limit); 409 INVOICE_PAID, PAYMENT_PENDING.',
    input: contracts['client/school/payByMpesa'].input,
    handler: (context) => requestSchoolFeeMpesa(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'payFromWallet',
    auth: 'client',
    description:
      'Pays all or part of a school fee invoice from the wallet (the amount in cents of whole shillings): answers the invoice (as getInvoice) and the wallet’s balance in cents. 400 on amount; 409 INVOICE_PAID; the same requestId pays once.',
    input: contracts['client/school/payFromWallet'].input,
    handler: (context) => paySchoolFeeFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'getLoanOffer',
    auth: 'client',
    description:
      'Whether a school fee loan can pay the invoice’s balance and what 2 or 3 monthly instalments would cost, as client/ipf/getOffer (amounts in cents); reasonCode when not: INVOICE_PAID | ALREADY_APPLIED | BELOW_MINIMUM | NO_LENDER.',
    input: contracts['client/school/getLoanOffer'].input,
    handler: (context) => getSchoolLoanOffer(context, context.principal!.userId, context.input.invoiceRef),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'applyForLoan',
    auth: 'client',
    description:
      'Applies for a school fee loan over 2 or 3 months (the terms accepted): answers the loan (as client/loan/getLoan), AWAITING_DEPOSIT until its first instalment is paid (client/loan/payByMpesa or payFromWallet). 409 with the reason’s code when it cannot.',
    input: contracts['client/school/applyForLoan'].input,
    handler: (context) => applyForSchoolLoan(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listLoans',
    auth: 'client',
    description:
      'The parent’s school fee loans and applications, newest first, a page at a time (as client/loan/getLoan).',
    input: contracts['client/school/listLoans'].input,
    handler: (context) => listSchoolLoans(context, context.principal!.userId, context.input),
  }),
];
