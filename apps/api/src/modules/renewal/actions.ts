import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { quoteRenewal } from './service';

/** Renewing a policy (issue 14); the reminders are a job (plugin.ts). */
export const renewalActions = [
  defineAction({
    service: 'policy',
    resource: 'renewal',
    action: 'quoteRenewal',
    auth: 'client',
    description:
      "Renews one of the client's motor private policies: {policyNumber, productSystemRef?} → {quotation (the same vehicle, cover type and period priced again, starting the day after the policy ends; pay it with completeQuotation and invoicePaymentRequest), cover {includes, cannotOffer} (what the quoted price has of the policy's benefits), previous {policyId, policyNumber, productName, underwriter, startDate, endDate, premium, benefits [{benefitSystemRef, name, limit}] (the optional benefits and changed limits chosen on the policy)}, alternatives [{productSystemRef, productName, underwriter, premium, includes [{benefitSystemRef, name, limit, yourLimit?}], cannotOffer [...]}] (the other products' prices for the same value and cover, like for like: with the policy's benefits, limits and excesses where the product offers them; send one's productSystemRef to choose it, quoted at that price)}. Amounts in cents. Asking again answers the same open quotation. Another client's policy is 404; 409 POLICY_EXPIRED after the end (get a new quote), RENEWAL_NOT_OPEN more than 30 days before it, ALREADY_RENEWED, NOT_RENEWABLE (another class, cancelled).",
    input: contracts['policy/renewal/quoteRenewal'].input,
    handler: ({ db, config, principal, input }) =>
      quoteRenewal(db, principal!.userId, input, { validDays: config.QUOTATION_VALID_DAYS }),
  }),
];
