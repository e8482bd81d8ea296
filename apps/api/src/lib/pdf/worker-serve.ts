import { parentPort } from 'node:worker_threads';
import type { PdfAnswer, PdfJob, RendererTable } from './pool';

/**
 * Buffers arrive from the main thread as plain Uint8Arrays (the structured clone keeps the bytes,
 * not the class); pdfkit reads only Buffers as image data, so each becomes a Buffer again.
 */
export function reviveBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(reviveBuffers);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = reviveBuffers(inner);
    return out;
  }
  return value;
}

/** Answers the pool's jobs in this worker thread with `table`'s renderers (lib/pdf/pool.ts). */
export function serveRenderers(table: RendererTable): void {
  const port = parentPort;
  if (!port) throw new Error('serveRenderers runs in a worker thread');
  port.on('message', async (job: PdfJob) => {
    let answer: PdfAnswer;
    try {
      const render = table[job.kind] as ((...args: unknown[]) => Promise<Buffer>) | undefined;
      if (!render) throw new Error(`No PDF renderer named ${job.kind}`);
      const pdf = await render(...(reviveBuffers(job.args) as unknown[]));
      // The bytes' own buffer moves to the main thread without a copy (a pooled one is copied first).
      const bytes =
        pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);
      answer = { id: job.id, ok: true, bytes };
      port.postMessage(answer, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      answer = {
        id: job.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
      port.postMessage(answer);
    }
  });
}
