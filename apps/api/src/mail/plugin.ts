import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services';

/**
 * The mail worker: started with the app (it sends what an earlier run left queued at once), then
 * every MAIL_QUEUE_INTERVAL_MS and shortly after any message is queued; stopped with the app.
 */
export async function mailWorkerPlugin(
  app: FastifyInstance,
  options: { services: Services; config: Config },
): Promise<void> {
  const { services, config } = options;
  app.addHook('onReady', async () => {
    services.mailer.start(config.MAIL_QUEUE_INTERVAL_MS);
  });
  app.addHook('onClose', async () => {
    await services.mailer.stop();
  });
}
