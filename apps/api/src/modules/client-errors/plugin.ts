import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH } from '@bima/domain/client-errors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fastifyRateLimitStore } from '../../cluster/counters';
import type { Config } from '../../config';
import { AppError } from '../../gateway/errors';
import type { Services } from '../../services';
import { readClientErrors } from './service';

/**
 * `POST /v2/api/client-errors`: the web app reports errors nothing handled (a batch of at most a few,
 * sent with navigator.sendBeacon). Public, a small body, a few per minute per IP address (counted
 * across instances); each report becomes one `browser error` log line with the release and route.
 */
export async function clientErrorsPlugin(
  app: FastifyInstance,
  options: { services: Services; config: Config },
): Promise<void> {
  const { services, config } = options;
  await app.register(rateLimit, {
    ...(services.counters.kind === 'memory'
      ? {}
      : { store: fastifyRateLimitStore(services.counters, 'client-errors') }),
    keyGenerator: (request) => `ip:${request.ip}`,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    max: config.CLIENT_ERRORS_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  app.post(CLIENT_ERRORS_PATH, { bodyLimit: CLIENT_ERROR_LIMITS.bodyBytes }, async (request, reply) => {
    const lines = readClientErrors(request.body, request.headers['user-agent']);
    for (const clientError of lines) request.log.warn({ clientError }, 'browser error');
    return reply.status(204).send();
  });
}
