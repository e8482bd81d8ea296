import { contracts } from '@bima/domain/contract';
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
      'Whether one of the client’s invoices can be financed and what each term (4–10 months) would cost, with its schedule (amounts in cents); reasonCode when not: INVOICE_PAID | ALREADY_APPLIED | PART_PAID | QUOTATION_EXPIRED | NOT_ANNUAL | BELOW_MINIMUM | RISK_DETAILS_MISSING | NO_LENDER. Another client’s invoice is 404.',
    input: contracts['client/ipf/getOffer'].input,
    handler: (context) => getIpfOffer(context, context.principal!.userId, context.input.invoiceSystemRef),
  }),
  defineAction({
    service: 'client',
    resource: 'ipf',
    action: 'apply',
    auth: 'client',
    description:
      'Applies to finance the invoice over 4–10 months (the terms accepted): answers the loan (as client/loan/getLoan), AWAITING_DEPOSIT until its first instalment is paid (client/loan/payByMpesa or payFromWallet). 409 with the reason’s code when it cannot be financed (one open application per invoice); 400 on months when no lender offers the term.',
    input: contracts['client/ipf/apply'].input,
    handler: (context) => applyForIpf(context, context.principal!.userId, context.input),
  }),
  defineAction({
    service: 'client',
    resource: 'ipf',
    action: 'listRequests',
    auth: 'client',
    description:
      'The client’s premium financing applications and loans, newest first, a page at a time (as client/loan/getLoan).',
    input: contracts['client/ipf/listRequests'].input,
    handler: (context) => listIpfRequests(context, context.principal!.userId, context.input),
  }),
];
