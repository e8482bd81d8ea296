import { LAZY_SCREEN_LOAD_TIMEOUT_MS } from '@bima/domain/constants';

export type ChunkErrorCode = 'CHUNK_LOAD_TIMEOUT' | 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

/** A lazy screen that could not be loaded (spec-1 §8 "Lazy screen load failures"). */
export class ChunkLoadError extends Error {
  readonly code: ChunkErrorCode;

  constructor(code: ChunkErrorCode, cause?: unknown) {
    super(`${code}: ${cause instanceof Error ? cause.message : String(cause ?? '')}`);
    this.name = 'ChunkLoadError';
    this.code = code;
  }
}

const CSS_PATTERNS = [/unable to preload css/i, /css chunk/i, /\.css/i];
const JS_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading chunk .* failed/i,
  /unable to preload/i,
];

/** Which kind of chunk failure an error is, or null when it is not one. */
export function classifyChunkError(error: unknown): ChunkErrorCode | null {
  if (error instanceof ChunkLoadError) return error.code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message) return null;
  if (CSS_PATTERNS.some((pattern) => pattern.test(message)) && /preload|chunk|load/i.test(message)) {
    return 'CSS_CHUNK_LOAD_FAILED';
  }
  if (JS_PATTERNS.some((pattern) => pattern.test(message))) return 'CHUNK_LOAD_FAILED';
  return null;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('CHUNK_LOAD_TIMEOUT')), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface LazyOptions {
  timeoutMs?: number;
  retries?: number;
}

/**
 * Loads a lazy module with a 120 s timeout and one retry; a failure becomes a ChunkLoadError with
 * its code (missing JS chunk, CSS chunk, timeout) for the route error boundary to explain.
 */
export async function loadLazy<T>(importer: () => Promise<T>, options: LazyOptions = {}): Promise<T> {
  const { timeoutMs = LAZY_SCREEN_LOAD_TIMEOUT_MS, retries = 1 } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await withTimeout(importer(), timeoutMs);
    } catch (error) {
      lastError = error;
      if (error instanceof ChunkLoadError && error.code === 'CHUNK_LOAD_TIMEOUT') break;
    }
  }
  const code = classifyChunkError(lastError) ?? 'CHUNK_LOAD_FAILED';
  throw lastError instanceof ChunkLoadError ? lastError : new ChunkLoadError(code, lastError);
}

/** A react-router `lazy` function for a route module. */
export function lazyRoute<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => loadLazy(importer);
}

let lastPreloadError: unknown = null;

/**
 * Vite raises `vite:preloadError` when a chunk or stylesheet a lazy module needs is gone (usually an
 * old tab after a deploy). The import then rejects and the route error boundary offers a reload;
 * we keep the error so the boundary can tell a stylesheet failure from a script one.
 */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    lastPreloadError = (event as Event & { payload?: unknown }).payload ?? null;
    console.warn('lazy: a chunk failed to preload', lastPreloadError);
  });
}

export function getLastPreloadError(): unknown {
  return lastPreloadError;
}
