import type { ActionInput } from '@bima/domain/contract';
import { callAction } from '../../../lib/api-client';

const options = { silent: true } as const;

/** `user / auth / forgotPasswordRequest`: the same answer whether or not the e-mail has an account. */
export function requestPasswordReset(input: ActionInput<'user/auth/forgotPasswordRequest'>) {
  return callAction('user/auth/forgotPasswordRequest', input, options);
}

/** `user / auth / forgotPasswordValidation`: checks the reset code, with the key of the e-mailed link. */
export function validatePasswordReset(input: { forgotPasswordSystemRef: string; code: string; key: string }) {
  return callAction('user/auth/forgotPasswordValidation', input, options);
}

/** `user / auth / resendForgotPasswordCode`: e-mails a new reset code. */
export function resendResetCode(input: ActionInput<'user/auth/resendForgotPasswordCode'>) {
  return callAction('user/auth/resendForgotPasswordCode', input, options);
}

/** `user / auth / resetPasswordRequest`: the new password; every session is signed out. */
export function resetPassword(input: ActionInput<'user/auth/resetPasswordRequest'>) {
  return callAction('user/auth/resetPasswordRequest', input, options);
}
