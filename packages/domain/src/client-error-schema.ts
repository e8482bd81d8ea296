import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './client-errors';

/** One unhandled browser error, as the web app reports it. */
export const clientErrorReportSchema = z
  .object({
    kind: z.enum(['error', 'unhandledrejection']),
    message: z.string().max(CLIENT_ERROR_LIMITS.messageChars),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stackChars).optional(),
    route: z.string().min(1).max(CLIENT_ERROR_LIMITS.routeChars).startsWith('/'),
    release: z
      .string()
      .min(1)
      .max(CLIENT_ERROR_LIMITS.releaseChars)
      .regex(/^[\w.+-]+$/),
    /** How often it happened since the last report of it. */
    count: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

/** The body of `POST /v2/api/client-errors`. */
export const clientErrorBatchSchema = z
  .object({ errors: z.array(clientErrorReportSchema).min(1).max(CLIENT_ERROR_LIMITS.reportsPerRequest) })
  .strict();
