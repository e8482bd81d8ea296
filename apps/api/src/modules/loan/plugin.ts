import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { runLoanJobs } from './jobs';
import type { LoanContext } from './service';

/**
 * The loan jobs (instalment reminders, the arrears process): run when the app is ready and every
 * LOAN_JOB_INTERVAL_MS after, one run at a time in this process; several instances are safe (see
 * jobs.ts). A timer for now — the jobs are plain functions a job queue can call instead.
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
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => runLoanJobs(context))
      .catch((error: unknown) => app.log.error({ err: error }, 'loan jobs failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, options.config.LOAN_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
