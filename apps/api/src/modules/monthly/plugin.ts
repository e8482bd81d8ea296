import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { runMonthlyJobs } from './jobs';
import { useMonthlyClock } from './months';
import { useMonthlyBaseUrl } from './service';

/**
 * The monthly job (reminders, lapse and cancellation of monthly policies, issue 31): about every
 * LOAN_JOB_INTERVAL_MS like the loan jobs, once per cluster, retried with backoff when it fails; a
 * second run at once is safe (see jobs.ts). The monthly rules read the business clock.
 */
export async function monthlyJobsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const { clock } = options.services;
  useMonthlyClock(() => clock.now());
  useMonthlyBaseUrl(options.services.publicBaseUrl);
  options.services.jobs.every({
    name: 'monthly-jobs',
    intervalMs: options.config.LOAN_JOB_INTERVAL_MS,
    run: () => runMonthlyJobs({ db: options.db, services: options.services, log: app.log }),
  });
}
