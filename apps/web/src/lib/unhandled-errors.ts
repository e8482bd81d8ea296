import { createErrorReporter, RELEASE, sendReport } from './error-reporting';
import { t } from './i18n';
import { notify } from './notifications';

export type UnhandledErrorAction = 'warn' | 'reload' | 'notify';

/**
 * What to do with an error nothing else handled (spec-1 §8): a TypeError is only logged, a
 * RangeError reloads the page, an error whose text has no colon is shown as 'Unknown Error', and
 * anything else is logged.
 */
export function classifyUnhandledError(error: unknown): UnhandledErrorAction {
  if (error instanceof TypeError) return 'warn';
  if (error instanceof RangeError) return 'reload';
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (text && !text.includes(':')) return 'notify';
  return 'warn';
}

/** Reloading in the first seconds could loop forever on an error raised at start-up. */
const MIN_UPTIME_BEFORE_RELOAD_MS = 10_000;

function handle(error: unknown): void {
  const action = classifyUnhandledError(error);
  console.warn('Unhandled error', error);
  if (action === 'reload' && performance.now() > MIN_UPTIME_BEFORE_RELOAD_MS) window.location.reload();
  if (action === 'notify') {
    notify({
      type: 'error',
      title: t('errors.unknownTitle'),
      message: error instanceof Error ? error.message : '',
    });
  }
}

export function listenForUnhandledErrors(): void {
  // Every unhandled error also reaches the server's log (scrubbed, batched, a few a minute).
  const reporter = createErrorReporter({
    release: RELEASE,
    send: sendReport,
    path: () => window.location.pathname,
  });
  window.addEventListener('error', (event) => {
    // A script from another origin gives only "Script error." and no error object.
    reporter.report('error', event.error ?? event.message);
    handle(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reporter.report('unhandledrejection', event.reason);
    handle(event.reason);
  });
  // What waits for its batch goes out before the page does.
  window.addEventListener('pagehide', () => reporter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
}
