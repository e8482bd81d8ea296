import {
  CLIENT_NOTIFICATION_KINDS,
  listNotificationsSchema,
  markNotificationReadSchema,
  STAFF_NOTIFICATION_KINDS,
  updateNotificationPreferencesSchema,
} from '@bima/domain';
import { z } from 'zod';
import type { Principal } from '../../gateway/registry';
import { defineAction } from '../../gateway/registry';
import {
  countUnread,
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  updatePreferences,
} from './service';

const kindsOf = (principal: Principal) =>
  principal.role === 'client' ? CLIENT_NOTIFICATION_KINDS : STAFF_NOTIFICATION_KINDS;

/** The notification centre, for clients and staff alike: each sees only their own notifications. */
export const notificationActions = [
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'listNotifications',
    auth: 'signedIn',
    rateLimit: 'read',
    description:
      "The caller's notifications, newest first (only the unread ones if asked), with the unread count.",
    input: listNotificationsSchema,
    handler: ({ db, principal, input }) => listNotifications(db, principal!.userId, input),
  }),
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'getUnreadCount',
    auth: 'signedIn',
    rateLimit: 'read',
    description: "How many of the caller's notifications are unread (the header's bell).",
    input: z.object({}),
    handler: async ({ db, principal }) => ({ unread: await countUnread(db, principal!.userId) }),
  }),
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'markRead',
    auth: 'signedIn',
    description:
      "Marks one of the caller's notifications read; answers it and the unread count. Anyone else's is 404.",
    input: markNotificationReadSchema,
    handler: ({ db, principal, input }) => markRead(db, principal!.userId, input.id),
  }),
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'markAllRead',
    auth: 'signedIn',
    description: 'Marks every unread notification of the caller read; answers how many.',
    input: z.object({}),
    handler: ({ db, principal }) => markAllRead(db, principal!.userId),
  }),
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'getPreferences',
    auth: 'signedIn',
    rateLimit: 'read',
    description:
      "Each notification kind of the caller's role with its e-mail and text message on or off (in-app is always on).",
    input: z.object({}),
    handler: ({ db, principal }) => getPreferences(db, principal!.userId, kindsOf(principal!)),
  }),
  defineAction({
    service: 'platform',
    resource: 'notification',
    action: 'updatePreferences',
    auth: 'signedIn',
    description:
      'Switches e-mails and/or text messages of notification kinds on or off; answers every preference anew.',
    input: updateNotificationPreferencesSchema,
    handler: ({ db, principal, input }) =>
      updatePreferences(db, principal!.userId, input.preferences, kindsOf(principal!)),
  }),
];
