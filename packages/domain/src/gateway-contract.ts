/** The gateway's wire contract, with no dependency on zod (`@bima/domain/gateway-contract`). */

/**
 * Who may call an action: anyone ('public'), any signed-in user whatever the role ('signedIn', e.g.
 * sign-out), signed-in clients only ('client'), or staff of the roles the action names ('staff').
 */
export type AuthLevel = 'public' | 'signedIn' | 'client' | 'staff';

/**
 * A user's role: a client buys cover; staff work for an intermediary firm, an insurer, the portal
 * or a lender (premium financing).
 */
export const USER_ROLES = ['client', 'intermediary', 'underwriter', 'admin', 'lender'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles that work in the back office (`/staff`). */
export const STAFF_ROLES = ['intermediary', 'underwriter', 'admin', 'lender'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff roles an admin invites today (lenders' users are set up with their lender). */
export const INVITABLE_STAFF_ROLES = ['intermediary', 'underwriter', 'lender', 'admin'] as const;

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

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
