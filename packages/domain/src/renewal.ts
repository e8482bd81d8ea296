import { z } from 'zod';
import { addCalendarDays } from './cover-dates';

/** How many days before a policy's end its renewal opens (the first reminder goes 30 days before). */
export const RENEWAL_WINDOW_DAYS = 30;

/** The insurance class a client can renew in the portal today: motor private. */
export const RENEWABLE_CLASS_CODE = '07';

export const RENEWAL_MESSAGES = {
  policyNumberRequired: 'Policy number is required.',
  productRefInvalid: 'Choose one of the products offered.',
  notFound: 'Policy not found.',
  notRenewable: 'Only a motor private policy can be renewed here. Ask for a new quote instead.',
  cancelled: 'This policy was cancelled, so it cannot be renewed. Ask for a new quote instead.',
  tooEarly: 'Renewal opens 30 days before the policy ends. Come back then.',
  expired:
    'This policy has expired, so it can no longer be renewed. Get a new quote for the vehicle instead.',
  alreadyRenewed: 'This policy has already been renewed for the next period.',
  otherRenewalPending:
    'A payment for another renewal of this policy is waiting for confirmation on your phone. Answer it or wait a moment.',
  notARenewal: 'This quotation does not renew that policy.',
  alternativeNotOffered: 'This product does not cover this vehicle and cover type.',
} as const;

/** Where a policy stands for renewal on a given day. */
export type RenewalWindow =
  | { state: 'too-early'; opensOn: string; startDate: string }
  | { state: 'open'; startDate: string; daysLeft: number }
  | { state: 'expired'; expiredOn: string };

/**
 * The renewal rule: a policy can be renewed from RENEWAL_WINDOW_DAYS days before its end date up
 * to and including that date (all YYYY-MM-DD, Kenya time); the new cover starts the day after the
 * old one ends, so there is no gap and no overlap. After the end it has expired: only a new quote.
 */
export function renewalWindow(options: { endDate: string; today: string }): RenewalWindow {
  const { endDate, today } = options;
  const startDate = addCalendarDays(endDate, 1);
  // ISO dates compare correctly as text.
  if (today > endDate) return { state: 'expired', expiredOn: endDate };
  const opensOn = addCalendarDays(endDate, -RENEWAL_WINDOW_DAYS);
  if (today < opensOn) return { state: 'too-early', opensOn, startDate };
  const daysLeft = Math.round(
    (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  return { state: 'open', startDate, daysLeft };
}

/** `policy / renewal / quoteRenewal`: the policy to renew and, to choose an alternative, its product. */
export const quoteRenewalSchema = z.object({
  policyNumber: z
    .string({ error: RENEWAL_MESSAGES.policyNumberRequired })
    .trim()
    .min(1, RENEWAL_MESSAGES.policyNumberRequired)
    .max(60, RENEWAL_MESSAGES.policyNumberRequired),
  productSystemRef: z
    .string({ error: RENEWAL_MESSAGES.productRefInvalid })
    .trim()
    .min(1, RENEWAL_MESSAGES.productRefInvalid)
    .max(80, RENEWAL_MESSAGES.productRefInvalid)
    .optional(),
});
export type QuoteRenewalInput = z.infer<typeof quoteRenewalSchema>;
