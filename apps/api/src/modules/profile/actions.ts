import {
  changePasswordSchema,
  confirmChangeSchema,
  requestEmailChangeSchema,
  requestPhoneChangeSchema,
  updateNamesSchema,
} from '@bima/domain/profile';
import { z } from 'zod';
import { type ActionContext, defineAction } from '../../gateway/registry';
import * as profile from './service';

/** The signed-in client's context with the principal the gateway has checked. */
function signedIn<Input>(context: ActionContext<Input>): profile.ProfileContext {
  return { ...context, principal: context.principal! };
}

const action = { service: 'client', resource: 'profile', auth: 'client' as const };

/** Profile › User Profile: names, phone and e-mail changes with codes, password, other devices. */
export const profileActions = [
  defineAction({
    ...action,
    action: 'getProfile',
    description: "The signed-in client's names, e-mail and verified phone.",
    input: z.object({}).passthrough(),
    handler: (context) => profile.getProfile(context, context.principal!.userId),
  }),
  defineAction({
    ...action,
    action: 'updateNames',
    description: 'Changes the first and last name (letters, spaces, apostrophes and hyphens).',
    input: updateNamesSchema,
    handler: (context) => profile.updateNames(signedIn(context), context.input.names),
  }),
  defineAction({
    ...action,
    action: 'requestEmailChange',
    description:
      'E-mails a 4-digit code to the NEW address (once every 30 s, 5 an hour); USER_EXIST when another account has it.',
    input: requestEmailChangeSchema,
    handler: (context) => profile.requestEmailChange(signedIn(context), context.input.email),
  }),
  defineAction({
    ...action,
    action: 'confirmEmailChange',
    description: 'Makes the new address the account e-mail with its code; the old address is told.',
    input: confirmChangeSchema,
    handler: (context) => profile.confirmEmailChange(signedIn(context), context.input),
  }),
  defineAction({
    ...action,
    action: 'requestPhoneChange',
    description:
      'Texts a 4-digit code to the new phone (any country, checked with libphonenumber). Answers the phone in E.164.',
    input: requestPhoneChangeSchema,
    handler: (context) => profile.requestPhoneChange(signedIn(context), context.input.phone),
  }),
  defineAction({
    ...action,
    action: 'confirmPhoneChange',
    description: 'Makes the new phone the account phone with the texted code.',
    input: confirmChangeSchema,
    handler: (context) => profile.confirmPhoneChange(signedIn(context), context.input),
  }),
  defineAction({
    ...action,
    action: 'changePassword',
    description:
      'Changes the password: currentPassword required, newPassword per spec-2 (8+, Fair or better); signs out every other session.',
    input: changePasswordSchema,
    handler: (context) => profile.changePassword(signedIn(context), context.input),
  }),
  defineAction({
    ...action,
    action: 'signOutOtherDevices',
    description: 'Revokes every session of the caller except this one.',
    input: z.object({}).passthrough(),
    handler: (context) => profile.signOutOtherDevices(signedIn(context)),
  }),
];
