/** The gateway's wire contract, with no dependency on zod (`@bima/domain/gateway-contract`). */

export type AuthLevel = 'public' | 'client' | 'staff';

export interface FieldError {
  field: string;
  message: string;
}

export interface GatewaySuccess<T> {
  status: true;
  result: { data: T };
}

export interface GatewayFailure {
  status: false;
  err_code: string | number;
  err_msg: string;
  errors: FieldError[];
}

/** Error codes the gateway itself answers with; business modules add their own. */
export const GATEWAY_ERROR_CODES = {
  invalidInput: 'INVALID_INPUT',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
} as const;
