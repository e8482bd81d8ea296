import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import {
  type CertificateContext,
  cancelCertificatesAtDmvic,
  issuePendingCertificates,
  refreshCertificateStock,
} from './service';

/** How often the queue of pending certificates (and DMVIC cancellations) is looked at. */
export const CERTIFICATE_QUEUE_INTERVAL_MS = 2_000;
/** How often each insurer's DMVIC stock is read (and low stock alerted). */
export const CERTIFICATE_STOCK_INTERVAL_MS = 10 * 60_000;

/**
 * DMVIC certificates in the background, once per cluster: `dmvic-issue-certificates` issues the
 * pending certificates (oldest first, each with its own backoff on the business clock) and makes the
 * cancellations still within DMVIC's 6 hours; `dmvic-certificate-stock` reads each insurer's stock.
 */
export async function certificatePlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  const { db, services } = options;
  const context: CertificateContext = {
    db,
    dmvic: services.dmvic.client,
    clock: services.clock,
    log: app.log,
    publicBaseUrl: services.publicBaseUrl,
  };
  services.jobs.every({
    name: 'dmvic-issue-certificates',
    intervalMs: CERTIFICATE_QUEUE_INTERVAL_MS,
    run: async () => {
      await issuePendingCertificates(context);
      await cancelCertificatesAtDmvic(context);
    },
  });
  services.jobs.every({
    name: 'dmvic-certificate-stock',
    intervalMs: CERTIFICATE_STOCK_INTERVAL_MS,
    run: () => refreshCertificateStock(context),
  });
}
