import { type ClientErrorReport, clientErrorBatchSchema } from '@bima/domain/client-error-schema';
import { routeOfPath, scrubPersonalData, trimStack } from '@bima/domain/client-errors';
import { AppError } from '../../gateway/errors';

/** What one browser error leaves in the log: no personal data, the route's path only. */
export interface ClientErrorLogLine {
  kind: ClientErrorReport['kind'];
  message: string;
  stack?: string;
  route: string;
  release: string;
  count: number;
  browser: string;
}

/**
 * The browser family of a User-Agent header (`Chrome Android`, `Samsung Internet Android`,
 * `Safari iOS`, …): enough to tell where an error happens, not who had it.
 */
export function browserFamily(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /SamsungBrowser\//.test(ua)
    ? 'Samsung Internet'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Edg[A-Z]*\//.test(ua)
        ? 'Edge'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Other';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|CrOS/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} ${system}` : browser;
}

/**
 * Reads a batch of browser error reports (400 naming the field when it is not one) and answers the
 * lines to log, scrubbed again here: the server never trusts the client to have done it.
 */
export function readClientErrors(body: unknown, userAgent: string | undefined): ClientErrorLogLine[] {
  const parsed = clientErrorBatchSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('invalid', 'The error report could not be read.', {
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      })),
    });
  }
  const browser = browserFamily(userAgent);
  return parsed.data.errors.map((report) => ({
    kind: report.kind,
    message: scrubPersonalData(report.message),
    ...(report.stack ? { stack: trimStack(report.stack) } : {}),
    route: routeOfPath(report.route),
    release: report.release,
    count: report.count,
    browser,
  }));
}
