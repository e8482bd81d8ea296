import { recommendationIdSchema, systemQuotationRefSchema } from '@bima/domain';
import { type ActionInput, contracts } from '@bima/domain/contract';
import { z } from 'zod';
import { fromZodError } from '../gateway/errors';
import { defineAction } from '../gateway/registry';
import { requestInvoicePayment } from './invoice/service';
import {
  getPaymentStatus,
  listUnallocatedReceipts,
  listUnallocatedReceiptsForStaff,
} from './payment/service';
import { signDocumentLink } from './policy/document-links';
import { getInvoice, getPolicy, listInvoices, listPolicies } from './policy/service';
import {
  completeQuotation,
  completeQuotationDetails,
  createQuotation,
  getQuotation,
  listQuotations,
  requoteQuotation,
} from './quotation/service';
import { getClientRecommendation } from './recommendation/service';

/** The purchase: quotation → invoice → M-Pesa payment → policy, and the client's records. All secured. */
export const purchaseActions = [
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'createQuotation',
    auth: 'client',
    description:
      'Creates a quotation from spec-2 §3 payload plus coverDetails.startDate, additionalBenefits, excesses and vehicleDetails; the server prices it again (amounts in cents, in and out).',
    input: contracts['client/quotation/createQuotation'].input,
    handler: ({ db, config, principal, input }) =>
      createQuotation(db, principal!.userId, input, { validDays: config.QUOTATION_VALID_DAYS }),
  }),
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'requoteQuotation',
    auth: 'client',
    description:
      'Prices an expired quotation again with today’s rates and answers the new quotation (a valid one is answered as it is).',
    input: contracts['client/quotation/requoteQuotation'].input,
    handler: ({ db, config, principal, input }) =>
      requoteQuotation(db, principal!.userId, input.systemQuotationRef, {
        validDays: config.QUOTATION_VALID_DAYS,
      }),
  }),
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'completeQuotationDetails',
    auth: 'client',
    description:
      'Completes what one of the client’s quotations lacks before it can be paid (its `missingDetails`): {systemQuotationRef, vehicleDetails?, kyc?} — the vehicle its class and cover require, merged over the quotation’s (a recommendation’s plate and chassis), and the KYC (motor private: the profile’s, as updateClient takes it, saved to the profile; other classes: fullName, idNumber, kraPin, phoneNumber, email, address). Answers the quotation; 400 naming every field still missing or wrong (`vehicleDetails.make`, `kyc.kraPin`); 409 QUOTATION_PAID once money was paid towards it. Invoicing, paying, the cart and financing refuse an incomplete quotation with 409 RISK_DETAILS_MISSING and the same field list.',
    input: contracts['client/quotation/completeQuotationDetails'].input,
    handler: ({ db, principal, input }) => completeQuotationDetails(db, principal!.userId, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'completeQuotation',
    auth: 'client',
    description: 'Turns the client’s quotation into its invoice (once) and answers invoiceSystemRef.',
    input: contracts['underwriting/quotation/completeQuotation'].input,
    handler: ({ db, principal, input, services, log }) =>
      completeQuotation(db, principal!.userId, input.systemQuotationRef, {
        dmvic: services.dmvic.client,
        log,
      }),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'createInvoiceFromQuotation',
    auth: 'client',
    description:
      'The invoice of a system quotation (the recommendation flow); the same as completeQuotation.',
    input: contracts['underwriting/quotation/createInvoiceFromQuotation'].input,
    handler: ({ db, principal, input, services, log }) =>
      completeQuotation(db, principal!.userId, input.systemQuotationRef, {
        dmvic: services.dmvic.client,
        log,
      }),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'getQuotationDetails',
    auth: 'client',
    description:
      'Either {systemQuotationRef} → one of the client’s quotations with its invoice and policy; or {id} (a recommendation, the /review/<id> link) → that recommendation sent to the client with its quotations in full. Anyone else’s answers 404.',
    // Read as either shape below (each with its own messages); the contract says which two.
    input: z.looseObject({}) as unknown as z.ZodType<
      Record<string, unknown>,
      ActionInput<'underwriting/quotation/getQuotationDetails'>
    >,
    handler: ({ db, principal, input }) => {
      // spec-2 names one action for both: a recommendation by id, or a quotation by reference.
      if ('id' in input && !('systemQuotationRef' in input)) {
        const parsed = recommendationIdSchema.safeParse(input);
        if (!parsed.success) throw fromZodError(parsed.error);
        return getClientRecommendation(db, principal!.userId, parsed.data.id);
      }
      const parsed = systemQuotationRefSchema.safeParse(input);
      if (!parsed.success) throw fromZodError(parsed.error);
      return getQuotation(db, principal!.userId, parsed.data.systemQuotationRef);
    },
  }),
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'listQuotations',
    auth: 'client',
    description:
      'The client’s quotations, newest first: the whole list, or with page and pageSize (1–100, 10) one page.',
    input: contracts['client/quotation/listQuotations'].input,
    handler: ({ db, principal, input }) => listQuotations(db, principal!.userId, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'accounting',
    action: 'invoicePaymentRequest',
    auth: 'client',
    description:
      'Starts an M-Pesa STK push for an unpaid invoice (amounts in cents). The prompt asks for the balance up to MPESA_MAX_AMOUNT (larger invoices are paid in several prompts); 409 INVOICE_PAID, PAYMENT_PENDING (a prompt younger than 90 s) or QUOTATION_EXPIRED (nothing paid yet).',
    input: contracts['underwriting/accounting/invoicePaymentRequest'].input,
    handler: (context) =>
      requestInvoicePayment(
        context,
        context.principal!.userId,
        context.input.invoiceSystemRef,
        context.input.invoicePaymentDetails.params.PhoneNumber,
      ),
  }),
  defineAction({
    service: 'intergration',
    resource: 'payment',
    action: 'paymentRequestDetails',
    auth: 'client',
    description:
      'A payment’s status, the policy once issued, and its invoice’s balance (a part payment: success with balance > 0); amounts in cents.',
    input: contracts['intergration/payment/paymentRequestDetails'].input,
    handler: (context) =>
      getPaymentStatus(context, context.principal!.userId, context.input.paymentSystemRef),
  }),
  defineAction({
    service: 'client',
    resource: 'invoice',
    action: 'listInvoices',
    auth: 'client',
    description:
      'The client’s invoices (optionally only UNPAID or PAID ones), newest first: the whole list, or with page and pageSize (1–100, 10) one page; amounts in cents.',
    input: contracts['client/invoice/listInvoices'].input,
    handler: ({ db, config, principal, input }) =>
      listInvoices(db, principal!.userId, {
        maxPerPrompt: config.MPESA_MAX_AMOUNT,
        paging: input,
        status: input.status,
      }),
  }),
  defineAction({
    service: 'client',
    resource: 'invoice',
    action: 'getInvoice',
    auth: 'client',
    description:
      'One of the client’s invoices with what it received, still owes and the next prompt asks (at most maxPerPrompt); amounts in cents.',
    input: contracts['client/invoice/getInvoice'].input,
    handler: ({ db, config, principal, input }) =>
      getInvoice(db, principal!.userId, input.invoiceSystemRef, { maxPerPrompt: config.MPESA_MAX_AMOUNT }),
  }),
  defineAction({
    service: 'client',
    resource: 'wallet',
    action: 'listUnallocatedReceipts',
    auth: 'client',
    description:
      'Money M-Pesa took that no invoice was waiting for, credited to the client, newest first, a page at a time (amounts in cents).',
    input: contracts['client/wallet/listUnallocatedReceipts'].input,
    handler: ({ db, principal, input }) => listUnallocatedReceipts(db, principal!.userId, input),
  }),
  defineAction({
    service: 'payments',
    resource: 'unallocatedReceipt',
    action: 'listUnallocatedReceipts',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Admin: every client’s unallocated receipts to refund, newest first, optionally by status, each with the client’s e-mail and phone.',
    input: contracts['payments/unallocatedReceipt/listUnallocatedReceipts'].input,
    handler: ({ db, input }) => listUnallocatedReceiptsForStaff(db, input),
  }),
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'listPolicies',
    auth: 'client',
    description:
      'The client’s policies, newest first (the whole list, or with page and pageSize (1–100, 10) one page), each with its payments.',
    input: contracts['client/policy/listPolicies'].input,
    handler: ({ db, principal, input }) => listPolicies(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'getPolicy',
    auth: 'client',
    description:
      'One of the client’s policies by id or policy number, with its motor certificate and links to its documents (valid 10 minutes).',
    input: contracts['client/policy/getPolicy'].input,
    handler: async ({ db, principal, input, services }) => {
      const policy = await getPolicy(db, principal!.userId, input);
      return {
        ...policy,
        documents: {
          schedule: signDocumentLink(services.tokenSecret, 'schedule', policy.id, principal!),
          receipt: signDocumentLink(services.tokenSecret, 'receipt', policy.id, principal!),
          // The certificate once DMVIC has issued it (none while it is being issued).
          certificate: policy.certificate?.number
            ? signDocumentLink(services.tokenSecret, 'certificate', policy.id, principal!)
            : null,
        },
      };
    },
  }),
];
