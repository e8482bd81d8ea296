import { z } from 'zod';
import { pageInputSchema } from './intermediaries';

export const SMS_QUEUE_FILTERS = ['failing', 'pending', 'sent', 'all'] as const;
export type SmsQueueFilter = (typeof SMS_QUEUE_FILTERS)[number];

/**
 * `admin / smsQueue / listSmsQueue`: the text messages, newest first; 'failing' is failed (refused by
 * the provider, or not delivered twice) or tried 3 times unsent.
 */
export const listSmsQueueSchema = pageInputSchema.extend({
  filter: z.enum(SMS_QUEUE_FILTERS, { error: 'Unknown filter.' }).default('failing'),
});
export type ListSmsQueueInput = z.infer<typeof listSmsQueueSchema>;

/** `admin / smsQueue / retrySms`: send a waiting or failed text now. */
export const retrySmsSchema = z.object({
  id: z.number({ error: 'Choose a text message.' }).int().positive(),
});
