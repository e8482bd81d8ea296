import type { CounterStore } from '../cluster/counters';
import { WindowLimiter } from '../gateway/rate-limits';
import { defaultPdfWorkers, inlinePdfRenderer, type PdfRenderer, workerPdfRenderer } from '../lib/pdf/pool';
import { renderCertificate } from './certificate/document';
import { renderClaimForm } from './claim/form';
import { renderPolicySchedule, renderReceipt } from './policy/documents';
import { statementPdf } from './wallet/statement';

/**
 * Every PDF the portal renders, by name: what `services.pdf.render` runs in a worker thread
 * (pdf-worker.ts) or, with PDF_WORKERS=0, in the caller's. Their arguments are plain data (dates and
 * logo bytes included), so they cross to a worker as they are; the bytes are the same either way.
 */
export const PDF_RENDERERS = {
  certificate: renderCertificate,
  claimForm: renderClaimForm,
  policySchedule: renderPolicySchedule,
  receipt: renderReceipt,
  statement: statementPdf,
};

export type PdfRenderers = typeof PDF_RENDERERS;

/** The PDF downloads' window: PDF_RATE_LIMIT_PER_MINUTE counts per user in it. */
const DOWNLOAD_WINDOW_MS = 60_000;

export interface PdfService extends PdfRenderer<PdfRenderers> {
  /**
   * Counts one PDF download for `userId` (statements, policy schedules, receipts, certificates, claim
   * forms share one budget) on the shared counters, so every instance counts together; past the
   * limit, 429 with Retry-After.
   */
  countDownload(userId: string): Promise<void>;
}

/** Renders the portal's PDFs in a pool of `workers` threads (0: in the caller's thread) and limits their downloads. */
export function createPdfService(options: {
  counters: CounterStore;
  downloadsPerMinute: number;
  workers?: number;
}): PdfService {
  const workers = options.workers ?? defaultPdfWorkers();
  const renderer =
    workers === 0
      ? inlinePdfRenderer(PDF_RENDERERS)
      : workerPdfRenderer<PdfRenderers>({
          entry: new URL('./pdf-worker.mjs', import.meta.url),
          size: workers,
        });
  const downloads = new WindowLimiter(options.counters, {
    namespace: 'pdf:user',
    limit: options.downloadsPerMinute,
    windowMs: DOWNLOAD_WINDOW_MS,
  });
  return {
    render: renderer.render,
    close: renderer.close,
    countDownload: (userId) => downloads.hit(userId),
  };
}
