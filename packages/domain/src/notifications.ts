import { z } from 'zod';
import { pageInputSchema } from './intermediaries';

/** The events a user is notified of, in the app and (unless switched off in Profile) by e-mail. */
export const NOTIFICATION_KINDS = [
  'payment_received',
  'policy_issued',
  'recommendation_received',
  'recommendation_accepted',
  'recommendation_rejected',
  'help_request_received',
  'claim_status_changed',
  'documents_requested',
  'chat_message',
  'renewal_due',
  'loan_update',
  'instalment_reminder',
  'loan_arrears',
  'loan_application',
  'claim_received',
  'certificate_desk',
  'monthly_payment',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is called on the Profile's e-mail preferences. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  payment_received: 'Payment received',
  policy_issued: 'Policy issued (with the schedule and receipt)',
  recommendation_received: 'Recommendation from an intermediary',
  recommendation_accepted: 'Recommendation accepted by a client',
  recommendation_rejected: 'Recommendation declined by a client',
  help_request_received: 'New help request for your firm',
  claim_status_changed: 'Claim status changed',
  documents_requested: 'Documents requested for a claim',
  chat_message: 'Chat message while you were away',
  renewal_due: 'Renewal due',
  loan_update: 'Premium financing: your application and loan',
  instalment_reminder: 'Instalment due soon',
  loan_arrears: 'Missed instalment, notices and cancellation',
  loan_application: 'New premium financing application (lenders)',
  claim_received: 'New claim or document from a client (claims desk)',
  certificate_desk: 'Motor certificates: low DMVIC stock and cancellations to make (insurers)',
  monthly_payment: 'Paying monthly: reminders, months paid, missed months and the standing order',
};

const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind.' });

/** `platform / notification / listNotifications`: newest first, optionally only the unread ones. */
export const listNotificationsSchema = pageInputSchema.extend({
  unreadOnly: z.boolean().default(false),
});
export type ListNotificationsInput = z.infer<typeof listNotificationsSchema>;

/** `platform / notification / markRead`: one of the caller's own notifications. */
export const markNotificationReadSchema = z.object({
  id: z.number({ error: 'Choose a notification.' }).int().positive(),
});

/** `platform / notification / updatePreferences`: each kind's e-mail and/or text message on or off. */
export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z
        .object({ kind: notificationKindSchema, email: z.boolean().optional(), sms: z.boolean().optional() })
        .refine((preference) => preference.email !== undefined || preference.sms !== undefined, {
          message: 'Choose e-mail or text message.',
        }),
    )
    .min(1, 'Choose at least one preference.')
    .max(NOTIFICATION_KINDS.length * 2),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;

export const MAIL_QUEUE_FILTERS = ['failing', 'pending', 'sent', 'all'] as const;

/** `admin / mailQueue / listMailQueue`: newest first; 'failing' is failed or tried 3 times unsent. */
export const listMailQueueSchema = pageInputSchema.extend({
  filter: z.enum(MAIL_QUEUE_FILTERS, { error: 'Unknown filter.' }).default('failing'),
});
export type ListMailQueueInput = z.infer<typeof listMailQueueSchema>;

/** `admin / mailQueue / retryMail`: send a queued message now. */
export const retryMailSchema = z.object({
  id: z.number({ error: 'Choose a message.' }).int().positive(),
});

/** `admin / jobs / listJobs`: the background job queues and their failed runs, newest first. */
export const listJobsSchema = pageInputSchema;
export type ListJobsInput = z.infer<typeof listJobsSchema>;

/** `admin / jobs / retryJob`: run a failed background job again. */
export const retryJobSchema = z.object({
  id: z.string({ error: 'Choose a job.' }).uuid('Choose a job.'),
});

/** The kinds a client can receive (their Profile lists these). */
export const CLIENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'payment_received',
  'policy_issued',
  'recommendation_received',
  'claim_status_changed',
  'documents_requested',
  'chat_message',
  'renewal_due',
  'loan_update',
  'instalment_reminder',
  'loan_arrears',
  'monthly_payment',
];

/** The kinds staff can receive. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'help_request_received',
  'recommendation_accepted',
  'recommendation_rejected',
  'claim_status_changed',
  'documents_requested',
  'chat_message',
  'loan_application',
  'loan_arrears',
  'claim_received',
  'certificate_desk',
];
