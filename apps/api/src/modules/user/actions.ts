import {
  createUserSchema,
  forgotPasswordRequestSchema,
  forgotPasswordValidationSchema,
  loginSchema,
  refreshSchema,
  registrationValidationSchema,
  resendRegistrationCodeSchema,
  resendResetCodeSchema,
  resetPasswordSchema,
  setPasswordSchema,
  setUserLanguageSchema,
} from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import * as accounts from './service';

/**
 * Sign-up, sign-in, codes and resets are public but guessable: anonymous calls count against the
 * strict per-IP 'write' limit (on top of the per-account throttles), not the carrier-NAT read ceiling.
 */
const user = (resource: string) => ({
  service: 'user',
  resource,
  auth: 'public' as const,
  rateLimit: 'write' as const,
});

export const userActions = [
  defineAction({
    ...user('registration'),
    action: 'createUser',
    description:
      'Sign-up: creates the account and e-mails a 4-digit code; answers the registration id. USER_EXIST if taken.',
    input: createUserSchema,
    handler: (context) => accounts.createUser(context, context.input),
  }),
  defineAction({
    ...user('registration'),
    action: 'resendRegistrationCode',
    description:
      'E-mails a new sign-up code (the old one dies); at most once every 30 s and 5 times an hour.',
    input: resendRegistrationCodeSchema,
    handler: async (context) => {
      await accounts.resendRegistrationCode(context, context.input.registrationId);
      return { sent: true };
    },
  }),
  defineAction({
    ...user('registration'),
    action: 'registrationValidation',
    description: 'Checks the sign-up code: single use, valid 10 minutes, dead after 5 wrong tries.',
    input: registrationValidationSchema,
    handler: (context) => accounts.validateRegistration(context, context.input),
  }),
  defineAction({
    ...user('registration'),
    action: 'setPassword',
    description: 'Sets the first password of a verified sign-up and creates the client profile.',
    input: setPasswordSchema,
    handler: (context) => accounts.setPassword(context, context.input),
  }),
  defineAction({
    ...user('auth'),
    action: 'login',
    description:
      "Sign-in: the user and a token pair; wrong credentials give err_code 2 'Authentication Error'.",
    input: loginSchema,
    handler: (context) => accounts.login(context, context.input),
  }),
  defineAction({
    ...user('auth'),
    action: 'refreshToken',
    // A refresh token is unguessable and two tabs of one person may refresh together.
    rateLimit: 'read',
    description:
      'Exchanges a refresh token for a new pair; a reused refresh token revokes its whole session.',
    input: refreshSchema,
    handler: (context) => accounts.refreshSession(context, context.input.refreshToken),
  }),
  defineAction({
    ...user('auth'),
    action: 'forgotPasswordRequest',
    description:
      'E-mails a reset code when the account exists; answers a forgotPasswordSystemRef either way.',
    input: forgotPasswordRequestSchema,
    handler: async (context) => ({
      forgotPasswordSystemRef: await accounts.requestPasswordReset(context, context.input.username),
    }),
  }),
  defineAction({
    ...user('auth'),
    action: 'resendForgotPasswordCode',
    description: 'E-mails a new reset code; at most once every 30 s and 5 times an hour.',
    input: resendResetCodeSchema,
    handler: async (context) => {
      await accounts.resendResetCode(context, context.input.forgotPasswordSystemRef);
      return { sent: true };
    },
  }),
  defineAction({
    ...user('auth'),
    action: 'forgotPasswordValidation',
    description: 'Checks the reset code (same rules as sign-up codes).',
    input: forgotPasswordValidationSchema,
    handler: (context) => accounts.validatePasswordReset(context, context.input),
  }),
  defineAction({
    ...user('auth'),
    action: 'resetPasswordRequest',
    description: 'Sets the new password of a verified reset and signs out every session.',
    input: resetPasswordSchema,
    handler: async (context) => {
      await accounts.resetPassword(context, context.input);
      return { reset: true };
    },
  }),
  defineAction({
    service: 'user',
    resource: 'profile',
    action: 'setLanguage',
    auth: 'signedIn',
    description:
      "Sets the caller's language (en or sw), in which their e-mails and notifications are written (clients and staff).",
    input: setUserLanguageSchema,
    handler: ({ db, principal, input }) => accounts.setUserLanguage(db, principal!.userId, input.language),
  }),
];
