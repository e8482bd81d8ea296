import { verifyCertificateSchemaFor } from '@bima/domain';
import type { ActionInput } from '@bima/domain/contract';
import { z } from 'zod';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { fromZodError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { verifyCertificate } from './service';

/**
 * The public check of a motor certificate. Anyone may ask (a police officer, a buyer of a used car),
 * so each IP gets its own strict limit on the shared counters (AUTH_RATE_RULES.certificateCheckPerIp)
 * before the input is even read, besides the gateway's: numbers and plates cannot be swept.
 */
export const certificateActions = [
  defineAction({
    service: 'underwriting',
    resource: 'certificate',
    action: 'verifyCertificate',
    auth: 'public',
    description:
      'Checks a motor certificate of insurance by its number (today) or by plate and a date: its status and what it shows, the insured’s name masked. Strict limit per IP.',
    // Validated inside, after the limit is counted, so malformed calls count too.
    input: z.unknown() as z.ZodType<unknown, ActionInput<'underwriting/certificate/verifyCertificate'>>,
    handler: async ({ db, services, input, ip }) => {
      await services.limiter.hit(AUTH_RATE_RULES.certificateCheckPerIp, [`certificate-check:ip:${ip}`]);
      const parsed = verifyCertificateSchemaFor(kenyaToday()).safeParse(input ?? {});
      if (!parsed.success) throw fromZodError(parsed.error);
      return verifyCertificate(db, parsed.data);
    },
  }),
];
