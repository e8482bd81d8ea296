import {
  schoolInvoiceRefSchema,
  schoolLinkChildSchema,
  schoolLoanApplySchema,
  schoolMpesaPaymentSchema,
  schoolPageSchema,
  schoolSearchSchema,
  schoolWalletPaymentSchema,
} from '@bima/domain';
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

const INVOICE_VIEW =
  '{invoiceRef, school:{schoolRef, name}, studentName, admissionNumber, term, amount, paid, balance (KES), dueDate, status (UNPAID | PART_PAID | OVERDUE | PAID), paidAt, maxMpesaAmount, loan:{loanRef, status}|null}';

/** School fees (portal: school/schools, school/invoice, school/loans). All the parent's own. */
export const schoolActions = [
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listSchools',
    auth: 'client',
    description:
      'The directory of partner schools, by name: {search? (name, town or county), level?, page, pageSize} → {items:[{schoolRef, name, county, town, level, levelLabel, paybill, accountFormat, isSample}], total, page, pageSize, totalPages}.',
    input: schoolSearchSchema,
    handler: ({ db, input }) => listSchools(db, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'linkChild',
    auth: 'client',
    description:
      'Links a child: {schoolRef, admissionNumber, studentName (as the school has it)} → {childId, studentName, admissionNumber, grade, school, alreadyLinked}. 400 on schoolRef (unknown), admissionNumber (no such student) or studentName (does not match). Two parents may link the same child.',
    input: schoolLinkChildSchema,
    handler: ({ db, principal, input }) => linkChild(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listChildren',
    auth: 'client',
    description:
      'The parent’s linked children: {page, pageSize} → {items, total, page, pageSize, totalPages}.',
    input: schoolPageSchema,
    handler: ({ db, principal, input }) => listChildren(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listInvoices',
    auth: 'client',
    description: `The school fee invoices of the parent’s linked children, unpaid first by due date: {page, pageSize} → {items:[${INVOICE_VIEW}], total, page, pageSize, totalPages}.`,
    input: schoolPageSchema,
    handler: (context) => listSchoolInvoices(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'getInvoice',
    auth: 'client',
    description: `One school fee invoice of a linked child with its receipts: {invoiceRef} → ${INVOICE_VIEW} + receipts:[{id, kind, description, reference, occurredAt, amount}]. Another parent’s child’s invoice is 404.`,
    input: schoolInvoiceRefSchema,
    handler: (context) =>
      getSchoolInvoice(context, context.principal!.userId, context.input.invoiceRef, context.language),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'payByMpesa',
    auth: 'client',
    description:
      'Starts an M-Pesa prompt towards a school fee invoice: {invoiceRef, amount? (KES, default the balance up to MPESA_MAX_AMOUNT), phone} → {paymentRef, status:"pending", customerMessage, amount}; follow it with paymentRequestDetails. 400 on amount (above the balance or M-Pesa’s limit); 409 INVOICE_PAID, PAYMENT_PENDING.',
    input: schoolMpesaPaymentSchema,
    handler: (context) => requestSchoolFeeMpesa(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'payFromWallet',
    auth: 'client',
    description:
      'Pays all or part of a school fee invoice from the wallet: {invoiceRef, amount (KES, whole), requestId?} → {invoice (as getInvoice), walletBalance}. 400 on amount; 409 INVOICE_PAID; the same requestId pays once.',
    input: schoolWalletPaymentSchema,
    handler: (context) => paySchoolFeeFromWallet(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'getLoanOffer',
    auth: 'client',
    description:
      'Whether a school fee loan can pay the invoice’s balance and what 2 or 3 monthly instalments would cost: {invoiceRef} → {invoiceRef, schoolName, studentName, term, balance, minBalance (KES), eligible, reason, reasonCode (INVOICE_PAID | ALREADY_APPLIED | BELOW_MINIMUM | NO_LENDER), openLoanRef, earlySettlementRule, options:[as client/ipf/getOffer]}.',
    input: schoolInvoiceRefSchema,
    handler: (context) => getSchoolLoanOffer(context, context.principal!.userId, context.input.invoiceRef),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'applyForLoan',
    auth: 'client',
    description:
      'Applies for a school fee loan: {invoiceRef, months (2 or 3), acceptTerms: true} → the loan (as client/loan/getLoan), AWAITING_DEPOSIT until its first instalment is paid (client/loan/payByMpesa or payFromWallet). 409 with the reason’s code when it cannot.',
    input: schoolLoanApplySchema,
    handler: (context) => applyForSchoolLoan(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'school',
    action: 'listLoans',
    auth: 'client',
    description:
      'The parent’s school fee loans and applications, newest first: {page, pageSize} → {items:[loan], total, page, pageSize, totalPages}.',
    input: schoolPageSchema,
    handler: (context) => listSchoolLoans(context, context.principal!.userId, context.input),
  }),
];
