import { z } from 'zod';

/** The versioned name of a service, resource or action in a gateway envelope. */
export const versionedNameSchema = z.object({
  name: z.string().min(1).max(100),
  version: z.string().min(1).max(20),
});

/** `POST /v2/api/v1` body: which action to run, and its input. */
export const gatewayEnvelopeSchema = z.object({
  service: versionedNameSchema,
  resource: versionedNameSchema,
  action: versionedNameSchema,
  data: z.unknown().optional(),
});
export type GatewayEnvelope = z.infer<typeof gatewayEnvelopeSchema>;

/** The older shape posted to `/v2/api/v1/home`. */
export const legacyEnvelopeSchema = z.object({
  resource: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  data: z.unknown().optional(),
});
export type LegacyEnvelope = z.infer<typeof legacyEnvelopeSchema>;

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
