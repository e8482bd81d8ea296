import type { ActionInput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';

// The account screens explain their own failures (spec-2 §8), so these calls are silent; a 403 is
// still handled by the gateway client.
const options = { silent: true } as const;

/** `user / registration / createUser`: answers the registration id; a 4-digit code is e-mailed. */
export function createUser(input: ActionInput<'user/registration/createUser'>) {
  return callAction('user/registration/createUser', input, options);
}

/** `user / registration / registrationValidation`: checks the sign-up code. */
export function validateRegistration(input: ActionInput<'user/registration/registrationValidation'>) {
  return callAction('user/registration/registrationValidation', input, options);
}

/** `user / registration / resendRegistrationCode`: e-mails a new sign-up code. */
export function resendRegistrationCode(input: ActionInput<'user/registration/resendRegistrationCode'>) {
  return callAction('user/registration/resendRegistrationCode', input, options);
}

/**
 * `user / registration / setPassword`: the first password of a verified sign-up. It signs the user
 * in, answering `login`'s tokens beside the user's fields.
 */
export function setPassword(input: { registrationId: string; username: string; password: string }) {
  return callAction('user/registration/setPassword', { ...input, loginDevice: {} }, options);
}

/**
 * `user / registration / acceptInvitation`: a staff member invited by an admin confirms the e-mailed
 * code and sets a password; signed in at once unless their firm is not active yet.
 */
export async function acceptInvitation(input: { invitationRef: string; code: string; password: string }) {
  return callAction('user/registration/acceptInvitation', { ...input, loginDevice: {} }, options);
}
