import { type FieldError, GATEWAY_ERROR_CODES } from '@bima/domain';
import type { ZodError } from 'zod';

export type AppErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'too_large'
  | 'unavailable';

const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

const DEFAULT_CODE_BY_KIND: Record<AppErrorKind, string | number> = {
  invalid: GATEWAY_ERROR_CODES.invalidInput,
  unauthenticated: 2,
  forbidden: GATEWAY_ERROR_CODES.forbidden,
  not_found: GATEWAY_ERROR_CODES.notFound,
  conflict: 'CONFLICT',
  too_large: GATEWAY_ERROR_CODES.payloadTooLarge,
  rate_limited: GATEWAY_ERROR_CODES.rateLimited,
  unavailable: 'SERVICE_UNAVAILABLE',
};

/**
 * The one application error: a kind that fixes the HTTP status, a code the web client maps to a
 * notification, and a message a user can read.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly kind: AppErrorKind;
  readonly code: string | number;
  readonly errors: FieldError[];
  readonly statusCode: number;
  /** Seconds until a refused caller may try again: sent as the Retry-After header. */
  readonly retryAfterSeconds: number | null;
  /** Values the caller can act on (a double insurance's offered start date), sent as `details`. */
  readonly details: Record<string, unknown> | null;

  constructor(
    kind: AppErrorKind,
    message: string,
    options: {
      code?: string | number;
      errors?: FieldError[];
      retryAfterSeconds?: number;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.kind = kind;
    this.code = options.code ?? DEFAULT_CODE_BY_KIND[kind];
    this.errors = options.errors ?? [];
    this.statusCode = STATUS_BY_KIND[kind];
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.details = options.details ?? null;
  }
}

/** Turns a zod failure into field errors carrying the schema's own messages. */
export function fromZodError(error: ZodError, prefix = ''): AppError {
  const errors = error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'data',
    message: issue.message,
  }));
  return new AppError('invalid', errors[0]?.message ?? 'Invalid input', { errors });
}
