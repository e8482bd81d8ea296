import { ApiError } from '../../../lib/api-client';

/** What a failed change says to staff: the server's message (409, 400), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.err_msg ? error.err_msg : fallback;
}

/** The server's message for one field of a refused change (400 with field errors), if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((item) => item.field === field || item.field.endsWith(`.${field}`))?.message;
}
