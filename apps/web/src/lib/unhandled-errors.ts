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
  window.addEventListener('error', (event) => handle(event.error));
  window.addEventListener('unhandledrejection', (event) => handle(event.reason));
}
