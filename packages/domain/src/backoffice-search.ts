import { z } from 'zod';
import { type CertificatePeriod, certificateStatusOn } from './certificates';
import { parseKenyanPhone } from './identifiers';
import { pageInputSchema } from './intermediaries';
import { choiceSchema } from './numbers';

export const BACKOFFICE_SEARCH_MESSAGES = {
  queryRequired: 'Enter a policy number, a registration number, a phone number or an M-Pesa receipt.',
  queryTooLong: 'The search is too long.',
  resolutionRequired: 'Choose whether the money was refunded or applied.',
  noteRequired: 'Say how the money was refunded or where it was applied.',
  noteTooShort: 'The note must be at least 5 characters.',
  noteTooLong: 'The note must be at most 500 characters.',
} as const;

/** `backoffice / policy / searchPolicies`: one box for a policy number, a plate, a phone or a receipt. */
export const searchPoliciesSchema = pageInputSchema.extend({
  query: z
    .string({ error: BACKOFFICE_SEARCH_MESSAGES.queryRequired })
    .trim()
    .min(3, BACKOFFICE_SEARCH_MESSAGES.queryRequired)
    .max(60, BACKOFFICE_SEARCH_MESSAGES.queryTooLong),
});
export type SearchPoliciesInput = z.infer<typeof searchPoliciesSchema>;

/** `payments / unallocatedReceipt / resolveReceipt`: an admin records what became of the money. */
export const resolveReceiptSchema = z.object({
  receiptSystemRef: z.string().trim().min(1).max(40),
  resolution: choiceSchema(['REFUNDED', 'APPLIED'], BACKOFFICE_SEARCH_MESSAGES.resolutionRequired),
  note: z
    .string({ error: BACKOFFICE_SEARCH_MESSAGES.noteRequired })
    .trim()
    .min(1, BACKOFFICE_SEARCH_MESSAGES.noteRequired)
    .min(5, BACKOFFICE_SEARCH_MESSAGES.noteTooShort)
    .max(500, BACKOFFICE_SEARCH_MESSAGES.noteTooLong),
});
export type ResolveReceiptInput = z.infer<typeof resolveReceiptSchema>;

/**
 * The search as the columns hold it: a plate without spaces in capitals ('kda 123b' → 'KDA123B'),
 * and a Kenyan phone as M-Pesa writes it ('0712 345 678', '+254712345678' → '254712345678'), or null.
 */
export function normaliseSearch(query: string): { text: string; plate: string; phone: string | null } {
  const text = query.trim();
  const plate = text.replace(/\s+/g, '').toUpperCase();
  const parsed = parseKenyanPhone(text);
  const phone = parsed?.isMobile ? parsed.msisdn : null;
  return { text, plate, phone };
}

/** Where a policy's cover stands on a day, as the back office shows it. */
export const POLICY_COVER_STATUSES = ['ACTIVE', 'NOT_YET_IN_FORCE', 'EXPIRED', 'CANCELLED'] as const;
export type PolicyCoverStatus = (typeof POLICY_COVER_STATUSES)[number];

/**
 * A policy's status on a day (YYYY-MM-DD, Kenya time), by the same rule as its motor certificate:
 * cancelled from its cancellation day, else expired after its last day, else not yet in force
 * before its first day (a renewal bought early), else active.
 */
export function policyStatusOn(policy: CertificatePeriod, today: string): PolicyCoverStatus {
  const status = certificateStatusOn(policy, today);
  if (status === 'VALID') return 'ACTIVE';
  if (status === 'NOT_YET_VALID') return 'NOT_YET_IN_FORCE';
  return status;
}
