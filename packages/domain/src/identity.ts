import { z } from 'zod';

/*
 * Verified identity (issue 30): the client's ID (national ID, passport or alien ID, against IPRS)
 * and KRA PIN are checked through an identity provider with the client's consent, one check per
 * document. A check never blocks a payment: an unavailable register is retried by a job and, after
 * IDENTITY_MAX_ATTEMPTS, handed to staff.
 */

/** The documents checked: the ID (against IPRS) and the KRA PIN (against iTax). */
export const IDENTITY_DOCUMENTS = ['ID', 'KRA_PIN'] as const;
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number];

/**
 * A check's state: `pending` while it is asked; `verified` (the register agrees, or staff approved
 * it); `mismatch` (the register disagrees: `fields` says where); `retrying` (the register did not
 * answer; the job asks again); `staff_review` (it never answered: staff decide); `rejected` (staff
 * refused it); `superseded` (a newer check of the same document replaced it).
 */
export const IDENTITY_CHECK_STATES = [
  'pending',
  'verified',
  'mismatch',
  'retrying',
  'staff_review',
  'rejected',
  'superseded',
] as const;
export type IdentityCheckState = (typeof IDENTITY_CHECK_STATES)[number];

/** What may differ from the register: the number itself (unknown or inactive), names, date of birth. */
export const IDENTITY_MISMATCH_FIELDS = [
  'idNumber',
  'kraPin',
  'firstName',
  'lastName',
  'dateOfBirth',
] as const;
export type IdentityMismatchField = (typeof IDENTITY_MISMATCH_FIELDS)[number];

/** Attempts at a register that does not answer before the check goes to staff review. */
export const IDENTITY_MAX_ATTEMPTS = 5;

/**
 * The wait after the `attempt`-th unanswered attempt (1-based) on the business clock: 2, 4, 8, 16
 * minutes, so the fifth and last attempt comes about half an hour after the first, and the check
 * reaches staff review about an hour after the client gave their details at the latest.
 */
export function identityRetryDelayMs(attempt: number): number {
  return 2 ** Math.max(1, Math.min(attempt, 6)) * 60_000;
}

/** Whether a check's state is final for the client (nothing more will happen without them or staff). */
export function isOpenIdentityCheck(state: IdentityCheckState): boolean {
  return state === 'pending' || state === 'retrying' || state === 'staff_review';
}

/**
 * The consent wording the client agrees to, recorded with each check (Data Protection Act 2019:
 * the purpose stated, consent per processing). Swahili beside the English, as the server keeps it.
 */
export const IDENTITY_CONSENT_TEXT = {
  en: 'I agree that Bima Portal checks my ID number, names and date of birth with the National Registration Bureau (IPRS), and my KRA PIN with KRA, through its identity provider, to confirm who I am before my insurance is issued (Data Protection Act, 2019). The result is kept with my profile and shown to the insurer of my policies.',
  sw: 'Ninakubali Bima Portal ikague namba yangu ya kitambulisho, majina na tarehe ya kuzaliwa kwa Idara ya Usajili wa Watu (IPRS), na PIN yangu ya KRA kwa KRA, kupitia mtoa huduma wake wa utambulisho, ili kuthibitisha mimi ni nani kabla bima yangu haijatolewa (Sheria ya Ulinzi wa Data, 2019). Matokeo yanahifadhiwa na wasifu wangu na kuonyeshwa kwa bima wa sera zangu.',
} as const;

export const IDENTITY_MESSAGES = {
  consentRequired: 'Tick the box to agree to the identity check.',
  nothingToCheck: 'Give your ID number or KRA PIN in your KYC details first.',
  dateOfBirthInvalid: 'Enter your date of birth as YYYY-MM-DD.',
  checkNotFound: 'This identity check was not found.',
  notInReview: 'Only a check awaiting staff review or with a mismatch can be decided.',
  noteRequired: 'Say why (at least 5 characters).',
} as const;

/** `client / identity / startChecks`: consent (must be true) and, optionally, the date of birth. */
export const startIdentityChecksSchema = z.object({
  consent: z.literal(true, { error: IDENTITY_MESSAGES.consentRequired }),
  dateOfBirth: z.iso.date({ error: IDENTITY_MESSAGES.dateOfBirthInvalid }).optional(),
  /** Which screen asked (kept with the consent). */
  channel: z.enum(['kyc', 'profile']).default('kyc'),
});
export type StartIdentityChecksInput = z.input<typeof startIdentityChecksSchema>;

/** `admin / identity / decideCheck`: staff approve (verified) or reject a check, saying why. */
export const decideIdentityCheckSchema = z.object({
  checkId: z.int().positive({ error: IDENTITY_MESSAGES.checkNotFound }),
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().min(5, IDENTITY_MESSAGES.noteRequired).max(500),
});
export type DecideIdentityCheckInput = z.infer<typeof decideIdentityCheckSchema>;

/** `underwriting / identity / insuredVerification`: the verification of a policy's insured. */
export const insuredVerificationSchema = z.object({
  policyNumber: z.string().trim().min(1).max(60),
});

/** A check as the client and staff see it: what differs, never the register's values. */
export const identityCheckViewSchema = z.object({
  id: z.int(),
  document: z.enum(IDENTITY_DOCUMENTS),
  /** NATIONAL_ID | PASSPORT | ALIEN_ID | KRA_PIN */
  idType: z.string(),
  /** The number checked, masked but for its last 3 characters. */
  maskedNumber: z.string(),
  state: z.enum(IDENTITY_CHECK_STATES),
  fields: z.array(z.enum(IDENTITY_MISMATCH_FIELDS)),
  attempts: z.int(),
  consentAt: z.string(),
  checkedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type IdentityCheckView = z.infer<typeof identityCheckViewSchema>;

/** Masks a document number but for its last three characters (12345678 → •••••678). */
export function maskDocumentNumber(value: string): string {
  return value.length <= 3 ? value : `${'•'.repeat(value.length - 3)}${value.slice(-3)}`;
}
