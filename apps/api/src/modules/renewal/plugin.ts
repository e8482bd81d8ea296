import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { type RenewalContext, sendRenewalReminders } from './service';

/**
 * Renewal reminders: looked for when the app is ready and every RENEWAL_REMINDER_INTERVAL_MS after;
 * each reminder is sent once however many instances run this (see sendRenewalReminders).
 */
export async function renewalReminderPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { config } = options;
  const context: RenewalContext = { db: options.db, services: options.services, log: app.log };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => sendRenewalReminders(context, { stages: config.RENEWAL_REMINDER_DAYS }))
      .catch((error: unknown) => app.log.error({ err: error }, 'renewal reminders failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, config.RENEWAL_REMINDER_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
