import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services';

/**
 * The mail worker: started with the app (it sends what an earlier run left queued at once), then
 * shortly after any message is queued here, and as a job about every MAIL_QUEUE_INTERVAL_MS once per
 * cluster (what another instance queued, retries that became due); stopped with the app.
 */
export async function mailWorkerPlugin(
  app: FastifyInstance,
  options: { services: Services; config: Config },
): Promise<void> {
  const { services, config } = options;
  services.jobs.every({
    name: 'mail-queue',
    intervalMs: config.MAIL_QUEUE_INTERVAL_MS,
    run: () => services.mailer.drain(),
  });
  app.addHook('onReady', async () => {
    services.mailer.start();
  });
  app.addHook('onClose', async () => {
    await services.mailer.stop();
  });
}
