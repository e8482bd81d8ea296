/**
 * Errors as they may be logged and answered: a failed query's parameters are the request's personal
 * data (names, e-mails, phones), so they never reach the log.
 */

interface PostgresFault {
  code?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Drizzle's `DrizzleQueryError` (message "Failed query: … params: …"), duck-typed. */
function isQueryError(error: unknown): error is Error & { query: string; params: unknown; cause?: unknown } {
  return error instanceof Error && 'query' in error && 'params' in error && typeof error.query === 'string';
}

/** The SQLSTATE of a PostgreSQL error, whether Drizzle wrapped it or not. */
function sqlStateOf(error: unknown): string | null {
  const fault = isQueryError(error) ? error.cause : error;
  if (!isObject(fault) || typeof fault.code !== 'string') return null;
  return /^[0-9A-Z]{5}$/.test(fault.code) ? fault.code : null;
}

/**
 * The user-facing message when PostgreSQL refused a value of the request (SQLSTATE class 22, data
 * exception: out-of-range numbers, NUL characters, impossible dates; 54001, nested too deeply),
 * or null for any other error. The gateway's input guard refuses these first; this is the net.
 */
export function databaseRefusal(error: unknown): string | null {
  const state = sqlStateOf(error);
  if (!state) return null;
  if (state.startsWith('22') || state === '54001')
    return 'A value in the request is out of range or not allowed.';
  return null;
}

/** The error as logged: a failed query keeps its SQL, SQLSTATE and stack, never its parameters. */
export function errorForLog(error: unknown): unknown {
  if (!isQueryError(error)) return error;
  const fault: PostgresFault = isObject(error.cause) ? error.cause : {};
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.name,
    message: `Failed query: ${error.query}`,
    sqlState: fault.code,
    table: fault.table,
    column: fault.column,
    constraint: fault.constraint,
    routine: fault.routine,
    stack: frames.join('\n'),
  };
}

/**
 * Routes whose path carries a secret in its last segment: the M-Pesa callbacks (STK, and every
 * B2C / Transaction Status kind under /v2/api/mpesa/b2c/, known or not, and M-Pesa Ratiba's under
 * /v2/api/mpesa/ratiba/), signed document and
 * statement links, and signed file links.
 */
const SECRET_PATHS: Array<{ pattern: RegExp; query: boolean }> = [
  { pattern: /^(\/v2\/api\/mpesa\/callback\/)[^?#]*/, query: true },
  { pattern: /^(\/v2\/api\/mpesa\/b2c\/[^/?#]*\/)[^?#]*/, query: true },
  { pattern: /^(\/v2\/api\/mpesa\/ratiba\/(?:status\/|status-timeout\/)?)[^?#]*/, query: true },
  { pattern: /^(\/v2\/api\/documents\/)[^/?#]+/, query: false },
  { pattern: /^(\/v2\/api\/statements\/)[^/?#]+/, query: false },
  { pattern: /^(\/v2\/api\/files\/)[^/?#]+/, query: false },
];

/** The URL as logged: a secret path segment (and an M-Pesa callback's query string) replaced with [redacted]. */
export function redactUrl(url: string): string {
  for (const { pattern, query } of SECRET_PATHS) {
    if (!pattern.test(url)) continue;
    const redacted = url.replace(pattern, '$1[redacted]');
    return query ? redacted.replace(/\?.*$/s, '?[redacted]') : redacted;
  }
  return url;
}

/**
 * The last word on secrets in the log: every line pino writes (request lines, errors with their
 * messages and stacks, bodies or URLs put in a log object, the simulator's faults) has each known
 * secret value replaced with [redacted], as written raw, inside a JSON string or URL-encoded.
 * `add` takes secrets known only once the app has started (the M-Pesa callback secret).
 */
export function createLogScrubber() {
  let patterns: RegExp | null = null;
  const forms = new Set<string>();
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    add(secret: string): void {
      if (secret.length < 8) return;
      for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])
        forms.add(form);
      patterns = new RegExp(
        [...forms]
          .sort((a, b) => b.length - a.length)
          .map(literal)
          .join('|'),
        'g',
      );
    },
    scrub(line: string): string {
      return patterns ? line.replace(patterns, '[redacted]') : line;
    },
  };
}
