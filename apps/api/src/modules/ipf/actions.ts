import { ipfApplySchema, ipfOfferSchema, loanPageSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { applyForIpf, getIpfOffer, listIpfRequests } from './service';

/** Premium financing for the client (portal: IPF Requests, and "Pay over time" on an invoice). */
export const ipfActions = [
  defineAction({
    service: 'client',
    resource: 'ipf',
    action: 'getOffer',
    auth: 'client',
    description:
      'Whether one of the client’s invoices can be financed and what each term would cost: {invoiceSystemRef} → {invoiceSystemRef, productName, premium, minPremium (KES), eligible, reason, reasonCode (INVOICE_PAID | ALREADY_APPLIED | PART_PAID | QUOTATION_EXPIRED | NOT_ANNUAL | BELOW_MINIMUM | NO_LENDER), openLoanRef, earlySettlementRule, options:[{months (4–10), lender, principal, fee, totalRepayable, feeRatePercent, annualRatePercent, firstInstalment, instalments:[{number, dueDate, amount, principal, fee}]}]}. Another client’s invoice is 404.',
    input: ipfOfferSchema,
    handler: (context) => getIpfOffer(context, context.principal!.userId, context.input.invoiceSystemRef),
  }),
  defineAction({
    service: 'client',
    resource: 'ipf',
    action: 'apply',
    auth: 'client',
    description:
      'Applies to finance the invoice: {invoiceSystemRef, months (4–10), acceptTerms: true} → the loan (as client/loan/getLoan), AWAITING_DEPOSIT until its first instalment is paid (client/loan/payByMpesa or payFromWallet). 409 with the reason’s code when it cannot be financed (one open application per invoice); 400 on months when no lender offers the term.',
    input: ipfApplySchema,
    handler: (context) => applyForIpf(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'ipf',
    action: 'listRequests',
    auth: 'client',
    description:
      'The client’s premium financing applications and loans, newest first: {page, pageSize} → {items:[loan], total, page, pageSize, totalPages}.',
    input: loanPageSchema,
    handler: (context) => listIpfRequests(context, context.principal!.userId, context.input),
  }),
];
