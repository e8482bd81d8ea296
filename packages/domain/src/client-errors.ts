/**
 * Browser errors reported to the server (`POST /v2/api/client-errors`): the limits both sides keep
 * and the scrubbing that keeps personal data out of the logs. Zod-free: the web app's entry loads it.
 */
export const CLIENT_ERRORS_PATH = '/v2/api/client-errors';

export const CLIENT_ERROR_LIMITS = {
  /** Reports in one request (the client batches what happened in a few seconds). */
  reportsPerRequest: 5,
  /** Reports one page sends in a minute; the same error is sent once a minute, with how often it happened. */
  reportsPerPagePerMinute: 5,
  messageChars: 500,
  stackChars: 2000,
  stackLines: 12,
  routeChars: 200,
  releaseChars: 64,
  /** The request body (bytes); a larger one is refused with 413. */
  bodyBytes: 16 * 1024,
} as const;

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// A phone number as people write it: +254 712 345 678, 0712-345-678, 254712345678.
const PHONE = /\+?\d[\d\s-]{7,}\d/g;
// Any other run of 5 or more digits (ID and KRA PIN numbers, amounts, references); a stack frame's
// `:line:column` stays (a digit run right after a colon).
const DIGITS = /(?<![:\d])\d{5,}/g;

/** Removes e-mail addresses, phone numbers and runs of digits from a text meant for the logs. */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(DIGITS, '[digits]');
}

/** The first `stackLines` lines of a stack, scrubbed and cut to `stackChars`. */
export function trimStack(stack: string): string {
  return scrubPersonalData(stack.split('\n').slice(0, CLIENT_ERROR_LIMITS.stackLines).join('\n')).slice(
    0,
    CLIENT_ERROR_LIMITS.stackChars,
  );
}

/**
 * A page's route for the logs: the path only (no query string or fragment, which may carry a quote
 * or a code), personal data scrubbed, and a long opaque segment (a token) replaced.
 */
export function routeOfPath(path: string): string {
  const only = path.split(/[?#]/)[0] ?? '';
  const route = only
    .split('/')
    .map((segment) => (segment.length > 32 ? '[token]' : scrubPersonalData(segment)))
    .join('/');
  return (route.startsWith('/') ? route : `/${route}`).slice(0, CLIENT_ERROR_LIMITS.routeChars);
}
