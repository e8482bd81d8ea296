import { acceptInvitationSchema, inviteStaffSchema, listStaffSchema, staffUserIdSchema } from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import {
  acceptInvitation,
  disableStaff,
  enableStaff,
  getStaffProfile,
  inviteStaff,
  listStaff,
} from './service';

/** Staff accounts: invitations, the admins' list, disabling, and the staff member's own profile. */
export const staffActions = [
  defineAction({
    service: 'user',
    resource: 'registration',
    action: 'acceptInvitation',
    auth: 'public',
    rateLimit: 'write',
    description:
      "A staff invitation accepted with the e-mailed 4-digit code and a new password: signed in as by login; when the user's firm is not ACTIVE yet, signedIn is false with the reason (the password is kept).",
    input: acceptInvitationSchema,
    handler: (context) => acceptInvitation(context, context.input),
  }),
  defineAction({
    service: 'staff',
    resource: 'account',
    action: 'getProfile',
    auth: 'staff',
    roles: ['intermediary', 'underwriter', 'admin', 'lender'],
    description: 'The signed-in staff member with their firm, insurer or lender.',
    input: z.object({}),
    handler: ({ db, principal }) => getStaffProfile(db, principal!),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'inviteStaff',
    auth: 'staff',
    roles: ['admin'],
    description: `Invites a staff member (an intermediary with its firm, an underwriter with its insurer, a lender with its lender) and answers the staff user. E-mails a code and the invitation reference (valid INVITATION_TTL_HOURS) for user/registration/acceptInvitation; inviting a still-invited address again resends; 409 USER_EXIST for any other account.`,
    input: inviteStaffSchema,
    handler: (context) => inviteStaff(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'listStaff',
    auth: 'staff',
    roles: ['admin'],
    description: 'Staff users, newest first, by role, status and name or e-mail.',
    input: listStaffSchema,
    handler: ({ db, input }) => listStaff(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'disableStaff',
    auth: 'staff',
    roles: ['admin'],
    description: `Disables a staff user and answers them. Their sessions end at once and sign-in is refused; 409 for oneself or when already disabled, 404 for a client or unknown id.`,
    input: staffUserIdSchema,
    handler: ({ db, services, principal, input }) =>
      disableStaff({ db, services }, principal!, input.userId, input.reason),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'enableStaff',
    auth: 'staff',
    roles: ['admin'],
    description:
      'Enables a disabled staff user again (ACTIVE, or INVITED if they never set a password); 409 unless disabled.',
    input: staffUserIdSchema,
    handler: ({ db, principal, input }) => enableStaff(db, principal!, input.userId),
  }),
];
