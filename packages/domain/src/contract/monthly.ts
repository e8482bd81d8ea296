import { z } from 'zod';
import { monthlyOfferSchema, publishMonthlyTermsSchema } from '../monthly';
import { adminProductRefSchema } from '../product-admin';
import { mpesaPhoneSchema } from '../purchase';
import { cents, contract, day, pageOf, timestamp } from './define';

/*
 * Paying monthly without a loan (issue 31): the policy's months, its M-Pesa Ratiba standing order,
 * and the underwriter's monthly terms per product.
 */

const policyRefSchema = z.object({
  policyId: z.coerce.number().int().positive({ error: 'Policy not found.' }),
});

/** A monthly policy's M-Pesa Ratiba standing order as the client sees it. */
export const standingOrderSchema = z.object({
  reference: z.string(),
  /** pending: waiting for the client's approval on the phone; active: debiting each month; failed: not approved; cancelled. */
  status: z.enum(['pending', 'active', 'failed', 'cancelled']),
  /** The phone debited, masked (2547•••••678). */
  phone: z.string(),
  amount: cents(),
  startDate: day(),
  endDate: day(),
  /** When the next debit is due (the next unpaid month's due date) while active. */
  nextDebitOn: day().nullable(),
  /** M-Pesa's last word on it (why it failed, was cancelled, or a debit failed). */
  resultDesc: z.string().nullable(),
  cancelledBy: z.enum(['client', 'mpesa', 'policy']).nullable(),
  createdAt: timestamp(),
});

/** One month of a monthly policy. */
export const policyMonthSchema = z.object({
  monthNo: z.int(),
  /** The days the month covers when paid on time; its due date is `from`. */
  from: day(),
  to: day(),
  amount: cents(),
  /** paid; due (today is within its grace, unpaid); missed (its grace passed); upcoming; void (the policy ended). */
  status: z.enum(['paid', 'due', 'missed', 'upcoming', 'void']),
  /** The month's invoice (pay it like any invoice); null until it is billed. */
  invoiceSystemRef: z.string().nullable(),
  paidAt: timestamp().nullable(),
  /** The first day actually covered: `from`, or the day a late payment arrived. */
  coveredFrom: day().nullable(),
});

/** What a monthly policy's page shows: months paid, the next due, the grace, the standing order. */
export const policyMonthlySchema = monthlyOfferSchema.extend({
  /** current: covered today; lapsed: a month is unpaid past its due date (pay by graceUntil to resume); cancelled; completed. */
  state: z.enum(['current', 'lapsed', 'cancelled', 'completed']),
  paidMonths: z.int(),
  months: z.array(policyMonthSchema),
  nextDue: z
    .object({
      monthNo: z.int(),
      dueDate: day(),
      amount: cents(),
      balance: cents(),
      invoiceSystemRef: z.string().nullable(),
    })
    .nullable(),
  graceUntil: day().nullable(),
  standingOrder: standingOrderSchema.nullable(),
  /** The rule in the reader's language. */
  rule: z.string(),
});

/** A version of a product's monthly terms. */
export const monthlyTermsVersionSchema = z.object({
  productSystemRef: z.string(),
  version: z.int(),
  enabled: z.boolean(),
  loadingBps: z.int(),
  graceDays: z.int(),
  createdAt: timestamp(),
  createdBy: z.string().nullable(),
});

export const monthlyContracts = {
  'client/policy/setupStandingOrder': contract(
    policyRefSchema.extend({ phone: mpesaPhoneSchema }),
    standingOrderSchema,
  ),
  'client/policy/stopStandingOrder': contract(policyRefSchema, standingOrderSchema),
  'backoffice/product/listMonthlyTerms': contract(
    adminProductRefSchema.extend({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
    }),
    pageOf(monthlyTermsVersionSchema).extend({ inForce: monthlyTermsVersionSchema.nullable() }),
  ),
  'backoffice/product/publishMonthlyTerms': contract(publishMonthlyTermsSchema, monthlyTermsVersionSchema),
};

export type PolicyMonthly = z.infer<typeof policyMonthlySchema>;
export type StandingOrderView = z.infer<typeof standingOrderSchema>;
