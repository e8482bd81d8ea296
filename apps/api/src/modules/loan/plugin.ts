import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { runLoanJobs } from './jobs';
import type { LoanContext } from './service';

/**
 * The loan jobs (instalment reminders, the arrears process): a job about every LOAN_JOB_INTERVAL_MS,
 * once per cluster, retried with backoff when it fails; a second run at once would be safe too (see
 * jobs.ts).
 */
export async function loanJobsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services; config: Config },
): Promise<void> {
  const context: LoanContext = {
    db: options.db,
    services: options.services,
    log: app.log,
    config: options.config,
  };
  options.services.jobs.every({
    name: 'loan-jobs',
    intervalMs: options.config.LOAN_JOB_INTERVAL_MS,
    run: () => runLoanJobs(context),
  });
}
