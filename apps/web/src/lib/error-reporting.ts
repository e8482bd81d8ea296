import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  routeOfPath,
  scrubPersonalData,
  trimStack,
} from '@bima/domain/client-errors';

declare const __BIMA_RELEASE__: string | undefined;

/** The build's release (`<version>+<commit>`, stamped by vite.config.ts); `dev` outside a build. */
export const RELEASE = typeof __BIMA_RELEASE__ === 'string' ? __BIMA_RELEASE__ : 'dev';

export type ErrorKind = 'error' | 'unhandledrejection';

interface Report {
  kind: ErrorKind;
  message: string;
  stack?: string;
  route: string;
  release: string;
  count: number;
}

/** Reports wait this long to go out together (an error often comes with others). */
export const REPORT_BATCH_DELAY_MS = 2_000;
const MINUTE_MS = 60_000;

export interface ErrorReporterOptions {
  release: string;
  /** Sends one batch (a JSON body); never throws. */
  send: (body: string) => void;
  /** The current page's path (no query string is ever sent). */
  path: () => string;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => void;
}

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = error.message ? `${error.name}: ${error.message}` : error.name;
    return { message, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  return { message: `Non-error value thrown: ${String(error)}` };
}

/**
 * Sends unhandled errors to the server, without personal data (scrubbed, the route's path only), and
 * sparingly for phones on slow links: reports wait a moment to go out together, the same error goes
 * once a minute (with how often it happened), and at most a few distinct errors a minute.
 */
export function createErrorReporter(options: ErrorReporterOptions) {
  const now = options.now ?? (() => Date.now());
  const schedule = options.schedule ?? ((run, ms) => window.setTimeout(run, ms));
  const pending = new Map<string, Report>();
  /** When each error was last queued, and how often it happened since. */
  const recent = new Map<string, { at: number; repeats: number }>();
  let windowStart = Number.NEGATIVE_INFINITY;
  let queuedInWindow = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.size === 0) return;
    const errors = [...pending.values()];
    pending.clear();
    options.send(JSON.stringify({ errors }));
  };

  const report = (kind: ErrorKind, error: unknown) => {
    const described = describeError(error);
    const message = scrubPersonalData(described.message).slice(0, CLIENT_ERROR_LIMITS.messageChars);
    const stack = described.stack ? trimStack(described.stack) : undefined;
    const key = `${kind}|${message}|${stack?.split('\n')[1] ?? ''}`;
    const queued = pending.get(key);
    if (queued) {
      queued.count += 1;
      return;
    }
    const at = now();
    const last = recent.get(key);
    if (last && at - last.at < MINUTE_MS) {
      last.repeats += 1;
      return;
    }
    if (at - windowStart >= MINUTE_MS) {
      windowStart = at;
      queuedInWindow = 0;
    }
    if (queuedInWindow >= CLIENT_ERROR_LIMITS.reportsPerPagePerMinute) return;
    queuedInWindow += 1;
    recent.set(key, { at, repeats: 0 });
    pending.set(key, {
      kind,
      message,
      ...(stack ? { stack } : {}),
      route: routeOfPath(options.path()),
      release: options.release,
      count: 1 + (last?.repeats ?? 0),
    });
    if (pending.size >= CLIENT_ERROR_LIMITS.reportsPerRequest) flush();
    else if (!scheduled) {
      scheduled = true;
      schedule(flush, REPORT_BATCH_DELAY_MS);
    }
  };

  return { report, flush };
}

/** navigator.sendBeacon when the browser has it (it outlives the page), else a keepalive fetch. */
export function sendReport(body: string): void {
  try {
    const blob = new Blob([body], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(CLIENT_ERRORS_PATH, blob)) return;
    void fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting an error must never raise another.
  }
}
