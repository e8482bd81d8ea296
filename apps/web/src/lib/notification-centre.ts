import type { ActionInput, ActionOutput } from '@bima/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callAction } from './api-client';

/** One page of the caller's notifications (`platform / notification / listNotifications`). */
export type NotificationPage = ActionOutput<'platform/notification/listNotifications'>;
/** One in-app notification. */
export type AppNotification = NotificationPage['items'][number];
/** One notification kind's e-mail switch (in-app is always on). */
export type EmailPreference = ActionOutput<'platform/notification/getPreferences'>['preferences'][number];

export const NOTIFICATIONS_PAGE_SIZE = 10;

/** Notification calls are silent: each screen says what failed beside its control. */
const options = { secure: true, silent: true } as const;

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
      callAction(
        'platform/notification/listNotifications',
        { page: query.page, pageSize: NOTIFICATIONS_PAGE_SIZE, unreadOnly: query.unreadOnly },
        { ...options, signal },
      ),
    placeholderData: keepPreviousData,
  });

export const markNotificationRead = (id: number) =>
  callAction('platform/notification/markRead', { id }, options);

export const markAllNotificationsRead = () => callAction('platform/notification/markAllRead', {}, options);

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => callAction('platform/notification/getPreferences', {}, { ...options, signal }),
  });

export const updateEmailPreferences = (
  preferences: ActionInput<'platform/notification/updatePreferences'>['preferences'],
) => callAction('platform/notification/updatePreferences', { preferences }, options);
