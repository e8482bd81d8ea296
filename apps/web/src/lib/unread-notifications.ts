import { queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** How often the bell asks for the unread count while the page is open (and on focus). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The header bell's unread count (`platform / notification / getUnreadCount`), apart from the
 * notification centre's calls so the bell's lazy chunk needs nothing but the entry's code. Its key
 * starts with 'notifications', so marking read anywhere refreshes it.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: ({ signal }) =>
      callAction('platform/notification/getUnreadCount', {}, { secure: true, silent: true, signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
