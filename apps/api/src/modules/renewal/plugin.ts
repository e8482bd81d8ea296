import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { type RenewalContext, sendRenewalReminders } from './service';

/**
 * Renewal reminders: a job looking for them about every RENEWAL_REMINDER_INTERVAL_MS, once per
 * cluster; each reminder is sent once whatever runs it (see sendRenewalReminders).
 */
export async function renewalReminderPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { config } = options;
  const context: RenewalContext = { db: options.db, services: options.services, log: app.log };
  options.services.jobs.every({
    name: 'renewal-reminders',
    intervalMs: config.RENEWAL_REMINDER_INTERVAL_MS,
    run: () => sendRenewalReminders(context, { stages: config.RENEWAL_REMINDER_DAYS }),
  });
}
