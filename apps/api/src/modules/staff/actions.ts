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

const STAFF_USER =
  '{id, email, names:{firstName, lastName}, role, status (INVITED|ACTIVE|DISABLED), intermediary:{id, intermediaryNames, status}|null, underwriter:{id, name}|null, lender:{id, name}|null, createdAt, disabledAt}';

/** Staff accounts: invitations, the admins' list, disabling, and the staff member's own profile. */
export const staffActions = [
  defineAction({
    service: 'user',
    resource: 'registration',
    action: 'acceptInvitation',
    auth: 'public',
    rateLimit: 'write',
    description:
      "A staff invitation accepted: {invitationRef, code (4 digits, from the e-mail), password, loginDevice?} → login's answer {signedIn:true, user, role, accessToken, refreshToken, expiresIn}; when the user's firm is not ACTIVE yet, {signedIn:false, message, user, role} (the password is kept).",
    input: acceptInvitationSchema,
    handler: (context) => acceptInvitation(context, context.input),
  }),
  defineAction({
    service: 'staff',
    resource: 'account',
    action: 'getProfile',
    auth: 'staff',
    roles: ['intermediary', 'underwriter', 'admin', 'lender'],
    description: `The signed-in staff member: ${STAFF_USER}.`,
    input: z.object({}),
    handler: ({ db, principal }) => getStaffProfile(db, principal!),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'inviteStaff',
    auth: 'staff',
    roles: ['admin'],
    description: `Invites a staff member: {email, firstName, lastName, role: intermediary|underwriter|lender|admin, intermediaryId (intermediary only), underwriterId (underwriter only), lenderId (lender only)} → ${STAFF_USER}. E-mails a code and the invitation reference (valid INVITATION_TTL_HOURS) for user/registration/acceptInvitation; inviting a still-invited address again resends; 409 USER_EXIST for any other account.`,
    input: inviteStaffSchema,
    handler: (context) => inviteStaff(context, context.principal!, context.input),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'listStaff',
    auth: 'staff',
    roles: ['admin'],
    description: `Staff users, newest first: {page, pageSize, role?, status?, search?} → {items:[${STAFF_USER}], total, page, pageSize}.`,
    input: listStaffSchema,
    handler: ({ db, input }) => listStaff(db, input),
  }),
  defineAction({
    service: 'admin',
    resource: 'staff',
    action: 'disableStaff',
    auth: 'staff',
    roles: ['admin'],
    description: `Disables a staff user: {userId, reason?} → ${STAFF_USER}. Their sessions end at once and sign-in is refused; 409 for oneself or when already disabled, 404 for a client or unknown id.`,
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
    description: `Enables a disabled staff user again (ACTIVE, or INVITED if they never set a password): {userId} → ${STAFF_USER}; 409 unless disabled.`,
    input: staffUserIdSchema,
    handler: ({ db, principal, input }) => enableStaff(db, principal!, input.userId),
  }),
];
