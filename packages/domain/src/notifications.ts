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
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
