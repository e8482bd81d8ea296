import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Renderers by name: each takes structured-clonable arguments and answers the PDF's bytes. */
export type RendererTable = Record<string, (...args: never[]) => Promise<Buffer>>;

/** Renders a named document: in this thread, or in a worker thread of a pool. */
export interface PdfRenderer<T extends RendererTable> {
  render<K extends keyof T & string>(kind: K, ...args: Parameters<T[K]>): Promise<Buffer>;
  close(): Promise<void>;
}

/** One worker per core but one for the event loop, at least one and at most four. */
export function defaultPdfWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Renders in the caller's thread (PDF_WORKERS=0): the same renderers, blocking the event loop while they run. */
export function inlinePdfRenderer<T extends RendererTable>(table: T): PdfRenderer<T> {
  return {
    render: (kind, ...args) => (table[kind] as (...rest: unknown[]) => Promise<Buffer>)(...args),
    close: async () => {},
  };
}

/** A job as posted to a worker, and the worker's answer. */
export interface PdfJob {
  id: number;
  kind: string;
  args: unknown[];
}
export type PdfAnswer =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; error: string };

interface Pending extends PdfJob {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

/**
 * A pool of worker threads running `entry` (a module that answers PdfJobs, see worker-serve.ts):
 * pdfkit's layout is synchronous and takes tens to hundreds of milliseconds a document, which on the
 * event loop would hold every other caller. Workers start on first use, up to `size`; jobs beyond
 * them wait in order. An idle worker does not keep the process alive.
 */
export function workerPdfRenderer<T extends RendererTable>(options: {
  entry: URL;
  size: number;
}): PdfRenderer<T> {
  const idle: Worker[] = [];
  const running = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let workers = 0;
  let nextId = 1;
  let closed = false;

  const finish = (worker: Worker) => {
    running.delete(worker);
    if (closed) return;
    worker.unref();
    idle.push(worker);
    pump();
  };

  /** A worker that failed or stopped: its job fails, a new one takes its place on demand. */
  const lose = (worker: Worker, error: Error) => {
    const job = running.get(worker);
    running.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    workers -= 1;
    job?.reject(error);
    if (!closed) pump();
  };

  const spawn = (): Worker => {
    workers += 1;
    // No inherited flags: the entry loads TypeScript itself, the same under tsx, vitest or `npm start`.
    const worker = new Worker(options.entry, { execArgv: [] });
    worker.on('message', (answer: PdfAnswer) => {
      const job = running.get(worker);
      if (!job || job.id !== answer.id) return;
      if (answer.ok)
        job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else job.reject(new Error(answer.error));
      finish(worker);
    });
    worker.on('error', (error) => lose(worker, error));
    worker.on('exit', (code) => {
      if (workers > 0 && (running.has(worker) || idle.includes(worker)))
        lose(worker, new Error(`The PDF worker stopped (exit code ${code}).`));
    });
    return worker;
  };

  const pump = () => {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (workers < options.size ? spawn() : null);
      if (!worker) return;
      const job = queue.shift()!;
      running.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, kind: job.kind, args: job.args } satisfies PdfJob);
    }
  };

  return {
    render: (kind, ...args) =>
      new Promise<Buffer>((resolve, reject) => {
        if (closed) {
          reject(new Error('The PDF renderer is closed.'));
          return;
        }
        queue.push({ id: nextId++, kind, args, resolve, reject });
        pump();
      }),
    close: async () => {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The PDF renderer is closed.'));
      const all = [...idle, ...running.keys()];
      for (const job of running.values()) job.reject(new Error('The PDF renderer is closed.'));
      running.clear();
      idle.length = 0;
      workers = 0;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
