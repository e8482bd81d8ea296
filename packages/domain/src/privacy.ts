import { z } from 'zod';

/*
 * The client's own data under Kenya's Data Protection Act 2019: consents (s. 32: given freely, for
 * a purpose, provable, withdrawable), the copy of their data (s. 26, 38) and erasure (s. 40).
 */

/** What a client can consent to: marketing e-mail, sharing their assessment with a firm, identity checks. */
export const CONSENT_PURPOSES = ['marketing_email', 'assessment_sharing', 'identity_check'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent was given or withdrawn: the screen the client was on. */
export const CONSENT_CHANNELS = ['privacy', 'kyc', 'assessment', 'sign-up'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * The version of the words the client saw for each purpose; a change of wording gets a new version,
 * so the record shows what exactly was agreed to.
 */
export const CONSENT_WORDING_VERSIONS: Readonly<Record<ConsentPurpose, string>> = {
  marketing_email: 'marketing-email-2026-11',
  assessment_sharing: 'assessment-sharing-2026-11',
  identity_check: 'identity-check-2026-11',
};

/** Messages of the privacy rules; Swahili in locales/sw.messages.json. */
export const PRIVACY_MESSAGES = {
  OPEN_CLAIM:
    'Your account cannot be closed while a claim is open. We will close it once the claim is settled, declined or closed.',
  OPEN_LOAN:
    'Your account cannot be closed while a premium-finance or school-fee loan is open. Repay or withdraw it first.',
  MONEY_HELD:
    'Your account cannot be closed while the portal holds money for you (your wallet or an unallocated payment). Ask us to refund it first.',
  PENDING_PAYMENT:
    'Your account cannot be closed while an M-Pesa payment is still being confirmed. Try again in a few minutes.',
  passwordWrong: 'The password is not correct.',
  notShared: 'Your assessment is not shared with this firm.',
  firmRequired: 'Choose the firm your assessment is shared with.',
  withdrawOnlyHere: 'Share your assessment with a firm from the Assessment screen.',
  exportStaffOnly: 'Only the client can download their own data.',
  consentInvalid: 'Choose a consent from the list.',
  grantedRequired: 'Say whether you give or withdraw this consent.',
  passwordRequired: 'Enter your password.',
  confirmRequired: 'Tick the box to confirm you want your account closed.',
} as const;

/** Give or withdraw a consent from the Privacy screen (assessment sharing names the firm). */
export const setConsentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: PRIVACY_MESSAGES.consentInvalid }),
  granted: z.boolean({ error: PRIVACY_MESSAGES.grantedRequired }),
  /** The firm (intermediary id) for assessment sharing. */
  intermediaryId: z.coerce.number().int().positive().optional(),
});
export type SetConsentInput = z.infer<typeof setConsentSchema>;

/** Closing the account: the client types their e-mail to confirm, with their password. */
export const closeAccountSchema = z.object({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordRequired })
    .min(1, PRIVACY_MESSAGES.passwordRequired)
    .max(256),
  confirm: z.literal(true, { error: PRIVACY_MESSAGES.confirmRequired }),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** Why an erasure is refused for now: something open the law or the contract needs the person for. */
export const ERASURE_REFUSALS = ['OPEN_CLAIM', 'OPEN_LOAN', 'MONEY_HELD', 'PENDING_PAYMENT'] as const;
export type ErasureRefusal = (typeof ERASURE_REFUSALS)[number];
