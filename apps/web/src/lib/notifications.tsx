import { TOAST_DURATION_MS } from '@bima/domain/constants';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 px-3 py-2 shadow-lg sm:p-4 ${styles[notification.type]}`}
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

export type ToastEdge = 'top' | 'bottom';

/**
 * Where a phone shows the toasts: at the top, under the header, unless the element in use (the field
 * just saved, the button just pressed) is there; then at the bottom. `band` is the height the toasts
 * take; `viewport` the screen's height; `active` the element in use, if any.
 */
export function chooseToastEdge(options: {
  headerBottom: number;
  band: number;
  viewport: number;
  active: { top: number; bottom: number } | null;
}): ToastEdge {
  const { headerBottom, band, viewport, active } = options;
  if (!active) return 'top';
  const overlaps = (from: number, to: number) => active.top < to && active.bottom > from;
  if (!overlaps(headerBottom, headerBottom + band)) return 'top';
  return overlaps(viewport - band, viewport) ? 'top' : 'bottom';
}

/** The gap between the toasts and the edge (or the header) they sit against, in pixels. */
const TOAST_GAP = 8;
const PHONE_QUERY = '(max-width: 639.98px)';

/** Renders the toasts; mount once in the app shell. */
export function Notifications() {
  const items = useSyncExternalStore(
    subscribe,
    () => notifications,
    () => notifications,
  );
  const regionRef = useRef<HTMLElement>(null);
  const [placement, setPlacement] = useState<{ edge: ToastEdge; offset: number }>({
    edge: 'top',
    offset: 0,
  });

  // Phones: the toasts never sit over what the person is using. Measured whenever the toasts change.
  useLayoutEffect(() => {
    if (items.length === 0 || !window.matchMedia?.(PHONE_QUERY).matches) return;
    const region = regionRef.current;
    const header = document.querySelector('body header');
    const headerBottom = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
    const active = document.activeElement;
    const activeBox =
      active && active !== document.body && active !== region && !region?.contains(active)
        ? active.getBoundingClientRect()
        : null;
    const edge = chooseToastEdge({
      headerBottom,
      band: (region?.offsetHeight ?? 0) + TOAST_GAP * 2,
      viewport: window.innerHeight,
      active: activeBox,
    });
    setPlacement({ edge, offset: edge === 'top' ? headerBottom + TOAST_GAP : TOAST_GAP });
  }, [items]);

  return (
    <section
      ref={regionRef}
      aria-label={t('notifications.region')}
      data-edge={placement.edge}
      style={placement.edge === 'top' ? { top: placement.offset } : { bottom: placement.offset }}
      // Phones: the edge chosen above, full width; wider screens: top right, below the header.
      className="pointer-events-none fixed inset-x-0 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 px-4 sm:top-20! sm:right-4 sm:bottom-auto! sm:left-auto sm:mx-0"
    >
      {items.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
