import { t } from './i18n';

/** A navigation entry's accessible name with its unread count, e.g. "Chats, 2 unread". */
export function unreadLabel(label: string, count: number): string {
  return count > 0 ? t('components.unread.label', { label, count }) : label;
}

/**
 * The count beside a navigation entry; nothing when there is none. It is drawn (CSS generated
 * content) rather than written: assistive technology hears it in the entry's own name
 * (`unreadLabel`), and the entry's text stays its label.
 */
export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-unread-count={count > 99 ? '99+' : String(count)}
      className="inline-flex min-w-6 items-center justify-center rounded-full bg-emerald-800 px-2 py-0.5 text-xs font-bold text-white after:content-[attr(data-unread-count)]"
    />
  );
}
