import { verifyCertificateSchemaFor } from '@bima/domain';
import { type ActionInput, contracts } from '@bima/domain/contract';
import { z } from 'zod';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { fromZodError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { kenyaToday } from '../../lib/dates';
import { certificateDesk, retryCertificateNow, verifyCertificate } from './service';

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
      'Checks a motor certificate of insurance by its number (today) or by plate and a date, asking DMVIC (ValidateInsurance) first: its status and what it shows, the insured’s name masked, and `source` (DMVIC, or portal-records when DMVIC did not answer). Strict limit per IP.',
    // Validated inside, after the limit is counted, so malformed calls count too.
    input: z.unknown() as z.ZodType<unknown, ActionInput<'underwriting/certificate/verifyCertificate'>>,
    handler: async ({ db, services, input, ip, log }) => {
      await services.limiter.hit(AUTH_RATE_RULES.certificateCheckPerIp, [`certificate-check:ip:${ip}`]);
      const parsed = verifyCertificateSchemaFor(kenyaToday()).safeParse(input ?? {});
      if (!parsed.success) throw fromZodError(parsed.error);
      return verifyCertificate({ db, dmvic: services.dmvic.client, log }, parsed.data);
    },
  }),
  defineAction({
    service: 'backoffice',
    resource: 'certificate',
    action: 'certificateDesk',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    rateLimit: 'read',
    description:
      'Motor certificates through DMVIC for staff: the queue of pending certificates (with why each waits) and of cancellations the insurer must make, and the certificate stock per insurer and type (an underwriter: its own only).',
    input: contracts['backoffice/certificate/certificateDesk'].input,
    handler: ({ db, principal }) => certificateDesk(db, { underwriterId: scopeOf(principal!) }),
  }),
  defineAction({
    service: 'backoffice',
    resource: 'certificate',
    action: 'retryCertificate',
    auth: 'staff',
    roles: ['underwriter', 'admin'],
    description:
      'Staff’s "Retry now": a pending certificate is asked of DMVIC at once (also one that waited for a person). 404 for none pending (or another insurer’s).',
    input: contracts['backoffice/certificate/retryCertificate'].input,
    handler: async ({ db, principal, input, services }) => {
      const result = await retryCertificateNow(db, { underwriterId: scopeOf(principal!) }, input.id);
      await services.jobs.kick('dmvic-issue-certificates').catch(() => undefined);
      return result;
    },
  }),
];

/** An underwriter sees its own insurer's certificates; an admin every insurer's. */
function scopeOf(principal: { role: string; underwriterId?: string | null }): string | null {
  return principal.role === 'admin' ? null : (principal.underwriterId ?? '');
}
