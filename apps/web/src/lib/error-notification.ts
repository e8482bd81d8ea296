import { UNKNOWN_ERROR_TOAST_MS } from '@bima/domain/constants';
import { GATEWAY_ERROR_CODES } from '@bima/domain/gateway-contract';
import { t } from './i18n';
import type { NotificationInput } from './notifications';

/** What a failed call may carry: the gateway's failure body, or a plain error. */
export interface ServerErrorLike {
  err_code?: string | number | null;
  err_msg?: string | null;
  message?: string | null;
}

/** Codes that are handled by the screen that made the call, never as a notification (spec-1 §8). */
const SILENT_CODES = new Set([
  'INVALID_REGISTRATION_STATUS',
  'EMAIL_TOKEN_EXPIRED',
  'EMAIL_TOKEN_ERROR',
  'USER_PROFILE_ERROR',
]);

/** Friendlier titles for the gateway's own codes; any other code is its own title. */
const GATEWAY_TITLES: Record<string, string> = {
  [GATEWAY_ERROR_CODES.invalidInput]: 'errors.invalidInput',
  [GATEWAY_ERROR_CODES.forbidden]: 'errors.forbidden',
  [GATEWAY_ERROR_CODES.notFound]: 'errors.notFound',
  [GATEWAY_ERROR_CODES.rateLimited]: 'errors.rateLimited',
  [GATEWAY_ERROR_CODES.payloadTooLarge]: 'errors.payloadTooLarge',
  [GATEWAY_ERROR_CODES.internal]: 'errors.internal',
};

function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The notification for a server error, by err_code, exactly as spec-1 §8 "Server error handling by
 * err_code" lists; null when the code is one that shows nothing.
 */
export function getErrorNotification(error: ServerErrorLike | null | undefined): NotificationInput | null {
  const code = error?.err_code;
  const errMsg = error?.err_msg;
  const hasCode = code !== undefined && code !== null && String(code) !== '';

  if (!hasCode) {
    const message = hasText(error?.message)
      ? error.message
      : hasText(errMsg)
        ? errMsg
        : t('errors.genericText');
    return { type: 'error', title: t('errors.genericTitle'), message };
  }

  const codeText = String(code);
  if (codeText === '2') return { type: 'error', title: t('errors.authentication'), message: errMsg ?? '' };
  if (codeText === 'USER_EXIST') {
    return { type: 'error', title: t('errors.userExists'), message: t('errors.userExistsText') };
  }
  if (codeText === 'TNC_ERROR') {
    return { type: 'warning', title: t('errors.termsTitle'), message: t('errors.termsText') };
  }
  if (SILENT_CODES.has(codeText)) return null;
  if (hasText(errMsg)) {
    const titleKey = GATEWAY_TITLES[codeText];
    return { type: 'error', title: titleKey ? t(titleKey) : codeText, message: errMsg };
  }
  return {
    type: 'error',
    title: t('errors.unknownTitle'),
    message: t('errors.unknownText'),
    duration: UNKNOWN_ERROR_TOAST_MS,
  };
}
