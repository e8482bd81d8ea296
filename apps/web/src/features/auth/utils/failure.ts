import type { ApiError } from '../../../lib/api-client';
import { getErrorNotification } from '../../../lib/error-notification';
import type { NotificationInput } from '../../../lib/notifications';
import { t } from '../i18n';

type Failure = Partial<Pick<ApiError, 'err_code' | 'err_msg' | 'errors' | 'message'>> | null | undefined;

function asFailure(error: unknown): Failure {
  return typeof error === 'object' && error !== null ? (error as Failure) : undefined;
}

/** The server's explanation: field errors joined, else err_msg, else the error's message. */
export function describeFailure(error: unknown): string {
  const failure = asFailure(error);
  const fieldMessages = (failure?.errors ?? []).map((item) => item.message).filter(Boolean);
  if (fieldMessages.length > 0) return fieldMessages.join(', ');
  const text = failure?.err_msg || failure?.message || '';
  return /^HTTP \d+$/.test(text) ? '' : text;
}

/**
 * Sign-in or reset failure (spec-2 §8): the code's own title ('Authentication Error' for code 2)
 * with the error text, or 'An error occured'.
 */
export function signInFailure(error: unknown): NotificationInput {
  const mapped = getErrorNotification(asFailure(error));
  const text = describeFailure(error);
  return {
    type: 'error',
    title: mapped?.title ?? t('errors.genericTitle'),
    message: text || t('auth.notifications.failureFallback'),
  };
}

/** Sign-up failure: 'User Already Exists' for a taken e-mail, else 'Registration error' (spec-2 §8). */
export function registrationFailure(error: unknown): NotificationInput {
  const failure = asFailure(error);
  if (String(failure?.err_code ?? '') === 'USER_EXIST') {
    const mapped = getErrorNotification(failure);
    if (mapped) return mapped;
  }
  const text = describeFailure(error).replace(/\.$/, '') || t('auth.notifications.failureFallback');
  return {
    type: 'error',
    title: t('auth.notifications.registrationError'),
    message: t('auth.notifications.registrationErrorText', { errors: text }),
  };
}

/** A wrong, dead or refused code: 'Verification error' with the server's words. */
export function verificationFailure(error: unknown): NotificationInput {
  return {
    type: 'error',
    title: t('auth.notifications.verificationError'),
    message: describeFailure(error) || t('auth.notifications.verificationFallback'),
  };
}

/** Resend refused (too soon, too many) or failed. */
export function resendFailure(error: unknown): NotificationInput {
  return { type: 'error', title: t('auth.notifications.resendFailed'), message: describeFailure(error) };
}
