import { z } from 'zod';
import { wholeShillingCents } from './cents-schema';
import { amountSchema } from './numbers';
import { mpesaPhoneSchema } from './purchase';

/** The wallet's and the statement's messages, the same on the form and from the server. */
export const WALLET_FORM_MESSAGES = {
  amountRequired: 'Enter an amount.',
  amountNotNumber: 'Enter the amount in numbers, e.g. 1500.',
  amountWhole: 'Enter whole shillings, without cents.',
  amountPositive: 'Enter an amount more than 0.',
  amountTooLarge: (max: string) => `M-Pesa takes at most ${max} at a time.`,
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: 'Choose at most 366 days.',
} as const;

/**
 * An amount in whole shillings typed by a person ("1,500", " 1500 ") or sent as a number: refused
 * when empty, not a number, with cents, or not above 0.
 */
export const shillingsAmountSchema = amountSchema({
  required: WALLET_FORM_MESSAGES.amountRequired,
  invalid: WALLET_FORM_MESSAGES.amountNotNumber,
  fraction: WALLET_FORM_MESSAGES.amountWhole,
  range: WALLET_FORM_MESSAGES.amountPositive,
  tooLarge: WALLET_FORM_MESSAGES.amountNotNumber,
  min: 1,
  max: 1_000_000_000,
});

/**
 * An amount on the wire (issue 29): integer cents of whole shillings, above 0, with the same
 * messages as the form's (a missing amount, not a number, cents, 0 or less).
 */
export const wholeShillingCentsAmountSchema = wholeShillingCents({
  required: WALLET_FORM_MESSAGES.amountRequired,
  notNumber: WALLET_FORM_MESSAGES.amountNotNumber,
  notWhole: WALLET_FORM_MESSAGES.amountWhole,
  min: { cents: 1, message: WALLET_FORM_MESSAGES.amountPositive },
  max: { cents: 100_000_000_000, message: WALLET_FORM_MESSAGES.amountNotNumber },
});

/** The top-up form: the amount as the client types it (whole shillings), the phone. */
export const walletTopUpFormSchema = z.object({
  amount: shillingsAmountSchema,
  /** As people write it (0712 345 678, +254…), sent to M-Pesa as 2547…. */
  phone: mpesaPhoneSchema,
});
export type WalletTopUpFormInput = z.infer<typeof walletTopUpFormSchema>;

/** `client / wallet / topUp`: an M-Pesa prompt for an amount (cents of whole shillings) to the phone. */
export const walletTopUpSchema = z.object({
  amount: wholeShillingCentsAmountSchema,
  /** As people write it (0712 345 678, +254…), sent to M-Pesa as 2547…. */
  phone: mpesaPhoneSchema,
});
export type WalletTopUpInput = z.infer<typeof walletTopUpSchema>;

/** `client / wallet / payInvoice`: part or all of an invoice from the wallet (cents of whole shillings). */
export const walletPayInvoiceSchema = z.object({
  invoiceSystemRef: z
    .string({ error: 'Invoice reference is required.' })
    .trim()
    .min(1, 'Invoice reference is required.'),
  amount: wholeShillingCentsAmountSchema,
  /** One per attempt: the same request sent twice (a retry, a double click) pays once. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request id.')
    .optional(),
});
export type WalletPayInvoiceInput = z.infer<typeof walletPayInvoiceSchema>;

export const walletPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

const isoDate = z
  .string({ error: WALLET_FORM_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, WALLET_FORM_MESSAGES.dateInvalid)
  .refine((value) => {
    // A real calendar date: 2026-02-30 is not one.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, WALLET_FORM_MESSAGES.dateInvalid);

/** The statement's range (Kenyan calendar dates, both included; by default the last 90 days) and page. */
export const statementQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: WALLET_FORM_MESSAGES.rangeOrder,
    path: ['to'],
  })
  .refine(
    (range) =>
      !range.from ||
      !range.to ||
      Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) <= 366 * 86_400_000,
    { message: WALLET_FORM_MESSAGES.rangeTooLong, path: ['from'] },
  );
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The default statement range: the 90 days ending `today` (YYYY-MM-DD), both included. */
export function defaultStatementRange(today: string): { from: string; to: string } {
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 89);
  return { from: start.toISOString().slice(0, 10), to: today };
}
