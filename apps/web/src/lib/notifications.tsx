import { TOAST_DURATION_MS } from '@bima/domain/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { t } from './i18n';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message?: string;
  /** Milliseconds before it disappears; 3 s by default (spec-1 §9). */
  duration?: number;
}

export interface Notification extends Required<NotificationInput> {
  id: number;
}

let notifications: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast. Usable outside React (the gateway client raises them). */
/** Toasts shown at once. */
export const MAX_TOASTS = 2;

export function notify(input: NotificationInput): number {
  const notification: Notification = {
    message: '',
    duration: TOAST_DURATION_MS,
    ...input,
    id: nextId++,
  };
  // At most two at once (issue 14): a third pushes the oldest out rather than covering the screen.
  notifications = [...notifications, notification].slice(-MAX_TOASTS);
  emit();
  return notification.id;
}

export function dismissNotification(id: number): void {
  notifications = notifications.filter((notification) => notification.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const styles: Record<NotificationType, string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  error: 'border-red-700 bg-red-50 text-red-950',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  info: 'border-sky-700 bg-sky-50 text-sky-950',
};

function Toast({ notification }: { notification: Notification }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissNotification(notification.id), notification.duration);
    return () => window.clearTimeout(timer);
  }, [notification.id, notification.duration]);

  const isUrgent = notification.type === 'error' || notification.type === 'warning';
  return (
    <div
      role={isUrgent ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${styles[notification.type]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{notification.title}</p>
        {notification.message ? <p className="mt-1 text-sm">{notification.message}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissNotification(notification.id)}
        className="rounded p-1 text-lg leading-none hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={t('notifications.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Renders the toasts; mount once in the app shell. */
export function Notifications() {
  const items = useSyncExternalStore(
    subscribe,
    () => notifications,
    () => notifications,
  );
  return (
    <section
      aria-label={t('notifications.region')}
      // Phones: along the bottom, clear of the header's buttons; wider screens: top right, below the header.
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 px-4 sm:top-20 sm:right-4 sm:bottom-auto sm:left-auto sm:mx-0"
    >
      {items.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
