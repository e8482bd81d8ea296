import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction } from '../../../lib/api-client';

/** `policy / renewal / quoteRenewal`: the renewal quotation beside last year's policy (whole shillings). */
export type RenewalQuote = ActionOutput<'policy/renewal/quoteRenewal'>;
/** What a renewal price has of the policy's benefits, and what the product cannot offer. */
export type RenewalCover = RenewalQuote['cover'];
/** A benefit of the client's policy as a product's renewal price has it. */
export type RenewalBenefit = RenewalCover['includes'][number];
/** One of the other underwriters' prices, like for like (issue 26). */
export type RenewalAlternative = RenewalQuote['alternatives'][number];

/**
 * The renewal of a policy with its own product, or with `productSystemRef` an alternative. The
 * server answers the same open quotation when asked again, so a refetch makes nothing new.
 */
export const renewalQueryOptions = (policyNumber: string, productSystemRef?: string) =>
  queryOptions({
    queryKey: ['client', 'renewal', policyNumber, productSystemRef ?? 'same'],
    queryFn: async ({ signal }) =>
      callAction(
        'policy/renewal/quoteRenewal',
        productSystemRef ? { policyNumber, productSystemRef } : { policyNumber },
        { secure: true, silent: true, signal },
      ),
    retry: false,
    staleTime: 60_000,
  });
