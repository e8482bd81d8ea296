import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { addResources, t } from '../lib/i18n';
import { QueryProvider } from '../lib/query-client';
import { unreadCountQueryOptions } from '../lib/unread-notifications';
import bellTexts from '../locales/en.notification-bell.json';
import swahiliBellTexts from '../locales/sw.notification-bell.json';

// Only the entry's code and this chunk's own: a shared module here would make the landing page
// carry a list of preloads. Hence the bell's own texts and the staff path built from `paths.staff`
// (staffPaths.notifications, which lives in the staff area's chunk).
addResources(bellTexts, swahiliBellTexts);
const STAFF_NOTIFICATIONS = `${paths.staff.getHref()}/notifications`;

/**
 * The header's bell for a signed-in user: a link to their notification centre with the unread
 * count, asked on focus and every minute. Loaded lazily, only when signed in.
 */
export default function NotificationBell({ isStaff }: { isStaff: boolean }) {
  return (
    <QueryProvider>
      <Bell isStaff={isStaff} />
    </QueryProvider>
  );
}

function Bell({ isStaff }: { isStaff: boolean }) {
  const to = isStaff ? STAFF_NOTIFICATIONS : paths.portalNotifications.getHref();
  const unread = useQuery(unreadCountQueryOptions());
  const count = unread.data?.unread ?? 0;
  const label = count > 0 ? t('notificationBell.labelUnread', { count }) : t('notificationBell.label');
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-emerald-900 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
