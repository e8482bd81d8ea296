import { z } from 'zod';

export * from './gateway-contract';

/** The versioned name of a service, resource or action in a gateway envelope. */
export const versionedNameSchema = z.object(
  {
    name: z
      .string({ error: 'A name is required.' })
      .min(1, 'A name is required.')
      .max(100, 'The name is too long.'),
    version: z
      .string({ error: 'A version is required, e.g. "v1".' })
      .min(1, 'A version is required, e.g. "v1".')
      .max(20, 'The version is too long.'),
  },
  { error: 'Expected {"name": "…", "version": "v1"}.' },
);

/** `POST /v2/api/v1` body: which action to run, and its input. */
export const gatewayEnvelopeSchema = z.object(
  {
    service: versionedNameSchema,
    resource: versionedNameSchema,
    action: versionedNameSchema,
    data: z.unknown().optional(),
  },
  { error: 'Expected a JSON object naming a service, a resource and an action.' },
);
export type GatewayEnvelope = z.infer<typeof gatewayEnvelopeSchema>;

/** The older shape posted to `/v2/api/v1/home`. */
export const legacyEnvelopeSchema = z.object(
  {
    resource: z.string({ error: 'A resource is required.' }).min(1, 'A resource is required.').max(100),
    action: z.string({ error: 'An action is required.' }).min(1, 'An action is required.').max(100),
    data: z.unknown().optional(),
  },
  { error: 'Expected a JSON object naming a resource and an action.' },
);
export type LegacyEnvelope = z.infer<typeof legacyEnvelopeSchema>;
