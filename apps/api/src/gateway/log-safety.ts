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
