import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  codeSchema,
  emailSchema,
  loginDeviceSchema,
  newPasswordSchema,
  personNameSchema,
} from './account';
import { INVITABLE_STAFF_ROLES, STAFF_ROLES } from './gateway-contract';
import { pageInputSchema } from './intermediaries';
import { choiceSchema } from './numbers';

/** Statuses of a user account: a sign-up waiting for its code, an invited staff member, in use, disabled. */
export const USER_STATUSES = ['PENDING', 'INVITED', 'ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const STAFF_MESSAGES = {
  forbidden: 'You are not allowed to do this.',
  roleRequired: 'Choose the role: intermediary, underwriter, lender or admin.',
  intermediaryRequired: 'Choose the intermediary firm this user works for.',
  underwriterRequired: 'Choose the insurer this user works for.',
  intermediaryOnlyForRole: 'Only an intermediary user belongs to an intermediary firm.',
  underwriterOnlyForRole: 'Only an underwriter user belongs to an insurer.',
  lenderRequired: 'Choose the lender this user works for.',
  lenderOnlyForRole: 'Only a lender user belongs to a lender.',
  lenderNotFound: 'Lender not found.',
  intermediaryNotFound: 'Intermediary not found.',
  underwriterNotFound: 'Underwriter not found.',
  emailTaken: 'An account with this e-mail already exists.',
  staffNotFound: 'Staff user not found.',
  cannotDisableSelf: 'You cannot disable your own account.',
  alreadyDisabled: 'This user is already disabled.',
  notDisabled: 'This user is not disabled.',
  invitationInvalid: 'This invitation is no longer valid. Ask your administrator for a new one.',
  accountDisabled: 'This account is disabled. Contact your administrator.',
  firmSuspended: 'Your firm’s access to Bima Portal is suspended. Contact Bima Portal support.',
  firmPending: 'Your firm is not approved on Bima Portal yet. Contact Bima Portal support.',
} as const;

/**
 * `admin / staff / inviteStaff`: an intermediary user names its firm, an underwriter user its
 * insurer, a lender user its lender (premium financing), an admin none.
 */
export const inviteStaffSchema = z
  .object({
    email: emailSchema,
    firstName: personNameSchema(ACCOUNT_MESSAGES.firstNameRequired, ACCOUNT_MESSAGES.firstNameLetters),
    lastName: personNameSchema(ACCOUNT_MESSAGES.lastNameRequired, ACCOUNT_MESSAGES.lastNameLetters),
    role: choiceSchema(INVITABLE_STAFF_ROLES, STAFF_MESSAGES.roleRequired, STAFF_MESSAGES.roleRequired),
    intermediaryId: z.coerce
      .number({ error: STAFF_MESSAGES.intermediaryRequired })
      .int(STAFF_MESSAGES.intermediaryRequired)
      .positive(STAFF_MESSAGES.intermediaryRequired)
      .max(2_147_483_647, STAFF_MESSAGES.intermediaryNotFound)
      .optional(),
    underwriterId: z.string().trim().min(1, STAFF_MESSAGES.underwriterRequired).max(100).optional(),
    lenderId: z.coerce
      .number({ error: STAFF_MESSAGES.lenderRequired })
      .int(STAFF_MESSAGES.lenderRequired)
      .positive(STAFF_MESSAGES.lenderRequired)
      .max(2_147_483_647, STAFF_MESSAGES.lenderNotFound)
      .optional(),
  })
  .superRefine((invite, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (invite.role === 'intermediary' && invite.intermediaryId === undefined)
      issue('intermediaryId', STAFF_MESSAGES.intermediaryRequired);
    if (invite.role !== 'intermediary' && invite.intermediaryId !== undefined)
      issue('intermediaryId', STAFF_MESSAGES.intermediaryOnlyForRole);
    if (invite.role === 'underwriter' && invite.underwriterId === undefined)
      issue('underwriterId', STAFF_MESSAGES.underwriterRequired);
    if (invite.role !== 'underwriter' && invite.underwriterId !== undefined)
      issue('underwriterId', STAFF_MESSAGES.underwriterOnlyForRole);
    if (invite.role === 'lender' && invite.lenderId === undefined)
      issue('lenderId', STAFF_MESSAGES.lenderRequired);
    if (invite.role !== 'lender' && invite.lenderId !== undefined)
      issue('lenderId', STAFF_MESSAGES.lenderOnlyForRole);
  });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

/**
 * `user / registration / acceptInvitation`: the invitation's reference and code from the e-mail and
 * the new password, in one step; the answer is `login`'s.
 */
export const acceptInvitationSchema = z.object({
  invitationRef: z
    .string({ error: 'Invitation reference is required.' })
    .uuid('Invitation reference is not valid.'),
  code: codeSchema,
  password: newPasswordSchema,
  loginDevice: loginDeviceSchema,
});

export const listStaffSchema = pageInputSchema.extend({
  role: choiceSchema(STAFF_ROLES, STAFF_MESSAGES.roleRequired, STAFF_MESSAGES.roleRequired).optional(),
  status: z.enum(USER_STATUSES, { error: 'Unknown status.' }).optional(),
  search: z.string().trim().max(100, 'The search is too long.').optional(),
});

export const staffUserIdSchema = z.object({
  userId: z.string({ error: 'User id is required.' }).uuid(STAFF_MESSAGES.staffNotFound),
  reason: z.string().trim().max(500, 'The reason is too long.').optional(),
});

/** A rate in basis points as people read it: 1000 → '10%', 1250 → '12.5%'. */
export function formatBasisPoints(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

export const COMMISSION_MESSAGES = {
  classRequired: 'Insurance class code is required.',
  rateRequired: 'Commission rate is required (in basis points: 1000 = 10%).',
  rateRange: 'The commission rate must be between 0 and 10000 basis points.',
  classNotFound: 'No commission rate is set up for this class.',
  aboveCap: (capBps: number) =>
    `The commission rate cannot exceed the cap of ${formatBasisPoints(capBps)} for this class.`,
} as const;

/** `admin / commission / setRate`: the rate of a class, in basis points (1000 = 10 %). */
export const setCommissionRateSchema = z.object({
  classCode: z
    .string({ error: COMMISSION_MESSAGES.classRequired })
    .trim()
    .min(1, COMMISSION_MESSAGES.classRequired)
    .max(10, COMMISSION_MESSAGES.classNotFound),
  rateBps: z
    .number({ error: COMMISSION_MESSAGES.rateRequired })
    .int(COMMISSION_MESSAGES.rateRange)
    .min(0, COMMISSION_MESSAGES.rateRange)
    .max(10_000, COMMISSION_MESSAGES.rateRange),
});

export const listAuditLogSchema = pageInputSchema.extend({
  action: z.string().trim().max(120).optional(),
  entityType: z.string().trim().max(60).optional(),
});
