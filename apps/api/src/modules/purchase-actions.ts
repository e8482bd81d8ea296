import {
  createQuotationSchema,
  invoicePaymentRequestSchema,
  paymentRequestDetailsSchema,
  systemQuotationRefSchema,
} from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../gateway/registry';
import { getPaymentStatus, requestInvoicePayment } from './payment/service';
import { signDocumentLink } from './policy/document-links';
import { getInvoice, getPolicy, listInvoices, listPolicies } from './policy/service';
import { completeQuotation, createQuotation, getQuotation, listQuotations } from './quotation/service';

const invoiceRefSchema = z.object({
  invoiceSystemRef: z
    .string({ error: 'Invoice reference is required.' })
    .trim()
    .min(1, 'Invoice reference is required.'),
});
const policyKeySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    policyNumber: z.string().trim().min(1).optional(),
  })
  .refine((key) => key.id !== undefined || key.policyNumber !== undefined, 'Give the policy id or number.');

/** The purchase: quotation → invoice → M-Pesa payment → policy, and the client's records. All secured. */
export const purchaseActions = [
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'createQuotation',
    auth: 'client',
    description:
      'Creates a quotation from spec-2 §3 payload plus coverDetails.startDate, additionalBenefits, excesses and vehicleDetails; the server prices it again.',
    input: createQuotationSchema,
    handler: ({ db, principal, input }) => createQuotation(db, principal!.userId, input),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'completeQuotation',
    auth: 'client',
    description: 'Turns the client’s quotation into its invoice (once) and answers invoiceSystemRef.',
    input: systemQuotationRefSchema,
    handler: ({ db, principal, input }) => completeQuotation(db, principal!.userId, input.systemQuotationRef),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'createInvoiceFromQuotation',
    auth: 'client',
    description:
      'The invoice of a system quotation (the recommendation flow); the same as completeQuotation.',
    input: systemQuotationRefSchema,
    handler: ({ db, principal, input }) => completeQuotation(db, principal!.userId, input.systemQuotationRef),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'quotation',
    action: 'getQuotationDetails',
    auth: 'client',
    description: 'One of the client’s quotations with its invoice and policy.',
    input: systemQuotationRefSchema,
    handler: ({ db, principal, input }) => getQuotation(db, principal!.userId, input.systemQuotationRef),
  }),
  defineAction({
    service: 'client',
    resource: 'quotation',
    action: 'listQuotations',
    auth: 'client',
    description: 'The client’s quotations, newest first.',
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => listQuotations(db, principal!.userId),
  }),
  defineAction({
    service: 'underwriting',
    resource: 'accounting',
    action: 'invoicePaymentRequest',
    auth: 'client',
    description:
      "Starts an M-Pesa STK push for an unpaid invoice: {invoiceSystemRef, invoicePaymentDetails:{paymentProvider:'mpesa', params:{PhoneNumber:'2547XXXXXXXX'}}} → {paymentRef}.",
    input: invoicePaymentRequestSchema,
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
      'A payment’s status: paymentRequestStatus pending, success or failed, statusMessage, policyNumber once issued.',
    input: paymentRequestDetailsSchema,
    handler: (context) =>
      getPaymentStatus(context, context.principal!.userId, context.input.paymentSystemRef),
  }),
  defineAction({
    service: 'client',
    resource: 'invoice',
    action: 'listInvoices',
    auth: 'client',
    description: 'The client’s invoices, newest first.',
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => listInvoices(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'invoice',
    action: 'getInvoice',
    auth: 'client',
    description: 'One of the client’s invoices.',
    input: invoiceRefSchema,
    handler: ({ db, principal, input }) => getInvoice(db, principal!.userId, input.invoiceSystemRef),
  }),
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'listPolicies',
    auth: 'client',
    description: 'The client’s policies, newest first.',
    input: z.object({}).passthrough(),
    handler: ({ db, principal }) => listPolicies(db, principal!.userId),
  }),
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'getPolicy',
    auth: 'client',
    description:
      'One of the client’s policies by id or policy number, with links to its documents (valid 10 minutes).',
    input: policyKeySchema,
    handler: async ({ db, principal, input, services }) => {
      const policy = await getPolicy(db, principal!.userId, input);
      return {
        ...policy,
        documents: {
          schedule: signDocumentLink(services.tokenSecret, 'schedule', policy.id, principal!.userId),
          receipt: signDocumentLink(services.tokenSecret, 'receipt', policy.id, principal!.userId),
        },
      };
    },
  }),
];
