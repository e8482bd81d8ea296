import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callGateway, type GatewayCall, unwrapData } from './api-client';

/** One in-app notification (`platform / notification / listNotifications`). */
export interface AppNotification {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  items: AppNotification[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

export interface EmailPreference {
  kind: string;
  email: boolean;
  inApp: boolean;
}

export const NOTIFICATIONS_PAGE_SIZE = 10;

const notificationCall = (action: string, data: unknown = {}): GatewayCall => ({
  service: 'platform',
  resource: 'notification',
  action,
  data,
});

/** A notification action's data; silent, as each screen says what failed beside its control. */
async function callNotifications<T>(action: string, data: unknown = {}, signal?: AbortSignal): Promise<T> {
  return unwrapData(
    await callGateway<T>(notificationCall(action, data), { secure: true, silent: true, signal }),
  );
}

/** Every notification query starts with 'notifications' (the bell's unread count too: `unread-notifications.ts`). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: { page: number; unreadOnly: boolean }) => ['notifications', 'list', query] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const notificationsQueryOptions = (query: { page: number; unreadOnly: boolean }) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) =>
      callNotifications<NotificationPage>(
        'listNotifications',
        { page: query.page, pageSize: NOTIFICATIONS_PAGE_SIZE, unreadOnly: query.unreadOnly },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const markNotificationRead = (id: number) => callNotifications<{ unread: number }>('markRead', { id });

export const markAllNotificationsRead = () => callNotifications<{ unread: number }>('markAllRead');

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) =>
      callNotifications<{ preferences: EmailPreference[] }>('getPreferences', {}, signal),
  });

export const updateEmailPreferences = (preferences: Array<{ kind: string; email: boolean }>) =>
  callNotifications<{ preferences: EmailPreference[] }>('updatePreferences', { preferences });
