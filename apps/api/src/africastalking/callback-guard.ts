import { timingSafeEqual } from 'node:crypto';

/** What decides whether a request is Africa's Talking's (services.africasTalking). */
export interface AfricasTalkingGuard {
  /** The secret in the callback paths (AFRICASTALKING_CALLBACK_SECRET, or made and kept in the database). */
  callbackSecret: string;
  isProduction: boolean;
  /** Whether AFRICASTALKING_CALLBACK_IP_RANGES is set (then only those addresses are Africa's Talking). */
  hasAddressRanges: boolean;
  /** Whether an address is inside AFRICASTALKING_CALLBACK_IP_RANGES (false when the list is empty). */
  fromAfricasTalking(address: string): boolean;
}

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

/**
 * Whether a callback (USSD step, SMS delivery report, opt-out) may be taken as Africa's Talking's.
 * - With AFRICASTALKING_CALLBACK_IP_RANGES set, the caller's address must be inside it, and a secret
 *   in the path (when the route has one) must be the right one.
 * - Without the ranges, the secret in the path is what proves it: a path without one is refused.
 * - Outside production a loopback caller (the simulator, /dev/ussd, tests) needs neither.
 * `givenSecret` is the path's secret, undefined on a route without one (POST /v2/api/ussd).
 */
export function africasTalkingCaller(
  request: { ip: string },
  guard: AfricasTalkingGuard,
  givenSecret?: string,
): boolean {
  if (!guard.isProduction && LOOPBACK.test(request.ip)) return true;
  const secretOk = givenSecret !== undefined && sameSecret(givenSecret, guard.callbackSecret);
  if (guard.hasAddressRanges) {
    if (!guard.fromAfricasTalking(request.ip)) return false;
    return givenSecret === undefined || secretOk;
  }
  return secretOk;
}
