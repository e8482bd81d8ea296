import { callAction, callGateway, unwrapData } from '../../../lib/api-client';
import type { AuthUser, SessionTokens } from '../../../stores/auth';

// The account screens explain their own failures (spec-2 §8), so these calls are silent; a 403 is
// still handled by the gateway client.
const options = { silent: true } as const;

/** `user / registration / createUser`: answers the registration id; a 4-digit code is e-mailed. */
export async function createUser(input: { email: string; names: { firstName: string; lastName: string } }) {
  return unwrapData(
    await callGateway<string>(
      { service: 'user', resource: 'registration', action: 'createUser', data: input },
      options,
    ),
  );
}

/** `user / registration / registrationValidation`: checks the sign-up code. */
export async function validateRegistration(input: { registrationId: string; registrationCode: string }) {
  return unwrapData(
    await callGateway<{ registrationId: string; email: string }>(
      { service: 'user', resource: 'registration', action: 'registrationValidation', data: input },
      options,
    ),
  );
}

/** `user / registration / resendRegistrationCode`: e-mails a new sign-up code. */
export async function resendRegistrationCode(input: { registrationId: string }) {
  return unwrapData(
    await callGateway<{ sent: boolean }>(
      { service: 'user', resource: 'registration', action: 'resendRegistrationCode', data: input },
      options,
    ),
  );
}

/**
 * `user / registration / setPassword`: the first password of a verified sign-up. It signs the user
 * in, answering `login`'s tokens beside the user's fields.
 */
export async function setPassword(input: { registrationId: string; username: string; password: string }) {
  return unwrapData(
    await callGateway<AuthUser & SessionTokens>(
      {
        service: 'user',
        resource: 'registration',
        action: 'setPassword',
        data: { ...input, loginDevice: {} },
      },
      options,
    ),
  );
}

/**
 * `user / registration / acceptInvitation`: a staff member invited by an admin confirms the e-mailed
 * code and sets a password; signed in at once unless their firm is not active yet.
 */
export async function acceptInvitation(input: { invitationRef: string; code: string; password: string }) {
  return callAction('user/registration/acceptInvitation', { ...input, loginDevice: {} }, options);
}
