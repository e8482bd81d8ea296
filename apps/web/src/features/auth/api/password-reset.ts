import { callGateway, unwrapData } from '../../../lib/api-client';

const options = { silent: true } as const;

/** `user / auth / forgotPasswordRequest`: the same answer whether or not the e-mail has an account. */
export async function requestPasswordReset(input: { username: string }) {
  return unwrapData(
    await callGateway<{ forgotPasswordSystemRef: string }>(
      { service: 'user', resource: 'auth', action: 'forgotPasswordRequest', data: input },
      options,
    ),
  );
}

/** `user / auth / forgotPasswordValidation`: checks the reset code, with the key of the e-mailed link. */
export async function validatePasswordReset(input: {
  forgotPasswordSystemRef: string;
  code: string;
  key: string;
}) {
  return unwrapData(
    await callGateway<{ forgotPasswordSystemRef: string }>(
      { service: 'user', resource: 'auth', action: 'forgotPasswordValidation', data: input },
      options,
    ),
  );
}

/** `user / auth / resendForgotPasswordCode`: e-mails a new reset code. */
export async function resendResetCode(input: { forgotPasswordSystemRef: string }) {
  return unwrapData(
    await callGateway<{ sent: boolean }>(
      { service: 'user', resource: 'auth', action: 'resendForgotPasswordCode', data: input },
      options,
    ),
  );
}

/** `user / auth / resetPasswordRequest`: the new password; every session is signed out. */
export async function resetPassword(input: { forgotPasswordSystemRef: string; newPassword: string }) {
  return unwrapData(
    await callGateway<{ reset: boolean }>(
      { service: 'user', resource: 'auth', action: 'resetPasswordRequest', data: input },
      options,
    ),
  );
}
