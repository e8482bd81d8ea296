import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { retryDueChecks } from './service';

/**
 * Identity checks whose register did not answer: a job asks again about every
 * IDENTITY_RETRY_INTERVAL_MS, once per cluster; each check waits its own backoff (business clock).
 */
export async function identityPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  options.services.jobs.every({
    name: 'identity-check-retry',
    intervalMs: options.config.IDENTITY_RETRY_INTERVAL_MS,
    expireInSeconds: 600,
    run: () => retryDueChecks({ db: options.db, services: options.services, log: app.log }),
  });
}
